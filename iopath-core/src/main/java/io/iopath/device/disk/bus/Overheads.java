package io.iopath.device.disk.bus;

/**
 * Controller and interface times (disk-drive spec §6, §7): DiskSim's 8-cell command-overhead
 * matrix (read/write × hit/miss × after a read/write), completion overheads, the per-sector bus
 * time in each direction (the slowest of drive, controller and bus), and how bus and media
 * transfers overlap.
 *
 * <p>Overlap: a read reconnects to the bus once {@code readHighWater} of the request (or of a
 * segment) is in the buffer and then streams, so it ends no earlier than the media plus one
 * sector. A write-through write's data crosses the bus while the arm moves, right after the
 * command overhead (or when HP's extra disconnect reconnects for it, {@link BusProtocol}), and a
 * sector is written only once its data is in the buffer.
 */
public final class Overheads {
    private final long[] matrixNs;
    private final long readCompletionNs;
    private final long writeCompletionNs;
    private final long busReadNsPerSector;
    private final long busWriteNsPerSector;
    private final double readHighWater;
    private final boolean watermarkByRequestSize;
    private final boolean writePrebuffering;
    private BusProtocol protocol = BusProtocol.NONE;
    /** A command that waits for the mechanism counts its overhead from its arrival (DiskSim), not from its start. */
    private boolean fromArrival;
    /** When a queued command may stop the read-ahead after a read ({@link Preseek}). */
    private Preseek preseek = Preseek.BEFORE_COMPLETION;

    /**
     * @param matrixNs 8 cells in DiskSim order: read hit after read, read hit after write, read
     *                 miss after read, read miss after write, write hit after read, write hit
     *                 after write, write miss after read, write miss after write
     */
    public Overheads(long[] matrixNs, long readCompletionNs, long writeCompletionNs, long busReadNsPerSector,
            long busWriteNsPerSector, double readHighWater, boolean watermarkByRequestSize,
            boolean writePrebuffering) {
        if (matrixNs.length != 8) {
            throw new IllegalArgumentException("the overhead matrix has 8 cells, got " + matrixNs.length);
        }
        this.matrixNs = matrixNs.clone();
        this.readCompletionNs = readCompletionNs;
        this.writeCompletionNs = writeCompletionNs;
        this.busReadNsPerSector = busReadNsPerSector;
        this.busWriteNsPerSector = busWriteNsPerSector;
        this.readHighWater = readHighWater;
        this.watermarkByRequestSize = watermarkByRequestSize;
        this.writePrebuffering = writePrebuffering;
    }

    /** A datasheet drive: the matrix, one bus rate, data streamed as soon as it is there. */
    public static Overheads simple(long[] matrixNs, long busNsPerSector) {
        return new Overheads(matrixNs, 0, 0, busNsPerSector, busNsPerSector, 0, true, true);
    }

    /** The same drive with SCSI bus-protocol times (disconnect, reselect, data preparation). */
    public Overheads withProtocol(BusProtocol p) {
        Overheads o = new Overheads(matrixNs, readCompletionNs, writeCompletionNs, busReadNsPerSector,
                busWriteNsPerSector, readHighWater, watermarkByRequestSize, writePrebuffering);
        o.protocol = p;
        o.fromArrival = fromArrival;
        o.preseek = preseek;
        return o;
    }

    /**
     * The same drive formatted with metadata that crosses the bus: {@code busBytes} per 512-byte
     * sector (520 for NVMe's 512+8 with PRACT clear: device.disk.LbaFormat). The per-sector bus
     * time in each direction grows by {@code busBytes / 512} (to the nearest ns), the same link
     * rate moving more bytes; the command overheads, the media and the read high-water mark
     * (counted in sectors) are kept.
     */
    public Overheads withBusBytesPerSector(int busBytes) {
        if (busBytes < 512) {
            throw new IllegalArgumentException("a sector puts at least its 512 bytes of data on the bus, got " + busBytes);
        }
        if (busBytes == 512) {
            return this;
        }
        Overheads o = new Overheads(matrixNs, readCompletionNs, writeCompletionNs,
                scaled(busReadNsPerSector, busBytes), scaled(busWriteNsPerSector, busBytes), readHighWater,
                watermarkByRequestSize, writePrebuffering);
        o.protocol = protocol;
        o.fromArrival = fromArrival;
        o.preseek = preseek;
        return o;
    }

