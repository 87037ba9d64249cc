package io.iopath.device.disk;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.DeviceResponse;
import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.request.Flags;
import io.iopath.request.Op;
import io.iopath.request.Request;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Over many seeded random drives and command mixes: every accepted command completes exactly
 * once, never before it was issued, and when the host stops the drive ends idle with nothing
 * dirty, nothing tagged and every write on the media.
 */
class DriveInvariantsTest {
    static LongStream seeds() {
        return LongStream.rangeClosed(1, 40);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void everyCommandCompletesOnceAndTheDriveDrains(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<String> names = DrivePresets.names();
        DriveSpec spec = DrivePresets.find(names.get(rnd.nextInt(names.size()))).orElseThrow()
                .withWriteCache(rnd.nextBoolean())
                .withQueue(1 + rnd.nextInt(64), DriveScheduler.values()[rnd.nextInt(DriveScheduler.values().length)]);
        // either controller rule for a command that finds the mechanism busy, on any drive (drawn
        // apart, so that each seed's drive and command mix stay what they were)
        spec = spec.withOverheadFromArrival(new SplittableRandom(~seed).nextBoolean());
        DriveHarness h = new DriveHarness(spec, seed);
        Set<Long> completed = new HashSet<>();
        ArrayDeque<Request> retry = new ArrayDeque<>();
        int total = 300 + rnd.nextInt(300);
        int[] made = {0};
        long span = spec.capacitySectors() - 300;
        boolean local = rnd.nextBoolean(); // overlapping traffic in a small region
        Runnable[] issue = new Runnable[1];
        issue[0] = () -> {
            Request r = retry.pollFirst();
            if (r == null) {
                if (made[0] >= total) {
                    return;
                }
                made[0]++;
                int k = rnd.nextInt(20);
                Op op = k < 9 ? Op.READ : k < 19 ? Op.WRITE : Op.FLUSH;
                int flags = op != Op.FLUSH && rnd.nextInt(8) == 0 ? Flags.FUA : 0;
                long lba = local ? rnd.nextLong(2000) : rnd.nextLong(span);
                r = h.request(op, op == Op.FLUSH ? 0 : lba, op == Op.FLUSH ? 0 : 1 + rnd.nextInt(256), flags);
            }
            // the host waits as libata does: a FLUSH on a SATA NCQ drive only on an idle link
            if (!h.disk.linkAllows(r.op) || h.submit(r) != DeviceResponse.ACCEPTED) {
                retry.addFirst(r);
            }
        };
        h.onDone = r -> {
            assertThat(completed.add(r.id)).as("%s completed twice", r).isTrue();
            assertThat(r.completedNs).isGreaterThanOrEqualTo(r.issuedNs);
            h.sim.after(rnd.nextInt(3_000_000), issue[0]);
        };
        int streams = 1 + rnd.nextInt(16);
        for (int i = 0; i < streams; i++) {
            h.sim.after(rnd.nextInt(1_000_000), issue[0]);
        }
        h.sim.run();
        assertThat(retry).isEmpty();
        assertThat(completed).hasSize(made[0]);
        assertThat(h.disk.tagged()).isZero();
        assertThat(h.disk.dirtyExtents()).isZero();
        assertThat(h.disk.dirtySectors()).isZero();
        assertThat(h.ledger.volatileCount()).isZero();
    }
}
