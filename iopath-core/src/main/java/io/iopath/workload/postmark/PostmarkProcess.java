package io.iopath.workload.postmark;

import io.iopath.fs.CpuCost;
import io.iopath.fs.FileSystem;
import io.iopath.fs.FsFile;
import io.iopath.fs.OpenFile;
import io.iopath.result.PostmarkResult;
import io.iopath.sim.Simulator;
import io.iopath.sim.Timer;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Postmark as a simulated process on a mounted file system: it makes Postmark's calls one at a time, each
 * after the previous one has returned in simulated time, and takes Postmark's four timers at the phases
 * ({@link Postmark#result}). One Postmark step's calls are queued ({@link CallQueue}) and then made; before
 * each call the process spends the call's CPU time ({@link CpuCost}); a call the file system finishes at
 * once and costs no CPU continues in the same loop rather than in a deeper stack frame.
 *
 * <p>Postmark does not create its locations (they must exist, as the capture script's {@code mkdir}
 * makes them): {@link #start} makes them first, as untimed set-up that is not one of Postmark's calls.
 * {@code rmdir} is made as an unlink of the (empty) directory: {@link FileSystem} has no rmdir, and ext3's
 * unlink frees a directory's inode and blocks as rmdir would. It comes after {@code end_time}, so the
 * report does not see it.
 *
 * <p>An optional observer sees every call as it is made, in order (a {@link PostmarkSeqWriter} for
 * {@code --ops-out}): the sequence of the simulated run, not a separate dry run.
 */
public final class PostmarkProcess implements FileCalls {
    private final Simulator sim;
    private final Postmark postmark;
    private final CallQueue queue = new CallQueue();
    private final FileSystem fs;
    private final CpuCost cpu;
    private final int pid;
    private FileCalls observer;
    /** Directories by Postmark's path: "" is the working directory (the file system's root). */
    private final Map<String, FsFile> dirs = new HashMap<>();
    /** Fires when the CPU time of the next call has been spent: the call is made then. */
    private final Timer cpuDone;

    private final Consumer<FsFile> created = f -> {
        open = new OpenFile(f, false);
        resume();
    };
    private final Consumer<OpenFile> opened = f -> {
        if (f == null) {
            throw new IllegalStateException("Postmark opened a file that does not exist");
        }
        open = f;
        resume();
    };
    private final Runnable resume = this::resume;
    private String pendingDir;
    private final Consumer<FsFile> madeDir = d -> {
        dirs.put(pendingDir, d);
        resume();
    };

    private OpenFile open;
    private boolean running;
    private boolean resumed;
    private boolean finished;
    private Runnable onDone;

    private long startNs = -1;
    private long transactionsStartNs = -1;
    private long transactionsEndNs = -1;
    private long endNs = -1;
    private long calls;
    private long cpuNs;

    /** @throws IllegalArgumentException for a configuration the real Postmark cannot run ({@link Postmark}) */
    public PostmarkProcess(Simulator sim, String name, PostmarkConfig config, FileSystem fs, CpuCost cpu, int pid) {
        this.sim = sim;
        this.postmark = new Postmark(config, queue);
        this.fs = fs;
        this.cpu = cpu;
        this.pid = pid;
        this.cpuDone = sim.timer("postmark." + name + ".cpu", this::cpuSpent);
        dirs.put("", fs.root());
    }

    /** Lets {@code calls} see each call as it is made, from now on (null: nobody). */
    public void observe(FileCalls calls) {
        this.observer = calls;
    }

    /** Makes the locations, then runs Postmark; {@code done} runs when its last call has returned. */
    public void start(Runnable done) {
        this.onDone = done;
        makeLocations(0);
    }

    private void makeLocations(int i) {
        var locations = postmark.config().locations();
        if (i == locations.size()) {
            loop();
            return;
        }
        String path = locations.get(i).name();
        // the first missing component of the path, as mkdir -p makes them (set-up, not one of Postmark's calls)
        String missing = null;
        for (int at = 0; at >= 0 && missing == null; ) {
            int slash = path.indexOf('/', at);
            String p = slash < 0 ? path : path.substring(0, slash);
            if (!p.isEmpty() && !dirs.containsKey(p)) {
                missing = p;
            }
            at = slash < 0 ? -1 : slash + 1;
        }
        if (missing == null) {
            makeLocations(i + 1);
            return;
        }
        String dir = missing;
        fs.mkdir(parentOf(dir), leafOf(dir), pid, d -> {
            dirs.put(dir, d);
            makeLocations(i);
        });
    }

    public boolean finished() {
        return finished;
    }

    /** Postmark's calls made so far (phase lines included, as in {@code postmark-seq v1}). */
    public long calls() {
        return calls;
    }

    /** Postmark's transactions made so far. */
    public int transactionsDone() {
        return postmark.transactionsDone();
    }

    /** Simulated CPU time the calls have cost so far. */
    public long cpuNs() {
        return cpuNs;
    }

    /** Postmark's counters and timers (valid once finished). */
    public PostmarkResult result() {
        return postmark.result(startNs, transactionsStartNs, transactionsEndNs, endNs);
    }

    public PostmarkConfig config() {
        return postmark.config();
    }

    private void resume() {
        if (running) {
            resumed = true; // finished at once: the loop below goes on
            return;
        }
        loop();
    }

    private void loop() {
        running = true;
        try {
            do {
                resumed = false;
                while (queue.isEmpty()) {
                    if (!postmark.step()) {
                        finish();
                        return;
                    }
                }
                long cost = costOfNext();
                if (cost > 0) {
                    cpuNs += cost;
                    cpuDone.scheduleAfter(cost); // on the CPU; the call is made when the time is spent
                    return;
                }
                calls++;
                queue.replayNext(this);
            } while (resumed);
        } finally {
            running = false;
        }
    }

    private void cpuSpent() {
        running = true;
        resumed = false;
        try {
            calls++;
            queue.replayNext(this);
        } finally {
            running = false;
        }
        if (resumed) {
            loop();
        }
    }

    private long costOfNext() {
        return switch (queue.peekKind()) {
            case PHASE -> 0;
            case READ, WRITE -> cpu.dataCallNs(queue.peekBytes());
            case OPEN_READ, OPEN_APPEND -> cpu.openNs();
            case CREATE, UNLINK, MKDIR, RMDIR -> cpu.namespaceCallNs();
            case CLOSE -> cpu.syscallNs();
        };
    }

    private void finish() {
        if (endNs < 0) {
            endNs = sim.now();
        }
        finished = true;
        onDone.run();
    }

    @Override
    public void phase(PostmarkPhase phase) {
        if (observer != null) {
            observer.phase(phase);
        }
        long now = sim.now();
        switch (phase) {
            case CREATE -> startNs = now;
            case TRANSACTIONS -> transactionsStartNs = now;
            case OUT_OF_FILES, DELETE -> {
                if (transactionsEndNs < 0) {
                    transactionsEndNs = now;
                }
            }
            case RMDIR -> endNs = now;
            default -> {
            }
        }
        resumed = true;
    }

    @Override
    public void mkdir(String dir) {
        if (observer != null) {
            observer.mkdir(dir);
        }
        pendingDir = dir;
        fs.mkdir(parentOf(dir), leafOf(dir), pid, madeDir);
    }

    @Override
    public void rmdir(String dir) {
        if (observer != null) {
            observer.rmdir(dir);
        }
        FsFile parent = parentOf(dir);
        dirs.remove(dir);
        fs.unlink(parent, leafOf(dir), pid, resume);
    }

    @Override
    public void create(String path) {
        if (observer != null) {
            observer.create(path);
        }
        fs.create(parentOf(path), leafOf(path), pid, created);
    }

    @Override
    public void openRead(String path, long size) {
        if (observer != null) {
            observer.openRead(path, size);
        }
        fs.open(parentOf(path), leafOf(path), false, pid, opened);
    }

    @Override
    public void openAppend(String path, long size) {
        if (observer != null) {
            observer.openAppend(path, size);
        }
        fs.open(parentOf(path), leafOf(path), false, pid, opened);
    }

    @Override
    public void read(String path, long offset, int bytes, int requested) {
        if (observer != null) {
            observer.read(path, offset, bytes, requested);
        }
        fs.read(open, offset, bytes, pid, resume);
    }

    @Override
    public void write(String path, long offset, int bytes) {
        if (observer != null) {
            observer.write(path, offset, bytes);
        }
        fs.write(open, offset, bytes, pid, resume);
    }

    @Override
    public void close(String path) {
        if (observer != null) {
            observer.close(path);
        }
        OpenFile f = open;
        open = null;
        fs.close(f, pid, resume);
    }

    @Override
    public void unlink(String path) {
        if (observer != null) {
            observer.unlink(path);
        }
        fs.unlink(parentOf(path), leafOf(path), pid, resume);
    }

    /**
     * The directory holding {@code path}. Postmark works on one file at a time with the same name object
     * for every call on it, so the split is remembered for that name: one split per file operation.
     */
    private FsFile parentOf(String path) {
        split(path);
        return lastDir;
    }

    private String leafOf(String path) {
        split(path);
        return lastLeaf;
    }

    private void split(String path) {
        if (path == lastPath) {
            return;
        }
        int slash = path.lastIndexOf('/');
        FsFile d = dirs.get(slash < 0 ? "" : path.substring(0, slash));
        if (d == null) {
            throw new IllegalStateException("no directory for " + path);
        }
        lastPath = path;
        lastDir = d;
        lastLeaf = path.substring(slash + 1);
    }

    private String lastPath;
    private FsFile lastDir;
    private String lastLeaf;
}
