package io.iopath.experiment;

import io.iopath.result.PowerLossReport;
import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.DeviceResponse;
import io.iopath.device.disk.Disk;
import io.iopath.device.disk.DriveScheduler;
import io.iopath.device.disk.DriveSpec;
import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.durability.DurabilityLedger;
import io.iopath.result.PowerLossReport;
import io.iopath.request.Bio;
import io.iopath.request.Flags;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.sim.Simulator;
import java.util.ArrayDeque;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class PowerCutTest {

    static LongStream seeds() {
        return LongStream.rangeClosed(1, 60);
    }

    /**
     * Random mixes of cached writes, FUA writes, reads and flushes from several host threads,
     * cut by a power failure at a random time: acknowledged writes may be lost, but never one a
     * completed FLUSH or FUA covered.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void powerFailureNeverLosesAWriteAFlushOrFuaPromised(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        PowerLossReport report = run(seed, rnd, rnd.nextInt(4) != 0);
        assertThat(report.promisedLost()).as("promised writes lost: %s", report).isZero();
    }

    /** The check above is not vacuous: with the cache on, acknowledged writes do get lost. */
    @org.junit.jupiter.api.Test
    void writeBackLosesAcknowledgedWrites() {
        long lost = 0;
        for (long seed = 1; seed <= 20; seed++) {
            lost += run(seed, new SplittableRandom(seed), true).acknowledgedLost();
        }
        assertThat(lost).isPositive();
    }

    private static PowerLossReport run(long seed, SplittableRandom rnd, boolean writeCache) {
        String[] names = {"laptop-7200-250g", "cheetah-15k5-146g", "seagate-18g-scsi"};
        DriveSpec spec = DrivePresets.find(names[rnd.nextInt(names.length)]).orElseThrow()
                .withWriteCache(writeCache)
                .withQueue(1 + rnd.nextInt(32), DriveScheduler.values()[rnd.nextInt(DriveScheduler.values().length)]);
        Simulator sim = new Simulator(seed);
        DurabilityLedger ledger = new DurabilityLedger();
        Disk disk = new Disk(sim, spec, ledger);
        long[] ids = {0};
        ArrayDeque<Request> retry = new ArrayDeque<>();
        long span = Math.min(spec.capacitySectors(), 2_000_000) - 256;
        Runnable[] issue = new Runnable[1];
        issue[0] = () -> {
            Request r = retry.pollFirst();
            if (r == null) {
                int kind = rnd.nextInt(20);
                Op op = kind < 9 ? Op.WRITE : kind < 18 ? Op.READ : Op.FLUSH;
                int flags = op == Op.WRITE && rnd.nextInt(6) == 0 ? Flags.FUA : 0;
                long lba = op == Op.FLUSH ? 0 : rnd.nextLong(span);
                int n = op == Op.FLUSH ? 0 : 1 + rnd.nextInt(128);
                long id = ids[0]++;
                r = new Request(id, new Bio(id, op, lba, n, flags, 1, b -> { }));
            }
            // the host waits as libata does: a FLUSH on a SATA NCQ drive only on an idle link
            if (!disk.linkAllows(r.op) || disk.submit(r) != DeviceResponse.ACCEPTED) {
                retry.addFirst(r);
                sim.after(200_000, issue[0]);
            }
        };
        disk.setCompletionSink(r -> {
            r.complete(sim.now());
            sim.after(rnd.nextInt(2_000_000), issue[0]);
        });
        int threads = 1 + rnd.nextInt(8);
        for (int i = 0; i < threads; i++) {
            sim.after(rnd.nextInt(1_000_000), issue[0]);
        }
        long failAt = 5_000_000L + rnd.nextLong(400_000_000L);
        PowerCut failure = PowerCut.at(sim, disk, ledger, failAt);
        sim.run();
        PowerLossReport report = failure.report().orElseThrow();
        if (!spec.cache().writeCache()) {
            assertThat(report.acknowledgedLost()).isZero();
        }
        assertThat(report.atNs()).isEqualTo(failAt);
        return report;
    }
}
