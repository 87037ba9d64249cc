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
import io.iopath.workload.Waiters;
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
 * process, so an asynchronous engine gains nothing without O_DIRECT; O_DIRECT with an
 * asynchronous engine keeps {@code iodepth} calls in flight, {@link #fill()}); {@code fsync} /
 * {@code fdatasync} every N writes; {@code end_fsync}; with {@code verify}, the loop's writes read
 * back after the files are closed and opened again (backend.c {@code do_verify}); {@code loops}
 * (or {@code time_based} with {@code verify}) repeat the IO and the read-back; at the end close,
 * {@code unlink}. Each
 * system call is recorded as one IO of the job's statistics (its latency is the call's);
 * fsync and fdatasync go to fio's sync statistics. The per-file phases are {@link FileLoop}s, so
 * tens of thousands of cached files need no deeper stack than one.
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
    private SplittableRandom offsets;
    private SplittableRandom directions;
    private SplittableRandom sizes;
    /** The name the random streams derive from: a new loop draws them again from the start. */
    private final String streamBase;
    private final List<OpenFile> open = new ArrayList<>();
    private long[] cursor;
    private int nextFile;
    private long issued;
    private long completed;
    /** Bytes this loop's IO phase has issued (fio's do_io {@code bytes_issued}); a verify read does not count. */
    private long loopBytes;
    /** Loops begun: fio's {@code loops} runs do_io (and do_verify) this many times (backend.c keep_running). */
    private int loop;
    /** The read-back of the loop's writes is under way (backend.c do_verify). */
    private boolean verifying;
    /** The writes the verify phase reads back, fio's io_hist (shared with block jobs). */
    private final VerifyLog verifyLog;
    /** The direction of the last call to complete, 0 read, 1 write, 2 sync, -1 none yet (fio's {@code last_ddir_completed}). */
    private int lastCompletedDir = -1;
    /** The job's files are open (between loops and before a verify fio's clear_io_state closes them). */
    private boolean filesOpen;
    /** The phase that is ending has started its end (the calls in flight may still complete into it). */
    private boolean phaseEnding;
    private long writesSinceSync;
    private long writesSinceDatasync;
    private long stopAtNs = Long.MAX_VALUE;
    private boolean finished;
    private final boolean direct;
    /**
     * ioengine=ftruncate (engines/ftruncate.c {@code fio_ftruncate_queue}): each write is
     * {@code ftruncate(fd, io_u->offset)}, a sync an fsync, a read or trim fails with EINVAL.
     */
    private final boolean truncating;
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
    private final Waiters onFinished = new Waiters();
    /** The process is spending the CPU time of the pending call. */
    private boolean cpuBusy;

    /** Calls in flight at most: iodepth for O_DIRECT with an asynchronous engine, else one. */
    private final int depth;
    private int inFlight;
    private boolean syncDue;
    private boolean syncDueIsDatasync;
    private boolean syncing;
    private boolean thinking;
    /** The thinktime due before the next call has been slept. */
    private boolean thought;
    /** No more calls will be made: the job ends when those in flight complete. */
    private boolean draining;

    /** rate / rate_iops: when each direction may make its next call, as a block job paces (0 read, 1 write). */
    private final long[] rateNextNs = new long[2];
    private final boolean rated;
    /** The direction drawn for the next call while it waits for its rate slot; null when none waits. */
    private Op preparedOp;
    private boolean rateWaiting;
    private final io.iopath.sim.Timer rateWake;
    /** rate_min / rate_iops_min: fio's check after each call, and the bytes and calls done per direction. */
    private final MinRateCheck minRate;
    private String rateError;
    /** exitall: another job's end terminated this one (fio's td->terminate). */
    private boolean terminated;
    private boolean setUpBegun;
    /** An fsync or fdatasync is in progress. */
    private boolean syncCall;
    private boolean ioStarted;

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
        this.truncating = spec.ioengine().equals(JobSpec.FTRUNCATE);
        // fio opens the file O_DIRECT with direct=1, which ftruncate(2) does not look at; nor
        // does the job need the layout iopath gives O_DIRECT jobs (it writes no data)
        this.direct = spec.direct() && !truncating;
        String base = "job." + spec.name() + (clone >= 0 ? "." + clone : "") + (spec.randseed() >= 0 ? ".randseed=" + spec.randseed() : "");
        this.streamBase = base;
        drawStreams();
        this.verifyLog = new VerifyLog(spec.control().verifyBacklog() > 0, spec.verifyByOffset());
        this.resume = sim.timer(base + ".resume", this::next);
        this.cpu = cpu;
        this.cpuDone = sim.timer(base + ".cpu", this::cpuSpent);
        this.depth = direct ? spec.effectiveDepth() : 1;
        this.rated = spec.rateBytes().get(0) > 0 || spec.rateBytes().get(1) > 0 || spec.rateIops().get(0) > 0
                || spec.rateIops().get(1) > 0;
        this.rateWake = sim.timer(base + ".rate", this::rateSlot);
        this.minRate = new MinRateCheck(spec.control().minRate(), spec.name());
    }

    /**
     * The job's random streams from their start: at set-up, and again at each loop, as fio's
     * clear_io_state re-seeds them with randrepeat (its default), so every loop repeats the
     * offsets, directions and sizes of the first (libfio.c {@code clear_io_state}, {@code td_fill_rand_seeds}).
     */
    private void drawStreams() {
        this.offsets = sim.randoms().stream(streamBase + ".offset");
        this.directions = sim.randoms().stream(streamBase + ".rwmix");
        this.sizes = sim.randoms().stream(streamBase + ".bs"); // a block job's stream name: bssplit/bsrange draw alike
    }

    @Override
    public void start() {
        long wait = spec.startDelayNs() - sim.now(); // startdelay counts from the run's start, as a block job's
        if (wait > 0) {
            sim.after(wait, this::setUp);
        } else {
            setUp();
        }
    }

    // ------------------------------------------------------------------ set-up

    private boolean needsLayout() {
        return direct || spec.rw() != io.iopath.workload.ReadWrite.WRITE && spec.rw() != io.iopath.workload.ReadWrite.RANDWRITE;
    }

    private void setUp() {
        if (terminated) {
            return; // terminated during its startdelay: it never runs
        }
        setUpBegun = true;
        FileLoop.run(0, files.names().size(), this::setUpFile, this::openAll);
    }

    /** Creates file {@code i} (and lays it out when the job needs that) unless it exists or create_on_open makes it later. */
    private void setUpFile(int i, Runnable next) {
        String name = files.names().get(i);
        if (setUps.busy(name)) {
            setUps.claim(name, next); // another clone or job is laying it out: wait for it
            return;
        }
        FsFile existing = fs.lookupCached(fs.root(), name);
        if (existing != null || files.createOnOpen() && !needsLayout()) {
            next.run();
            return;
        }
        setUps.claim(name, null);
        fs.create(fs.root(), name, pid, f -> {
            if (!needsLayout()) {
                setUps.done(name);
                yieldEvery64(i + 1, next);
                return;
            }
            fs.open(fs.root(), name, false, pid, of -> layOut(of, 0, () -> fs.fsync(of, false, pid,
                    () -> fs.close(of, pid, () -> {
                        if (files.invalidate()) {
                            fs.invalidate(of.file);
                        }
                        setUps.done(name);
                        next.run();
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

    private void openAll() {
        FileLoop.run(0, files.names().size(), this::openFile, this::startIo);
    }

    private void openFile(int i, Runnable next) {
        String name = files.names().get(i);
        if (setUps.busy(name)) {
            setUps.claim(name, () -> openFile(i, next)); // a clone sharing the file is creating it
            return;
        }
        if (fs.lookupCached(fs.root(), name) == null) {
            setUps.claim(name, null);
            fs.create(fs.root(), name, pid, f -> {
                setUps.done(name);
                openFile(i, next);
            }); // create_on_open
            return;
        }
        fs.open(fs.root(), name, direct, pid, of -> {
            open.add(of);
            yieldEvery64(i + 1, next);
        });
    }

    /**
     * Opens the files again after clear_io_state closed them, for the next loop or the
     * read-back: fio's td_io_open_file, which with {@code invalidate=1} drops the file's clean
     * pages from the cache (posix_fadvise POSIX_FADV_DONTNEED, filesetup.c
     * {@code __file_invalidate_cache}); dirty pages and pages under writeback stay cached.
     */
    private void reopenAll(Runnable then) {
        FileLoop.run(0, files.names().size(), (i, next) -> fs.open(fs.root(), files.names().get(i), direct, pid, of -> {
            open.set(i, of);
            if (files.invalidate()) {
                fs.invalidate(of.file);
            }
            next.run();
        }), () -> {
            filesOpen = true;
            then.run();
        });
    }

    private void startIo() {
        filesOpen = true;
        cursor = new long[open.size()];
        stats.started(sim.now(), spec.rampTimeNs());
        stopAtNs = spec.runtimeNs() == 0 ? Long.MAX_VALUE : sim.now() + spec.runtimeNs();
        loop = 1;
        ioStarted = true;
        if (terminated) {
            finish(); // terminated while setting up: no IO
            return;
        }
        if (minRate.active()) {
            sim.after(spec.rampTimeNs(), () -> minRate.started(sim.now())); // fio counts the rate from the ramp's end
        }
        next();
    }

    /**
     * Goes on to file {@code i}: at once, but through the event queue before every 64th file
     * of the create and open phases — a point where the process lets other events of the same
     * instant run first, which the recorded results depend on (it was once the stack's guard;
     * {@link FileLoop} is that now).
     */
    private void yieldEvery64(int i, Runnable next) {
        if (i % 64 == 0) {
            sim.after(0, next);
        } else {
            next.run();
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
        if (verifying) {
            return sim.now() < stopAtNs && verifyLog.hasNext(); // do_verify stops at the runtime too
        }
        // do_io: size bytes per loop; time_based goes on to the runtime, but with verify it breaks
        // at size to read them back (backend.c do_io: "we still need to break out ... to run verification")
        // with verify_backlog a batch due when the writes are done is still read in do_io (fio
        // adds size to the bytes do_io may issue), with the files open
        return sim.now() < stopAtNs
                && ((spec.numberIos() == 0 || issued < spec.numberIos())
                && (spec.timeBased() && !spec.control().verify() || loopBytes < spec.size())
                || spec.control().verifyBacklog() > 0 && verifyLog.backlogPending(spec.control().verifyBacklog(), lastCompletedDir == 0));
    }

    private void next() {
        if (depth > 1) {
            fill();
            return;
        }
        if (!moreWork()) {
            phaseEnded();
            return;
        }
        if (!verifying && spec.thinktimeNs() > 0 && issued > 0 && issued % spec.thinktimeBlocks() == 0) {
            sim.after(spec.thinktimeNs(), this::submit);
            return;
        }
        submit();
    }

    private Op drawDirection() {
        return switch (spec.rw()) {
            case READ, RANDREAD -> Op.READ;
            case WRITE, RANDWRITE -> Op.WRITE;
            case RANDRW, RW -> directions.nextInt(100) < spec.rwmixread() ? Op.READ : Op.WRITE;
            case TRIM, RANDTRIM -> Op.DISCARD;
            // refused before a file job is made (JobSection): only rw=trim and rw=randtrim on a file
            case TRIMWRITE, RANDTRIMWRITE -> throw new IllegalStateException("trimwrite on a file: " + spec.rw());
        };
    }

    /** The rate slot of the waiting call has come. */
    private void rateSlot() {
        rateWaiting = false;
        if (depth > 1) {
            fill();
        } else {
            submit();
        }
    }

    private void submit() {
        if (finished) {
            return; // terminated while it thought
        }
        if (verifying || spec.control().verifyBacklog() > 0
                && verifyLog.backlogDue(spec.control().verifyBacklog(), spec.control().verifyBacklogBatch(), lastCompletedDir == 0)) {
            // verify_backlog's reads come between the writes, with the files open: a buffered
            // job reads back the pages it has just written, from the cache
            submitVerify();
            return;
        }
        Op op = preparedOp != null ? preparedOp : drawDirection();
        preparedOp = null;
        if (truncating && op != Op.WRITE) {
            callFails(op, EINVAL); // fio_ftruncate_queue: io_u->error = EINVAL, FIO_Q_COMPLETED
            return;
        }
        if (op == Op.DISCARD) {
            callFails(op, ENOTTY);
            return;
        }
        int d = op == Op.READ ? 0 : 1;
        if (rated && rateNextNs[d] > sim.now()) {
            // BlockJob's pacing: the call waits for its direction's slot; past the runtime the job ends
            if (rateNextNs[d] >= stopAtNs) {
                stopAtNs = sim.now();
                if (depth > 1) {
                    draining = true;
                    if (inFlight == 0) {
                        finish();
                    }
                } else {
                    finish();
                }
                return;
            }
            preparedOp = op;
            rateWaiting = true;
            rateWake.scheduleAt(rateNextNs[d]);
            return;
        }
        JobSpec.BlockSizes.Choice c = op == Op.READ ? spec.blockSizes().read() : spec.blockSizes().write();
        long bs = c.draw(sizes);
        if (rated) {
            long now = sim.now();
            if (spec.rateBytes().get(d) > 0) {
                rateNextNs[d] = Math.max(rateNextNs[d], now) + bs * 1_000_000_000L / spec.rateBytes().get(d);
            }
            if (spec.rateIops().get(d) > 0) {
                rateNextNs[d] = Math.max(rateNextNs[d], now) + 1_000_000_000L / spec.rateIops().get(d);
            }
        }
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
        } else if (spec.rwSuffix() < 0) {
            // rw=read:-N: io_u.c get_next_seq_offset, N bytes back from the end of the last IO,
            // wrapping to the end of the file (less N) before its start; the first IO at 0
            long pos = cursor[f];
            if (pos != 0) {
                pos += spec.rwSuffix();
                if (pos < 0) {
                    pos = fileSize + spec.rwSuffix();
                }
            }
            off = Math.max(0, Math.min(pos, fileSize - bs));
            cursor[f] = off + bs;
        } else {
            off = cursor[f] < start ? start : cursor[f];
            if (off + bs > fileSize) {
                off = start; // the next loop over the file
            }
            cursor[f] = off + bs + spec.rwSuffix(); // rw=read:N: a hole of N bytes after each IO
        }
        issued++;
        loopBytes += bs;
        long id = ids.next();
        if (op == Op.WRITE && spec.control().verify()) {
            verifyLog.log(f, off, bs, id); // log_io_piece, before the write is issued
        }
        call(id, op, f, off, bs);
    }

    /**
     * A trim on a file: fio's engine trims with os/os-linux.h {@code os_trim}, the BLKDISCARD
     * ioctl, which a regular file refuses with ENOTTY; the engine completes the IO with that error
     * at once (io_u.c {@code do_io_u_trim}, {@code FIO_Q_COMPLETED}: nothing reaches the file
     * system or the drive) and ioengines.c {@code td_io_queue} records it ({@code td_verror}).
     * ENOTTY is not an error {@code continue_on_error} / {@code ignore_error} let a job go on
     * past in fio's job files (they name ENOSPC and the like), so, as with fio's default, the job
     * issues nothing more and ends once its IOs in flight complete. The ftruncate engine's reads
     * and trims end the same way, with EINVAL ({@code fio_ftruncate_queue}).
     */
    private void callFails(Op op, int errno) {
        issued++;
        stats.submitted(op, inFlight + 1);
        stats.committed();
        stats.reaped(sim.now());
        callErrno = errno;
        stopIssuing();
        if (depth <= 1) {
            resume.scheduleAt(sim.now()); // next() finds no more work and ends the job
        }
    }

    /** Linux's ENOTTY, "Inappropriate ioctl for device". */
    static final int ENOTTY = 25;
    /** Linux's EINVAL, "Invalid argument". */
    static final int EINVAL = 22;
    /** The errno the job's trim (or, with ftruncate, read) failed with, or 0. */
    private int callErrno;

    @Override
    public int errno() {
        return callErrno;
    }


    /**
     * A read of the oldest logged write not read back (verify.c get_next_verify), through the
     * job's engine as its other calls: buffered, it is served by what the page cache still
     * holds of the file; O_DIRECT, by the drive.
     */
    private void submitVerify() {
        int piece = verifyLog.take();
        call(ids.next(), Op.READ, verifyLog.file(piece), verifyLog.offset(piece), verifyLog.length(piece));
    }

    /** Makes one read or write call of {@code bs} bytes at {@code off} of file {@code f} (after its CPU time). */
    private void call(long id, Op op, int f, long off, long bs) {
        OpenFile of = open.get(f);
        Bio call = new Bio(id, op, off / 512, (int) (bs / 512), 0, pid, spec.ioprio(), this::callDone);
        call.submittedNs = sim.now();
        inFlight++;
        stats.submitted(op, inFlight);
        stats.committed(); // a file call is one system call (with libaio, one io_submit of one IO: iodepth_batch 1)
        if (depth > 1 && op == Op.WRITE) {
            countWriteForSync();
        }
        Runnable done = () -> call.complete(sim.now());
        pendingOp = op;
        pendingFile = of;
        pendingOffset = off;
        pendingBytes = bs;
        pendingDone = done;
        // the call's CPU time (entry, copy) passes first; its latency includes it, as fio's clock sees it
        // O_DIRECT copies nothing: the device reads user memory; ftruncate changes the size, copies nothing
        long cost = truncating ? cpu.truncateCallNs() : cpu.dataCallNs(direct ? 0 : bs);
        if (cost > 0) {
            cpuBusy = true;
            cpuDone.scheduleAfter(cost);
        } else {
            makePendingCall();
        }
    }

    /** The CPU time of the pending call has passed: it is made; an asynchronous job goes on to the next. */
    private void cpuSpent() {
        cpuBusy = false;
        makePendingCall();
        if (depth > 1) {
            fill();
        }
    }

    private void makePendingCall() {
        Runnable done = pendingDone;
        pendingDone = null;
        if (truncating) {
            fs.truncate(pendingFile, pendingOffset, pid, done); // the write's offset is the new size
            return;
        }
        if (pendingOp == Op.WRITE && spec.control().syncIo() != JobSpec.SyncIo.NONE) {
            // O_SYNC / O_DSYNC: the write returns after generic_write_sync, the file system's fsync
            // (datasync for O_DSYNC) of what it wrote; one call, its latency includes the sync
            OpenFile file = pendingFile;
            Runnable written = done;
            boolean datasync = spec.control().syncIo() == JobSpec.SyncIo.DSYNC;
            done = () -> fs.fsync(file, datasync, pid, written);
        }
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
        inFlight--;
        lastCompletedDir = call.op == Op.READ ? 0 : 1;
        if (call.op == Op.WRITE && spec.control().verifyBacklog() > 0) {
            verifyLog.completed(call.id);
        }
        stats.completed(call);
        if (minRate.active() && rateError == null) {
            checkMinRate(call);
        }
        if (depth > 1) {
            fill();
            return;
        }
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

    // ------------------------------------------------------------------ O_DIRECT with an asynchronous engine

    /**
     * libaio (or another asynchronous engine) with O_DIRECT: up to {@code iodepth} calls in
     * flight, as a block job keeps them; the process spends each call's CPU time in turn, so a
     * call is made only when the one before it has been submitted. {@code fsync}/{@code
     * fdatasync}=N: after the Nth write is submitted nothing more is until every call in flight
     * has completed, then the file is synced (fio's {@code should_fsync} at issue, as
     * {@link BlockJob} does); {@code thinktime} likewise waits for the calls in flight first
     * (fio's {@code io_u_quiesce}). A buffered call blocks the process, so it stays one at a time.
     */
    private void fill() {
        if (finished || cpuBusy || syncing || thinking || rateWaiting) {
            return; // cpuSpent, the sync's end or the wake-up calls again
        }
        while (inFlight < depth) {
            if (syncDue) {
                if (inFlight == 0) {
                    syncing = true;
                    sync(syncDueIsDatasync, () -> {
                        syncing = false;
                        syncDue = false;
                        resume.scheduleAt(sim.now());
                    });
                }
                return;
            }
            if (draining || !moreWork()) {
                draining = true;
                if (inFlight == 0) {
                    phaseEnded();
                }
                return;
            }
            if (!verifying && spec.thinktimeNs() > 0 && issued > 0 && issued % spec.thinktimeBlocks() == 0 && !thought
                    && preparedOp == null) {
                if (inFlight == 0) {
                    thinking = true;
                    sim.after(spec.thinktimeNs(), () -> {
                        thinking = false;
                        thought = true;
                        fill();
                    });
                }
                return;
            }
            thought = false;
            submit();
            if (cpuBusy || rateWaiting) {
                return;
            }
        }
    }

    /** backend.c do_io: after a completion, check_min_rate; a failure ends the job's IO (td_verror EIO). */
    private void checkMinRate(Bio call) {
        String failure = minRate.completed(sim.now(), call.op == Op.READ ? 0 : 1, call.sectors * 512L);
        if (failure != null) {
            rateError = failure;
            stopIssuing();
        }
    }

    /** No more calls; those in flight complete, then the job ends as after its last IO. */
    private void stopIssuing() {
        stopAtNs = Math.min(stopAtNs, sim.now());
        draining = true;
        preparedOp = null;
        rateWaiting = false;
        rateWake.cancel();
    }

    @Override
    public void terminate() {
        if (terminated || finished) {
            return;
        }
        terminated = true;
        if (!setUpBegun) {
            finished = true;
            ended(); // never started: fio's run_threads reaps it without running it
            return;
        }
        if (!ioStarted) {
            return; // startIo sees it once the files are set up
        }
        stopIssuing();
        if (inFlight == 0 && !cpuBusy && !syncing && !syncCall) {
            finish(); // sleeping (thinktime, rate): fio's usec_sleep notices td->terminate
        }
    }

    @Override
    public boolean running() {
        return ioStarted && !finished && sim.now() >= stats.startNs + spec.rampTimeNs();
    }

    @Override
    public String error() {
        return rateError != null ? rateError : callErrno != 0 ? verror() : null;
    }

    /** An asynchronous job counts its writes for fsync/fdatasync=N as it submits them. */
    private void countWriteForSync() {
        writesSinceSync++;
        writesSinceDatasync++;
        if (files.fsync() > 0 && writesSinceSync >= files.fsync()) {
            writesSinceSync = 0;
            syncDue = true;
            syncDueIsDatasync = false;
        } else if (files.fdatasync() > 0 && writesSinceDatasync >= files.fdatasync()) {
            writesSinceDatasync = 0;
            syncDue = true;
            syncDueIsDatasync = true;
        }
    }

    /** fsync()/fdatasync() of the file just written (fio syncs the file of the IO). */
    private void sync(boolean datasync, Runnable then) {
        OpenFile of = open.get((nextFile + open.size() - 1) % open.size());
        syncCall = true;
        Bio call = new Bio(ids.next(), Op.FLUSH, 0, 0, 0, pid, spec.ioprio(), b -> {
            lastCompletedDir = 2; // fio's DDIR_SYNC: not a read, so a verify backlog may start after it
            syncCall = false;
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

    // ------------------------------------------------------------------ loops and verify

    /**
     * The IO phase of a loop, or its verify phase, has no more calls to make and none in flight.
     * After the IO (backend.c thread_main): {@code end_fsync} (do_io's last step, each loop),
     * then, with {@code verify} and {@code do_verify} and writes logged, the read-back; then
     * another loop or the end.
     */
    private void phaseEnded() {
        if (phaseEnding) {
            return;
        }
        phaseEnding = true;
        if (verifying) {
            verifying = false;
            nextLoopOrEnd();
            return;
        }
        endFsync(() -> {
            if (!terminated() && spec.control().verify() && verifyLog.logged() > 0) {
                // clear_io_state closes the files (close_files: a close, no sync); do_verify's
                // sync-and-invalidate loop then skips them as closed, and get_next_verify opens
                // them again (td_io_open_file), which drops only the clean pages
                closeFiles(() -> reopenAll(this::startVerify));
            } else {
                nextLoopOrEnd();
            }
        });
    }

    /** The runtime has passed (fio_mark_td_terminate), or calls stopped taking time: no verify, no more loops. */
    private boolean terminated() {
        return sim.now() >= stopAtNs || stoppedTimeless;
    }

    /** do_verify's loop over the history: in the order written, or by offset where offsets may repeat. */
    private void startVerify() {
        verifying = true;
        phaseEnding = false;
        draining = false;
        if (spec.verifyByOffset()) {
            verifyLog.orderByOffset();
        }
        next();
    }

    /**
     * backend.c keep_running: time_based runs loops until the runtime, {@code loops} that many;
     * each begins with clear_io_state (the files closed, and opened again by the next do_io) and
     * prune_io_piece_log (the history forgotten), from the start of the files with the random
     * streams re-seeded.
     */
    private void nextLoopOrEnd() {
        // a loop that did no IO (number_ios reached) ends the job: do_io's fio_mark_td_terminate
        boolean again = !terminated() && loopBytes > 0 && (spec.timeBased() || loop < spec.control().loops());
        if (!again) {
            finish();
            return;
        }
        loop++;
        closeFiles(() -> reopenAll(() -> {
            java.util.Arrays.fill(cursor, 0);
            nextFile = 0;
            loopBytes = 0;
            drawStreams();
            verifyLog.clear();
            phaseEnding = false;
            draining = false;
            next();
        }));
    }

    private void finish() {
        if (finished) {
            return;
        }
        finished = true;
        closeFiles(this::unlinkAll);
    }

    private void endFsync(Runnable then) {
        if (!files.endFsync()) {
            then.run();
            return;
        }
        FileLoop.run(0, open.size(), (i, next) -> fs.fsync(open.get(i), false, pid, next), then);
    }

    /** Closes the files if they are open (clear_io_state's close_files; at the end, fio's close of every file). */
    private void closeFiles(Runnable then) {
        if (!filesOpen) {
            then.run();
            return;
        }
        filesOpen = false;
        FileLoop.run(0, open.size(), (i, next) -> fs.close(open.get(i), pid, next), then);
    }

    private void unlinkAll() {
        if (!files.unlink()) {
            ended();
            return;
        }
        FileLoop.run(0, files.names().size(), (i, next) -> fs.unlink(fs.root(), files.names().get(i), pid, next), this::ended);
    }

    /** The job's thread exits: the run learns it, then whatever waits for it (stonewall, wait_for) goes on. */
    private void ended() {
        onFinish.run();
        onFinished.release();
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
        if (callErrno != 0) {
            // thread_main's end: "fio: pid=%d, err=%d/%s"
            return List.of("job " + spec.name() + ": fio: pid=" + pid + ", err=" + callErrno + "/" + verror());
        }
        if (rateError != null) {
            return List.of("job " + spec.name() + ": fio: " + rateError + "; the job ended with err=5"
                    + " (Input/output error, func=check_min_rate)");
        }
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
