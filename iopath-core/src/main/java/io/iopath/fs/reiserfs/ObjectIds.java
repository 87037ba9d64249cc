package io.iopath.fs.reiserfs;

import java.util.TreeSet;

/**
 * The objectid map in the super block ({@code fs/reiserfs/objectid.c}): objectids 1 (the root's
 * parent) and 2 (the root) are taken by mkreiserfs; a new object gets the lowest free id (spec
 * §4.2, "unverified"); every change rewrites the super block.
 */
final class ObjectIds {
    private final TreeSet<Long> freed = new TreeSet<>();
    private long next = 3;

    long allocate() {
        Long f = freed.pollFirst();
        return f != null ? f : next++;
    }

    void free(long id) {
        if (id == next - 1) {
            next--;
            while (!freed.isEmpty() && freed.last() == next - 1) {
                freed.pollLast();
                next--;
            }
        } else {
            freed.add(id);
        }
    }
}
