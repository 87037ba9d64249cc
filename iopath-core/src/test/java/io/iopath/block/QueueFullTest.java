package io.iopath.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.disk.Disk;
import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.device.disk.DriveScheduler;
import io.iopath.device.disk.DriveSpec;
import io.iopath.driver.QueueFullHandling;
import io.iopath.driver.ScsiDriver;
import io.iopath.metrics.blktrace.BlkEvent;
import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.sim.Simulator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * QUEUE FULL: the drive takes 8 commands, the host issues up to 32. No command may be lost or
 * completed twice, and the 2.6 device_blocked stall must show in the event stream: after the
 * requeue (R) the queue drains, then SCSI plugs it (P [scsi]) and the unplug timer (UT) runs the
 * request function again, twice, before issue resumes — (max_device_blocked − 1) × unplug_delay.
 */
class QueueFullTest {
    static Rig run(QueueFullHandling handling, String scheduler) {
        return run(handling, scheduler, Long.MAX_VALUE, 3_000_000_000L);
    }

    /** Eight readers keep eight random reads each in flight (or, with {@code perProcess}, submit that many and stop). */
    static Rig run(QueueFullHandling handling, String scheduler, long perProcess, long runNs) {
        // a device with 8 command slots, answering QUEUE FULL beyond them
        return run(handling, scheduler, perProcess, runNs, s -> TestDevice.seeking(s, 8));
    }

    /**
     * The real drive: the Cheetah 15K.5 preset with its command queue cut to 8 (the scenario's
     * {@code drive.queue_depth: 8}), serving it SPTF, write cache as given.
     */
    static java.util.function.Function<Simulator, io.iopath.device.BlockDevice> cheetahQueue8(boolean wce) {
        DriveSpec spec = DrivePresets.find("cheetah-15k5-146g").orElseThrow()
                .withQueue(8, DriveScheduler.SPTF).withWriteCache(wce);
        return s -> new Disk(s, spec);
    }

    static Rig run(QueueFullHandling handling, String scheduler, long perProcess, long runNs,
                   java.util.function.Function<Simulator, io.iopath.device.BlockDevice> device) {
        Simulator sim = new Simulator(11);
        Rig rig = new Rig(sim, scheduler, Map.of(), Rig.settings(scheduler), 32, handling, device);
        long span = Math.min(400_000_000L, rig.device.capacitySectors() - 8);
        for (int p = 1; p <= 8; p++) {
            var rnd = sim.randoms().stream("p" + p);
            rig.proc(p, "reader" + p, 8, (proc, id) -> proc.issued >= perProcess ? null
                    : proc.bio(id, Op.READ, rnd.nextLong(span) & ~7L, 8, 0));
        }
        rig.run(runNs);
        return rig;
    }

    static void assertNothingLost(Rig rig) {
        long issued = 0;
        for (Rig.Proc p : rig.procs) {
            issued += p.issued;
            for (Bio b : p.bios) {
                assertThat(b.isCompleted()).isTrue();
            }
        }
        assertThat(rig.completions).isEqualTo(issued);
        long completes = rig.trace.events().stream().filter(e -> e.action() == BlkAction.C).count();
        assertThat(completes).as("one C per request").isEqualTo(rig.queue.stats().requestsAllocated());
        assertThat(rig.driver.busy()).isZero();
        assertThat(rig.queue.hasPending()).isFalse();
    }

    @ParameterizedTest
    @EnumSource(QueueFullHandling.class)
    void noCommandIsLostAndEachCompletesOnce(QueueFullHandling handling) {
        Rig rig = run(handling, "noop");
        assertThat(rig.driver.queueFulls()).isPositive();
        assertNothingLost(rig);
    }

    @ParameterizedTest
    @EnumSource(QueueFullHandling.class)
    void onTheRealDriveWithItsQueueCutTo8NoCommandIsLost(QueueFullHandling handling) {
        Rig rig = run(handling, "noop", Long.MAX_VALUE, 3_000_000_000L, cheetahQueue8(false));
        assertThat(rig.driver.queueFulls()).isPositive();
        assertThat(((Disk) rig.device).maxTaggedQueue()).isEqualTo(8);
        assertNothingLost(rig);
        assertThat(((Disk) rig.device).tagged()).isZero();
    }

