package io.iopath.metrics;

import io.iopath.metrics.fio.JobStats;
import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.result.Btt;
import io.iopath.result.DirectionStats;
import io.iopath.result.DriveTimeSplit;
import io.iopath.result.LatencyCdfs;

/**
 * Collects every completed bio of a run, and hands each on to its job's fio-style statistics
 * ({@link JobStats}). It reads only the bio's and its request's timelines, so it knows nothing
 * of the layers that wrote them.
 */
public final class RunMetrics {
    private final DirectionRecorder read = new DirectionRecorder();
    private final DirectionRecorder write = new DirectionRecorder();
    private long firstQueuedNs = Long.MAX_VALUE;
    private long lastCompletedNs;
    private long commands;
    private double seekSumNs;
    private double rotationSumNs;
    private double transferSumNs;

    /**
     * A bio of a job completed: it counts in the run's statistics and in its job's fio-style
     * ones, from the same completion.
     */
    public void bioCompleted(Bio bio, JobStats job) {
        bioCompleted(bio);
        job.completed(bio);
    }

    public void bioCompleted(Bio bio) {
        if (bio.op == Op.READ) {
            read.record(bio);
        } else if (bio.op == Op.WRITE) {
            write.record(bio);
        } else {
            return;
        }
        if (bio.request.firstBio() == bio) { // count each command once, however many bios it carries
            commands++;
            seekSumNs += bio.request.seekNs;
            rotationSumNs += bio.request.rotationNs;
            transferSumNs += bio.request.transferNs;
        }
        firstQueuedNs = Math.min(firstQueuedNs, bio.queuedNs);
        lastCompletedNs = Math.max(lastCompletedNs, bio.completedNs);
    }

    /** Time from the first bio queued to the last one completed: the base of IOPS and MB/s. */
    public long elapsedNs() {
        return firstQueuedNs == Long.MAX_VALUE ? 0 : lastCompletedNs - firstQueuedNs;
    }

    public DriveTimeSplit driveTimeSplit() {
        if (commands == 0) {
            return new DriveTimeSplit(0, 0, 0, 0);
        }
        return new DriveTimeSplit(commands, seekSumNs / commands, rotationSumNs / commands, transferSumNs / commands);
    }

    public DirectionStats read() {
        return read.summarise(elapsedNs());
    }

    public DirectionStats write() {
        return write.summarise(elapsedNs());
    }

    /** btt's breakdown of the reads. */
    public Btt bttRead() {
        return read.btt();
    }

    public Btt bttWrite() {
        return write.btt();
    }

    public DirectionStats total() {
        return both().summarise(elapsedNs());
    }

    /** The latency CDF of each direction; the total merges both directions' histograms. */
    public LatencyCdfs latencyCdfs() {
        return new LatencyCdfs(read.latencyCdf(), write.latencyCdf(), both().latencyCdf());
    }

    /** Reads and writes merged, for the totals. */
    private DirectionRecorder both() {
        DirectionRecorder all = new DirectionRecorder();
        read.addInto(all);
        write.addInto(all);
        return all;
    }
}
