package io.iopath.fs;

/** The kernel threads a file system issues IO as, so that blktrace names them as blkparse does. */
public record FsPids(int kjournald, int pdflush, int kswapd) {
}
