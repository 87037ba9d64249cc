package io.iopath.workload.postmark;

/**
 * How Postmark's reads and writes of one open file become system calls: through stdio's buffer
 * ({@link StdioStream}, {@code set buffering true}) or one call each ({@link RawStream}). Postmark has one file
 * open at a time, so one stream object serves every open file in turn. It emits the read and write calls
 * only; Postmark itself emits the open and the close.
 */
interface DataStream {
    /**
     * Starts on a file just opened for writing or for reading: {@code position} is where the first call lands,
     * {@code size} the file's length.
     */
    void open(String path, long position, long size, boolean writing);

    /** {@code fwrite(buf, n, 1, fp)} or {@code write(fd, buf, n)}. */
    void write(int n);

    /** {@code fread(buf, n, 1, fp)} or {@code read(fd, buf, n)}. */
    void read(int n);

    /** Emits what {@code fclose} writes out before the close call: a writing stream's buffered rest (nothing unbuffered). */
    void flush();
}
