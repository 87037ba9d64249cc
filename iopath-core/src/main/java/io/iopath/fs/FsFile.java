package io.iopath.fs;

/** A file or directory of a simulated file system, as a process holds it (an inode reference). */
public interface FsFile {
    long inodeNumber();

    boolean directory();

    /** i_size in bytes. */
    long size();

    /** Whether the file has been unlinked. */
    boolean deleted();
}
