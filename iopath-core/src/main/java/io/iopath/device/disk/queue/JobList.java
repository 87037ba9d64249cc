package io.iopath.device.disk.queue;

/**
 * Jobs in arrival order with O(1) append and removal that keeps order (a tombstone per removed
 * slot). Iteration skips nulls. The tombstones are compacted away, order kept, at the add that
 * finds more than a quarter as many of them as live jobs: every choice and every arrival walks
 * the list (SPTF's keys, the write-ordering checks), so the walk stays within 1.25 × the live
 * jobs. (Compacting only when the array was full and half dead let a queue of 16 spread over up
 * to 64 slots, most of them null: a random branch per slot.) Compaction happens only in
 * {@link #add}, never during a walk that removes jobs.
 */
public final class JobList {
    public MediaJob[] items = new MediaJob[16];
    public int end;
    int live;

    public void add(MediaJob j) {
        if (end - live > live >> 2) {
            compact();
        }
        if (end == items.length) {
            items = java.util.Arrays.copyOf(items, items.length * 2);
        }
        j.index = end;
        items[end++] = j;
        live++;
    }

    public void remove(MediaJob j) {
        items[j.index] = null;
        j.index = -1;
        live--;
        if (live == 0) {
            end = 0;
        }
    }

    private void compact() {
        int w = 0;
        for (int r = 0; r < end; r++) {
            MediaJob j = items[r];
            if (j != null) {
                j.index = w;
                items[w++] = j;
            }
        }
        for (int i = w; i < end; i++) {
            items[i] = null;
        }
        end = w;
    }

    public boolean isEmpty() {
        return live == 0;
    }

    public int size() {
        return live;
    }

    /** The oldest live job, or null. */
    public MediaJob first() {
        for (int i = 0; i < end; i++) {
            if (items[i] != null) {
                return items[i];
            }
        }
        return null;
    }
}
