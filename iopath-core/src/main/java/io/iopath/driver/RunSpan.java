package io.iopath.driver;

/**
 * The span a run's figures will be taken over, as far as the run has got: from the earliest
 * queue time to the latest completion of the bios it counted so far. The start can only move
 * earlier (a bio queued before every counted one may still complete) and the end only later, so
 * the final span contains every span reported on the way; {@link StallLog} relies on that to fold
 * the episodes inside one into sums.
 */
public interface RunSpan {
    /** All time: for a run that asks only for the whole-time totals ({@link ScsiDriver#stalls}), so no episode is kept. */
    RunSpan WHOLE_TIME = new RunSpan() {
        @Override
        public long firstQueuedNs() {
            return Long.MIN_VALUE;
        }

        @Override
        public long lastCompletedNs() {
            return Long.MAX_VALUE;
        }
    };

    /** The earliest queue time of the bios counted so far; {@link Long#MAX_VALUE} before any. Never increases. */
    long firstQueuedNs();

    /** The latest completion of the bios counted so far; any value before one is counted. Never decreases. */
    long lastCompletedNs();
}
