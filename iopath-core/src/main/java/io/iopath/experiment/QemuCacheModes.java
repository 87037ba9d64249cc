package io.iopath.experiment;

import io.iopath.result.CacheModeRow;
import io.iopath.result.VirtualResult;
import io.iopath.scenario.ScenarioReader;
import io.iopath.scenario.VirtualScenario;
import io.iopath.virt.CacheMode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The answer to the 2008 qemu-devel thread "[RFC] Disk integrity in QEMU" in one grid: every QEMU
 * cache mode × virtual device (virtio-blk with flush; the 2008 IDE emulation, which never
 * receives one) × physical write cache off / on × guest workload (the thread's six O_DIRECT jobs,
 * taken unchanged from {@code examples/qemu-write-cache}, and an ext3 small-file writer that
 * fsyncs), each cut by a host power failure. Every scenario is read before any runs; runs go
 * {@code jobs} at a time and come back in grid order, the same whatever the thread count.
 */
public final class QemuCacheModes {
    public static final List<String> DEVICES = List.of("virtio-blk", "ide-2008");
    public static final List<String> SIZES = List.of("4k", "128k");
    public static final List<String> PATTERNS = List.of("read", "write", "rw");
    public static final String EXT3 = "ext3-fsync";
    /** The thread's jobs run 60 s on the bare drive; here a few seconds, cut before their end. */
    public static final String RUNTIME = "3s";

    /** One run of the grid. */
    public record Cell(String mode, String device, boolean driveWriteCache, String workload, VirtualScenario scenario) {
    }

    private QemuCacheModes() {
    }

    /** The workloads in table order. */
    public static List<String> workloads() {
        List<String> w = new ArrayList<>();
        for (String s : SIZES) {
            for (String p : PATTERNS) {
                w.add(s + "-" + p);
            }
        }
        w.add(EXT3);
        return w;
    }

    /**
     * Reads every cell's scenario: {@code cacheModes}/guest.yaml with the jobs of
     * {@code writeCache}/SIZE-PATTERN.yaml as its guest's jobs, and {@code cacheModes}/guest-ext3-fsync.yaml.
     */
    public static List<Cell> cells(Path writeCache, Path cacheModes) {
        Path template = cacheModes.resolve("guest.yaml");
        String guest = read(template);
        List<Cell> cells = new ArrayList<>();
        for (String w : workloads()) {
            Path f = w.equals(EXT3) ? cacheModes.resolve("guest-ext3-fsync.yaml") : writeCache.resolve(w + ".yaml");
            String text = read(f);
            List<String> extra = w.equals(EXT3) ? List.of() : List.of("guest.jobs[0].runtime=" + RUNTIME);
            for (String mode : CacheMode.NAMES) {
                for (String device : DEVICES) {
                    for (boolean wc : new boolean[] {false, true}) {
                        List<String> o = new ArrayList<>(extra);
                        o.add("qemu.cache=" + mode);
                        o.add("qemu.device=" + device);
                        o.add("drive.write_cache=" + (wc ? "on" : "off"));
                        cells.add(new Cell(mode, device, wc, w, w.equals(EXT3) ? ScenarioReader.readVirtual(f.toString(), text, o)
                                : ScenarioReader.readVirtualWithJobsOf(template.toString(), guest, f.toString(), text, o)));
                    }
                }
            }
        }
        return cells;
    }

    private static String read(Path f) {
        try {
            return Files.readString(f, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(f + ": " + e.getMessage(), e);
        }
    }

    /** Runs the cells, {@code jobs} at a time; the rows come back in the cells' order. */
    public static List<CacheModeRow> run(List<Cell> cells, int jobs) {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(jobs, cells.size())), r -> {
            Thread t = new Thread(r, "qemu-cache-modes");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<CacheModeRow>> futures = new ArrayList<>();
            for (Cell c : cells) {
                futures.add(pool.submit(() -> row(c)));
            }
            List<CacheModeRow> rows = new ArrayList<>();
            for (Future<CacheModeRow> f : futures) {
                rows.add(f.get());
            }
            return rows;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    static CacheModeRow row(Cell c) {
        VirtualResult r = new VirtualRun(c.scenario()).execute();
        var loss = r.powerLoss();
        return new CacheModeRow(c.mode(), c.device(), c.driveWriteCache(), c.workload(), r.application().iops(),
                r.application().p50Ns(), r.application().p99Ns(), loss == null ? 0 : loss.guestAckedLost(),
                loss == null ? 0 : loss.guestFlushedLost(), loss == null ? 0 : loss.hostPageCacheLost(),
                loss == null ? 0 : loss.drive().acknowledgedLost());
    }
}
