package io.iopath.workload.job;

import io.iopath.fs.CpuCost;
import io.iopath.fs.FileSystem;
import io.iopath.fs.OpenFile;
import io.iopath.metrics.fio.JobStats;
import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.sim.Simulator;
import io.iopath.workload.FileJobSpec;
import io.iopath.workload.JobSpec;
import io.iopath.workload.ReadWrite;
import io.iopath.workload.Waiters;
import io.iopath.workload.Workload;
import java.util.List;

/**
 * fio's file and directory operation engines (engines/fileoperations.c): a simulated process
 * that reads and writes no data but makes one system call per file of the job, and records each
 * call's latency as one IO, as fio's {@code open_file} / {@code stat_file} / {@code delete_file}
 * record theirs ({@code add_clat_sample} around the call; the engines' own fake IOs carry no
 * statistics, {@code FIO_NOSTATS}). The IO is the file system's: the directory and inode blocks
 * the call reads, the journal it writes.
 *
 * <ul>
 *   <li>{@code filecreate}: {@code open(O_CREAT)} of each file (a new inode and directory entry);
 *   <li>{@code filestat}: {@code stat()} of each file, laid out first as fio's set-up does
 *       ({@code setup_files}: created and written to {@code filesize});
 *   <li>{@code filedelete}: {@code unlink()} of each file, laid out first;
 *   <li>{@code dircreate}: {@code mkdir()} of each name;
 *   <li>{@code dirstat}: {@code stat()} of each directory, made first (the engine's {@code setup_dirs});
 *   <li>{@code dirdelete}: {@code rmdir()} of each directory, made first.
 * </ul>
 *
 * The calls are made one after another (every engine is {@code FIO_SYNCIO}); the statistics go to
 * reads unless the job only writes (the engine's {@code stat_ddir}). {@code unlink=1} removes the
 * files (or directories) the job leaves.
 */
public final class FileOpJob implements Workload {
    /** fio's engines of this kind, by name. */
    public static final List<String> ENGINES = JobSpec.FILE_OP_ENGINES;

    private final Simulator sim;
    private final FileSystem fs;
    private final JobSpec spec;
    private final FileJobSpec files;
    private final int pid;
    private final BlockJob.BioIds ids;
    private final CpuCost cpu;
    private final Runnable onFinish;
    private final JobStats stats = new JobStats();
    private final boolean directories;
    private final Op statDirection;
    private final Waiters onFinished = new Waiters();
    private long completed;
    private boolean finished;

    public FileOpJob(Simulator sim, FileSystem fs, JobSpec spec, FileJobSpec files, int pid, BlockJob.BioIds ids,
                     CpuCost cpu, Runnable onFinish) {
        if (!ENGINES.contains(spec.ioengine())) {
            throw new IllegalArgumentException("not a file operation engine: " + spec.ioengine());
        }
        this.sim = sim;
        this.fs = fs;
        this.spec = spec;
        this.files = files;
        this.pid = pid;
        this.ids = ids;
        this.cpu = cpu;
        this.onFinish = onFinish;
        this.directories = spec.ioengine().startsWith("dir");
        boolean writesOnly = spec.rw() == ReadWrite.WRITE || spec.rw() == ReadWrite.RANDWRITE;
        this.statDirection = writesOnly ? Op.WRITE : Op.READ;
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

    private String operation() {
        return spec.ioengine().substring(directories ? 3 : 4); // create, stat, delete
    }

    /** What must exist before the timed calls: files laid out for stat and delete, directories for dirstat and dirdelete. */
    private void setUp(int i) {
        if (operation().equals("create") || i == files.names().size()) {
            stats.started(sim.now(), spec.rampTimeNs());
            call(0);
            return;
        }
        String name = files.names().get(i);
        if (fs.lookupCached(fs.root(), name) != null) {
            sim.after(0, () -> setUp(i + 1));
            return;
        }
        if (directories) {
            fs.mkdir(fs.root(), name, pid, d -> sim.after(0, () -> setUp(i + 1)));
            return;
        }
        fs.create(fs.root(), name, pid, f -> fs.open(fs.root(), name, false, pid, of -> layOut(of, 0,
                () -> fs.fsync(of, false, pid, () -> fs.close(of, pid, () -> sim.after(0, () -> setUp(i + 1)))))));
    }

    private void layOut(OpenFile of, long off, Runnable then) {
        if (off >= files.fileSize()) {
            then.run();
            return;
        }
        long len = Math.min(1 << 20, files.fileSize() - off);
        fs.write(of, off, len, pid, () -> sim.after(0, () -> layOut(of, off + len, then)));
    }

    /** The timed call on file {@code i}; its latency from entry (its CPU time included) to return. */
    private void call(int i) {
        if (i == files.names().size() || spec.numberIos() > 0 && i >= spec.numberIos()) {
            finish(0);
            return;
        }
        String name = files.names().get(i);
        Bio call = new Bio(ids.next(), statDirection, 0, (int) (spec.blockSize() / 512), 0, pid, spec.ioprio(), b -> {
            completed++;
            stats.completed(b);
            sim.after(0, () -> call(i + 1));
        });
        call.submittedNs = sim.now();
        stats.submitted(statDirection, 1);
        stats.committed();
        Runnable done = () -> call.complete(sim.now());
        Runnable make = () -> {
            boolean exists = fs.lookupCached(fs.root(), name) != null;
            switch (spec.ioengine()) {
                case "filecreate" -> {
                    if (exists) {
                        fs.stat(fs.root(), name, pid, done); // open(O_CREAT) of an existing file: its lookup
                    } else {
                        fs.create(fs.root(), name, pid, f -> done.run());
                    }
                }
                case "dircreate" -> {
                    if (exists) {
                        done.run(); // EEXIST after the lookup of a cached entry
                    } else {
                        fs.mkdir(fs.root(), name, pid, f -> done.run());
                    }
                }
                case "filestat", "dirstat" -> fs.stat(fs.root(), name, pid, done);
                case "filedelete" -> fs.unlink(fs.root(), name, pid, done);
                case "dirdelete" -> fs.rmdir(fs.root(), name, pid, done);
                default -> throw new IllegalStateException(spec.ioengine());
            }
        };
        // the call's CPU time (CpuCost: a stat is an open's lookup; create, mkdir, unlink, rmdir change the namespace)
        long cost = operation().equals("stat") ? cpu.openNs() : cpu.namespaceCallNs();
        if (cost > 0) {
            sim.after(cost, make);
        } else {
            make.run();
        }
    }

    /** unlink=1: what the job made goes (fio's unlink_file: rmdir for the directory engines). */
    private void finish(int i) {
        boolean removes = files.unlink() && !operation().equals("delete");
        if (!removes || i == files.names().size()) {
            finished = true;
            onFinish.run();
            onFinished.release();
            return;
        }
        String name = files.names().get(i);
        Runnable next = () -> sim.after(0, () -> finish(i + 1));
        if (directories) {
            fs.rmdir(fs.root(), name, pid, next);
        } else {
            fs.unlink(fs.root(), name, pid, next);
        }
    }

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

    @Override
    public void whenFinished(Runnable r) {
        if (finished) {
            r.run();
        } else {
            onFinished.add(r);
        }
    }

    public boolean finished() {
        return finished;
    }
}
