package io.iopath.workload.job;

import io.iopath.fs.CpuCost;
import io.iopath.fs.FileSystem;
import io.iopath.fs.FsFile;
import io.iopath.fs.OpenFile;
import io.iopath.metrics.fio.JobStats;
import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.sim.Simulator;
import io.iopath.workload.FileJobSpec;
import io.iopath.workload.JobSpec;
import io.iopath.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A simulated process running one fio job on files of a mounted file system, with fio's sync
 * engines' system calls: read()/write() through the page cache ({@code direct=0}) or O_DIRECT
 * IO through the file system's block map ({@code direct=1}).
 *
 * <p>Phases as fio runs them: set-up (create the files; lay them out — write them whole, fsync,
 * close — when the job reads them or does O_DIRECT IO; drop them from the cache, fio's
 * {@code invalidate=1}); IO (the files in turn, one call at a time — a buffered call blocks the
 * process, so an asynchronous engine gains nothing without O_DIRECT); {@code fsync} /
 * {@code fdatasync} every N writes; at the end {@code end_fsync}, close, {@code unlink}. Each
 * system call is recorded as one IO of the job's statistics (its latency is the call's);
 * fsync and fdatasync go to fio's sync statistics.
 */
public final class FileJob implements Workload {
    /** Layout writes of fio's extend_file: the job's largest block size, at least 1 MiB here to keep set-up short. */
    private static final long LAYOUT_CHUNK = 1 << 20;

    private final Simulator sim;
    private final FileSystem fs;
    private final JobSpec spec;
    private final FileJobSpec files;
    private final int pid;
    private final BlockJob.BioIds ids;
    private final Runnable onFinish;
    private final JobStats stats = new JobStats();
    private final SplittableRandom offsets;
    private final SplittableRandom directions;
    private final List<OpenFile> open = new ArrayList<>();
    private long[] cursor;
    private int nextFile;
    private long issued;
    private long completed;
    private long bytesIssued;
    private long writesSinceSync;
    private long writesSinceDatasync;
    private long stopAtNs = Long.MAX_VALUE;
    private boolean finished;
    private final boolean direct;
    /** Runs the next call from the event loop: a call that completes at once must not recurse into the next. */
    private final io.iopath.sim.Timer resume;

    /** What each call of the IO loop costs the process in CPU time before it takes effect. */
    private final CpuCost cpu;
    /** Fires when the CPU time of the call in {@link #pendingOp} has been spent: the call is made then. */
    private final io.iopath.sim.Timer cpuDone;
    private Op pendingOp;
    private OpenFile pendingFile;
    private long pendingOffset;
    private long pendingBytes;
    private Runnable pendingDone;
    /** The run's files being set up, shared with every other job on this file system. */
    private final FileSetUps setUps;
    /** Where this clone's IO starts in each file: fio's file_offset, {@code offset} + clone × {@code offset_increment}. */
    private final long startOffset;
    private final List<Runnable> onFinished = new ArrayList<>();

    /** @param cpu what each read, write and fsync of the IO loop costs in CPU time ({@link CpuCost#NONE}: nothing) */
    public FileJob(Simulator sim, FileSystem fs, JobSpec spec, FileJobSpec files, int pid, BlockJob.BioIds ids, int clone,
                   CpuCost cpu, Runnable onFinish) {
        this(sim, fs, spec, files, pid, ids, clone, cpu, new FileSetUps(), onFinish);
    }

    /**
     * @param cpu    what each read, write and fsync of the IO loop costs in CPU time ({@link CpuCost#NONE}: nothing)
     * @param setUps the run's files being set up, shared by the jobs of one file system (named files are set up once)
     */
    public FileJob(Simulator sim, FileSystem fs, JobSpec spec, FileJobSpec files, int pid, BlockJob.BioIds ids, int clone,
                   CpuCost cpu, FileSetUps setUps, Runnable onFinish) {
        this.setUps = setUps;
        this.startOffset = spec.offset() + Math.max(0, clone) * spec.control().offsetIncrement();
        this.sim = sim;
        this.fs = fs;
        this.spec = spec;
        this.files = files;
        this.pid = pid;
        this.ids = ids;
        this.onFinish = onFinish;
        this.direct = spec.direct();
        String base = "job." + spec.name() + (clone >= 0 ? "." + clone : "") + (spec.randseed() >= 0 ? ".randseed=" + spec.randseed() : "");
        this.offsets = sim.randoms().stream(base + ".offset");
        this.directions = sim.randoms().stream(base + ".rwmix");
        this.resume = sim.timer(base + ".resume", this::next);
        this.cpu = cpu;
        this.cpuDone = sim.timer(base + ".cpu", this::makePendingCall);
    }

    @Override
    public void start() {
        long wait = spec.startDelayNs() - sim.now(); // startdelay counts from the run's start, as a block job's
        if (wait > 0) {
            sim.after(wait, () -> setUp(0));
        } else {
            setUp(0);
        }
    }

