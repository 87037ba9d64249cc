package io.iopath.report.fio;

import io.iopath.result.FioJobOptions;
import io.iopath.result.FioResult;
import java.util.List;
import java.util.Locale;

/**
 * fio's {@code --output-format=terse}, version 3 (fio's default {@code terse_version}): one line
 * per reported job, fields separated by {@code ;}, in the order of {@code stat.c:
 * show_thread_status_terse_all} and {@code show_ddir_status_terse} (fio's HOWTO, "Terse
 * output"): version, fio version, job name, group id, error; for read then write (v3 has no
 * trim fields: {@code show_thread_status_terse_all} adds them for versions 2, 4 and 5 only, so a
 * trim job's IOs show in its latency and depth shares alone, as in fio): KiB, bandwidth (KiB/s), IOPS, runtime (ms), slat, clat (min, max, mean, stdev in µs),
 * 20 clat percentiles ({@code P%=µs}, {@code 0%=0} past the list), lat, bw (min, max, % of the
 * group's aggregate, mean, stdev); cpu; 7 IO depth shares; 10 µs and 12 ms latency shares; and
 * the disk ({@code show_disk_util}'s terse form: name, ios, merges, ticks per direction,
 * in_queue, util), as fio appends it; with {@code continue_on_error} the error count and the first
 * error.
 */
public final class FioTerse {
    /** fio's {@code FIO_IO_U_LIST_MAX_LEN}: the percentile fields a terse line always has. */
    static final int PERCENTILE_FIELDS = 20;

    private FioTerse() {
    }

    public static String render(FioResult r) {
        StringBuilder sb = new StringBuilder();
        FioFigures.Disk k = FioFigures.disk(r);
        for (FioResult.Job e : r.jobs()) {
            FioFigures.Group g = FioFigures.group(r, e.groupId());
            FioResult.Stats s = e.stats();
            long runMs = FioFigures.runtimeMs(s);
            sb.append("3;").append(FioJson.FIO_VERSION).append(';').append(FioJobOptions.section(e.name())).append(';').append(e.groupId()).append(';').append(e.error().errno());
            direction(sb, s.read(), runMs, e.options(), g.aggBw()[0]);
            direction(sb, s.write(), runMs, e.options(), g.aggBw()[1]);
            sb.append(";0.000000%;0.000000%;0;0;0"); // no CPU model
            for (double d : FioFigures.depthPercents(s)) {
                sb.append(String.format(Locale.ROOT, ";%3.1f%%", d));
            }
            long total = 0;
            for (long c : s.latencyBuckets()) {
                total += c;
            }
            // stat_calc_lat_nu: the nsec buckets count in the first usec bucket
            long ns = 0;
            for (int i = 0; i < 10; i++) {
                ns += s.latencyBuckets().get(i);
            }
            for (int i = 10; i < s.latencyBuckets().size(); i++) {
                double pct = share(s.latencyBuckets().get(i), total);
                if (i == 10 && total > 0) {
                    pct += 100.0 * ns / total;
                }
                sb.append(String.format(Locale.ROOT, ";%3.2f%%", pct));
            }
            if (k != null) { // no disk behind a character device (mtd jobs): fio writes no disk fields
                sb.append(String.format(Locale.ROOT, ";%s;%d;%d;%d;%d;%d;%d;%d;%3.2f%%", k.name(), k.ios()[0], k.ios()[1],
                        k.merges()[0], k.merges()[1], k.ticksMs()[0], k.ticksMs()[1], k.inQueueMs(), k.util()));
            }
            if (e.error().continueOnError()) {
                sb.append(';').append(e.error().count()).append(';').append(e.error().firstError()); // total_err_count, first_error
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** {@code stat_calc_lat}: a bucket's share in percent, at least 0.01 when it has any. */
    private static double share(long count, long total) {
        if (total == 0) {
            return 0;
        }
        double pct = 100.0 * count / total;
        return pct < 0.01 && count > 0 ? 0.01 : pct;
    }

    private static void direction(StringBuilder sb, FioResult.Direction d, long runMs, FioResult.Options o, long aggBw) {
        long run = d.ios() == 0 ? 0 : runMs;
        long bw = run == 0 ? 0 : d.bytes() * 1000 / run / 1024;
        long iops = run == 0 ? 0 : d.ios() * 1000 / run;
        sb.append(String.format(Locale.ROOT, ";%d;%d;%d;%d", d.bytes() >> 10, bw, iops, run));
        // a sync engine has no submission latency (fio records slat only for queued IO)
        usec(sb, o.asyncEngine() ? d.slat() : FioResult.Moments.EMPTY);
        usec(sb, d.clat());
        List<Long> v = d.clatPercentiles();
        List<Double> list = o.percentiles();
        for (int i = 0; i < PERCENTILE_FIELDS; i++) {
            if (i < v.size()) {
                sb.append(String.format(Locale.ROOT, ";%f%%=%d", list.get(i), v.get(i) / 1000));
            } else {
                sb.append(";0%=0");
            }
        }
        usec(sb, d.lat());
        FioResult.Moments b = d.bwSamples();
        if (b.count() == 0) {
            sb.append(";0;0;0.000000%;0.000000;0.000000");
        } else {
            double perAgg = 100.0;
            if (aggBw / 1024 > 0) {
                perAgg = Math.min(100.0, b.mean() * 100 / (aggBw / 1024)); // integer KiB/s, as fio divides
            }
            sb.append(String.format(Locale.ROOT, ";%d;%d;%f%%;%f;%f", b.min(), b.max(), perAgg, b.mean(), b.stdev()));
        }
    }

    /** min, max (integer µs), mean, stdev (µs) of a latency; zeros without samples. */
    private static void usec(StringBuilder sb, FioResult.Moments m) {
        if (m.count() == 0) {
            sb.append(";0;0;0.000000;0.000000");
            return;
        }
        sb.append(String.format(Locale.ROOT, ";%d;%d;%f;%f", m.min() / 1000, m.max() / 1000, m.mean() / 1000, m.stdev() / 1000));
    }
}
