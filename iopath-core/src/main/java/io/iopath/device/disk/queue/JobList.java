package io.iopath.device.disk.queue;

/**
 * Jobs in arrival order with O(1) append and removal that keeps order (a tombstone per removed
 * slot, compacted when half the array is dead). Iteration skips nulls.
 */
public final class JobList {
    public MediaJob[] items = new MediaJob[16];
    public int end;
    int live;

    public void add(MediaJob j) {
        if (end == items.length) {
            if (live < end / 2) {
                compact();
            } else {
                items = java.util.Arrays.copyOf(items, items.length * 2);
            }
            if (end == items.length) {
                items = java.util.Arrays.copyOf(items, items.length * 2);
            }
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