    @ParameterizedTest
    @EnumSource(QueueFullHandling.class)
    void underWriteBackTheEffectiveQueueAnswersQueueFullAndNothingIsLost(QueueFullHandling handling) {
        // Half the processes write: dirty extents count against the 8 slots (the effective
        // queue), so the drive refuses with fewer than 8 commands tagged.
        Simulator sim = new Simulator(5);
        Rig rig = new Rig(sim, "deadline", Map.of(), Rig.settings("deadline"), 32, handling, cheetahQueue8(true));
        for (int p = 1; p <= 8; p++) {
            var rnd = sim.randoms().stream("p" + p);
            Op op = p % 2 == 0 ? Op.WRITE : Op.READ;
            rig.proc(p, "p" + p, 8, (proc, id) -> proc.bio(id, op, rnd.nextLong(200_000_000L) & ~7L, 8, 0));
        }
        rig.run(3_000_000_000L);
        Disk disk = (Disk) rig.device;
        assertThat(rig.driver.queueFulls()).isPositive();
        assertThat(disk.maxEffectiveQueue()).isGreaterThanOrEqualTo(8);
        assertThat(disk.meanTaggedQueue()).as("refused below the advertised 8").isLessThan(8);
        assertNothingLost(rig);
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"deadline", "cfq", "mq-deadline"})
    void aScenarioWithDriveQueue8AndHostDepth32(String scheduler) {
        // the issue's case as a user writes it: drive.queue_depth 8 on a real preset, host depth 32
        io.iopath.scenario.Scenario sc = io.iopath.scenario.ScenarioReader.read("qf.yaml", """
                drive:
                  preset: cheetah-15k5-146g
                  queue_depth: 8
                host:
                  queue_depth: 32
                jobs:
                  - {name: r1, rw: randread, bs: 4k, iodepth: 16, size: 100g, number_ios: 400}
                  - {name: r2, rw: randread, bs: 4k, iodepth: 16, size: 100g, number_ios: 400}
                  - {name: w, rw: randwrite, bs: 4k, iodepth: 8, size: 100g, number_ios: 400}
                """, java.util.List.of("host.scheduler=" + scheduler));
        io.iopath.result.Result r = io.iopath.experiment.ScenarioRun.run(sc);
        assertThat(r.queueFulls()).isPositive();
        assertThat(r.driveQueue().queueFullAnswered()).isEqualTo(r.queueFulls());
        assertThat(r.driveQueue().maxTagged()).isLessThanOrEqualTo(8);
        assertThat(r.total().ios()).as("every IO completed once").isEqualTo(1200);
    }

    @Test
    void theDeviceBlockedStallIsVisibleInTheEventStream() {
        assertTheStallIsVisible(run(QueueFullHandling.MIDLAYER, "deadline", 8, Long.MAX_VALUE));
    }

    @Test
    void theDeviceBlockedStallIsVisibleOnTheRealDrive() {
        assertTheStallIsVisible(run(QueueFullHandling.MIDLAYER, "deadline", 8, Long.MAX_VALUE, cheetahQueue8(false)));
    }

    static void assertTheStallIsVisible(Rig rig) {
        // 64 reads submitted at once and nothing after: every new bio would unplug the queue and
        // end a stall early (as sync bios do in 2.6.20), so only completions and timers run the
        // queue here and each stall has its full length.
        long unplugDelay = rig.queue.settings().unplugDelayNs();
        List<BlkEvent> ev = rig.trace.events();
        int stalls = 0;
        for (int i = 0; i < ev.size(); i++) {
            if (ev.get(i).action() != BlkAction.R) {
                continue;
            }
            // After the requeue the outstanding commands complete (C); at zero depth SCSI plugs
            // (device_blocked 3 -> 2), the unplug timer fires (UT) and it plugs again (2 -> 1),
            // the timer fires again and the requeued command is issued (1 -> 0).
            int j = i + 1;
            while (j < ev.size() && !(ev.get(j).action() == BlkAction.P && ev.get(j).command().equals("scsi"))) {
                j++;
            }
            long drained = ev.get(j).timeNs();
            List<BlkEvent> after = ev.subList(j + 1, ev.size()).stream()
                    .filter(e -> e.action() == BlkAction.UT || (e.action() == BlkAction.P && e.command().equals("scsi"))
                            || e.action() == BlkAction.C)
                    .limit(4).toList();
            assertThat(after).extracting(e -> e.action().letters()).containsExactly("UT", "P", "UT", "C");
            assertThat(after.get(0).timeNs() - drained).isEqualTo(unplugDelay);
            assertThat(after.get(2).timeNs() - drained).isEqualTo(2 * unplugDelay);
            assertThat(after.get(3).timeNs()).as("the requeued command is served after the stall").isGreaterThan(after.get(2).timeNs());
            stalls++;
        }
        assertThat(stalls).isPositive();
        ScsiDriver d = rig.driver;
        assertThat(d.stalls()).isEqualTo(stalls);
        assertThat(d.stalledNs() / d.stalls()).isGreaterThanOrEqualTo(2 * unplugDelay);
        assertNothingLost(rig);
    }

    @Test
    void aic79xxLocksTheTagCountAtTheDrivesQueue() {
        // Each QUEUE FULL sets the depth to the 8 commands active; 50 good completions later it
        // ramps to 9 and meets QUEUE FULL at 8 again; after 50 such repeats the count is locked.
        Rig rig = run(QueueFullHandling.AIC79XX, "noop", Long.MAX_VALUE, 60_000_000_000L);
        assertThat(rig.driver.queueFulls()).isGreaterThan(50);
        assertThat(rig.driver.queueDepth()).isEqualTo(8);
        Map<String, Long> byAction = new HashMap<>();
        rig.trace.events().forEach(e -> byAction.merge(e.action().letters(), 1L, Long::sum));
        assertThat(byAction.get("R")).isEqualTo(rig.driver.queueFulls());
    }
}
