package io.iopath.workload.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LfsrTest {
    /** Real fio 3.33's sequence (README: the command): after its first value, ours from that state gives the rest. */
    @Test
    void followsRealFiosSequence() {
        List<Long> blocks = new ArrayList<>();
        for (String io : FioIolog.ios("fio-lfsr-1000.iolog")) {
            String[] f = io.split(" ");
            if (f[0].equals("write")) {
                blocks.add(Long.parseLong(f[1]) / 4096);
            }
        }
        assertThat(blocks).hasSize(1000);
        Lfsr l = Lfsr.resumedAt(1000, blocks.get(0));
        for (int i = 1; i < blocks.size(); i++) {
            assertThat(l.next()).as("value %d", i).isEqualTo(blocks.get(i));
        }
        assertThat(l.next()).isEqualTo(-1); // fio's lfsr_next returns 1: the job's random blocks are done
    }

    /** Maximal length: every block once, then the end, for many sizes, seeds and spins. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 7, 8, 9, 255, 256, 1000, 4097, 65_535, 100_003})
    void everyBlockOnceThenTheEnd(long count) {
        SplittableRandom r = new SplittableRandom(count);
        for (int trial = 0; trial < 4; trial++) {
            long mask = Lfsr.stateMask(count);
            long seed;
            do {
                seed = r.nextLong() & mask;
            } while (seed == mask);
            Lfsr l = new Lfsr(count, seed, trial * 5);
            BitSet seen = new BitSet();
            for (long i = 0; i < count; i++) {
                long b = l.next();
                assertThat(b).isBetween(0L, count - 1);
                assertThat(seen.get((int) b)).as("block %d twice", b).isFalse();
                seen.set((int) b);
            }
            assertThat(l.next()).isEqualTo(-1);
        }
    }

    @Test
    void refusesTheAllOnesSeed() {
        assertThatThrownBy(() -> new Lfsr(1000, 1023, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThat(Lfsr.bitsFor(1000)).isEqualTo(10);
        assertThat(Lfsr.bitsFor(1)).isEqualTo(3); // lfsr.c find_lfsr starts at 3 bits
    }
}
