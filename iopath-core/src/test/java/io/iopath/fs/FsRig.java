package io.iopath.fs;

import io.iopath.block.BioSink;
import io.iopath.block.BlockQueue;
import io.iopath.block.BlockTracepoints;
import io.iopath.block.Plugging;
import io.iopath.block.QueueSettings;
import io.iopath.block.sched.Hz;
import io.iopath.block.sched.Schedulers;
import io.iopath.device.disk.Disk;
import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.driver.ScsiDriver;
import io.iopath.fs.ext3.Ext3;
import io.iopath.fs.mount.Mkfs;
import io.iopath.fs.reiserfs.ReiserFs;
import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** A file system (ext3 unless the config says otherwise) on the default laptop drive behind a noop block queue, with every bio the file system submits recorded. */
final class FsRig {
    static final int APP = 1;
    static final int KJOURNALD = 100;
    static final int PDFLUSH = 101;
    static final int KSWAPD = 102;

    final Simulator sim;
    final BlockQueue queue;
    final Disk disk;
    /** The mounted file system, of the config's type. */
    final FileSystem mounted;
    /** The same when it is ext3 (null otherwise). */
    final Ext3 fs;
    final List<Io> ios = new ArrayList<>();
    private long ids;

    /** One bio as the device saw it. */
    static final class Io {
        final Bio bio;
        final long submitNs;
        long doneNs = -1;

        Io(Bio bio, long submitNs) {
            this.bio = bio;
            this.submitNs = submitNs;
        }

        long block(long partitionSector) {
            return (bio.sector - partitionSector) / 8;
        }

        int blocks() {
            return bio.sectors / 8;
        }

        @Override
        public String toString() {
            return bio.op + " " + bio.sector + "+" + bio.sectors + " pid " + bio.processId + " @" + submitNs;
        }
    }

    FsRig(FsConfig config) {
        this(config, 1);
    }

    FsRig(FsConfig config, long seed) {
        this.sim = new Simulator(seed);
        this.disk = new Disk(sim, DrivePresets.find(DrivePresets.DEFAULT).orElseThrow());
        this.queue = new BlockQueue(sim, Schedulers.create("noop", Map.of(), Hz.EXACT),
                QueueSettings.defaults().withPlugging(Plugging.LEGACY).withHz(Hz.EXACT), BlockTracepoints.NONE);
        new ScsiDriver(sim, queue, disk, 32);
        queue.task(APP, "app");
        queue.task(KJOURNALD, "kjournald");
        queue.task(PDFLUSH, "pdflush");
        BioSink recording = new BioSink() {
            @Override
            public void submit(Bio bio) {
                ios.add(new Io(bio, sim.now()));
                queue.submit(bio);
            }

            @Override
            public boolean congested(Op op) {
                return queue.congested(op);
            }
        };
        this.mounted = Mkfs.mount(sim, recording, config, new FsPids(KJOURNALD, PDFLUSH, KSWAPD), () -> ids++, b -> {
            for (int i = ios.size() - 1; i >= 0; i--) {
                if (ios.get(i).bio == b) {
                    ios.get(i).doneNs = sim.now();
                    return;
                }
            }
        });
        this.fs = mounted instanceof Ext3 e ? e : null;
    }

    io.iopath.fs.xfs.Xfs xfs() {
        return (io.iopath.fs.xfs.Xfs) mounted;
    }

    ReiserFs reiser() {
        return (ReiserFs) mounted;
    }

    static FsConfig small() {
        return FsConfig.ext3(0, 1L << 30, 512L << 20);
    }

    long partitionSector() {
        return 0;
    }

    /** Runs the simulation until nothing is pending or {@code untilNs}. */
    void runUntil(long untilNs) {
        sim.runUntil(untilNs);
    }

    /** Runs one step of a process and waits (in simulated time) until it has finished. */
    <T> T call(Consumer<Consumer<T>> op) {
        Object[] out = new Object[1];
        boolean[] done = {false};
        op.accept(v -> {
            out[0] = v;
            done[0] = true;
        });
        while (!done[0]) {
            long before = sim.eventsFired();
            sim.runUntil(sim.now() + 10_000_000L);
            if (sim.pendingEvents() == 0 && !done[0] && sim.eventsFired() == before) {
                throw new IllegalStateException("the call never finished");
            }
        }
        @SuppressWarnings("unchecked")
        T t = (T) out[0];
        return t;
    }

    void run(Consumer<Runnable> op) {
        call((Consumer<Object> c) -> op.accept(() -> c.accept(Boolean.TRUE)));
    }

    FsFile create(String name) {
        return call(c -> mounted.create(mounted.root(), name, APP, c));
    }

    OpenFile open(String name) {
        return call(c -> mounted.open(mounted.root(), name, false, APP, c));
    }

    void write(OpenFile f, long off, long len) {
        run(r -> mounted.write(f, off, len, APP, r));
    }

    void read(OpenFile f, long off, long len) {
        run(r -> mounted.read(f, off, len, APP, r));
    }

    void close(OpenFile f) {
        run(r -> mounted.close(f, APP, r));
    }

    void sync() {
        run(r -> mounted.sync(APP, r));
    }

    void fsync(OpenFile f) {
        run(r -> mounted.fsync(f, false, APP, r));
    }

    List<Io> since(int mark) {
        return new ArrayList<>(ios.subList(mark, ios.size()));
    }
}
