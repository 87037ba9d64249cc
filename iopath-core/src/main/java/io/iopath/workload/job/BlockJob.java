package io.iopath.workload.job;

import io.iopath.block.BlockQueue;
import io.iopath.metrics.RunMetrics;
import io.iopath.request.Bio;
import io.iopath.request.Flags;
import io.iopath.request.Op;
import io.iopath.scenario.JobSpec;
import io.iopath.sim.Simulator;
import java.util.SplittableRandom;

/**
 * A simulated process running one fio-style job with O_DIRECT and an asynchronous engine: it
 * keeps {@code iodepth} bios in flight and submits the next one as soon as one completes (a
 * closed loop with no think time), until {@code number_ios} or {@code runtime} is reached.
 */
public final class BlockJob {
    private final Simulator sim;
    private final BlockQueue queue;
    private final RunMetrics metrics;
    private final JobSpec spec;
    private final int processId;
    private final SplittableRandom offsets;
    private final SplittableRandom directions;
    private final long blocks;
    private final int sectorsPerIo;
    private final long firstSector;
    private long nextSequentialBlock;
    private long issued;
    private long completed;
    private int inFlight;
    private long stopIssuingAtNs;
    private final BioIds ids;

    /** Bio identifiers unique across the jobs of one run. */
    public static final class BioIds {
        private long next;

        long next() {
            return next++;
        }
    }

    public BlockJob(Simulator sim, BlockQueue queue, RunMetrics metrics, JobSpec spec, int processId, BioIds ids) {
        this.sim = sim;
        this.queue = queue;
        this.metrics = metrics;
        this.spec = spec;
        this.processId = processId;
        this.ids = ids;
        this.offsets = sim.randoms().stream("job." + spec.name() + ".offset");
        this.directions = sim.randoms().stream("job." + spec.name() + ".rwmix");
        this.blocks = spec.size() / spec.blockSize();
        this.sectorsPerIo = (int) (spec.blockSize() / 512);
        this.firstSector = spec.offset() / 512;
    }

    /** Submits the first {@code iodepth} IOs at the current simulated time. */
    public void start() {
        stopIssuingAtNs = spec.runtimeNs() == 0 ? Long.MAX_VALUE : sim.now() + spec.runtimeNs();
        for (int i = 0; i < spec.iodepth() && mayIssue(); i++) {
            issue();
        }
    }

    private boolean mayIssue() {
        return (spec.numberIos() == 0 || issued < spec.numberIos()) && sim.now() < stopIssuingAtNs;
    }

    private void issue() {
        long block;
        if (spec.rw().random) {
            block = offsets.nextLong(blocks);
        } else {
            block = nextSequentialBlock;
            nextSequentialBlock = (nextSequentialBlock + 1) % blocks;
        }
        Op op = switch (spec.rw()) {
            case READ, RANDREAD -> Op.READ;
            case WRITE, RANDWRITE -> Op.WRITE;
            case RANDRW, RW -> directions.nextInt(100) < spec.rwmixread() ? Op.READ : Op.WRITE;
        };
        // O_DIRECT writes are submitted as synchronous IO (REQ_SYNC), as the kernel does.
        int flags = op == Op.WRITE ? Flags.SYNC : 0;
        Bio bio = new Bio(ids.next(), op, firstSector + block * sectorsPerIo, sectorsPerIo, flags, processId, this::done);
        issued++;
        inFlight++;
        queue.submit(bio);
    }

    private void done(Bio bio) {
        inFlight--;
        completed++;
        metrics.bioCompleted(bio);
        if (mayIssue()) {
            issue();
        }
    }

    public long issued() {
        return issued;
    }

    public long completed() {
        return completed;
    }

    public int inFlight() {
        return inFlight;
    }

    public JobSpec spec() {
        return spec;
    }
}
