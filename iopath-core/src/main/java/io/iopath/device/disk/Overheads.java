package io.iopath.device.disk;

/**
 * Controller times (disk-drive spec §6, §7): DiskSim's 8-cell command-overhead matrix
 * (read/write × hit/miss × after a read/write), completion overheads and the per-sector bus
 * transfer time.
 */
public final class Overheads {
    private final long[] matrixNs;
    private final long readCompletionNs;
    private final long writeCompletionNs;
    private final long busNsPerSector;

    /**
     * @param matrixNs 8 cells in DiskSim order: read hit after read, read hit after write, read
     *                 miss after read, read miss after write, write hit after read, write hit
     *                 after write, write miss after read, write miss after write
     */
    public Overheads(long[] matrixNs, long readCompletionNs, long writeCompletionNs, long busNsPerSector) {
        if (matrixNs.length != 8) {
            throw new IllegalArgumentException("the overhead matrix has 8 cells, got " + matrixNs.length);
        }
        this.matrixNs = matrixNs.clone();
        this.readCompletionNs = readCompletionNs;
        this.writeCompletionNs = writeCompletionNs;
        this.busNsPerSector = busNsPerSector;
    }

    /** One datasheet command overhead for all 8 cells (spec §6). */
    public static Overheads uniform(long commandNs, long busNsPerSector) {
        long[] m = new long[8];
        java.util.Arrays.fill(m, commandNs);
        return new Overheads(m, 0, 0, busNsPerSector);
    }

    public long commandNs(boolean write, boolean hit, boolean afterWrite) {
        return matrixNs[(write ? 4 : 0) + (hit ? 0 : 2) + (afterWrite ? 1 : 0)];
    }

    public long completionNs(boolean write) {
        return write ? writeCompletionNs : readCompletionNs;
    }

    public long busNs(long sectors) {
        return busNsPerSector * sectors;
    }

    public long busNsPerSector() {
        return busNsPerSector;
    }

    public long[] matrixNs() {
        return matrixNs.clone();
    }
}
