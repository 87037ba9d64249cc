package io.iopath.device.disk;

import java.util.Map;
import java.util.TreeMap;

/**
 * The sectors a Write Uncorrectable marked invalid (NVMe's Write Uncorrectable, as libnvme's
 * nvme_write_uncorrectable(2) gives the specification's words: "When the specified logical
 * block(s) are read after this operation, a failure is returned with Unrecovered Read Error
 * status. To clear the invalid logical block status, a write operation on those logical blocks
 * is required"): disjoint ranges, start to end. Empty, and never
 * allocated into, unless a job sends Write Uncorrectable, so the read and write paths pay one
 * test.
 */
final class UncorrectableSectors {
    /** Start sector → end sector (exclusive) of each marked range; ranges do not touch. */
    private final TreeMap<Long, Long> ranges = new TreeMap<>();

    boolean any() {
        return !ranges.isEmpty();
    }

    /** Marks {@code sectors} from {@code lba}. */
    void mark(long lba, long sectors) {
        long from = lba;
        long to = lba + sectors;
        Map.Entry<Long, Long> before = ranges.floorEntry(from);
        if (before != null && before.getValue() >= from) {
            from = before.getKey();
            to = Math.max(to, before.getValue());
        }
        for (Map.Entry<Long, Long> e = ranges.ceilingEntry(from); e != null && e.getKey() <= to; e = ranges.ceilingEntry(from)) {
            to = Math.max(to, e.getValue());
            ranges.remove(e.getKey());
        }
        ranges.put(from, to);
    }

    /** A write of {@code sectors} from {@code lba} clears the marks it covers. */
    void clear(long lba, long sectors) {
        long to = lba + sectors;
        Map.Entry<Long, Long> before = ranges.lowerEntry(lba);
        if (before != null && before.getValue() > lba) {
            ranges.put(before.getKey(), lba);
            if (before.getValue() > to) {
                ranges.put(to, before.getValue());
            }
        }
        for (Map.Entry<Long, Long> e = ranges.ceilingEntry(lba); e != null && e.getKey() < to; e = ranges.ceilingEntry(lba)) {
            ranges.remove(e.getKey());
            if (e.getValue() > to) {
                ranges.put(to, e.getValue());
            }
        }
    }

    /** Whether a read of {@code sectors} from {@code lba} touches a marked sector. */
    boolean overlaps(long lba, long sectors) {
        Map.Entry<Long, Long> e = ranges.lowerEntry(lba + sectors);
        return e != null && e.getValue() > lba;
    }
}
