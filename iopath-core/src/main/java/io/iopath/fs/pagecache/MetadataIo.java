package io.iopath.fs.pagecache;

/**
 * The bio flags the file systems put on their metadata and journal (log) IO: none, as in 2.6.18.
 *
 * <p>Linux 2.6.18 has no metadata bio flag: the bi_rw bits of {@code include/linux/bio.h} are RW,
 * RW_AHEAD, RW_BARRIER, RW_FAILFAST, RW_SYNC and the three FAILFAST kinds (bits 0–7), and blktrace's
 * categories in {@code include/linux/blktrace_api.h} stop at BLK_TC_AHEAD (bit 11; no BLK_TC_META),
 * as in the RHEL 5 kernel (spacex/kernel-centos5). BIO_RW_META, REQ_RW_META and blkparse's RWBS
 * {@code M} came in 2.6.19, with ext3's READ_META for inode-table and directory reads. So a blkparse
 * of this model's 2.6.18 file systems shows {@code W}/{@code R} on metadata and journal IO, never
 * {@code M}; the places that would set it use this constant, so a later kernel's behaviour is one
 * change here ({@link io.iopath.request.Flags#META}).
 */
public final class MetadataIo {
    /** The flags of a metadata or journal bio (none in 2.6.18). */
    public static final int FLAGS = 0;

    private MetadataIo() {
    }
}
