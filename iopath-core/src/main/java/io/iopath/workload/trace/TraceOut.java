package io.iopath.workload.trace;

import io.iopath.request.Request;
import io.iopath.workload.trace.blkparse.BlkparseWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * Writes the IO a run sent to the drive as a replayable trace: every command at the moment
 * the driver issued it (blktrace D), as blkparse text (with the C events too, so D2C can be
 * read back) or fio iolog v3. Times are ns of simulated time from the start of the run. The
 * device is 8,0 (sda) in blkparse and {@code /dev/iopath0} in the iolog.
 */
public final class TraceOut implements IssueTap.Listener, AutoCloseable {
    /** blkparse's 8,0: the first SCSI disk. */
    public static final int DEVICE = 8 << 20;
    private final TraceWriter writer;
    private final BlkparseWriter blkparse;
    private final int device;
    private long written;

    public TraceOut(Path file, TraceFormat format) {
        if (format != TraceFormat.BLKPARSE && format != TraceFormat.IOLOG3 && format != TraceFormat.IOLOG2) {
            throw new IllegalArgumentException("trace out writes blkparse or iolog, not " + format.id);
        }
        this.writer = TraceFiles.createWriter(file, format);
        this.blkparse = writer instanceof BlkparseWriter b ? b : null;
        this.device = blkparse != null ? DEVICE : 0;
    }

    private TraceRecord record(Request rq, long timeNs) {
        return new TraceRecord(timeNs, device, rq.op, rq.sector() * 512, (long) rq.sectors() * 512, rq.flags(),
                rq.processId, -1, -1);
    }

    @Override
    public void issued(Request rq, long nowNs) {
        try {
            writer.write(record(rq, nowNs));
            written++;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void completed(Request rq, long nowNs) {
        if (blkparse != null) {
            try {
                blkparse.complete(record(rq, rq.issuedNs), nowNs);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    public long written() {
        return written;
    }

    @Override
    public void close() {
        try {
            writer.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
