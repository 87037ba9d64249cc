package io.iopath.request;

/**
 * An NVMe namespace's LBA format with metadata (Identify Namespace LBAF: data size and metadata
 * size; FLBAS bit 4: extended LBA, the metadata at the end of each block's data, or a separate
 * metadata buffer; DPS: protection information type and whether it is the metadata's first or
 * last 8 bytes), and what it puts on the bus per logical block. Facts from fio engines/nvme.c
 * {@code fio_nvme_get_info}: with PRACT set and metadata exactly the protection information's
 * size (8 bytes with a 16-bit guard), the controller inserts and strips the PI, so the host
 * transfers none ({@code data->ms = 0}); otherwise every block's metadata crosses the bus, in
 * the data buffer (extended) or in the separate metadata buffer.
 *
 * <p>The namespace's format is the drive's: every command on it moves {@link #busBytesPerBlock}
 * per block on the bus (a job's format sets the drive's bus time per sector: scenario.ScenarioReader,
 * device.disk.DriveSpec.withBusBytesPerSector); the media keeps its 512-byte sectors, the metadata
 * stored with them (docs/drive.md, "LBA formats with metadata").
 *
 * @param dataBytes     the logical block's data size (iopath's disks: 512)
 * @param metadataBytes the metadata per block (8 or 16 with protection information)
 * @param extended      metadata interleaved with the data (extended LBA) rather than a separate buffer
 * @param piType        protection information type 1, 2 or 3 (T10 DIF), or 0 for none
 */
public record LbaFormat(int dataBytes, int metadataBytes, boolean extended, int piType) {
    /** The protection information's size with a 16-bit guard (guard, app tag, ref tag). */
    public static final int PI_BYTES = 8;
    /** 512 bytes of data and no metadata: what iopath's drives are formatted with unless a job says otherwise. */
    public static final LbaFormat PLAIN = new LbaFormat(512, 0, false, 0);

    public LbaFormat {
        if (dataBytes <= 0 || Integer.bitCount(dataBytes) != 1) {
            throw new IllegalArgumentException("LBA data size must be a power of two, got " + dataBytes);
        }
        if (metadataBytes < 0) {
            throw new IllegalArgumentException("metadata size must not be negative, got " + metadataBytes);
        }
        if (piType < 0 || piType > 3 || (piType > 0 && metadataBytes < PI_BYTES)) {
            throw new IllegalArgumentException("protection information type " + piType + " needs at least "
                    + PI_BYTES + " bytes of metadata, got " + metadataBytes);
        }
    }

    /** Metadata bytes per block that cross the bus with PRACT as given (fio's {@code data->ms}). */
    public int hostMetadataBytes(boolean prAct) {
        return prAct && piType > 0 && metadataBytes == PI_BYTES ? 0 : metadataBytes;
    }

    /** Bytes per block on the bus, data and metadata (extended or separate buffer alike). */
    public int busBytesPerBlock(boolean prAct) {
        return dataBytes + hostMetadataBytes(prAct);
    }

    /**
     * The block size fio's offsets and block sizes count in (fio's {@code lba_ext}, else the data
     * size): an extended LBA the host still sees is data plus metadata.
     */
    public int hostBlockBytes(boolean prAct) {
        return extended && hostMetadataBytes(prAct) > 0 ? busBytesPerBlock(prAct) : dataBytes;
    }

    /** Bytes on the bus for an IO of {@code blocks} logical blocks. */
    public long busBytes(long blocks, boolean prAct) {
        return blocks * busBytesPerBlock(prAct);
    }
}
