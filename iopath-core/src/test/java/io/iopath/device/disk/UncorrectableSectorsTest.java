package io.iopath.device.disk;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class UncorrectableSectorsTest {
    @Test
    void marksAndClearsAgreeWithASectorMapOverManySeededRuns() {
        for (long seed = 1; seed <= 40; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            UncorrectableSectors u = new UncorrectableSectors();
            boolean[] map = new boolean[256];
            for (int step = 0; step < 200; step++) {
                int lba = rnd.nextInt(240);
                int n = 1 + rnd.nextInt(16);
                if (rnd.nextBoolean()) {
                    u.mark(lba, n);
                    java.util.Arrays.fill(map, lba, lba + n, true);
                } else {
                    u.clear(lba, n);
                    java.util.Arrays.fill(map, lba, lba + n, false);
                }
                int q = rnd.nextInt(250);
                int qn = 1 + rnd.nextInt(6);
                boolean any = false;
                for (int i = q; i < q + qn; i++) {
                    any |= map[i];
                }
                assertThat(u.overlaps(q, qn)).as("seed %d step %d read %d+%d", seed, step, q, qn).isEqualTo(any);
            }
        }
    }
}
