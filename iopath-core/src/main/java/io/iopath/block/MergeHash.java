package io.iopath.block;

import io.iopath.request.Request;

/**
 * The back-merge hash: queued requests by the sector they end at (elevator.c {@code elv_rqhash_add},
 * {@code elv_rqhash_del}, {@code elv_rqhash_find}, keyed by {@code rq_hash_key} = end sector).
 * Open addressing on a primitive {@code long} key with linear probing and backward-shift removal,
 * so a lookup or an update on the merge path neither boxes a key nor allocates an entry. A key maps
 * to at most one request; a later request ending at the same sector replaces the earlier one.
 */
final class MergeHash {
    private static final long PHI = 0x9E3779B97F4A7C15L;

    private long[] keys;
    private Request[] values;
    private int mask;
    private int shift;
    private int size;

    MergeHash() {
        allocate(64);
    }

    private void allocate(int capacity) {
        keys = new long[capacity];
        values = new Request[capacity];
        mask = capacity - 1;
        shift = 64 - Integer.numberOfTrailingZeros(capacity);
    }

    private int home(long key) {
        return (int) ((key * PHI) >>> shift);
    }

    /** The request ending at {@code endSector}, or null. */
    Request get(long endSector) {
        for (int i = home(endSector); ; i = (i + 1) & mask) {
            Request v = values[i];
            if (v == null) {
                return null;
            }
            if (keys[i] == endSector) {
                return v;
            }
        }
    }

    /** {@code rq} now ends at {@code endSector} (replacing any other request hashed there). */
    void put(long endSector, Request rq) {
        int i = home(endSector);
        while (values[i] != null) {
            if (keys[i] == endSector) {
                values[i] = rq;
                return;
            }
            i = (i + 1) & mask;
        }
        keys[i] = endSector;
        values[i] = rq;
        if (++size * 2 > values.length) {
            grow();
        }
    }

    /** Removes the entry at {@code endSector} if it is {@code rq} (another request there stays). */
    void remove(long endSector, Request rq) {
        int i = home(endSector);
        while (values[i] != null) {
            if (keys[i] == endSector) {
                if (values[i] == rq) {
                    delete(i);
                }
                return;
            }
            i = (i + 1) & mask;
        }
    }

    int size() {
        return size;
    }

    /** Backward-shift deletion: close the hole so that every later probe chain stays unbroken. */
    private void delete(int hole) {
        int j = hole;
        while (true) {
            j = (j + 1) & mask;
            if (values[j] == null) {
                break;
            }
            int h = home(keys[j]);
            boolean between = hole < j ? (h > hole && h <= j) : (h > hole || h <= j);
            if (!between) {
                keys[hole] = keys[j];
                values[hole] = values[j];
                hole = j;
            }
        }
        values[hole] = null;
        size--;
    }

    private void grow() {
        long[] oldKeys = keys;
        Request[] oldValues = values;
        allocate(oldValues.length * 2);
        size = 0;
        for (int i = 0; i < oldValues.length; i++) {
            if (oldValues[i] != null) {
                put(oldKeys[i], oldValues[i]);
            }
        }
    }
}
