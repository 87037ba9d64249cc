package io.iopath.workload.job;

import java.util.Arrays;

/**
 * fio's verify history ({@code td->io_hist_list} / {@code io_hist_tree}): the writes a job with
 * {@code verify} logs as it issues them (iolog.c {@code log_io_piece}) and reads back, oldest first
 * (verify.c {@code get_next_verify}), in a verify phase after its writes (backend.c
 * {@code do_verify}) or in batches while it writes ({@code verify_backlog}). One history serves a
 * job on the drive ({@link BlockJob}) and a job on a file system's files ({@link FileJob}); a
 * piece names the file it was written to (0 for the drive).
 *
 * <p>Arrays grow by doubling and are reused from pass to pass: logging a write allocates nothing
 * once the history has reached its size.
 */
final class VerifyLog {
    private final boolean trackCompletion;
    private long[] offset = new long[0];
    private int[] length = new int[0];
    private int[] file = new int[0];
    /** verify_backlog: each piece's bio id, and whether it has completed (fio's IP_F_IN_FLIGHT cleared). */
    private long[] bio = new long[0];
    private boolean[] done = new boolean[0];
    private int logged;
    private int next;
    /** verify_backlog: reads left in the current batch (fio's {@code td->verify_batch}). */
    private int batchLeft;

    /** @param trackCompletion whether a read may take a piece only once its write has completed ({@code verify_backlog}) */
    VerifyLog(boolean trackCompletion) {
        this.trackCompletion = trackCompletion;
    }

    /** log_io_piece: a write of {@code bytes} at {@code at} of file {@code f}, issued as bio {@code bioId}. */
    void log(int f, long at, long bytes, long bioId) {
        if (logged == offset.length) {
            int n = Math.max(64, logged * 2);
            offset = Arrays.copyOf(offset, n);
            length = Arrays.copyOf(length, n);
            file = Arrays.copyOf(file, n);
            if (trackCompletion) {
                bio = Arrays.copyOf(bio, n);
                done = Arrays.copyOf(done, n);
            }
        }
        offset[logged] = at;
        length[logged] = (int) bytes;
        file[logged] = f;
        if (trackCompletion) {
            bio[logged] = bioId;
            done[logged] = false;
        }
        logged++;
    }

    /** A logged write has completed: a backlog read may take it. Only the newest iodepth pieces can be in flight. */
    void completed(long bioId) {
        for (int i = logged - 1; i >= next; i--) {
            if (bio[i] == bioId) {
                done[i] = true;
                return;
            }
        }
    }

    /** Writes logged in this pass, read back or not. */
    int logged() {
        return logged;
    }

    /** Logged writes not read back yet (fio's {@code io_hist_len}). */
    int remaining() {
        return logged - next;
    }

    boolean hasNext() {
        return next < logged;
    }

    /** Whether the oldest piece not read back has completed (verify_backlog; always, without it). */
    boolean oldestDone() {
        return !trackCompletion || done[next];
    }

    /**
     * io_u.c {@code check_get_verify}: whether the next IO of a job with {@code verify_backlog}
     * reads back the oldest logged write. A batch of {@code batch} reads (0: {@code backlog})
     * begins when the writes not read back are a multiple of {@code backlog} and the last IO to
     * complete was not a read; each takes the oldest write if it has completed
     * ({@code get_next_verify}), else that IO is a normal one and the batch waits. True: take it.
     */
    boolean backlogDue(int backlog, int batch, boolean lastCompletedWasRead) {
        if (!backlogPending(backlog, lastCompletedWasRead)) {
            return false;
        }
        if (batchLeft == 0) {
            batchLeft = batch > 0 ? batch : backlog;
        }
        batchLeft--;
        return true;
    }

    /** Whether {@link #backlogDue} would take a piece now, without taking it. */
    boolean backlogPending(int backlog, boolean lastCompletedWasRead) {
        int hist = remaining();
        if (hist == 0) {
            return false;
        }
        if (batchLeft == 0 && (hist % backlog != 0 || lastCompletedWasRead)) {
            return false;
        }
        return oldestDone();
    }

    /** Takes the oldest piece not read back; its fields are then {@link #offset(int)} etc. of the returned index. */
    int take() {
        return next++;
    }

    long offset(int i) {
        return offset[i];
    }

    int length(int i) {
        return length[i];
    }

    int file(int i) {
        return file[i];
    }

    /**
     * The rb-tree's order, for a history kept by offset: the pieces not read back yet by file,
     * then offset; of writes to the same block only the newest is read back (log_io_piece drops
     * the older entry when it inserts the newer).
     */
    void orderByOffset() {
        int n = logged - next;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = next + i;
        }
        Arrays.sort(order, (a, b) -> file[a] != file[b] ? Integer.compare(file[a], file[b])
                : offset[a] != offset[b] ? Long.compare(offset[a], offset[b]) : Integer.compare(b, a));
        long[] off = offset.clone();
        int[] len = length.clone();
        int[] fil = file.clone();
        int kept = next;
        for (Integer i : order) {
            if (kept > next && off[kept - 1] == offset[i] && fil[kept - 1] == file[i]) {
                continue; // an older write of the same block
            }
            off[kept] = offset[i];
            len[kept] = length[i];
            fil[kept] = file[i];
            kept++;
        }
        offset = off;
        length = len;
        file = fil;
        logged = kept;
    }

    /** backend.c {@code prune_io_piece_log} at the start of each loop: what the last pass logged is forgotten. */
    void clear() {
        logged = 0;
        next = 0;
    }
}
