package io.iopath.metrics.fio;

import io.iopath.files.AtomicFiles;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * fio's per-job logs ({@code write_bw_log}, {@code write_lat_log}, {@code write_iops_log}) for
 * one process, in fio 3.33's text format (iolog.c {@code flush_samples}): one line per entry,
 * {@code time, value, ddir, bs, prio} ({@code time, value, ddir, bs, offset, prio} with
 * {@code log_offset}); time in ms since the job's statistics began (its epoch, reset after
 * {@code ramp_time}), ddir 0 read, 1 write, 2 trim; prio 1 for a real-time I/O priority class.
 * Values: bandwidth in KiB/s, latencies in ns, IOPS.
 *
 * <p>Without {@code log_avg_msec} every completed IO is an entry (stat.c {@code add_bw_sample}:
 * the IO's bytes over its completion latency, {@code bytes * 1e6 / clat_ns}; {@code
 * add_iops_sample}: 1; {@code add_clat_sample} etc.: the latency). With it, bandwidth and IOPS
 * are measured over windows of that length ({@code __add_samples}: the window's bytes or IOs
 * over its length; a direction without IO in a window has no entry; no entry for the last,
 * partial window) and the latency logs average their samples until a window has passed
 * ({@code add_log_sample}: the mean, rounded, at the time of the sample that closed it; what is
 * left is written when the job ends, {@code finalize_logs}). Entries of averaged logs have bs 0,
 * as fio's {@code __add_stat_to_log} writes them. The simulation has no helper-thread jitter, so
 * windows end exactly at multiples of {@code log_avg_msec}.
 */
public final class FioLogs {
    /**
     * What a job asked for.
     *
     * @param bwPrefix   {@code write_bw_log}'s name, or null
     * @param latPrefix  {@code write_lat_log}'s name (lat, clat and slat logs), or null
     * @param iopsPrefix {@code write_iops_log}'s name, or null
     * @param avgMs      {@code log_avg_msec}, 0 for an entry per IO
     * @param logOffset  {@code log_offset}: an offset column
     * @param slat       whether the job has submission latencies (an asynchronous engine)
     */
    public record Config(String bwPrefix, String latPrefix, String iopsPrefix, long avgMs, boolean logOffset,
                         boolean slat) {
        public boolean any() {
            return bwPrefix != null || latPrefix != null || iopsPrefix != null;
        }
    }

    private static final int DIRS = 3;
    private static final long MS = 1_000_000L;

    /** One log file. */
    private final class Log {
        final AtomicFiles.Output out;
        final Writer w;
        final boolean averagedLatency;
        final double[] sum = new double[DIRS];
        final long[] count = new long[DIRS];
        final long[] lastMs = new long[DIRS];

