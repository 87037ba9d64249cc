package io.iopath.fs.reiserfs;

/**
 * A ReiserFS key (spec §4.2): {@code dir_id} (the packing locality), {@code objectid}, offset;
 * sorted in that order. The item type follows from the offset here: 0 stat data, then the body
 * (direct, indirect or directory items at offset 1 and up; directory entries at their name hash).
 */
record Key(long dirId, long objectId, long offset) implements Comparable<Key> {
    static final Key MIN = new Key(0, 0, 0);

    @Override
    public int compareTo(Key o) {
        int c = Long.compare(dirId, o.dirId);
        if (c != 0) {
            return c;
        }
        c = Long.compare(objectId, o.objectId);
        return c != 0 ? c : Long.compare(offset, o.offset);
    }
}
