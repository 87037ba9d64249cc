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
 * <p>Where offsets may repeat ({@link io.iopath.workload.JobSpec#verifyByOffset}, fio.h
 * {@code fio_offset_overlap_risk}) fio keeps the history in an rb-tree by file and offset instead:
 * a write removes every logged piece its bytes overlap, in flight or not, and each removal
 * shortens {@code io_hist_len} (iolog.c {@code log_io_piece}). With {@code verify_backlog} that
 * tree is read while the job writes, so it is kept live here ({@link #tree}): a backlog read takes
 * the first entry by offset whose write has completed (verify.c {@code get_next_verify} walks the
 * tree with {@code rb_next}; fio 3.33 looked at {@code rb_first} only and waited when that one was
 * in flight, which differs only while more than one write is in flight). Without a backlog the
 * tree is only read after the writes, and {@link #orderByOffset} sorts the list once then.
 *
 * <p>Arrays grow by doubling and are reused from pass to pass: logging a write allocates nothing
 * once the history has reached its size.
 */
final class VerifyLog {
    private final boolean trackCompletion;
    /** verify_backlog where offsets may repeat: the pieces kept in offset order as they are logged. */
    private final boolean tree;
    /** tree: the slots of the pieces not read back, by file then offset (the rb-tree's in-order walk). */
    private int[] order = new int[0];
    private int treeSize;
    /** tree: slots of pieces read back or overlapped, free for the next write. */
    private int[] free = new int[0];
    private int freeCount;
    /** tree: slots ever used in this pass (the arrays' fill). */
    private int slots;
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

    /**
     * @param trackCompletion whether a read may take a piece only once its write has completed ({@code verify_backlog})
     * @param byOffset whether offsets may repeat ({@link io.iopath.workload.JobSpec#verifyByOffset}): fio's rb-tree
     */
    VerifyLog(boolean trackCompletion, boolean byOffset) {
        this.trackCompletion = trackCompletion;
        this.tree = trackCompletion && byOffset;
    }

    /** log_io_piece: a write of {@code bytes} at {@code at} of file {@code f}, issued as bio {@code bioId}. */
    void log(int f, long at, long bytes, long bioId) {
        if (tree) {
            insert(f, at, bytes, bioId);
            return;
        }
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
        if (tree) {
            for (int i = treeSize - 1; i >= 0; i--) {
                int slot = order[i];
                if (bio[slot] == bioId) {
                    done[slot] = true;
                    return;
                }
            }
            return; // overlapped by a later write while in flight: no longer in the tree
        }
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
        return tree ? treeSize : logged - next;
    }

    boolean hasNext() {
        return remaining() > 0;
    }

    /**
     * Whether get_next_verify finds a piece: the oldest one not read back has completed (or, in
     * the tree, any one has); always, without verify_backlog.
     */
    boolean oldestDone() {
        return !trackCompletion || (tree ? firstDone() >= 0 : done[next]);
    }

    /**
     * io_u.c {@code check_get_verify}: whether the next IO of a job with {@code verify_backlog}
     * reads back the oldest logged write. A batch of {@code batch} reads (0: {@code backlog})
     * begins when the writes not read back are a multiple of {@code backlog} and the last IO to
     * complete was not a read; each takes the oldest write if it has completed
     * ({@code get_next_verify}), else that IO is a normal one and the batch waits. True: take it.
     */
    boolean backlogDue(int backlog, int batch, boolean lastCompletedWasRead) {
        if (!hasNext()) {
            return false;
        }
        if (batchLeft == 0) {
            if (remaining() % backlog != 0 || lastCompletedWasRead) {
                return false;
            }
            // the batch begins even when get_next_verify finds nothing completed yet: the next
            // IOs then try again whatever io_hist_len has become (td->verify_batch stays set)
            batchLeft = batch > 0 ? batch : backlog;
        }
        if (!oldestDone()) {
            return false;
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

    /**
     * Takes the oldest piece not read back (in the tree: the first by offset whose write has
     * completed); its fields are then {@link #offset(int)} etc. of the returned index, until the
     * next {@link #log}.
     */
    int take() {
        if (!tree) {
            return next++;
        }
        int i = trackCompletion ? firstDone() : 0;
        int slot = order[i];
        System.arraycopy(order, i + 1, order, i, treeSize - i - 1);
        treeSize--;
        free[freeCount++] = slot;
        return slot;
    }

    /** tree: the position of the first piece by offset whose write has completed, or -1. */
    private int firstDone() {
        for (int i = 0; i < treeSize; i++) {
            if (done[order[i]]) {
                return i;
            }
        }
        return -1;
    }

    /**
     * log_io_piece's rb-tree insert: every piece of the same file whose bytes the new one overlaps
     * leaves the tree (fio's restart loop), then the new one goes in at its offset. The pieces in
     * the tree never overlap one another, so only the one just before the new offset can reach
     * into it, and those after it do while they begin before its end.
     */
    private void insert(int f, long at, long bytes, long bioId) {
        int pos = search(f, at);
        int from = pos;
        if (from > 0 && file[order[from - 1]] == f && offset[order[from - 1]] + length[order[from - 1]] > at) {
            from--;
        }
        int to = pos;
        while (to < treeSize && file[order[to]] == f && offset[order[to]] < at + bytes) {
            to++;
        }
        for (int i = from; i < to; i++) {
            free[freeCount++] = order[i];
        }
        int slot = freeCount > 0 ? free[--freeCount] : newSlot();
        offset[slot] = at;
        length[slot] = (int) bytes;
        file[slot] = f;
        bio[slot] = bioId;
        done[slot] = false;
        if (to - from != 1) {
            System.arraycopy(order, to, order, from + 1, treeSize - to);
        }
        order[from] = slot;
        treeSize += 1 - (to - from);
        logged++;
    }

    /** tree: the first position whose piece comes at or after (file, offset). */
    private int search(int f, long at) {
        int lo = 0;
        int hi = treeSize;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            int s = order[mid];
            if (file[s] < f || file[s] == f && offset[s] < at) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** tree: a slot never used in this pass, the arrays grown when full. */
    private int newSlot() {
        if (slots == offset.length) {
            int n = Math.max(64, slots * 2);
            offset = Arrays.copyOf(offset, n);
            length = Arrays.copyOf(length, n);
            file = Arrays.copyOf(file, n);
            bio = Arrays.copyOf(bio, n);
            done = Arrays.copyOf(done, n);
            order = Arrays.copyOf(order, n);
            free = Arrays.copyOf(free, n);
        }
        return slots++;
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
        if (tree) {
            return; // kept in that order as logged
        }
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
        treeSize = 0;
        freeCount = 0;
        slots = 0;
    }
}