    // ------------------------------------------------------------------ set-up

    private boolean needsLayout() {
        return direct || spec.rw() != io.iopath.workload.ReadWrite.WRITE && spec.rw() != io.iopath.workload.ReadWrite.RANDWRITE;
    }

    private void setUp(int i) {
        if (i == files.names().size()) {
            openAll(0);
            return;
        }
        String name = files.names().get(i);
        if (setUps.busy(name)) {
            setUps.claim(name, () -> setUp(i + 1)); // another clone or job is laying it out: wait for it
            return;
        }
        FsFile existing = fs.lookupCached(fs.root(), name);
        if (existing != null || files.createOnOpen() && !needsLayout()) {
            setUp(i + 1);
            return;
        }
        setUps.claim(name, null);
        fs.create(fs.root(), name, pid, f -> {
            if (!needsLayout()) {
                setUps.done(name);
                next(i + 1, this::setUp);
                return;
            }
            fs.open(fs.root(), name, false, pid, of -> layOut(of, 0, () -> fs.fsync(of, false, pid,
                    () -> fs.close(of, pid, () -> {
                        if (files.invalidate()) {
                            fs.invalidate(of.file);
                        }
                        setUps.done(name);
                        setUp(i + 1);
                    }))));
        });
    }

    private void layOut(OpenFile of, long off, Runnable then) {
        if (off >= files.fileSize()) {
            then.run();
            return;
        }
        long len = Math.min(Math.max(LAYOUT_CHUNK, spec.blockSizes().max()), files.fileSize() - off);
        fs.write(of, off, len, pid, () -> sim.after(0, () -> layOut(of, off + len, then)));
    }

    private void openAll(int i) {
        if (i == files.names().size()) {
            cursor = new long[open.size()];
            stats.started(sim.now(), spec.rampTimeNs());
            stopAtNs = spec.runtimeNs() == 0 ? Long.MAX_VALUE : sim.now() + spec.runtimeNs();
            next();
            return;
        }
        String name = files.names().get(i);
        if (setUps.busy(name)) {
            setUps.claim(name, () -> openAll(i)); // a clone sharing the file is creating it
            return;
        }
        if (fs.lookupCached(fs.root(), name) == null) {
            setUps.claim(name, null);
            fs.create(fs.root(), name, pid, f -> {
                setUps.done(name);
                openAll(i);
            }); // create_on_open
            return;
        }
        fs.open(fs.root(), name, direct, pid, of -> {
            open.add(of);
            next(i + 1, this::openAll);
        });
    }

    /**
     * Goes on with file {@code i}: at once, but through the event queue every 64 files, so that
     * hundreds of calls served from memory do not nest on the stack (one file's job is unchanged).
     */
    private void next(int i, java.util.function.IntConsumer step) {
        if (i % 64 == 0) {
            sim.after(0, () -> step.accept(i));
        } else {
            step.accept(i);
        }
    }

    // ------------------------------------------------------------------ the IO loop

    /**
     * Calls in a row that took no simulated time (all served from the page cache with the CPU
     * cost turned off, {@code cpu: none}). A time_based job of such calls would never reach its
     * runtime; past this many it stops, and says so.
     */
    static final long MAX_CALLS_WITHOUT_TIME = 1_000_000;
    private long callsAtThisInstant;
    private long lastCallNs = -1;
    private boolean stoppedTimeless;

    private boolean moreWork() {
        if (sim.now() == lastCallNs) {
            if (++callsAtThisInstant > MAX_CALLS_WITHOUT_TIME && spec.timeBased()) {
                stoppedTimeless = true;
                return false;
            }
        } else {
            lastCallNs = sim.now();
            callsAtThisInstant = 0;
        }
        return sim.now() < stopAtNs
                && (spec.numberIos() == 0 || issued < spec.numberIos())
                && (spec.timeBased() || bytesIssued < spec.size());
    }

    private void next() {
        if (!moreWork()) {
            finish();
            return;
        }
        if (spec.thinktimeNs() > 0 && issued > 0 && issued % spec.thinktimeBlocks() == 0) {
            sim.after(spec.thinktimeNs(), this::submit);
            return;
        }
        submit();
    }

