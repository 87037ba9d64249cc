package io.iopath.result;
/**
 * The flushes a run or a job sent (fio's {@code fsync} / {@code fdatasync}, a replayed trace's
 * flush records): how many completed, and their latency in nanoseconds from entering the block
 * layer to completion (blktrace Q → C), the time an {@code fsync} waits on the device.
 */
public record FlushStats(long count, LatencySummary latency) {
    public static final FlushStats NONE = new FlushStats(0, LatencySummary.EMPTY);
}
