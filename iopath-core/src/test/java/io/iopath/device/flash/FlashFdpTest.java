package io.iopath.device.flash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.request.Flags;
import io.iopath.request.Op;
import java.util.BitSet;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Flexible data placement on the flash drive: each reclaim unit handle writes its own blocks. */
class FlashFdpTest {

    @Test
    void noBlockEverHoldsValidDataOfTwoHandlesOverRandomConfigurations() {
        SplittableRandom configs = new SplittableRandom(20261214);
        for (int c = 0; c < 30; c++) {
            int handles = 2 + configs.nextInt(7);
            int elements = 1 + configs.nextInt(3);
            int planes = 1 + configs.nextInt(3);
            int ppb = 4 + configs.nextInt(13);
            int blocks = 48 + configs.nextInt(40);
            int reserve = 30 + configs.nextInt(15);
            boolean full = configs.nextBoolean();
            int cache = configs.nextBoolean() ? 0 : 1 + configs.nextInt(32);
            FlashSpec spec = FlashHarness.small(elements, planes, blocks, ppb, reserve, full, cache)
                    .withMaxQueue(1 + configs.nextInt(16)).withFdpHandles(handles);
            long seed = configs.nextLong();
            String what = spec + " seed " + seed;
            FlashHarness h = new FlashHarness(spec, seed);
            long pages = spec.logicalPages();
            BitSet live = new BitSet();
            if (full) {
                live.set(0, (int) pages);
            }
            // the handle of the last write to touch each page (the power-on data is handle 0's)
            int[] lastHandle = new int[(int) pages];
            SplittableRandom rnd = new SplittableRandom(seed);
            int commands = (int) (4 * pages);
            for (int i = 0; i < commands; i++) {
                int n = 1 + rnd.nextInt(24);
                long sector = rnd.nextLong(pages * 8 - n + 1);
                int k = rnd.nextInt(10);
                if (k < 7) {
                    // some without the directive (-1) and some with an identifier the drive lacks: both placement handle 0
                    int pid = rnd.nextInt(10) == 0 ? -1 : rnd.nextInt(20) == 0 ? handles + rnd.nextInt(4) : rnd.nextInt(handles);
                    h.submitPlaced(sector, n, Flags.SYNC, pid);
                    int handle = pid >= 0 && pid < handles ? pid : 0;
                    for (long p = sector / 8; p <= (sector + n - 1) / 8; p++) {
                        lastHandle[(int) p] = handle;
                    }
                    live.set((int) (sector / 8), (int) ((sector + n - 1) / 8) + 1);
                } else if (k < 9) {
                    h.submit(Op.DISCARD, sector, n, 0);
                    long first = (sector + 7) / 8;
                    long end = (sector + n) / 8;
                    if (end > first) {
                        live.clear((int) first, (int) end);
                    }
                } else {
                    h.submit(Op.READ, sector, n, 0);
                }
                if (rnd.nextInt(8) == 0) {
                    h.sim.run();
                }
            }
            h.sim.run();
            assertThat(h.done).as(what).hasSize(commands);
            PageMappedFtl ftl = h.drive.ftl();
            ftl.checkConsistent(); // among others: valid flash pages == mapped host pages
            FlashStats s = h.drive.stats();
            assertThat(s.mappedPages()).as(what).isEqualTo(live.cardinality()); // valid pages == live LBAs
            assertThat(s.gcPages()).as(what).isGreaterThan(0); // the cleaner ran, so its copies were checked too
            long sum = 0;
            for (long g : s.gcPagesByHandle()) {
                sum += g;
            }
            assertThat(sum).as(what).isEqualTo(s.gcPages());
            int[] blockHandle = new int[spec.elements() * spec.blocksPerElement()];
            java.util.Arrays.fill(blockHandle, -1);
            for (long p = 0; p < pages; p++) {
                assertThat(ftl.isMapped(p)).as("%s page %d", what, p).isEqualTo(live.get((int) p));
                int b = ftl.blockOf(p);
                if (b < 0) {
                    continue;
                }
                // the page's data is in a block of the handle it was written through, and every
                // valid page of that block came through that same handle
                assertThat(ftl.handleOfBlock(b)).as("%s page %d", what, p).isEqualTo(lastHandle[(int) p]);
                if (blockHandle[b] < 0) {
                    blockHandle[b] = lastHandle[(int) p];
                }
                assertThat(lastHandle[(int) p]).as("%s block %d", what, b).isEqualTo(blockHandle[b]);
            }
        }
    }

