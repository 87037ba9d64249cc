package io.iopath.workload.postmark;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Writes Postmark's calls in the {@code postmark-seq v1} format, one call per line, four fields:
 * <pre>
 * # postmark-seq v1 level=sys
 * phase NAME - -                   mkdir, create, transactions, out_of_files, delete, rmdir
 * mkdir DIR - -                    rmdir DIR - -
 * create PATH - 0                  open of a new file for writing
 * open_r PATH - SIZE               open_a PATH - SIZE      (SIZE: the file's bytes at the open)
 * read PATH OFFSET BYTES req=REQUESTED
 * write PATH OFFSET BYTES req=REQUESTED
 * close PATH - -                   unlink PATH - -
 * </pre>
 * PATH is Postmark's name relative to its working directory; offsets and lengths are bytes. The same format
 * is made from the real Postmark under strace by {@code examples/postmark/strace-to-seq.py}.
 */
public final class PostmarkSeqWriter implements FileCalls {
    /** The first line of every {@code postmark-seq v1} file. */
    public static final String HEADER = "# postmark-seq v1 level=sys";

    private final Appendable out;
    private long lines;

    /** Writes the header line at once. */
    public PostmarkSeqWriter(Appendable out) {
        this.out = out;
        line(HEADER);
    }

    /** Calls written so far (the header is not counted). */
    public long calls() {
        return lines - 1;
    }

    @Override
    public void phase(PostmarkPhase phase) {
        line("phase " + phase.id + " - -");
    }

    @Override
    public void mkdir(String dir) {
        line("mkdir " + dir + " - -");
    }

    @Override
    public void rmdir(String dir) {
        line("rmdir " + dir + " - -");
    }

    @Override
    public void create(String path) {
        line("create " + path + " - 0");
    }

    @Override
    public void openRead(String path, long size) {
        line("open_r " + path + " - " + size);
    }

    @Override
    public void openAppend(String path, long size) {
        line("open_a " + path + " - " + size);
    }

    @Override
    public void read(String path, long offset, int bytes, int requested) {
        line("read " + path + " " + offset + " " + bytes + " req=" + requested);
    }

    @Override
    public void write(String path, long offset, int bytes) {
        line("write " + path + " " + offset + " " + bytes + " req=" + bytes);
    }

    @Override
    public void close(String path) {
        line("close " + path + " - -");
    }

    @Override
    public void unlink(String path) {
        line("unlink " + path + " - -");
    }

    private void line(String text) {
        try {
            out.append(text).append('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        lines++;
    }
}