    /** {@code nsPer512} × {@code bytes} / 512, rounded to the nearest ns. */
    private static long scaled(long nsPer512, int bytes) {
        return (nsPer512 * bytes + 256) / 512;
    }

    /**
     * The same drive with a queued command allowed to stop the read-ahead after a read at the
     * point {@code p} names: DiskSim's {@code Preseeking level} for an imported drive,
     * {@link Preseek#BEFORE_COMPLETION} (as soon as the read's media is done) for the datasheet
     * presets.
     */
    public Overheads withPreseek(Preseek p) {
        Overheads o = withProtocol(protocol);
        o.preseek = p;
        return o;
    }

    public Preseek preseek() {
        return preseek;
    }

    /**
     * The same drive with a command that finds the mechanism busy processed as DiskSim's
     * controller does ({@code on}) or as iopath's own drives do. DiskSim processes every command
     * at its arrival: it sets the command's {@code overhead_done} there ({@code disk_read_arrive},
     * {@code disk_write_arrive}), disconnects if the mechanism is on work it cannot stop, and when
     * the mechanism comes free delays the seek only by what is left of that overhead ({@code
     * disk_check_hda}), reconnecting for the data with the first reselect ({@code
     * disk_check_bus}); a write-back write arriving during a media write it does not join waits
     * for it ({@code disk_buffer_stopable_access}). Off, a queued command's overhead runs from
     * when the mechanism starts it, and a write-back write with a free write segment is taken at
     * once. On for an imported DiskSim drive, off for the datasheet presets (docs/drive.md).
     */
    public Overheads withOverheadFromArrival(boolean on) {
        Overheads o = withProtocol(protocol);
        o.fromArrival = on;
        return o;
    }

    /** Whether a queued command's overhead runs from its arrival, DiskSim's way ({@link #withOverheadFromArrival}). */
    public boolean overheadFromArrival() {
        return fromArrival;
    }

    public BusProtocol protocol() {
        return protocol;
    }

    public long commandNs(boolean write, boolean hit, boolean afterWrite) {
        return matrixNs[(write ? 4 : 0) + (hit ? 0 : 2) + (afterWrite ? 1 : 0)];
    }

    public long completionNs(boolean write) {
        return write ? writeCompletionNs : readCompletionNs;
    }

    public long busNs(boolean write, long sectors) {
        return (write ? busWriteNsPerSector : busReadNsPerSector) * sectors;
    }

    public long busNsPerSector(boolean write) {
        return write ? busWriteNsPerSector : busReadNsPerSector;
    }

    /**
     * Sectors that must be in the buffer before a read of {@code sectors} reconnects: the high
     * water mark times the request (or segment) size, truncated to whole sectors as DiskSim's C
     * conversion does (0.75 × 5 sectors is 3, not 4), and never less than one whole sector: the
     * bus never starts before the end of the first sector read.
     */
    public long readReconnectSectors(long sectors, int segmentSectors) {
        // DiskSim (disk_buffer_set_segment, disk_request_needs_bus): at least one whole sector
        // must be in the buffer, and by request size the mark applies to min(segment, n)
        long w = watermarkByRequestSize ? (long) (readHighWater * Math.min(sectors, segmentSectors))
                : (long) Math.ceil(readHighWater * segmentSectors);
        return Math.min(sectors, Math.max(1, w));
    }

    /**
     * DiskSim's {@code Allow write prebuffering}, carried from the parameter file. At queue depth
     * 1 a write takes its data right after its command overhead whatever it says (docs/drive.md);
     * on a drive timed DiskSim's way ({@link #overheadFromArrival}) it lets a write-back write into
     * the buffer while a media write it cannot join runs ({@code disk_write_arrive}), where
     * without it the write waits for that media write.
     */
    public boolean writePrebuffering() {
        return writePrebuffering;
    }
}