    /**
     * Two streams on a full drive: a hot region rewritten at random through handle 1, and a cold
     * region written once, sequentially, through handle 2. With FDP the cold blocks hold only
     * cold data, which stays valid: the cleaner never copies a cold page, and it copies no more
     * in all than when both streams share the planes' open blocks.
     */
    @Test
    void segregatedColdDataIsNeverCopiedAndCopiesNoMore() {
        for (long seed = 1; seed <= 5; seed++) {
            long withFdp = hotAndCold(seed, true);
            long without = hotAndCold(seed, false);
            assertThat(withFdp).as("seed %d", seed).isLessThanOrEqualTo(without);
        }
    }

    private static long hotAndCold(long seed, boolean fdp) {
        FlashSpec spec = FlashHarness.small(2, 2, 64, 16, 25, false, 0);
        if (fdp) {
            spec = spec.withFdpHandles(4);
        }
        FlashHarness h = new FlashHarness(spec, seed);
        long pages = spec.logicalPages();
        long hot = pages / 4;
        long coldStart = hot;
        long coldEnd = pages * 9 / 10;
        SplittableRandom rnd = new SplittableRandom(seed);
        long cold = coldStart;
        long written = 0;
        // interleaved: after each cold page, a few hot rewrites, so without FDP the blocks mix both
        while (cold < coldEnd) {
            h.submitPlaced(cold * 8, 8, Flags.SYNC, fdp ? 2 : -1);
            cold++;
            for (int k = 0; k < 3; k++) {
                h.submitPlaced(rnd.nextLong(hot) * 8, 8, Flags.SYNC, fdp ? 1 : -1);
                written++;
            }
            if (cold % 64 == 0) {
                h.sim.run();
            }
        }
        for (long i = 0; i < 4 * pages; i++) {
            h.submitPlaced(rnd.nextLong(hot) * 8, 8, Flags.SYNC, fdp ? 1 : -1);
            if (i % 64 == 0) {
                h.sim.run();
            }
        }
        h.sim.run();
        h.drive.ftl().checkConsistent();
        FlashStats s = h.drive.stats();
        assertThat(s.gcPages()).as("the cleaner ran (seed %d, fdp %s)", seed, fdp).isGreaterThan(0);
        if (fdp) {
            assertThat(s.gcPages(2)).as("cold pages copied, seed %d", seed).isZero();
            assertThat(s.gcPages(1)).isEqualTo(s.gcPages());
        }
        return s.gcPages();
    }

    @Test
    void withoutFdpTheDriveHasOneOpenBlockAPlaneAsBefore() {
        // a placement identifier on a drive without FDP changes nothing: the same copies as none at all
        FlashSpec spec = FlashHarness.small(2, 2, 48, 8, 25, true, 0);
        long[] copies = new long[2];
        for (int run = 0; run < 2; run++) {
            FlashHarness h = new FlashHarness(spec, 7);
            SplittableRandom rnd = new SplittableRandom(7);
            SplittableRandom pids = new SplittableRandom(8);
            for (int i = 0; i < 4 * spec.logicalPages(); i++) {
                h.submitPlaced(rnd.nextLong(spec.logicalPages()) * 8, 8, Flags.SYNC, run == 0 ? -1 : pids.nextInt(4));
            }
            h.sim.run();
            copies[run] = h.drive.stats().gcPages();
            assertThat(h.drive.stats().gcPagesByHandle()).isEmpty();
        }
        assertThat(copies[0]).isGreaterThan(0).isEqualTo(copies[1]);
    }

    @Test
    void tooManyHandlesForTheReserveAreRefused() {
        // 25 % of 16 blocks: 4 reserved, watermark 0; 4 handles need 4 open blocks and one to clean into
        assertThatThrownBy(() -> FlashHarness.small(1, 1, 16, 8, 25, false, 0).withFdpHandles(4))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("4 reclaim unit handles");
        assertThat(FlashHarness.small(1, 1, 16, 8, 25, false, 0).withFdpHandles(3).fdpHandles()).isEqualTo(3);
        assertThatThrownBy(() -> FlashHarness.small(1, 1, 2048, 8, 25, false, 0).withFdpHandles(129))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0 (none) to 128");
    }
}
