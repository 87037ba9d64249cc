package io.iopath.fs.pagecache;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The page index set against {@link TreeSet} over seeded random adds and removes: dense runs,
 * sparse indexes chunks apart (the block device's metadata across a partition), indexes on word
 * and chunk edges; after each change {@code next} from random points and a walk of every member
 * agree with the tree's {@code ceiling}.
 */
class PageIndexSetTest {
    @Test
    void agreesWithATreeSetOverSeededRandomChanges() {
        for (long seed = 1; seed <= 40; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            long span = switch ((int) (seed % 4)) {
                case 0 -> 200; // within one chunk
                case 1 -> 20_000; // a few chunks
                case 2 -> 64L << 20; // 256 GiB of 4 KiB pages: members chunks apart
                default -> 1L << 32; // 16 TiB
            };
            PageIndexSet set = new PageIndexSet();
            TreeSet<Long> model = new TreeSet<>();
            for (int step = 0; step < 600; step++) {
                long index = pick(r, span);
                if (r.nextInt(3) == 0 && !model.isEmpty()) { // often a member: removes that change something
                    Long member = r.nextBoolean() ? model.first() : model.ceiling(index);
                    index = member == null ? model.last() : member;
                }
                if (r.nextInt(5) < 3) {
                    set.add(index);
                    model.add(index);
                } else {
                    set.remove(index);
                    model.remove(index);
                }
                for (int q = 0; q < 4; q++) {
                    long from = q == 0 ? index : q == 1 ? index + 1 : pick(r, span);
                    Long want = model.ceiling(from);
                    assertThat(set.next(from)).as("seed %d step %d next(%d)", seed, step, from).isEqualTo(want == null ? -1 : want);
                }
            }
            TreeSet<Long> walked = new TreeSet<>();
            for (long i = set.next(0); i >= 0; i = set.next(i + 1)) {
                walked.add(i);
            }
            assertThat(walked).as("seed %d: the walk", seed).isEqualTo(model);
        }
    }

    @Test
    void membersOnWordAndChunkEdges() {
        PageIndexSet set = new PageIndexSet();
        long[] edges = {0, 63, 64, 4095, 4096, 4097, 1L << 24, (1L << 24) - 1};
        for (long e : edges) {
            set.add(e);
            set.add(e); // twice: still one member
        }
        assertThat(set.next(0)).isZero();
        assertThat(set.next(1)).isEqualTo(63);
        assertThat(set.next(65)).isEqualTo(4095);
        assertThat(set.next(4098)).isEqualTo((1L << 24) - 1);
        set.remove((1L << 24) - 1);
        set.remove(1L << 24);
        assertThat(set.next(4098)).as("the chunk emptied: no member after it").isEqualTo(-1);
        assertThat(set.next(Long.MAX_VALUE)).isEqualTo(-1);
        set.remove(12345678); // never a member: nothing changes
        assertThat(set.next(4097)).isEqualTo(4097);
    }

    private static long pick(SplittableRandom r, long span) {
        return r.nextInt(4) == 0 ? (r.nextLong(span / 64 + 1) * 64 + (r.nextBoolean() ? 0 : 63)) % span : r.nextLong(span);
    }
}
