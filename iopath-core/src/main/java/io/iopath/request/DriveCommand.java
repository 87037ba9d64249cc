package io.iopath.request;

/**
 * The drive commands a pass-through engine sends in place of a plain READ or WRITE (fio's
 * {@code sg_write_mode}, engines/sg.c {@code fio_sgio_prep}; {@code write_mode} of io_uring_cmd,
 * engines/io_uring.c and engines/nvme.c {@code fio_nvme_uring_cmd_prep}), in the drive's own
 * terms: what crosses the bus and what the media does. A bio or request without one
 * ({@code null}) is the plain READ or WRITE its {@link Op} says.
 *
 * <p>Every one of them is a write-direction command for fio (its io_u is a write and is counted
 * as one), so its bio's op is {@link Op#WRITE}; the drive tells them apart by this kind. The
 * facts (SBC-3 for SCSI, NVM Command Set 1.0 and ZNS 1.1 for NVMe) are cited in
 * docs/workloads.md, "Drive commands".
 */
public enum DriveCommand {
    /**
     * SCSI WRITE AND VERIFY(10/16) with BYTCHK 0 (fio leaves it 0): the data crosses the bus, is
     * written to the media, then the sectors are read back and checked (medium verification),
     * so on a disk the read-back waits for the sectors to come round again.
     */
    WRITE_AND_VERIFY(Data.ALL, true, true),
    /**
     * SCSI VERIFY(10/16) with BYTCHK 00b, and NVMe Verify: the media is read and checked, no
     * data crosses the bus.
     */
    VERIFY(Data.NONE, false, true),
    /** SCSI VERIFY with BYTCHK 01b: the host's data crosses the bus and is compared with the media, sector by sector. */
    VERIFY_COMPARE(Data.ALL, false, true),
    /** SCSI VERIFY with BYTCHK 11b: one block crosses the bus and every sector read is compared with it. */
    VERIFY_COMPARE_ONE_BLOCK(Data.ONE_BLOCK, false, true),
    /** SCSI WRITE SAME(10/16): one block crosses the bus and is written to every sector of the range. */
    WRITE_SAME(Data.ONE_BLOCK, true, false),
    /**
     * NVMe Write Zeroes, and SCSI WRITE SAME(16) with NDOB (no data-out buffer): the drive
     * writes zeroes to the range, no data crosses the bus.
     */
    WRITE_ZEROES(Data.NONE, true, false),
    /**
     * NVMe Write Uncorrectable: the range is marked invalid, no data crosses the bus; a later
     * read of a marked sector fails (Unrecovered Read Error) until a write clears it. On a disk
     * iopath writes the sectors with a deliberately bad ECC (ATA's pseudo-uncorrectable form of
     * WRITE UNCORRECTABLE EXT), so it costs a media write.
     */
    WRITE_UNCORRECTABLE(Data.NONE, true, false),
    /**
     * NVMe ZNS Zone Append: the command names the zone (its start LBA); the drive writes the
     * data at the zone's write pointer and reports where.
     */
    ZONE_APPEND(Data.ALL, true, false);

    /** What crosses the bus towards the drive. */
    private enum Data { NONE, ONE_BLOCK, ALL }

    private final Data data;
    private final boolean writesMedia;
    private final boolean readsMedia;

    DriveCommand(Data data, boolean writesMedia, boolean readsMedia) {
        this.data = data;
        this.writesMedia = writesMedia;
        this.readsMedia = readsMedia;
    }

    /** Sectors of data that cross the bus to the drive for a command over {@code sectors} (512-byte blocks). */
    public int dataOutSectors(int sectors) {
        return switch (data) {
            case NONE -> 0;
            case ONE_BLOCK -> 1;
            case ALL -> sectors;
        };
    }

    /** Whether the drive writes the range to the media. */
    public boolean writesMedia() {
        return writesMedia;
    }

    /** Whether the drive reads the range from the media (to verify it). */
    public boolean readsMedia() {
        return readsMedia;
    }

    /** A VERIFY: the media is read, nothing is written. */
    public boolean verifiesOnly() {
        return readsMedia && !writesMedia;
    }
}
