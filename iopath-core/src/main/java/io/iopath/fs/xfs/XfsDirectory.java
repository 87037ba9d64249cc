package io.iopath.fs.xfs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A version-2 directory as spec §5.6 / §6.3 model it: entries inline in the inode ("shortform")
 * while they fit its literal area, then data blocks with a fill count, one hash-leaf block per
 * {@link #LEAF_ENTRIES} entries (a name's leaf by its hash), and a free-index block once there is
 * more than one data block. Capacities are modelled, not byte-exact.
 */
final class XfsDirectory {
    /** A 256-byte inode less its 100-byte core. */
    static final int SHORTFORM_BYTES = 156;
    static final int DATA_BYTES = 4096 - 64;
    /** Hash-leaf capacity (spec §6.3: "one hash-leaf block per ≈ 500 entries", unverified). */
    static final int LEAF_ENTRIES = 500;

    final Map<String, Entry> entries = new HashMap<>();
    final List<Long> dataBlocks = new ArrayList<>();
    final List<Integer> used = new ArrayList<>();
    final List<Long> leafBlocks = new ArrayList<>();
    long freeIndex = -1;
    int shortformBytes = 6;

    record Entry(XfsInode inode, int dataBlock) {
    }

    /** xfs_dir2_data_entsize: 8-byte inode, name length, name, tag, rounded to 8. */
    static int entsize(String name) {
        return (8 + 1 + name.length() + 2 + 7) & ~7;
    }

    static int sfEntsize(String name) {
        return 1 + 2 + name.length() + 4;
    }

    boolean shortform() {
        return dataBlocks.isEmpty();
    }

    int leafOf(String name) {
        return leafBlocks.isEmpty() ? -1 : Math.floorMod(XfsLogHash.of(name), leafBlocks.size());
    }

    /** The data block an insert of {@code name} goes to, or -1 when a new one is needed. */
    int dataBlockFor(String name) {
        int len = entsize(name);
        for (int i = dataBlocks.size() - 1; i >= 0; i--) {
            if (used.get(i) + len <= DATA_BYTES) {
                return i;
            }
        }
        return -1;
    }

    /** Leaf blocks the directory should have for its entries (one more when the last is full). */
    int leavesNeeded(int entriesAfter) {
        return Math.max(1, (entriesAfter + LEAF_ENTRIES - 1) / LEAF_ENTRIES);
    }

    /** The hash of a name for its leaf (xfs_da_hashname's role; a stand-in mix). */
    static final class XfsLogHash {
        static int of(String name) {
            int h = 0;
            for (int i = 0; i < name.length(); i++) {
                h = name.charAt(i) ^ Integer.rotateLeft(h, 7);
            }
            return h * 0x9E3779B1;
        }
    }
}
