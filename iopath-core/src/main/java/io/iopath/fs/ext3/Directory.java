package io.iopath.fs.ext3;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An ext3 directory as spec §6.3 models it: 4 KiB blocks with a fill count and the entries'
 * names. Without {@code dir_index} a lookup scans every block and an insert takes the first block
 * with room; a directory that outgrows one block becomes a hash tree (block 0 the root index,
 * leaves by hash range, a full leaf split in two by its median hash). The hash is a fixed mixing
 * of the name, not ext3's half-MD4: which leaf a name lands in is modelled, not byte-exact.
 */
final class Directory {
    static final int BLOCK = 4096;

    /** A directory entry: the inode and the directory block (index into {@link #blocks}) holding it. */
    record Entry(long ino, int block, int recLen, int hash) {
    }

    /** The directory's blocks (physical), in logical order. */
    final List<Long> blocks = new ArrayList<>();
    final List<Integer> used = new ArrayList<>();
    final Map<String, Entry> entries = new HashMap<>();
    /** htree: leaf blocks by the lowest hash they hold; empty while the directory is linear. */
    final TreeMap<Integer, Integer> leaves = new TreeMap<>();

    /** ext3 record length: 8 bytes of header plus the name, rounded up to 4. */
    static int recLen(String name) {
        return (8 + name.length() + 3) & ~3;
    }

    static int hash(String name) {
        int h = 0x9e3779b9;
        for (int i = 0; i < name.length(); i++) {
            h = (h ^ name.charAt(i)) * 0x01000193;
            h ^= h >>> 15;
        }
        return h & 0x7fffffff;
    }

    boolean indexed() {
        return !leaves.isEmpty();
    }

    /** The blocks a lookup of {@code name} reads: all of them (linear), or the root and one leaf (htree). */
    List<Integer> lookupBlocks(String name) {
        List<Integer> out = new ArrayList<>();
        if (!indexed()) {
            for (int i = 0; i < blocks.size(); i++) {
                out.add(i);
            }
            return out;
        }
        out.add(0);
        out.add(leaves.floorEntry(hash(name)).getValue());
        return out;
    }

    /**
     * The block an insert of {@code name} goes to, or -1 when a new block is needed (the caller
     * allocates it and calls {@link #addBlock}); for a full htree leaf, -2: split needed.
     */
    int insertBlock(String name) {
        int len = recLen(name);
        if (!indexed()) {
            for (int i = 0; i < blocks.size(); i++) {
                if (used.get(i) + len <= BLOCK) {
                    return i;
                }
            }
            return blocks.isEmpty() ? -1 : blocks.size() == 1 ? -2 : -1;
        }
        int leaf = leaves.floorEntry(hash(name)).getValue();
        return used.get(leaf) + len <= BLOCK ? leaf : -2;
    }

    int addBlock(long physical, int fill) {
        blocks.add(physical);
        used.add(fill);
        return blocks.size() - 1;
    }

    void insert(String name, long ino, int block) {
        int len = recLen(name);
        used.set(block, used.get(block) + len);
        entries.put(name, new Entry(ino, block, len, hash(name)));
    }

    void remove(String name) {
        Entry e = entries.remove(name);
        if (e != null) {
            used.set(e.block(), used.get(e.block()) - e.recLen());
        }
    }

    /**
     * Splits for an insert that found no room: a linear one-block directory becomes indexed
     * (make_indexed_dir: the root stays in block 0, its entries move to {@code newA} and
     * {@code newB} by hash); a full leaf gives the upper half of its hashes to {@code newA}
     * ({@code newB} unused, -1). Returns the blocks whose contents changed.
     */
    List<Integer> split(String name, long newA, long newB) {
        List<Integer> touched = new ArrayList<>();
        if (!indexed()) {
            int a = addBlock(newA, 0);
            int b = addBlock(newB, 0);
            List<Map.Entry<String, Entry>> all = sortedByHash(0);
            int half = all.size() / 2;
            int mid = all.isEmpty() ? Integer.MAX_VALUE / 2 : all.get(half).getValue().hash();
            used.set(0, 32); // the dx_root: ".", ".." and the index
            leaves.put(0, a);
            leaves.put(mid, b);
            for (int i = 0; i < all.size(); i++) {
                move(all.get(i), i < half ? a : b);
            }
            touched.add(0);
            touched.add(a);
            touched.add(b);
            return touched;
        }
        int leaf = leaves.floorEntry(hash(name)).getValue();
        int nb = addBlock(newA, 0);
        List<Map.Entry<String, Entry>> in = sortedByHash(leaf);
        int half = in.size() / 2;
        int mid = in.get(half).getValue().hash();
        leaves.put(mid, nb);
        for (int i = half; i < in.size(); i++) {
            move(in.get(i), nb);
        }
        touched.add(0);
        touched.add(leaf);
        touched.add(nb);
        return touched;
    }

    private List<Map.Entry<String, Entry>> sortedByHash(int block) {
        List<Map.Entry<String, Entry>> out = new ArrayList<>();
        for (Map.Entry<String, Entry> e : entries.entrySet()) {
            if (e.getValue().block() == block) {
                out.add(e);
            }
        }
        out.sort((x, y) -> x.getValue().hash() != y.getValue().hash()
                ? Integer.compare(x.getValue().hash(), y.getValue().hash()) : x.getKey().compareTo(y.getKey()));
        return out;
    }

    private void move(Map.Entry<String, Entry> e, int to) {
        Entry old = e.getValue();
        used.set(old.block(), used.get(old.block()) - old.recLen());
        used.set(to, used.get(to) + old.recLen());
        entries.put(e.getKey(), new Entry(old.ino(), to, old.recLen(), old.hash()));
    }
}
