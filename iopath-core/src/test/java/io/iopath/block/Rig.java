package io.iopath.block;

import io.iopath.block.sched.IoScheduler;
import io.iopath.block.sched.Schedulers;
import io.iopath.device.BlockDevice;
import io.iopath.driver.CacheType;
import io.iopath.driver.QueueFullHandling;
import io.iopath.driver.ScsiDriver;
import io.iopath.metrics.blktrace.BlkTraceLog;
import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** A block queue, scheduler, SCSI driver and device wired together, with closed-loop test processes. */
final class Rig {
    final Simulator sim;
    final BlockQueue queue;
    final ScsiDriver driver;
    final BlockDevice device;
    final BlkTraceLog trace = new BlkTraceLog();
    final List<Proc> procs = new ArrayList<>();
    private long bioIds;
    long completions;

    /** The host believes the write cache and FUA support the device reports. */
    Rig(Simulator sim, String scheduler, Map<String, String> tunables, QueueSettings settings, int queueDepth,
        QueueFullHandling handling, Function<Simulator, BlockDevice> deviceFactory) {
        this(sim, scheduler, tunables, settings, queueDepth, handling, CacheType.AS_REPORTED, deviceFactory);
    }

    /** The host's view of the write cache and FUA as {@code cache} forces it. */
    Rig(Simulator sim, String scheduler, Map<String, String> tunables, QueueSettings settings, int queueDepth,
        QueueFullHandling handling, CacheType cache, Function<Simulator, BlockDevice> deviceFactory) {
        this.sim = sim;
        IoScheduler s = Schedulers.create(scheduler, tunables, settings.hz());
        this.queue = new BlockQueue(sim, s, settings, trace);
        this.device = deviceFactory.apply(sim);
        this.driver = new ScsiDriver(sim, queue, device, queueDepth, handling, cache);
    }

    static QueueSettings settings(String scheduler) {
        boolean mq = Schedulers.type(scheduler).multiQueue();
        return QueueSettings.defaults().withPlugging(mq ? Plugging.PER_TASK : Plugging.LEGACY);
    }

    /** What a test process submits next: sector, sectors, op, flags; or null to stop. */
    interface Next {
        Bio next(Proc p, long id);
    }

    /** A process keeping {@code depth} bios in flight until {@code stopNs}. */
    final class Proc {
        final int pid;
        final int depth;
        final Next next;
        long stopNs = Long.MAX_VALUE;
        long issued;
        long done;
        long bytesDone;
        long cursor;
        /** The I/O priority of its bios (io.iopath.request.IoPrio; NONE = best effort 4). */
        int ioprio;
        final List<Bio> bios = new ArrayList<>();

        Proc(int pid, String name, int depth, Next next) {
            this.pid = pid;
            this.depth = depth;
            this.next = next;
            queue.task(pid, name);
        }

        void start() {
            for (int i = 0; i < depth; i++) {
                issue();
            }
        }

        void issue() {
            if (sim.now() >= stopNs) {
                return;
            }
            Bio b = next.next(this, bioIds++);
            if (b == null) {
                return;
            }
            issued++;
            bios.add(b);
            queue.submit(b);
        }

        Bio bio(long id, Op op, long sector, int sectors, int flags) {
            return new Bio(id, op, sector, sectors, flags, pid, ioprio, this::completed);
        }

        private void completed(Bio b) {
            done++;
            completions++;
            bytesDone += b.bytes();
            issue();
        }
    }

    Proc proc(int pid, String name, int depth, Next next) {
        Proc p = new Proc(pid, name, depth, next);
        procs.add(p);
        return p;
    }

    void run(long untilNs) {
        for (Proc p : procs) {
            p.stopNs = untilNs;
            p.start();
        }
        sim.run();
    }
}