        Log(Path file, boolean latency) throws IOException {
            out = AtomicFiles.newOutputStream(file);
            w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.US_ASCII), 1 << 16);
            averagedLatency = latency && config.avgMs() > 0;
            files.add(this);
        }

        void entry(long timeMs, long value, int ddir, long bs, long offset, int prio) {
            line.setLength(0);
            line.append(timeMs).append(", ").append(value).append(", ").append(ddir).append(", ").append(bs);
            if (config.logOffset()) {
                line.append(", ").append(offset);
            }
            line.append(", ").append(prio).append('\n');
            try {
                w.append(line);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** A latency sample: an entry of its own, or into the averaging window of its direction. */
        void latency(long timeMs, long ns, int ddir, long bs, long offset, int prio) {
            if (!averagedLatency) {
                entry(timeMs, ns, ddir, bs, offset, prio);
                return;
            }
            sum[ddir] += ns;
            count[ddir]++;
            if (timeMs - lastMs[ddir] >= config.avgMs()) {
                flush(ddir, timeMs);
                lastMs[ddir] = timeMs - timeMs % config.avgMs();
            }
        }

        void flush(int ddir, long timeMs) {
            if (count[ddir] > 0) {
                entry(timeMs, (long) (sum[ddir] / count[ddir] + 0.5), ddir, 0, 0, 0);
            }
            sum[ddir] = 0;
            count[ddir] = 0;
        }
    }

    private final Config config;
    private final StringBuilder line = new StringBuilder(64);
    private final List<Log> files = new ArrayList<>();
    private final Log bw;
    private final Log iops;
    private final Log lat;
    private final Log clat;
    private final Log slat;
    private final long[] windowBytes = new long[DIRS];
    private final long[] windowIos = new long[DIRS];
    private long epochNs = -1;
    private long windowEndNs;

    /**
     * Opens the files in {@code dir} under fio's names ({@code gen_log_name}, per_job_logs=1):
     * PREFIX_bw.N.log, PREFIX_iops.N.log, PREFIX_lat.N.log, PREFIX_clat.N.log, PREFIX_slat.N.log,
     * N the process's fio thread number (1, 2, … over the file's jobs and their clones).
     */
    public FioLogs(Config config, Path dir, int threadNumber) throws IOException {
        this.config = config;
        bw = config.bwPrefix() == null ? null : new Log(dir.resolve(config.bwPrefix() + "_bw." + threadNumber + ".log"), false);
        iops = config.iopsPrefix() == null ? null : new Log(dir.resolve(config.iopsPrefix() + "_iops." + threadNumber + ".log"), false);
        if (config.latPrefix() != null) {
            lat = new Log(dir.resolve(config.latPrefix() + "_lat." + threadNumber + ".log"), true);
            clat = new Log(dir.resolve(config.latPrefix() + "_clat." + threadNumber + ".log"), true);
            slat = new Log(dir.resolve(config.latPrefix() + "_slat." + threadNumber + ".log"), true);
        } else {
            lat = null;
            clat = null;
            slat = null;
        }
    }

    /**
     * An IO of direction {@code ddir} (0 read, 1 write, 2 trim) completed at {@code nowNs};
     * {@code epochNs} is when the job's statistics began.
     */
    void completed(int ddir, long slatNs, long clatNs, long bytes, long offset, long nowNs, long epochNs,
                   boolean realTime) {
        if (this.epochNs < 0) {
            this.epochNs = epochNs;
            windowEndNs = epochNs + config.avgMs() * MS;
        }
        long timeMs = (nowNs - epochNs) / MS;
        int prio = realTime ? 1 : 0;
        if (config.avgMs() > 0) {
            while (nowNs >= windowEndNs) {
                closeWindow();
            }
            windowBytes[ddir] += bytes;
            windowIos[ddir]++;
        } else {
            if (bw != null) {
                bw.entry(timeMs, clatNs == 0 ? 0 : bytes * 1_000_000L / clatNs, ddir, bytes, offset, prio);
            }
            if (iops != null) {
                iops.entry(timeMs, 1, ddir, bytes, offset, prio);
            }
        }
        if (lat != null) {
            if (config.slat()) {
                slat.latency(timeMs, slatNs, ddir, bytes, offset, prio);
            }
            clat.latency(timeMs, clatNs, ddir, bytes, offset, prio);
            lat.latency(timeMs, slatNs + clatNs, ddir, bytes, offset, prio);
        }
    }

    /** {@code __add_samples} at the end of a window: the rate of each direction that had IO. */
    private void closeWindow() {
        long timeMs = (windowEndNs - epochNs) / MS;
        for (int d = 0; d < DIRS; d++) {
            if (windowIos[d] == 0) {
                continue;
            }
            if (bw != null) {
                bw.entry(timeMs, windowBytes[d] * 1000 / config.avgMs() / 1024, d, 0, 0, 0);
            }
            if (iops != null) {
                iops.entry(timeMs, windowIos[d] * 1000 / config.avgMs(), d, 0, 0, 0);
            }
            windowBytes[d] = 0;
            windowIos[d] = 0;
        }
        windowEndNs += config.avgMs() * MS;
    }

    /** The job ended at {@code endNs}: the latency logs' open windows are written ({@code finalize_logs}). */
    public void finish(long endNs) {
        if (epochNs < 0) {
            return;
        }
        long timeMs = Math.max(0, (endNs - epochNs) / MS);
        for (Log l : new Log[] {lat, clat, slat}) {
            if (l != null && l.averagedLatency) {
                for (int d = 0; d < DIRS; d++) {
                    l.flush(d, timeMs);
                }
            }
        }
    }

    /** Completes the files: they appear under their names when closed. */
    public void commit() throws IOException {
        for (Log l : files) {
            l.w.flush();
            l.out.commit();
        }
    }

    public void close() throws IOException {
        IOException first = null;
        for (Log l : files) {
            try {
                l.w.close();
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
