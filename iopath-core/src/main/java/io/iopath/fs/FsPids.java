package io.iopath.fs;

/**
 * The kernel threads a file system issues IO as, so that blktrace names them as blkparse does.
 * {@code xfsbufd} is XFS's delayed-write buffer daemon (the kthread {@code xfs_alloc_delwrite_queue}
 * starts as "xfsbufd" in 2.6.18's {@code fs/xfs/linux-2.6/xfs_buf.c}): it writes aged metadata buffers
 * home; the other types do not use it.
 */
public record FsPids(int kjournald, int pdflush, int kswapd, int xfsbufd) {
    /** The three threads every type uses; xfsbufd gets the pid after kswapd's. */
    public FsPids(int kjournald, int pdflush, int kswapd) {
        this(kjournald, pdflush, kswapd, kswapd + 1);
    }
}
