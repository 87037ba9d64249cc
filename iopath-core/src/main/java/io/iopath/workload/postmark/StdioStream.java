package io.iopath.workload.postmark;

/**
 * {@code set buffering true} (Postmark's default): {@code fwrite} / {@code fread} through a glibc stdio stream
 * whose buffer is the file's {@code st_blksize}, 4096 bytes on ext3 and ext4. What the kernel sees, as glibc
 * 2.36's {@code libio/fileops.c} does it ({@code _IO_new_file_xsputn}, {@code _IO_file_xsgetn},
 * {@code _IO_new_file_overflow}) and as the real Postmark under strace shows:
 * <ul>
 *   <li>The buffer is allocated at the first call, empty, so a first {@code fwrite} of at least 4096 bytes
 *       goes straight to {@code write()} in whole multiples of 4096 and only its tail is buffered.</li>
 *   <li>Later writes fill the buffer; when one does not fit, the full buffer is written ({@code write(4096)}),
 *       then whole multiples of 4096 of what is left go straight out, and the rest is buffered. So the
 *       writes are 4096-byte pieces counted from the start of the stream, not from file offset 0 (an
 *       append's pieces are not aligned), plus the rest at {@code fclose}.</li>
 *   <li>A read that the buffer cannot satisfy refills it with {@code read(4096)} when less than 4096 bytes
 *       are still wanted, else reads whole multiples of 4096 straight into the caller's buffer. Postmark
 *       reads exactly the file's size, so the last refill is short and there is no end-of-file probe.</li>
 *   <li>A zero-length {@code fwrite} or {@code fread} returns at once: no call.</li>
 * </ul>
 */
final class StdioStream implements DataStream {
    /** glibc's buffer: {@code st_blksize} of the file, the file system block (4096 on ext3 with 4 KiB blocks). */
    static final int BUFFER = 4096;

    private final FileCalls calls;
    private String path;
    private long position;
    private long size;
    private boolean writing;
    private boolean allocated;
    /** Writing: bytes in the buffer not yet written. Reading: bytes in the buffer not yet consumed. */
    private int buffered;

    StdioStream(FileCalls calls) {
        this.calls = calls;
    }

    @Override
    public void open(String path, long position, long size, boolean writing) {
        this.path = path;
        this.writing = writing;
        this.position = position;
        this.size = size;
        this.allocated = false;
        this.buffered = 0;
    }

    @Override
    public void write(int n) {
        if (n == 0) {
            return;
        }
        int room = allocated ? BUFFER - buffered : 0;
        int copied = Math.min(room, n);
        buffered += copied;
        int left = n - copied;
        if (left == 0) {
            return;
        }
        // _IO_OVERFLOW: allocates the buffer the first time, else writes it out (it is full)
        if (!allocated) {
            allocated = true;
        } else if (buffered > 0) {
            sysWrite(buffered);
            buffered = 0;
        }
        int direct = left - left % BUFFER;
        if (direct > 0) {
            sysWrite(direct);
        }
        buffered = left - direct;
    }

    @Override
    public void read(int n) {
        if (n == 0) {
            return;
        }
        allocated = true;
        int want = n;
        while (want > 0) {
            if (want <= buffered) {
                buffered -= want;
                return;
            }
            want -= buffered;
            buffered = 0;
            if (want < BUFFER) {
                int got = sysRead(BUFFER);
                if (got == 0) {
                    return;
                }
                buffered = got;
            } else {
                int got = sysRead(want - want % BUFFER);
                if (got == 0) {
                    return;
                }
                want -= got;
            }
        }
    }

    @Override
    public void flush() {
        if (writing && buffered > 0) {
            sysWrite(buffered);
        }
        buffered = 0;
    }

    private void sysWrite(int n) {
        calls.write(path, position, n);
        position += n;
        size = Math.max(size, position);
    }

    private int sysRead(int requested) {
        int got = (int) Math.min(requested, size - position);
        calls.read(path, position, got, requested);
        position += got;
        return got;
    }
}
