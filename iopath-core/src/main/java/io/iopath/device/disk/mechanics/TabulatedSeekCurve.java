package io.iopath.device.disk.mechanics;

/**
 * A seek curve evaluated once per distance up to the drive's full stroke, so the hot path
 * (SPTF evaluates every queued request) costs one array read.
 */
abstract class TabulatedSeekCurve implements SeekCurve {
    private final long[] table;

    TabulatedSeekCurve(int cylinders) {
        this.table = new long[Math.max(2, cylinders)];
    }

    /** Fills the table; subclasses call it at the end of their constructor. */
    final void tabulate() {
        for (int d = 1; d < table.length; d++) {
            table[d] = Math.round(evaluateMs(d) * 1e6);
        }
    }

    /** Seek time in milliseconds for distance {@code d ≥ 1}. */
    abstract double evaluateMs(int d);

    @Override
    public final long seekNs(int distanceCylinders) {
        int d = Math.abs(distanceCylinders);
        return d < table.length ? table[d] : Math.round(evaluateMs(d) * 1e6);
    }
}
