package io.iopath.scenario;

import io.iopath.request.LbaFormat;

/**
 * A fio job's NVMe metadata and protection information options (engines/io_uring.c and
 * engines/xnvme.c option tables: {@code md_per_io_size}, {@code pi_act}, {@code pi_chk},
 * {@code apptag}, {@code apptag_mask}) and the LBA format they imply. fio reads the format from
 * the namespace (engines/nvme.c {@code fio_nvme_get_info}); iopath's simulated drive has none, so
 * the format is inferred from the job the way fio's checks would accept it (engines/io_uring.c
 * {@code verify_params}): a block size that is not a multiple of 512 is an extended LBA whose
 * metadata is the remainder per 512-byte block; a non-zero {@code md_per_io_size} is a separate
 * metadata buffer holding {@code md_per_io_size / (bs / 512)} bytes per block.
 * Metadata of 8 bytes or more is taken to carry type 1 PI (fio's example formats: 8 or 16).
 */
final class ProtectionInfo {
    static final int GUARD = 1;
    static final int REFTAG = 2;
    static final int APPTAG = 4;
    /** The LBA data size iopath's drives have. */
    static final int DATA_BYTES = 512;

    private ProtectionInfo() {
    }

    /** fio's {@code parse_prchk_flags}: {@code strstr} for each word, so a bad value checks nothing. */
    static int checks(String piChk) {
        int c = 0;
        c |= piChk.contains("GUARD") ? GUARD : 0;
        c |= piChk.contains("REFTAG") ? REFTAG : 0;
        c |= piChk.contains("APPTAG") ? APPTAG : 0;
        return c;
    }

    /**
     * The LBA format a job with block size {@code bs} and {@code md_per_io_size} implies, or an
     * error in fio's words (engines/io_uring.c {@code verify_params}).
     *
     * @throws IllegalArgumentException what fio would say
     */
    static LbaFormat format(long bs, long mdPerIoSize) {
        if (bs % DATA_BYTES != 0) {
            // extended LBA: every block carries its metadata after its data; bs counts both
            long blocks = bs / DATA_BYTES;
            long md = blocks == 0 ? 0 : (bs - blocks * DATA_BYTES) / blocks;
            if (blocks == 0 || md == 0 || bs % (DATA_BYTES + md) != 0) {
                throw new IllegalArgumentException("block size " + bs + " is neither a multiple of " + DATA_BYTES
                        + " nor of " + DATA_BYTES + " plus a metadata size (an extended LBA: fio's \"block size must be "
                        + "a multiple of %u (LBA data size + Metadata size)\")");
            }
            if (mdPerIoSize != 0) {
                throw new IllegalArgumentException("md_per_io_size=" + mdPerIoSize + " with an extended LBA block size "
                        + bs + ": the metadata is in the data buffer (a separate buffer needs a block size that is a "
                        + "multiple of " + DATA_BYTES + ")");
            }
            return new LbaFormat(DATA_BYTES, (int) md, true, piType(md));
        }
        if (mdPerIoSize == 0) {
            return new LbaFormat(DATA_BYTES, 0, false, 0);
        }
        long blocks = bs / DATA_BYTES;
        long md = mdPerIoSize / blocks;
        if (md == 0) {
            throw new IllegalArgumentException("md_per_io_size should be at least " + blocks + " bytes (fio: one "
                    + "byte of metadata per " + DATA_BYTES + "-byte block of bs=" + bs + ")");
        }
        return new LbaFormat(DATA_BYTES, (int) md, false, piType(md));
    }

    /** Type 1 PI (a 16-bit guard) where the metadata has room for it, as fio's example formats (8 or 16 bytes). */
    private static int piType(long md) {
        return md >= LbaFormat.PI_BYTES ? 1 : 0;
    }

    /** The format in a message: "512+8, separate metadata buffer". */
    static String describe(LbaFormat f) {
        return f.dataBytes() + "+" + f.metadataBytes() + (f.extended() ? ", extended LBA" : ", separate metadata buffer")
                + (f.piType() > 0 ? ", PI type " + f.piType() : "");
    }
}
