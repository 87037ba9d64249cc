package io.iopath.device.flash;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.request.Flags;
import io.iopath.request.Op;
import io.iopath.request.Request;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The ssd-msr preset against DiskSim 4.0 with the MSR SSD add-on on its own synthetic tests
 * (ssdmodel/valid/ssd-*250k.parv; DiskSim's summary lines and the commands are in
 * test resources io/iopath/device/flash/disksim/ssdmodel-synthetic.txt). The workload is drawn
 * as DiskSim's synthetic generator draws it (disksim_synthio.c {@code synthio_generatenextio}),
 * from another random stream: open arrivals uniform on 0..1 ms; a request of
 * ceil(⌊x⌋ / 8) blocks of 8 sectors, x exponential with mean 8 ("Sizes = exponential, 0, 8",
 * "Blocking factor = 8"; 0 is drawn again); random: a block uniform over the 877 363 blocks of
 * "Storage capacity per device = 7018904"; sequential: the block after the last, the size kept.
 * Tolerance: 2 % on the mean response time (the runs differ in their random draws only).
 */
class SsdModelSyntheticTest {
    private static final long SECTORS = 7_018_904;
    private static final int BLOCKING = 8;

    @Test
    void sequentialReads() {
        assertThat(meanResponseMs(250_000, true, true, 1)).isCloseTo(reference("sr"), org.assertj.core.data.Percentage.withPercentage(2));
    }

    @Test
    void sequentialWrites() {
        assertThat(meanResponseMs(250_000, true, false, 2)).isCloseTo(reference("sw"), org.assertj.core.data.Percentage.withPercentage(2));
    }

    @Test
    void randomReads() {
        assertThat(meanResponseMs(250_000, false, true, 3)).isCloseTo(reference("rr"), org.assertj.core.data.Percentage.withPercentage(2));
    }

    @Test
    void randomWrites() {
        assertThat(meanResponseMs(250_000, false, false, 4)).isCloseTo(reference("rw"), org.assertj.core.data.Percentage.withPercentage(2));
    }

    /**
     * Past the reserve: 1.5 M random writes (DiskSim's ssd-rw5m.parv cut to 1.5 M requests, the
     * derived file beside the others) clean blocks from about the 500 000th on. The cleaner's
     * work — pages copied and blocks erased, summed over the 8 packages — and the mean response
     * time, within 2 %.
     */
    @Test
    void randomWritesPastTheReserveCleanAsDiskSimDoes() {
        Run r = run(1_500_000, false, false, 5);
        assertThat(r.meanMs()).isCloseTo(reference("rw1500k"), org.assertj.core.data.Percentage.withPercentage(2));
        assertThat((double) r.stats().gcPages()).isCloseTo(sum("rw1500k", "Pages moved"), org.assertj.core.data.Percentage.withPercentage(2));
        assertThat((double) r.stats().erases()).isCloseTo(sum("rw1500k", "Number of cleans"), org.assertj.core.data.Percentage.withPercentage(2));
        assertThat(r.stats().writeAmplification()).isGreaterThan(1.0);
    }

    /** A per-package counter of DiskSim's summary ("ssd  #0 elem #N   KEY:"), summed over the packages. */
    static double sum(String run, String key) {
        String text = summary();
        int at = text.indexOf("[" + run + "]");
        int end = text.indexOf("\n[", at + 1);
        String part = end < 0 ? text.substring(at) : text.substring(at, end);
        Matcher m = Pattern.compile("elem #\\d+\\s+" + Pattern.quote(key) + ":\\s*([0-9]+)").matcher(part);
        double total = 0;
        int n = 0;
        while (m.find()) {
            total += Long.parseLong(m.group(1));
            n++;
        }
        if (n != 8) {
            throw new IllegalStateException(n + " packages' " + key + " in " + run);
        }
        return total;
    }

    private static String summary() {
        try (InputStream in = SsdModelSyntheticTest.class.getResourceAsStream("/io/iopath/device/flash/disksim/ssdmodel-synthetic.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static double meanResponseMs(int requests, boolean sequential, boolean read, long seed) {
        return run(requests, sequential, read, seed).meanMs;
    }

    record Run(double meanMs, FlashStats stats) {
    }

    static Run run(int requests, boolean sequential, boolean read, long seed) {
        FlashHarness h = new FlashHarness(FlashPresets.find(FlashPresets.MSR).orElseThrow(), seed);
        SplittableRandom rnd = new SplittableRandom(seed);
        long blocks = SECTORS / BLOCKING;
        long t = 0;
        long block = -1;
        long count = 0;
        for (int i = 0; i < requests; i++) {
            t += (long) (rnd.nextDouble() * 1_000_000); // uniform 0..1 ms
            if (!sequential || block < 0 || block + 2 * count >= blocks) {
                do {
                    block = (long) (rnd.nextDouble() * blocks);
                    count = ((long) (-8 * Math.log(1 - rnd.nextDouble())) + BLOCKING - 1) / BLOCKING;
                    if (sequential) {
                        // a sequential run keeps its first request's size throughout: DiskSim's
                        // drew one block (its "Request size average: 8.000000"), so does this one
                        count = 1;
                    }
                } while (block + count >= blocks || count == 0);
            } else {
                block += count;
            }
            long sector = block * BLOCKING;
            int sectors = (int) (count * BLOCKING);
            h.sim.at(t, () -> h.submit(read ? Op.READ : Op.WRITE, sector, sectors, read ? 0 : Flags.SYNC));
        }
        h.sim.run();
        double sum = 0;
        for (Request r : h.done) {
            sum += r.completedNs - r.issuedNs;
        }
        assertThat(h.done).hasSize(requests);
        h.drive.ftl().checkConsistent();
        return new Run(sum / requests / 1e6, h.drive.stats());
    }

    /** DiskSim's "ssd Response time average" of one run in the captured summary. */
    static double reference(String run) {
        Matcher m = Pattern.compile("\\[" + run + "\\][^\\[]*?ssd Response time average:\\s*([0-9.]+)").matcher(summary());
        if (!m.find()) {
            throw new IllegalStateException("no response time for " + run);
        }
        return Double.parseDouble(m.group(1));
    }
}
