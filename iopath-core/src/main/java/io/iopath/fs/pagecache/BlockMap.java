package io.iopath.fs.pagecache;

/** The file system's bmap for one file: which block holds a page, for reads that miss. */
public interface BlockMap {
    /** The partition-relative block of page {@code index}, or -1 for a hole. */
    long blockOf(long index);

    /** Pages up to the end of file (i_size rounded up): read-ahead stops there. */
    long sizePages();
}
