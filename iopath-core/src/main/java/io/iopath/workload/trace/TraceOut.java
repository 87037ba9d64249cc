package io.iopath.workload.trace;

import io.iopath.workload.trace.io.TraceRecord;
import io.iopath.workload.trace.io.TraceWriter;
import io.iopath.block.BlkAction;
import io.iopath.block.BlockTracepoints;
import io.iopath.metrics.blktrace.BlkparseText;
import io.iopath.request.Rwbs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * Trace out: writes a run's block IO as a replayable trace while the run goes (constant memory,
 * unlike keeping the events for {@code --blktrace}), built on the block layer's blktrace event
 * stream. blkparse: every event in blkparse's default text (device 8,0, times relative to the
 * first event, as blkparse prints them); replaying it uses the D (issue) events. iolog: the D
 * events as fio iolog v3 ({@code /dev/iopath0}, µs of simulated time from the start of the run).
 */
public final class TraceOut implements BlockTracepoints, AutoCloseable {
    private final TraceFormat format;
    private final TraceFiles.OutFile out;
    private final TraceWriter iolog;
    private long originNs = -1;
    private long sequence;
    private long written;
    private IOException failure;
    /** Requests the driver handed back (R), by "sector+sectors", until their re-issue (D). */
    private final java.util.Map<String, Integer> requeuedAt = new java.util.HashMap<>();

    public TraceOut(Path file, TraceFormat format) {
        if (format != TraceFormat.BLKPARSE && format != TraceFormat.IOLOG3 && format != TraceFormat.IOLOG2) {
            throw new IllegalArgumentException("trace out writes blkparse or iolog, not " + format.id);
        }
        this.format = format;
        try {
            this.out = TraceFiles.create(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.iolog = format == TraceFormat.BLKPARSE ? null : format.writer(out);
    }

    /** A sink sending every event to both (either may be {@link BlockTracepoints#NONE} or null). */
    public static BlockTracepoints both(BlockTracepoints a, BlockTracepoints b) {
        if (b == null || !b.enabled()) {
            return a == null ? NONE : a;
        }
        if (a == null || !a.enabled()) {
            return b;
        }
        return (timeNs, pid, action, rwbs, sector, sectors, payload, command) -> {
            a.event(timeNs, pid, action, rwbs, sector, sectors, payload, command);
            b.event(timeNs, pid, action, rwbs, sector, sectors, payload, command);
        };
    }

    @Override
    public void event(long timeNs, int pid, BlkAction action, String rwbs, long sector, int sectors, long payload,
                      String command) {
        if (failure != null) {
            return;
        }
        try {
            boolean reissue = action == BlkAction.D && !requeuedAt.isEmpty() && isReissue(sector, sectors);
            if (action == BlkAction.D && !reissue) {
                written++;
            }
            if (action == BlkAction.R) {
                requeuedAt.merge(sector + "+" + sectors, 1, Integer::sum);
            }
            if (iolog != null) {
                Rwbs.Parsed p = action == BlkAction.D && !reissue ? Rwbs.parse(rwbs) : null;
                if (p != null && p.op() != null) {
                    iolog.write(TraceRecord.of(timeNs, 0, p.op(), sector * 512, (long) sectors * 512));
                }
                return;
            }
            if (originNs < 0) {
                originNs = timeNs;
            }
            StringBuilder sb = new StringBuilder(80);
            BlkparseText.line(timeNs - originNs, 0, ++sequence, pid, action, rwbs, sector, sectors, payload, command, sb);
            sb.append('\n');
            out.write(sb.toString());
        } catch (IOException e) {
            failure = e;
        }
    }

    /** D after R: the driver re-issuing a requeued request; not a new IO in the iolog or the count. */
    private boolean isReissue(long sector, int sectors) {
        String key = sector + "+" + sectors;
        Integer n = requeuedAt.get(key);
        if (n == null) {
            return false;
        }
        if (n == 1) {
            requeuedAt.remove(key);
        } else {
            requeuedAt.put(key, n - 1);
        }
        return true;
    }

    /** Requests issued to the device (D events, not counting re-issues after a requeue) so far. */
    public long written() {
        return written;
    }

    public TraceFormat format() {
        return format;
    }

    /**
     * The run is complete: {@link #close} puts the file in place. Without it (the run failed or
     * was interrupted) closing deletes what was written.
     */
    public void commit() {
        out.commit();
    }

    @Override
    public void close() {
        try {
            if (iolog != null) {
                iolog.close();
            } else {
                out.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (failure != null) {
            throw new UncheckedIOException(failure);
        }
    }
}
