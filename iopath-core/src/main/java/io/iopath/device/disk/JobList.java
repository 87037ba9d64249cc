package io.iopath.device.disk;

/**
 * Jobs in arrival order with O(1) append and removal that keeps order (a tombstone per removed
 * slot, compacted when half the array is dead). Iteration skips nulls.
 */
final class JobList {
    DriveJob[] items = new DriveJob[16];
    int end;
    int live;

    void add(DriveJob j) {
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

    void remove(DriveJob j) {
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
            DriveJob j = items[r];
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

    boolean isEmpty() {
        return live == 0;
    }

    int size() {
        return live;
    }

    /** The oldest live job, or null. */
    DriveJob first() {
        for (int i = 0; i < end; i++) {
            if (items[i] != null) {
                return items[i];
            }
        }
        return null;
    }
}
