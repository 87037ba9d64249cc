package io.iopath.workload.postmark;

import java.util.Arrays;

/**
 * The calls of one Postmark step, held so that a simulated process can make them one at a time and wait
 * for each: {@link Postmark#step()} fills the queue, {@link #replayNext(FileCalls)} hands the next call on.
 * Parallel primitive arrays, grown when a step makes more calls than any before and reused after, so a run
 * allocates nothing per call once they are big enough.
 */
public final class CallQueue implements FileCalls {
    /** Which call a queued entry is. */
    public enum Kind { PHASE, MKDIR, RMDIR, CREATE, OPEN_READ, OPEN_APPEND, READ, WRITE, CLOSE, UNLINK }

    private static final PostmarkPhase[] PHASES = PostmarkPhase.values();

    private Kind[] kinds = new Kind[64];
    private String[] paths = new String[64];
    private long[] offsets = new long[64];
    private int[] bytes = new int[64];
    private int[] requested = new int[64];
    private int size;
    private int next;

    /** Whether every queued call has been handed on. */
    public boolean isEmpty() {
        return next == size;
    }

    /** The kind of the next call (the queue must not be empty). */
    public Kind peekKind() {
        return kinds[next];
    }

    /** The bytes of the next call (a read's or write's length; 0 for the others). */
    public int peekBytes() {
        return bytes[next];
    }

    /** Calls queued and not yet handed on. */
    public int remaining() {
        return size - next;
    }

    /** Hands the next queued call to {@code to}; false when none is left. */
    public boolean replayNext(FileCalls to) {
        if (next == size) {
            return false;
        }
        int i = next++;
        switch (kinds[i]) {
            case PHASE -> to.phase(PHASES[(int) offsets[i]]);
            case MKDIR -> to.mkdir(paths[i]);
            case RMDIR -> to.rmdir(paths[i]);
            case CREATE -> to.create(paths[i]);
            case OPEN_READ -> to.openRead(paths[i], offsets[i]);
            case OPEN_APPEND -> to.openAppend(paths[i], offsets[i]);
            case READ -> to.read(paths[i], offsets[i], bytes[i], requested[i]);
            case WRITE -> to.write(paths[i], offsets[i], bytes[i]);
            case CLOSE -> to.close(paths[i]);
            case UNLINK -> to.unlink(paths[i]);
            default -> throw new IllegalStateException(kinds[i].toString());
        }
        if (next == size) {
            next = 0;
            size = 0;
            Arrays.fill(paths, null); // let deleted files' names go
        }
        return true;
    }

    @Override
    public void phase(PostmarkPhase phase) {
        add(Kind.PHASE, null, phase.ordinal(), 0, 0);
    }

    @Override
    public void mkdir(String dir) {
        add(Kind.MKDIR, dir, 0, 0, 0);
    }

    @Override
    public void rmdir(String dir) {
        add(Kind.RMDIR, dir, 0, 0, 0);
    }

    @Override
    public void create(String path) {
        add(Kind.CREATE, path, 0, 0, 0);
    }

    @Override
    public void openRead(String path, long size) {
        add(Kind.OPEN_READ, path, size, 0, 0);
    }

    @Override
    public void openAppend(String path, long size) {
        add(Kind.OPEN_APPEND, path, size, 0, 0);
    }

    @Override
    public void read(String path, long offset, int got, int asked) {
        add(Kind.READ, path, offset, got, asked);
    }

    @Override
    public void write(String path, long offset, int n) {
        add(Kind.WRITE, path, offset, n, n);
    }

    @Override
    public void close(String path) {
        add(Kind.CLOSE, path, 0, 0, 0);
    }

    @Override
    public void unlink(String path) {
        add(Kind.UNLINK, path, 0, 0, 0);
    }

    private void add(Kind kind, String path, long offset, int n, int asked) {
        if (size == kinds.length) {
            int capacity = size * 2;
            kinds = Arrays.copyOf(kinds, capacity);
            paths = Arrays.copyOf(paths, capacity);
            offsets = Arrays.copyOf(offsets, capacity);
            bytes = Arrays.copyOf(bytes, capacity);
            requested = Arrays.copyOf(requested, capacity);
        }
        kinds[size] = kind;
        paths[size] = path;
        offsets[size] = offset;
        bytes[size] = n;
        requested[size] = asked;
        size++;
    }
}
