package io.iopath.metrics.blktrace;

import io.iopath.block.BlkAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * blkparse's default text output (format {@code "%D %2c %8s %5T.%9t %5p %2a %3d "} plus an
 * action-specific tail, blkparse_fmt.c) and a parser for it (workloads-and-traces.md §3.5).
 * Times are written relative to the first event, as blkparse does.
 */
public final class BlkparseText {
    /** sd major 8, first disk minor 0. */
    public static final int MAJOR = 8;
    public static final int MINOR = 0;

    private static final Pattern LINE = Pattern.compile(
            "^\\s*(\\d+),(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\.(\\d{9})\\s+(\\d+)\\s+(\\S+)\\s+(\\S+)\\s*(.*)$");
    private static final Pattern SECTOR_TAIL = Pattern.compile("^(?:(\\d+)(?: \\+ (\\d+))? )?\\[(.*)]$");
    private static final Pattern PLUG_TAIL = Pattern.compile("^\\[(.*)]$");
    private static final Pattern UNPLUG_TAIL = Pattern.compile("^\\[(.*)] (\\d+)$");

    private BlkparseText() {
    }

    /** One line per event, times relative to the first event. */
    public static void write(List<BlkEvent> events, StringBuilder out) {
        long origin = events.isEmpty() ? 0 : events.get(0).timeNs();
        for (BlkEvent e : events) {
            line(e, origin, out);
            out.append('\n');
        }
    }

    public static String write(List<BlkEvent> events) {
        StringBuilder sb = new StringBuilder(events.size() * 72);
        write(events, sb);
        return sb.toString();
    }

    static void line(BlkEvent e, long originNs, StringBuilder out) {
        line(e.timeNs() - originNs, e.cpu(), e.seq(), e.pid(), e.action(), e.rwbs(), e.sector(), e.sectors(),
                e.payload(), e.command(), out);
    }

    /**
     * One event as blkparse prints it (without the newline), {@code relativeNs} after the first
     * event; for writers that stream events instead of keeping {@link BlkEvent}s.
     */
    public static void line(long relativeNs, int cpu, long seq, int pid, BlkAction action, String rwbs, long sector,
                            int sectors, long payload, String command, StringBuilder out) {
        out.append(String.format(Locale.ROOT, "%3d,%-3d %2d %8d %5d.%09d %5d %2s %3s ",
                MAJOR, MINOR, cpu, seq, relativeNs / 1_000_000_000L, relativeNs % 1_000_000_000L, pid,
                action.letters(), rwbs));
        // blkparse 1.2 (blkparse_fmt.c process_default): an event without data (a flush) has no
        // "+ sectors"; a completion or requeue still shows its sector, the others show nothing
        switch (action) {
            case P -> out.append('[').append(command).append(']');
            case U, UT -> out.append('[').append(command).append("] ").append(payload);
            case C, R -> {
                out.append(sector);
                if (sectors != 0) {
                    out.append(" + ").append(sectors);
                }
                out.append(" [").append(payload).append(']');
            }
            default -> {
                if (sectors != 0) {
                    out.append(sector).append(" + ").append(sectors).append(' ');
                }
                out.append('[').append(command).append(']');
            }
        }
    }

    /** Parses blkparse default output; lines that are not events (summaries, blanks) are skipped. */
    public static List<BlkEvent> parse(String text) {
        List<BlkEvent> out = new ArrayList<>();
        String[] lines = text.split("\n");
        for (int i = 0; i < lines.length; i++) {
            Matcher m = LINE.matcher(lines[i]);
            if (!m.matches()) {
                continue;
            }
            BlkAction action;
            try {
                action = BlkAction.ofLetters(m.group(8));
            } catch (IllegalArgumentException ex) {
                continue; // actions iopath does not model (A, X, B, m ...)
            }
            long time = Long.parseLong(m.group(5)) * 1_000_000_000L + Long.parseLong(m.group(6));
            int cpu = Integer.parseInt(m.group(3));
            long seq = Long.parseLong(m.group(4));
            int pid = Integer.parseInt(m.group(7));
            String rwbs = m.group(9);
            String tail = m.group(10).trim();
            long sector = 0;
            int sectors = 0;
            long payload = 0;
            String command = "";
            Matcher t;
            switch (action) {
                case P -> {
                    t = need(PLUG_TAIL, tail, i);
                    command = t.group(1);
                }
                case U, UT -> {
                    t = need(UNPLUG_TAIL, tail, i);
                    command = t.group(1);
                    payload = Long.parseLong(t.group(2));
                }
                default -> {
                    t = need(SECTOR_TAIL, tail, i);
                    sector = t.group(1) == null ? 0 : Long.parseLong(t.group(1));
                    sectors = t.group(2) == null ? 0 : Integer.parseInt(t.group(2));
                    if (action == BlkAction.C || action == BlkAction.R) {
                        payload = Long.parseLong(t.group(3).trim());
                    } else {
                        command = t.group(3);
                    }
                }
            }
            out.add(new BlkEvent(time, cpu, seq, pid, action, rwbs, sector, sectors, payload, command));
        }
        return out;
    }

    private static Matcher need(Pattern p, String tail, int line) {
        Matcher m = p.matcher(tail);
        if (!m.matches()) {
            throw new IllegalArgumentException("line " + (line + 1) + ": cannot parse '" + tail + "'");
        }
        return m;
    }
}
