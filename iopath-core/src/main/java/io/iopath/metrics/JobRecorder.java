package io.iopath.metrics;

import io.iopath.request.Bio;
import io.iopath.result.DirectionStats;
import io.iopath.result.FlushStats;
import io.iopath.result.JobResult;

/** One job's completed bios (all its numjobs clones): each direction, its flushes and its span. */
final class JobRecorder {
    final String name;
    final int index;
    private final DirectionRecorder read = new DirectionRecorder();
    private final DirectionRecorder write = new DirectionRecorder();
    private final FlushRecorder flush = new FlushRecorder();
    private final DirectionRecorder.Both both = new DirectionRecorder.Both(read, write);
    private long firstQueuedNs = Long.MAX_VALUE;
    private long lastCompletedNs;

    JobRecorder(String name, int index) {
        this.name = name;
        this.index = index;
    }

    void read(Bio bio) {
        read.record(bio);
        span(bio);
    }

    void write(Bio bio) {
        write.record(bio);
        span(bio);
    }

    void flush(Bio bio) {
        flush.record(bio);
    }

    private void span(Bio bio) {
        firstQueuedNs = Math.min(firstQueuedNs, bio.queuedNs);
        lastCompletedNs = Math.max(lastCompletedNs, bio.completedNs);
    }

    JobResult result() {
        long elapsed = firstQueuedNs == Long.MAX_VALUE ? 0 : lastCompletedNs - firstQueuedNs;
        DirectionStats total = both.get().summarise(elapsed);
        return new JobResult(name, elapsed, read.summarise(elapsed), write.summarise(elapsed), total, flush.stats());
    }

    /** The job's reads and writes merged (the run's too while it has one job). */
    DirectionRecorder both() {
        return both.get();
    }

    /** The job's reads (the run's too while it has one job: {@link RunMetrics}). */
    DirectionRecorder readRecorder() {
        return read;
    }

    DirectionRecorder writeRecorder() {
        return write;
    }

    FlushStats flushStats() {
        return flush.stats();
    }
}
