package io.iopath.fs.reiserfs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The S+tree as spec §6.3 models it: leaves are containers of items in key order with a byte
 * budget of 4072 (a 4 KiB node less its 24-byte block head; each item costs its 24-byte item head
 * plus its body, {@code include/linux/reiserfs_fs.h}); a leaf that overflows is split in two by
 * bytes (shifting into neighbours is ignored); an emptied leaf is freed. Leaves hang from internal
 * nodes of up to {@link #FANOUT} children (a 4 KiB node of 16-byte keys and 8-byte disk child
 * pointers), under one root node once there is more than one internal node. The root starts as
 * the single leaf mkreiserfs writes.
 */
final class Tree {
    static final int NODE_BYTES = 4096 - 24;
    static final int ITEM_HEAD = 24;
    /** (4072 - 8) / (16 + 8) + 1 children per internal node. */
    static final int FANOUT = 170;

    /** What an edit of the tree does to blocks: the caller journals them and allocates nodes. */
    interface Edit {
        /** The node is modified (journaled); {@code fresh}: a new node with nothing to read. */
        void logged(long block, boolean fresh);

        /** A new tree node near {@code hint} (the left neighbour). */
        long allocateNode(long hint);

        void freeNode(long block);
    }

    static final class Leaf {
        long block;
        final TreeMap<Key, Integer> items = new TreeMap<>();
        int used;
        Key bound;

        Leaf(long block, Key bound) {
            this.block = block;
            this.bound = bound;
        }
    }

    private static final class Internal {
        final long block;
        final Key bound;
        int children;

        Internal(long block, Key bound) {
            this.block = block;
            this.bound = bound;
        }
    }

    private final TreeMap<Key, Leaf> leaves = new TreeMap<>();
    private final TreeMap<Key, Internal> internals = new TreeMap<>();
    private long rootBlock = -1;

    Tree(long rootLeaf) {
        leaves.put(Key.MIN, new Leaf(rootLeaf, Key.MIN));
    }

    Leaf leafFor(Key k) {
        return leaves.floorEntry(k).getValue();
    }

    /**
     * The nodes a search for {@code k} visits, root first (search_by_key): written to {@code out}
     * (at least 3 long), their number returned.
     */
    int path(Key k, long[] out) {
        int n = 0;
        if (rootBlock >= 0) {
            out[n++] = rootBlock;
        }
        if (!internals.isEmpty()) {
            out[n++] = internals.floorEntry(k).getValue().block;
        }
        out[n++] = leafFor(k).block;
        return n;
    }

    boolean contains(Key k) {
        return leafFor(k).items.containsKey(k);
    }

    int sizeOf(Key k) {
        Integer s = leafFor(k).items.get(k);
        return s == null ? -1 : s;
    }

    /** The leaf at the far right of the tree (where save links live: keys with dir_id = max). */
    Leaf rightmost() {
        return leaves.lastEntry().getValue();
    }

    /** Inserts or resizes the item {@code k} to {@code bodyBytes} (plus its item head); splits as needed. */
    void put(Key k, int bodyBytes, Edit e) {
        int cost = ITEM_HEAD + bodyBytes;
        if (cost > NODE_BYTES) {
            throw new IllegalArgumentException("item of " + bodyBytes + " bytes does not fit a leaf");
        }
        Leaf l = leafFor(k);
        Integer old = l.items.put(k, cost);
        l.used += cost - (old == null ? 0 : old);
        e.logged(l.block, false);
        fix(l, e);
    }

    void remove(Key k, Edit e) {
        Leaf l = leafFor(k);
        Integer old = l.items.remove(k);
        if (old == null) {
            return;
        }
        l.used -= old;
        e.logged(l.block, false);
        if (l.items.isEmpty() && leaves.size() > 1) {
            freeLeaf(l, e);
        }
    }

    private void fix(Leaf l, Edit e) {
        if (l.used <= NODE_BYTES || l.items.size() < 2) {
            return;
        }
        // split by bytes: the upper half of the items moves to a new leaf on the right
        int half = 0;
        Key splitAt = null;
        for (Map.Entry<Key, Integer> it : l.items.entrySet()) {
            if (half + it.getValue() > l.used / 2 && half > 0) {
                splitAt = it.getKey();
                break;
            }
            half += it.getValue();
        }
        if (splitAt == null) {
            splitAt = l.items.lastKey();
        }
        Leaf r = new Leaf(e.allocateNode(l.block), splitAt);
        Map<Key, Integer> moving = new TreeMap<>(l.items.tailMap(splitAt, true));
        for (Map.Entry<Key, Integer> it : moving.entrySet()) {
            l.items.remove(it.getKey());
            l.used -= it.getValue();
            r.items.put(it.getKey(), it.getValue());
            r.used += it.getValue();
        }
        leaves.put(r.bound, r);
        e.logged(r.block, true);
        addChild(l, r, e);
        fix(l, e);
        fix(r, e);
    }

    private void addChild(Leaf left, Leaf added, Edit e) {
        if (internals.isEmpty()) {
            Internal root = new Internal(e.allocateNode(left.block), Key.MIN);
            root.children = 2;
            internals.put(Key.MIN, root);
            e.logged(root.block, true);
            return;
        }
        Internal p = internals.floorEntry(added.bound).getValue();
        p.children++;
        e.logged(p.block, false);
        if (p.children > FANOUT) {
            splitInternal(p, e);
        }
    }

    private void splitInternal(Internal p, Edit e) {
        Key end = internals.higherKey(p.bound);
        List<Key> kids = new ArrayList<>((end == null ? leaves.tailMap(p.bound, true) : leaves.subMap(p.bound, true, end, false)).keySet());
        if (kids.size() < 2) {
            p.children = kids.size(); // the count drifted from the range (a freed first leaf): nothing to split
            return;
        }
        Key mid = kids.get(kids.size() / 2);
        Internal q = new Internal(e.allocateNode(p.block), mid);
        q.children = kids.size() - kids.size() / 2;
        p.children = kids.size() / 2;
        internals.put(mid, q);
        e.logged(q.block, true);
        if (rootBlock < 0) {
            rootBlock = e.allocateNode(p.block);
            e.logged(rootBlock, true);
        } else {
            e.logged(rootBlock, false);
        }
    }

    private void freeLeaf(Leaf l, Edit e) {
        leaves.remove(l.bound);
        if (l.bound.equals(Key.MIN)) {
            Map.Entry<Key, Leaf> next = leaves.pollFirstEntry();
            next.getValue().bound = Key.MIN;
            leaves.put(Key.MIN, next.getValue());
        }
        if (!internals.isEmpty()) {
            Internal p = internals.floorEntry(l.bound).getValue();
            p.children--;
            e.logged(p.block, false);
        }
        e.freeNode(l.block);
    }

    int leafCount() {
        return leaves.size();
    }

    /** Every tree node's block (for the invariants). */
    List<Long> nodeBlocks() {
        List<Long> out = new ArrayList<>();
        for (Leaf l : leaves.values()) {
            out.add(l.block);
        }
        for (Internal i : internals.values()) {
            out.add(i.block);
        }
        if (rootBlock >= 0) {
            out.add(rootBlock);
        }
        return out;
    }
}
