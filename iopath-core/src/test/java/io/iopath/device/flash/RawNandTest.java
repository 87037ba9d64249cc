package io.iopath.device.flash;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The raw NAND behind fio's mtd engine: its costs, worked out by hand, and its page state against a plain model. */
class RawNandTest {
    /** nandsim's delays (nandsim.c do_state_action, do_delays=1): read 25 + 50·512/1000, program 200 + 40·512/1000, erase 2 ms. */
    @Test
    void nandsimCostsAreItsDelaysInWholeMicroseconds() {
        RawNand n = new RawNand(NandChip.NANDSIM);
        assertThat(n.program(0, 0, 512)).isEqualTo(220_000);
        assertThat(n.read(220_000, 0, 512)).isEqualTo(220_000 + 50_000);
        assertThat(n.erase(270_000, 0)).isEqualTo(270_000 + 2_000_000);
        assertThat(NandChip.NANDSIM.sizeBytes()).isEqualTo(128L << 20);
        assertThat(NandChip.NANDSIM.eraseBlockBytes()).isEqualTo(16384);
    }

    /** ssd-msr's chips raw: a page write is the page across the pins (4096 + 128 bytes at 25 ns) and the program; a read the reverse. */
    @Test
    void theFlashDrivesChipsRawCostAPageReadOrProgramAndItsTransfer() {
        NandChip c = NandChip.rawView(FlashPresets.find(FlashPresets.MSR).orElseThrow());
        assertThat(c.eraseBlocks()).isEqualTo(8 * 8 * 2048);
        assertThat(c.pagesPerBlock()).isEqualTo(64);
        assertThat(c.pageBytes()).isEqualTo(4096);
        assertThat(c.pageProgramNs()).isEqualTo(105_600 + 200_000);
        assertThat(c.pageReadNs()).isEqualTo(25_000 + 105_600);
        assertThat(c.blockEraseNs()).isEqualTo(1_500_000);
        RawNand n = new RawNand(c);
        assertThat(n.program(0, 0, 4096)).isEqualTo(305_600);
        assertThat(n.erase(0, 1)).isEqualTo(305_600 + 1_500_000); // the chip is taken for one operation at a time
        assertThat(n.read(0, 100, 10)).isEqualTo(305_600 + 1_500_000 + 130_600); // a partial read reads the page
    }

    /**
     * Seeded random programs and erases on small chips: the device's page state and its count of
     * programs to a page not erased since its last program match a plain model, each block's
     * erases are counted, and each operation ends its cost after the previous one.
     */
    @Test
    void pageStateAndReprogramsMatchAPlainModel() {
        for (int seed = 0; seed < 40; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            NandChip c = new NandChip("t", 1 + r.nextInt(8), 1 + r.nextInt(16), 512 << r.nextInt(4), 512, 1 + r.nextInt(1000),
                    1 + r.nextInt(1000), 1 + r.nextInt(1000));
            RawNand n = new RawNand(c);
            int pages = c.eraseBlocks() * c.pagesPerBlock();
            boolean[] written = new boolean[pages];
            int[] erases = new int[c.eraseBlocks()];
            long reprograms = 0;
            long t = 0;
            for (int op = 0; op < 500; op++) {
                long before = t;
                if (r.nextInt(4) == 0) {
                    int eb = r.nextInt(c.eraseBlocks());
                    t = n.erase(t, eb);
                    erases[eb]++;
                    java.util.Arrays.fill(written, eb * c.pagesPerBlock(), (eb + 1) * c.pagesPerBlock(), false);
                    assertThat(t - before).isEqualTo(c.blockEraseNs());
                } else {
                    int p = r.nextInt(pages);
                    int count = 1 + r.nextInt(Math.min(4, pages - p));
                    t = n.program(t, (long) p * c.pageBytes(), (long) count * c.pageBytes());
                    for (int i = p; i < p + count; i++) {
                        reprograms += written[i] ? 1 : 0;
                        written[i] = true;
                    }
                    assertThat(t - before).isEqualTo(count * c.pageProgramNs());
                }
            }
            assertThat(n.reprograms()).isEqualTo(reprograms);
            for (int p = 0; p < pages; p++) {
                assertThat(n.isProgrammed(p)).isEqualTo(written[p]);
            }
            for (int b = 0; b < c.eraseBlocks(); b++) {
                assertThat(n.eraseCount(b)).isEqualTo(erases[b]);
            }
        }
    }
}
