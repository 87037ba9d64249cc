package io.iopath.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.block.sched.Hz;
import io.iopath.block.sched.Schedulers;
import io.iopath.device.disk.Disk;
import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.device.disk.DriveScheduler;
import io.iopath.device.disk.DriveSpec;
import io.iopath.driver.CacheType;
import io.iopath.driver.QueueFullHandling;
import io.iopath.request.Bio;
import io.iopath.request.Flags;
import io.iopath.request.IoPrio;
import io.iopath.request.Op;
import io.iopath.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The invariant of the whole host side: over many seeded random configurations (processes,
 * sequential and random streams, sync and async, barrier / FUA / flush bios, plugging mode, queue
 * depth, a drive that answers QUEUE FULL, a small request pool, write cache on or off, HZ, I/O
 * priorities of every class), with
 * every scheduler, every bio completes exactly once, the run drains, and the pool is empty.
 */
class EveryBioCompletesOnceTest {
    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (String s : Schedulers.names()) {
            for (long seed = 1; seed <= 16; seed++) {
                out.add(Arguments.of(s, seed, false, false));
            }
            for (long seed = 17; seed <= 20; seed++) {
                out.add(Arguments.of(s, seed, true, false)); // the real drive
            }
            for (long seed = 21; seed <= 32; seed++) {
                out.add(Arguments.of(s, seed, seed > 29, true)); // processes of drawn I/O priorities
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} seed {1} real drive {2} priorities {3}")
    @MethodSource("cases")
    void everyBioCompletesExactlyOnce(String scheduler, long seed, boolean realDrive, boolean priorities) {
        SplittableRandom prioRandom = new SplittableRandom(seed * 104729);
        SplittableRandom r = new SplittableRandom(seed * 7919 + scheduler.hashCode());
        Simulator sim = new Simulator(seed);
        int depth = new int[] {1, 2, 4, 8, 16, 32, 64}[r.nextInt(7)];
        int driveQueue = r.nextBoolean() ? 64 : 1 + r.nextInt(8);
        int nr = r.nextBoolean() ? 0 : 4 + r.nextInt(12);
        Plugging plugging = r.nextBoolean() ? Plugging.LEGACY : Plugging.PER_TASK;
        Hz hz = r.nextInt(3) == 0 ? Hz.of(250) : Hz.EXACT;
        boolean wce = r.nextBoolean();
        QueueSettings settings = QueueSettings.defaults().withNrRequests(nr)
                .withMaxSectors(64 + r.nextInt(1024)).withPlugging(plugging).withHz(hz);
        CacheType cache = CacheType.forced(wce, r.nextBoolean());
        QueueFullHandling handling = QueueFullHandling.values()[r.nextInt(QueueFullHandling.values().length)];
        // the real drive: Cheetah 15K.5 300 GB with the drawn command queue, served SPTF, and the
        // write cache the host believes in (sd learns WCE from the drive)
        DriveSpec spec = DrivePresets.find("cheetah-15k5-300g").orElseThrow()
                .withQueue(driveQueue, DriveScheduler.SPTF).withWriteCache(wce);
        Rig rig = new Rig(sim, scheduler, Map.of(), settings, depth, handling, cache,
                s -> realDrive ? new Disk(s, spec)
                        : new TestDevice(s, driveQueue, c -> 200_000L + (c.sectors() * 2_000L) + (c.sector() % 7) * 300_000L));
        long span = realDrive ? spec.capacitySectors() - 4096 : Long.MAX_VALUE; // keep every bio on the drive
        int procs = 1 + r.nextInt(6);
        for (int p = 1; p <= procs; p++) {
            boolean random = r.nextBoolean();
            boolean write = r.nextInt(3) == 0;
            boolean sync = r.nextBoolean();
            int size = 8 << r.nextInt(5);
            long base = r.nextLong(1L << 30);
            int barrierEvery = r.nextInt(4) == 0 ? 5 + r.nextInt(20) : 0;
            SplittableRandom pr = new SplittableRandom(r.nextLong());
            Rig.Proc proc0 = rig.proc(p, "p" + p, 1 + r.nextInt(12), (proc, id) -> {
                long n = proc.issued;
                if (barrierEvery > 0 && n % barrierEvery == barrierEvery - 1) {
                    return pr.nextBoolean()
                            ? proc.bio(id, Op.FLUSH, 0, 0, Flags.PREFLUSH)
                            : proc.bio(id, Op.WRITE, (base + pr.nextLong(1 << 20)) % span, 8, Flags.PREFLUSH | Flags.FUA | Flags.SYNC);
                }
                long sector;
                if (random) {
                    sector = base + pr.nextLong(1 << 22);
                } else {
                    // sequential with occasional backward steps, so front merges happen too
                    sector = base + (pr.nextInt(8) == 0 ? Math.max(0, proc.cursor - 2L * size) : proc.cursor);
                    proc.cursor = sector - base + size;
                }
                Op op = write || (pr.nextInt(5) == 0) ? Op.WRITE : Op.READ;
                int flags = op == Op.WRITE && sync ? Flags.SYNC : 0;
                return proc.bio(id, op, sector % span, size, flags);
            });
            if (priorities) {
                int cls = prioRandom.nextInt(4); // none, RT, BE, idle
                proc0.ioprio = cls == IoPrio.CLASS_NONE ? IoPrio.NONE : IoPrio.of(cls, prioRandom.nextInt(IoPrio.LEVELS));
            }
        }
        rig.run(200_000_000L + r.nextLong(300_000_000L));

        long issued = 0;
        for (Rig.Proc p : rig.procs) {
            issued += p.issued;
            for (Bio b : p.bios) {
                assertThat(b.isCompleted()).as("%s of %s", b, scheduler).isTrue();
            }
        }
        assertThat(rig.completions).isEqualTo(issued);
        assertThat(issued).isGreaterThan(0);
        assertThat(rig.queue.hasPending()).isFalse();
        assertThat(rig.queue.allocatedRequests(Op.READ)).isZero();
        assertThat(rig.queue.allocatedRequests(Op.WRITE)).isZero();
        assertThat(rig.queue.inFlight()).isZero();
        assertThat(rig.driver.busy()).isZero();
        assertThat(sim.pendingEvents()).isZero();
    }
}
