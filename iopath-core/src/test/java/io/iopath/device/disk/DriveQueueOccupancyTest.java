package io.iopath.device.disk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.iopath.device.DeviceResponse;
import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.request.Op;
import io.iopath.request.Request;
import java.util.ArrayDeque;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The drive's queue statistics (results.json {@code drive_queue}, the sweep's "drive tagged" and
 * "drive effective") are time averages of what the drive holds: tagged commands, and tagged
 * commands plus dirty runs (disk-drive spec §9.4). Checked against an independent integration:
 * the test samples {@link Disk#tagged} and {@link Disk#dirtyExtents} every {@link #STEP_NS} of
 * simulated time. Each change of either count makes the sampled integral differ from the exact
 * one by at most the size of the change times one step, so the two means may differ by at most
 * (number of changes × largest change × step) / run time: with one change per command start,
 * completion, admission and destage, a few per command, that is below {@link #TOLERANCE} here.
 *
 * <p>Random 4 KiB writes on the Cheetah 15K.5 (SCSI, TCQ 64, 16 write segments) with the write
 * cache on, the host keeping {@code outstanding} writes and retrying a QUEUE FULL after the next
 * completion, as the mid-layer does. Before the fix the effective mean left out each run's
 * destage time (the count was integrated after the run had left the buffer): about one run
 * missing whenever the drive destaged, i.e. nearly always.
 */
class DriveQueueOccupancyTest {
    private static final long STEP_NS = 1_000;
    private static final double TOLERANCE = 0.01;

    @ParameterizedTest(name = "{0} outstanding")
    @CsvSource({"1", "16", "60"})
    void meanTaggedAndEffectiveQueueAreTheTimeAveragesOfWhatTheDriveHolds(int outstanding) {
        DriveSpec spec = DrivePresets.find("cheetah-15k5-146g").orElseThrow().withWriteCache(true);
        DriveHarness h = new DriveHarness(spec, 1);
        SplittableRandom rnd = new SplittableRandom(7);
        long span = spec.capacitySectors() - 8;
        int[] inFlight = {0};
        ArrayDeque<Request> refused = new ArrayDeque<>();
        Runnable pump = () -> {
            while (!refused.isEmpty()) {
                if (h.submit(refused.peekFirst()) != DeviceResponse.ACCEPTED) {
                    return; // still full: retry at the next completion
                }
                refused.pollFirst();
                inFlight[0]++;
            }
            while (inFlight[0] < outstanding) {
                Request r = h.request(Op.WRITE, rnd.nextLong(span) & ~7L, 8, 0);
                if (h.submit(r) != DeviceResponse.ACCEPTED) {
                    refused.addLast(r);
                    return;
                }
                inFlight[0]++;
            }
        };
        h.onDone = r -> {
            inFlight[0]--;
            pump.run();
        };
        pump.run();
        double[] sums = new double[2];
        long[] samples = {0};
        long end = 2_000_000_000L;
        Runnable[] sample = new Runnable[1];
        sample[0] = () -> {
            sums[0] += h.disk.tagged();
            sums[1] += h.disk.tagged() + h.disk.dirtyExtents();
            samples[0]++;
            if (h.sim.now() + STEP_NS < end) {
                h.sim.after(STEP_NS, sample[0]);
            }
        };
        h.sim.after(STEP_NS / 2, sample[0]);
        h.sim.runUntil(end);

        double tagged = h.disk.meanTaggedQueue();
        double effective = h.disk.meanEffectiveQueue();
        assertThat(tagged).as("mean tagged").isCloseTo(sums[0] / samples[0], within(TOLERANCE));
        assertThat(effective).as("mean effective").isCloseTo(sums[1] / samples[0], within(TOLERANCE));
        // commands were queued all along: the host kept `outstanding` of them at the drive or
        // waiting for its QUEUE FULL to clear
        assertThat(tagged).isGreaterThan(0.5);
        assertThat(tagged).isLessThanOrEqualTo(effective);
        assertThat(effective).isLessThanOrEqualTo(spec.maxQueueDepth());
        assertThat(h.disk.maxTaggedQueue()).isLessThanOrEqualTo(spec.maxQueueDepth());
    }
}
