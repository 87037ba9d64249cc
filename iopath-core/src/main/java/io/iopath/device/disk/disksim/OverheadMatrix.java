package io.iopath.device.disk.disksim;

/**
 * DiskSim's 8-cell command-overhead matrix (ms): read/write × hit/miss × after a read/write.
 */
record OverheadMatrix(
        double readHitAfterRead,
        double readHitAfterWrite,
        double readMissAfterRead,
        double readMissAfterWrite,
        double writeHitAfterRead,
        double writeHitAfterWrite,
        double writeMissAfterRead,
        double writeMissAfterWrite) {

    /** The cell for this command kind, cache outcome and previous command kind. */
    public double ms(boolean write, boolean hit, boolean afterWrite) {
        if (write) {
            return hit ? (afterWrite ? writeHitAfterWrite : writeHitAfterRead)
                    : (afterWrite ? writeMissAfterWrite : writeMissAfterRead);
        }
        return hit ? (afterWrite ? readHitAfterWrite : readHitAfterRead)
                : (afterWrite ? readMissAfterWrite : readMissAfterRead);
    }
}
