package io.iopath.workload.trace.blkparse;

import io.iopath.request.Op;
import io.iopath.request.Rwbs;
import io.iopath.workload.trace.io.LineSource;
import io.iopath.workload.trace.io.TraceReader;
import io.iopath.workload.trace.io.TraceRecord;
import io.iopath.workload.trace.io.Tokens;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * blkparse's default text output ({@code "%D %2c %8s %5T.%9t %5p %2a %3d "} plus a tail per
 * action). The IOs are the {@code D} (issue to driver) events, as for device-level replay, except
 * a D that re-issues a request the driver requeued ({@code R}); every other event line is checked
 * and skipped: remaps ({@code A}), splits ({@code X}), messages ({@code m}) and the other
 * actions describe bios and requests, not issues to the drive, and a D of a SCSI pass-through
 * command ({@code BLK_TC_PC}: {@code BYTES (CDB) [cmd]}, RWBS {@code N} or, from older kernels,
 * {@code R}/{@code W}) is a command of its own, not block IO. The per-CPU and per-device summary blkparse prints
 * at the end is recognised and ends the trace.
 *
 * <p>Time: seconds.nanoseconds relative to the first event. Sector and count: 512-byte sectors.
 * Device: {@code major << 20 | minor} (the kernel's dev_t). Op and flags: the RWBS field. The
 * pid is kept. A {@code D} event of a flush carries no sectors ({@code FN}, or {@code 0 + 0}).
 */
public final class BlkparseReader implements TraceReader {
    /** The event prefix, from workloads-and-traces.md §3.5. */
    static final Pattern EVENT = Pattern.compile(
            "(\\d{1,4}),(\\d{1,7})\\s+(\\d{1,5})\\s+(\\d{1,12})\\s+(\\d{1,9})\\.(\\d{9})\\s+(\\d{1,10})\\s+(\\S{1,2})\\s+(\\S+)\\s*(.*)");
    private static final String SUMMARY_START = "CPU";
    /** The tail of a pass-through event: a byte count, then the command's bytes in parentheses. */
    private static final Pattern PASS_THROUGH = Pattern.compile("\\d+\\s+\\(");
    private final LineSource src;
    private boolean inSummary;
    /** Largest major number: the device is {@code major << 20 | minor} in a non-negative int. */
    static final int MAX_MAJOR = 2047;
    /** Requeues remembered at most (a driver has at most its queue depth outstanding). */
    private static final int MAX_REQUEUED = 65536;
    /** Requests handed back by the driver (R) whose next D is a re-issue, not a new IO. */
    private final java.util.Map<String, Integer> requeued = new java.util.HashMap<>();

    /** Whether a line has the shape of a blkparse event (used by format detection). */
    public static boolean looksLikeEvent(String line) {
        return EVENT.matcher(line).matches();
    }

    public BlkparseReader(LineSource src) {
        this.src = src;
    }

    @Override
    public TraceRecord next() {
        while (!inSummary) {
            String line = src.nextDataLine();
            if (line == null) {
                return null;
            }
            Matcher m = EVENT.matcher(line);
            if (!m.matches()) {
                if (line.startsWith(SUMMARY_START) || line.startsWith("Total")) {
                    inSummary = true; // blkparse's closing statistics: no more events
                    return null;
                }
                throw src.error("not a blkparse event line (expected 'MAJ,MIN CPU SEQ SEC.NSEC PID ACTION RWBS ...')");
            }
            String action = m.group(8);
            if (!action.equals("D") && !action.equals("R")) {
                continue;
            }
            if (action.equals("R")) {
                if (requeued.size() < MAX_REQUEUED) {
                    requeued.merge(requestKey(m), 1, Integer::sum);
                }
                continue;
            }
            if (!requeued.isEmpty() && reissued(requestKey(m))) {
                continue; // D after R: the driver re-issuing a requeued request, not a new IO
            }
            Rwbs.Parsed rwbs = Rwbs.parse(m.group(9));
            if (rwbs == null) {
                throw src.expected("RWBS", "a field such as R, W, WS, FWFS, D or FN", m.group(9));
            }
            if (rwbs.op() == null) {
                continue; // N: a request without data (e.g. a SCSI pass-through); not block IO
            }
            if (PASS_THROUGH.matcher(m.group(10)).lookingAt()) {
                // blkparse_fmt.c prints a pass-through (BLK_TC_PC) request as "BYTES (CDB) [cmd]";
                // older kernels give it R or W: a SCSI command of its own, not block IO
                continue;
            }
            long t = Long.parseLong(m.group(5)) * 1_000_000_000L + Long.parseLong(m.group(6));
            int major = Integer.parseInt(m.group(1));
            int minor = Integer.parseInt(m.group(2));
            if (major > MAX_MAJOR) {
                // major << 20 | minor must stay a non-negative int
                throw src.expected("major", "at most " + MAX_MAJOR, m.group(1));
            }
            if (minor > 0xfffff) {
                throw src.expected("minor", "at most " + 0xfffff, m.group(2));
            }
            int device = major << 20 | minor;
            int pid = (int) Math.min(Integer.MAX_VALUE, Long.parseLong(m.group(7)));
            String tail = m.group(10);
            long sector = 0;
            long sectors = 0;
            if (!tail.startsWith("[") || rwbs.op() != Op.FLUSH) {
                String[] w = Tokens.words(tail);
                if (w.length < 3 || !w[1].equals("+")) {
                    throw src.expected("D event", "'<sector> + <sectors> [command]'", tail);
                }
                sector = Tokens.sectors(src, "sector", w[0]);
                sectors = Tokens.sectors(src, "sectors", w[2]);
                if (sectors == 0 && rwbs.op().transfersData()) {
                    throw src.expected("sectors", "at least 1 for a read or write", w[2]);
                }
                if (sector + sectors > Tokens.MAX_SECTORS) {
                    throw src.expected("sector", "an address below " + Tokens.MAX_SECTORS, w[0]);
                }
            }
            return new TraceRecord(t, device, rwbs.op(), sector * 512, sectors * 512, rwbs.flags(), pid, -1, -1);
        }
        return null;
    }

    /** Device, RWBS and "sector + sectors": what identifies a request between R and D. */
    private static String requestKey(Matcher m) {
        return m.group(1) + "," + m.group(2) + " " + m.group(9) + " " + m.group(10).split("\\[", 2)[0].strip();
    }

    /** Whether a D event re-issues a request the driver requeued, consuming one requeue. */
    private boolean reissued(String key) {
        Integer pending = requeued.get(key);
        if (pending == null) {
            return false;
        }
        if (pending == 1) {
            requeued.remove(key);
        } else {
            requeued.put(key, pending - 1);
        }
        return true;
    }

    @Override
    public String formatId() {
        return "blkparse";
    }

    @Override
    public void closeSource() {
        src.close();
    }
}
