package io.iopath.device.disk.mechanics;

/**
 * A seek curve evaluated once per distance up to the drive's full stroke, so the hot path
 * (SPTF evaluates every queued request) costs one array read.
 */
abstract class TabulatedSeekCurve implements SeekCurve {
    private final long[] table;
    /**
     * The same table as ints when every entry fits (seeks are milliseconds, so always in
     * practice): half the bytes, so SPTF's random distances stay in the CPU's first-level cache
     * (a Cheetah 9LP's 6 962 cylinders: 28 KB instead of 56 KB). Null when some entry does not fit.
     */
    private int[] narrow;

    TabulatedSeekCurve(int cylinders) {
        this.table = new long[Math.max(2, cylinders)];
    }

    /** Fills the table; subclasses call it at the end of their constructor. */
    final void tabulate() {
        boolean fits = true;
        for (int d = 1; d < table.length; d++) {
            table[d] = Math.round(evaluateMs(d) * 1e6);
            fits &= table[d] >= 0 && table[d] <= Integer.MAX_VALUE;
        }
        if (fits) {
            narrow = new int[table.length];
            for (int d = 0; d < table.length; d++) {
                narrow[d] = (int) table[d];
            }
        }
    }

    /** Seek time in milliseconds for distance {@code d ≥ 1}. */
    abstract double evaluateMs(int d);

    @Override
    public final long seekNs(int distanceCylinders) {
        int d = Math.abs(distanceCylinders);
        if (d >= table.length) {
            return Math.round(evaluateMs(d) * 1e6);
        }
        int[] n = narrow;
        return n != null ? n[d] : table[d];
    }
}
