package io.iopath.device.flash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.request.Flags;
import io.iopath.request.Op;
import io.iopath.request.Request;
import java.util.BitSet;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FlashDriveTest {
    private static final FlashSpec MSR = FlashPresets.find(FlashPresets.MSR).orElseThrow();

    @Test
    void thePresetIsDiskSimsValidationSsd() {
        // ssdmodel/valid/ssd-rr250k.parv, and ssd_init.c ssd_elem_export_size for the capacity
        assertThat(MSR.elements()).isEqualTo(8);
        assertThat(MSR.planesPerElement()).isEqualTo(8);
        assertThat(MSR.blocksPerPlane()).isEqualTo(2048);
        assertThat(MSR.pagesPerBlock()).isEqualTo(64);
        assertThat(MSR.sectorsPerPage()).isEqualTo(8);
        assertThat(MSR.pageReadNs()).isEqualTo(25_000);
        assertThat(MSR.pageProgramNs()).isEqualTo(200_000);
        assertThat(MSR.blockEraseNs()).isEqualTo(1_500_000);
        assertThat(MSR.reservedBlocksPerPlane()).isEqualTo(307); // 15 % of 2048, rounded down
        // (2048 - 307) blocks × 8 planes × 63 data pages per package, 8 packages, 8 sectors a page
        assertThat(MSR.logicalPagesPerElement()).isEqualTo(1741L * 8 * 63);
        assertThat(MSR.capacitySectors()).isEqualTo(1741L * 8 * 63 * 8 * 8);
        assertThat(MSR.lowWatermarkPerPlane()).isEqualTo(102); // 5 % of 2048
    }

    @Test
    void sequentialReadsAtDepthOneTakeThePageReadItsTransferAndTheBus() {
        // each 4 KiB read: page read + 8 × 528 bytes over the pins + 8 sectors over the host link
        long expected = 25_000 + 8 * 528 * 25 + 8 * 238_400 / 1000;
        FlashHarness h = new FlashHarness(MSR, 1);
        long[] last = {0};
        for (int i = 0; i < 200; i++) {
            Request r = h.submit(Op.READ, i * 8L, 8, 0);
            h.sim.run();
            assertThat(r.completedNs - r.issuedNs).isEqualTo(expected);
            last[0] = r.completedNs;
        }
        double iops = 200 / (last[0] / 1e9);
        assertThat(iops).isCloseTo(1e9 / expected, org.assertj.core.data.Offset.offset(1e-6));
    }

    @Test
    void aWriteTakesTheBusThePinsAndTheProgram() {
        FlashHarness h = new FlashHarness(FlashHarness.small(2, 2, 32, 8, 25, false, 0), 1);
        Request r = h.submit(Op.WRITE, 0, 8, Flags.SYNC);
        h.sim.run();
        assertThat(r.completedNs - r.issuedNs).isEqualTo(8 * 238_400 / 1000 + 8 * 528 * 25 + 200_000);
    }

    @Test
    void aTrimmedPageReadsWithoutFlashAccess() {
        FlashHarness h = new FlashHarness(FlashHarness.small(2, 2, 32, 8, 25, true, 0), 1);
        h.submit(Op.DISCARD, 16, 8, 0);
        h.sim.run();
        assertThat(h.drive.ftl().isMapped(2)).isFalse();
        Request r = h.submit(Op.READ, 16, 8, 0);
        h.sim.run();
        assertThat(r.completedNs - r.issuedNs).isEqualTo(8 * 238_400 / 1000); // the host link only
        assertThat(h.drive.stats().unmappedReads()).isEqualTo(1);
        assertThat(h.drive.stats().trimmedPages()).isEqualTo(1);
    }

    @Test
    void aTrimCoversOnlyWholePages() {
        FlashHarness h = new FlashHarness(FlashHarness.small(2, 2, 32, 8, 25, true, 0), 1);
        h.submit(Op.DISCARD, 4, 16, 0); // half of page 0, all of page 1, half of page 2
        h.sim.run();
        assertThat(h.drive.ftl().isMapped(0)).isTrue();
        assertThat(h.drive.ftl().isMapped(1)).isFalse();
        assertThat(h.drive.ftl().isMapped(2)).isTrue();
    }

    @Test
    void sequentialOverwriteNeverCopiesAPage() {
        // whole blocks go invalid in the order they were written: greedy cleaning finds empty ones
        FlashSpec spec = FlashHarness.small(2, 2, 40, 8, 25, true, 0);
        FlashHarness h = new FlashHarness(spec, 1);
        long pages = spec.logicalPages();
        for (int pass = 0; pass < 3; pass++) {
            for (long p = 0; p < pages; p += 4) {
                h.submit(Op.WRITE, p * 8, (int) Math.min(32, (pages - p) * 8), Flags.SYNC);
                h.sim.run();
            }
        }
        FlashStats s = h.drive.stats();
        assertThat(s.erases()).isPositive();
        assertThat(s.gcPages()).isZero();
        assertThat(s.writeAmplification()).isEqualTo(1.0);
        h.drive.ftl().checkConsistent();
    }

    @Test
    void trimmedSpaceCutsWhatTheCleanerCopies() {
        for (long seed = 1; seed <= 5; seed++) {
            long withTrim = gcCopies(seed, true);
            long without = gcCopies(seed, false);
            assertThat(without).as("seed %d", seed).isPositive();
            assertThat(withTrim).as("seed %d", seed).isLessThan(without);
        }
    }

    /** Random 4 KiB overwrites of the first half of a full drive, the second half trimmed first or not. */
    private static long gcCopies(long seed, boolean trimSecondHalf) {
        FlashSpec spec = FlashHarness.small(2, 2, 64, 16, 20, true, 0);
        FlashHarness h = new FlashHarness(spec, seed);
        long pages = spec.logicalPages();
        if (trimSecondHalf) {
            h.submit(Op.DISCARD, pages / 2 * 8, (int) ((pages - pages / 2) * 8), 0);
            h.sim.run();
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 6 * pages; i++) {
            h.submit(Op.WRITE, rnd.nextLong(pages / 2) * 8, 8, Flags.SYNC);
        }
        h.sim.run();
        h.drive.ftl().checkConsistent();
        return h.drive.stats().gcPages();
    }

    @Test
    void invariantsHoldOverRandomConfigurationsAndWorkloads() {
        SplittableRandom configs = new SplittableRandom(20261202);
        for (int c = 0; c < 40; c++) {
            int elements = 1 + configs.nextInt(4);
            int planes = 1 + configs.nextInt(4);
            int ppb = 4 + configs.nextInt(29);
            int blocks = 24 + configs.nextInt(40);
            int reserve = 15 + configs.nextInt(20);
            boolean full = configs.nextBoolean();
            int cache = configs.nextBoolean() ? 0 : 1 + configs.nextInt(64);
            FlashSpec spec = FlashHarness.small(elements, planes, blocks, ppb, reserve, full, cache).withMaxQueue(1 + configs.nextInt(32));
            long seed = configs.nextLong();
            String what = spec + " seed " + seed;
            FlashHarness h = new FlashHarness(spec, seed);
            long pages = spec.logicalPages();
            // what the host has written and not trimmed since, page by page, in the order submitted
            BitSet expected = new BitSet();
            if (full) {
                expected.set(0, (int) pages);
            }
            SplittableRandom rnd = new SplittableRandom(seed);
            int commands = (int) (3 * pages);
            for (int i = 0; i < commands; i++) {
                int n = 1 + rnd.nextInt(24); // sectors
                long sector = rnd.nextLong(pages * 8 - n + 1);
                int k = rnd.nextInt(10);
                if (k < 6) {
                    h.submit(Op.WRITE, sector, n, rnd.nextInt(4) == 0 ? Flags.FUA : Flags.SYNC);
                    expected.set((int) (sector / 8), (int) ((sector + n - 1) / 8) + 1);
                } else if (k < 8) {
                    h.submit(Op.DISCARD, sector, n, 0);
                    long first = (sector + 7) / 8;
                    long end = (sector + n) / 8; // whole pages only
                    if (end > first) {
                        expected.clear((int) first, (int) end);
                    }
                } else if (k < 9) {
                    h.submit(Op.READ, sector, n, 0);
                } else {
                    h.submit(Op.FLUSH, 0, 0, 0);
                }
                if (rnd.nextInt(8) == 0) {
                    h.sim.run();
                }
            }
            h.sim.run();
            assertThat(h.done).as(what).hasSize(commands);
            PageMappedFtl ftl = h.drive.ftl();
            ftl.checkConsistent();
            FlashStats s = h.drive.stats();
            assertThat(s.mappedPages()).as(what).isLessThanOrEqualTo(s.logicalPages());
            assertThat(s.writeAmplification()).as(what).isGreaterThanOrEqualTo(1.0);
            for (long p = 0; p < pages; p++) {
                // the cleaner moved pages but lost none, and a trimmed page stays unmapped
                assertThat(ftl.isMapped(p)).as("%s page %d", what, p).isEqualTo(expected.get((int) p));
            }
            for (Request r : h.done) {
                assertThat(r.completedNs).as(what).isGreaterThanOrEqualTo(r.issuedNs);
            }
        }
    }

    @Test
    void aFlushWaitsForTheBufferedPages() {
        FlashHarness h = new FlashHarness(FlashHarness.small(1, 1, 32, 8, 25, false, 16), 1);
        Request w = h.submit(Op.WRITE, 0, 32, Flags.SYNC); // 4 pages, acknowledged from the buffer
        long bus = 32 * 238_400 / 1000;
        Request[] flush = new Request[1];
        h.sim.at(bus, () -> flush[0] = h.submit(Op.FLUSH, 0, 0, 0)); // after the write's acknowledgement
        h.sim.run();
        Request f = flush[0];
        assertThat(w.completedNs).isEqualTo(bus);
        // one package, one plane: the four pages are programmed one after the other
        assertThat(f.completedNs).isEqualTo(bus + 4 * (8 * 528 * 25 + 200_000));
    }

    @Test
    void aParameterFileOutsideTheModelIsRefusedWithItsLine() throws Exception {
        String text = new String(FlashDriveTest.class.getResourceAsStream("/io/iopath/device/flash/presets/ssd-rr250k.parv").readAllBytes(),
                java.nio.charset.StandardCharsets.UTF_8).replace("Cleaning policy = 2", "Cleaning policy = 3");
        java.nio.file.Path f = java.nio.file.Files.createTempFile("ssd", ".parv");
        java.nio.file.Files.writeString(f, text);
        assertThatThrownBy(() -> FlashPresets.load(f)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Cleaning policy").hasMessageContaining("greedy").hasMessageContaining(":136");
    }
}
