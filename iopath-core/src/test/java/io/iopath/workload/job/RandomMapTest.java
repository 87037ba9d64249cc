package io.iopath.workload.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The word-array random map claims exactly the blocks the BitSet one it replaced did. */
class RandomMapTest {
    /** The former implementation, over java.util.BitSet: the reference. */
    private static final class BitSetMap {
        private final BitSet used;
        private final int blocks;
        private int free;

        BitSetMap(int blocks) {
            this.blocks = blocks;
            this.used = new BitSet(blocks);
            this.free = blocks;
        }

        long claim(long start, int span) {
            if (free < span) {
                used.clear();
                free = blocks;
            }
            int b = used.nextClearBit((int) Math.min(start, blocks - span));
            if (b > blocks - span) {
                b = used.nextClearBit(0);
                if (b > blocks - span) {
                    used.clear();
                    free = blocks;
                    b = (int) Math.min(start, blocks - span);
                }
            }
            int end = b + span;
            free -= span - used.get(b, end).cardinality();
            used.set(b, end);
            return b;
        }
    }

    @ParameterizedTest(name = "{0} blocks, spans up to {1}, seed {2}")
    @CsvSource({"256,1,1", "4096,1,2", "4095,1,3", "5000,3,4", "64,64,5", "130,70,6", "100000,16,7", "65537,2,8"})
    void claimsTheSameBlocksAsTheBitSetMapOverSeveralPasses(int blocks, int maxSpan, long seed) {
        RandomMap map = new RandomMap(blocks);
        BitSetMap reference = new BitSetMap(blocks);
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 4 * blocks; i++) {
            int span = 1 + random.nextInt(Math.min(maxSpan, blocks));
            long start = random.nextLong(blocks - span + 1);
            assertThat(map.claim(start, span)).as("claim %d", i).isEqualTo(reference.claim(start, span));
        }
    }
}