    private void submit() {
        Op op = switch (spec.rw()) {
            case READ, RANDREAD -> Op.READ;
            case WRITE, RANDWRITE -> Op.WRITE;
            case RANDRW, RW -> directions.nextInt(100) < spec.rwmixread() ? Op.READ : Op.WRITE;
        };
        JobSpec.BlockSizes.Choice c = op == Op.READ ? spec.blockSizes().read() : spec.blockSizes().write();
        long bs = c.min();
        int f = nextFile;
        nextFile = (nextFile + 1) % open.size(); // file_service_type=roundrobin
        long fileSize = files.fileSize();
        long start = startOffset < fileSize ? startOffset : 0; // fio wraps a file_offset past the file
        long off;
        if (spec.rw().random) {
            long blocks = Math.max(1, (fileSize - start) / spec.blockAlign());
            off = start + offsets.nextLong(blocks) * spec.blockAlign();
            if (off + bs > fileSize) {
                off = Math.max(start, fileSize - bs);
            }
        } else {
            off = cursor[f] < start ? start : cursor[f];
            if (off + bs > fileSize) {
                off = start; // the next loop over the file
            }
            cursor[f] = off + bs;
        }
        OpenFile of = open.get(f);
        Bio call = new Bio(ids.next(), op, off / 512, (int) (bs / 512), 0, pid, spec.ioprio(), this::callDone);
        call.submittedNs = sim.now();
        issued++;
        bytesIssued += bs;
        stats.submitted(op, 1);
        stats.committed(); // a file call is one system call
        Runnable done = () -> call.complete(sim.now());
        pendingOp = op;
        pendingFile = of;
        pendingOffset = off;
        pendingBytes = bs;
        pendingDone = done;
        // the call's CPU time (entry, copy) passes first; its latency includes it, as fio's clock sees it
        long cost = cpu.dataCallNs(direct ? 0 : bs); // O_DIRECT copies nothing: the device reads user memory
        if (cost > 0) {
            cpuDone.scheduleAfter(cost);
        } else {
            makePendingCall();
        }
    }

    private void makePendingCall() {
        Runnable done = pendingDone;
        pendingDone = null;
        if (direct) {
            fs.directIo(pendingFile, pendingOp, pendingOffset, pendingBytes, pid, done);
        } else if (pendingOp == Op.READ) {
            fs.read(pendingFile, pendingOffset, pendingBytes, pid, done);
        } else {
            fs.write(pendingFile, pendingOffset, pendingBytes, pid, done);
        }
    }

    private void callDone(Bio call) {
        completed++;
        stats.completed(call);
        if (call.op == Op.WRITE) {
            writesSinceSync++;
            writesSinceDatasync++;
            if (files.fsync() > 0 && writesSinceSync >= files.fsync()) {
                writesSinceSync = 0;
                sync(false, () -> resume.scheduleAt(sim.now()));
                return;
            }
            if (files.fdatasync() > 0 && writesSinceDatasync >= files.fdatasync()) {
                writesSinceDatasync = 0;
                sync(true, () -> resume.scheduleAt(sim.now()));
                return;
            }
        }
        resume.scheduleAt(sim.now());
    }

    /** fsync()/fdatasync() of the file just written (fio syncs the file of the IO). */
    private void sync(boolean datasync, Runnable then) {
        OpenFile of = open.get((nextFile + open.size() - 1) % open.size());
        Bio call = new Bio(ids.next(), Op.FLUSH, 0, 0, 0, pid, spec.ioprio(), b -> {
            stats.completed(b);
            then.run();
        });
        call.submittedNs = sim.now();
        stats.submitted(Op.FLUSH, 1);
        stats.committed();
        long cost = cpu.syscallNs();
        if (cost > 0) {
            sim.after(cost, () -> fs.fsync(of, datasync, pid, () -> call.complete(sim.now())));
        } else {
            fs.fsync(of, datasync, pid, () -> call.complete(sim.now()));
        }
    }

    private void finish() {
        if (finished) {
            return;
        }
        finished = true;
        endFsync(0);
    }

    private void endFsync(int i) {
        if (!files.endFsync() || i == open.size()) {
            closeAll(0);
            return;
        }
        fs.fsync(open.get(i), false, pid, () -> endFsync(i + 1));
    }

    private void closeAll(int i) {
        if (i == open.size()) {
            unlinkAll(0);
            return;
        }
        fs.close(open.get(i), pid, () -> closeAll(i + 1));
    }

    private void unlinkAll(int i) {
        if (!files.unlink() || i == files.names().size()) {
            onFinish.run();
            List<Runnable> waiting = new ArrayList<>(onFinished);
            onFinished.clear();
            waiting.forEach(Runnable::run);
            return;
        }
        fs.unlink(fs.root(), files.names().get(i), pid, () -> unlinkAll(i + 1));
    }

    // ------------------------------------------------------------------ Workload

    @Override
    public long completed() {
        return completed;
    }

    @Override
    public JobSpec spec() {
        return spec;
    }

    @Override
    public int processId() {
        return pid;
    }

    @Override
    public JobStats stats() {
        return stats;
    }

    /** After the last call, close and unlink: fio's thread exit, which stonewall and wait_for wait for. */
    @Override
    public void whenFinished(Runnable r) {
        onFinished.add(r);
    }

    @Override
    public List<String> notes() {
        if (stoppedTimeless) {
            return List.of("job " + spec.name() + ": stopped before its runtime: " + MAX_CALLS_WITHOUT_TIME
                    + " calls in a row took no simulated time (page-cache hits with cpu: none)");
        }
        return List.of();
    }

    public boolean finished() {
        return finished;
    }

    public FileJobSpec files() {
        return files;
    }
}
