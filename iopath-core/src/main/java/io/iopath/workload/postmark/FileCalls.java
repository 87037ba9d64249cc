package io.iopath.workload.postmark;

/**
 * The file system calls Postmark makes, as the kernel sees them, in the order it makes them. The Postmark
 * algorithm only produces these; whoever implements this interface serves them (a simulated process on the
 * file system layer) or records them ({@link PostmarkSeqWriter}), so the sequence can be produced and tested
 * without any file system.
 *
 * <p>Paths are Postmark's own, relative to its working directory: {@code [location/][s<k>/]<n>}. Offsets and
 * sizes are bytes. A read reports what the call asked for ({@code requested}) and what it got ({@code bytes},
 * which Postmark never asks beyond the end of the file for, so the two differ only for stdio's buffer-sized
 * reads of a file's last block).
 */
public interface FileCalls {
    /** A new part of the run starts (Postmark prints its progress message and may take its timer). */
    void phase(PostmarkPhase phase);

    /** {@code mkdir(dir, 0700)}. */
    void mkdir(String dir);

    /** {@code rmdir(dir)}. */
    void rmdir(String dir);

    /**
     * Opens a new file for writing: {@code fopen(path, "w")} (= {@code O_WRONLY|O_CREAT|O_TRUNC}) when buffered,
     * {@code open(path, O_RDWR|O_CREAT, 0644)} when not. Postmark's names are never reused, so the file is new.
     */
    void create(String path);

    /** Opens an existing file of {@code size} bytes for reading ({@code O_RDONLY}). */
    void openRead(String path, long size);

    /** Opens an existing file of {@code size} bytes for appending ({@code O_APPEND}; stdio also seeks to the end). */
    void openAppend(String path, long size);

    /** {@code read(fd, buf, requested)} at file offset {@code offset}, which returned {@code bytes}. */
    void read(String path, long offset, int bytes, int requested);

    /** {@code write(fd, buf, bytes)} at file offset {@code offset} (0 bytes: Postmark's remainder call). */
    void write(String path, long offset, int bytes);

    /** {@code close(fd)} of the file opened last. */
    void close(String path);

    /** {@code remove(path)}, which glibc makes an {@code unlink}. */
    void unlink(String path);
}
