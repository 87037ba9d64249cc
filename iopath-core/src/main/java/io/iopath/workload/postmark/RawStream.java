package io.iopath.workload.postmark;

/**
 * {@code set buffering false}: Postmark's {@code write_blocks} and the unbuffered branch of {@code read_file}
 * call {@code write()} / {@code read()} directly, once per block and once more for the remainder, which is a
 * zero-length call when the size is a multiple of the block size.
 */
final class RawStream implements DataStream {
    private final FileCalls calls;
    private String path;
    private long position;
    private long size;

    RawStream(FileCalls calls) {
        this.calls = calls;
    }

    @Override
    public void open(String path, long position, long size, boolean writing) {
        this.path = path;
        this.position = position;
        this.size = size;
    }

    @Override
    public void write(int n) {
        calls.write(path, position, n);
        position += n;
        size = Math.max(size, position);
    }

    @Override
    public void read(int n) {
        int got = (int) Math.min(n, size - position);
        calls.read(path, position, got, n);
        position += got;
    }

    @Override
    public void flush() {
    }
}
