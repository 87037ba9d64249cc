package io.iopath.report;

import io.iopath.result.DirectionStats;
import io.iopath.result.Result;
import io.iopath.units.Units;
import java.util.List;
import java.util.Locale;

/**
 * The terminal table of a trace replayed one device at a time, in Markdown: a row per device,
 * then a total over the devices. The devices ran side by side on their own drives, so the total
 * adds requests and bytes, takes the longest run as the elapsed time (IOPS and MB/s of the whole
 * trace are the sums over that time), weights mean latency by requests and drive utilisation by
 * each run's elapsed time, and keeps the largest maximum. A percentile of the whole cannot be
 * had from the devices' percentiles, so the total leaves p99 empty; results.csv and latency.csv
 * (the split's {@code --out}) have each device's distribution.
 */
public final class SplitReplayTable {
    private SplitReplayTable() {
    }

    /** {@code runs}: one per device, labelled with the device number, in device order. */
    public static String render(List<LabelledResult> runs) {
        StringBuilder sb = new StringBuilder(
                "| device | requests | elapsed s | IOPS | MB/s | mean ms | p99 ms | max ms | drive busy % |\n"
                        + "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        long ios = 0;
        long bytes = 0;
        long elapsed = 0;
        double latencySum = 0;
        double busyNs = 0;
        double runNs = 0;
        long max = 0;
        for (LabelledResult run : runs) {
            Result r = run.result();
            DirectionStats t = r.total();
            row(sb, run.labels().get(0), t.ios(), r.elapsedNs(), t.iops(), t.bandwidthBytesPerS(), t.latency().mean(),
                    f1(Units.ms(t.latency().p99())), t.latency().max(), r.driveUtilisation());
            ios += t.ios();
            bytes += t.bytes();
            elapsed = Math.max(elapsed, r.elapsedNs());
            latencySum += t.latency().mean() * t.ios();
            busyNs += r.driveUtilisation() * r.elapsedNs();
            runNs += r.elapsedNs();
            max = Math.max(max, t.latency().max());
        }
        double seconds = elapsed / 1e9;
        row(sb, "total", ios, elapsed, seconds == 0 ? 0 : ios / seconds, seconds == 0 ? 0 : bytes / seconds,
                ios == 0 ? 0 : latencySum / ios, "", max, runNs == 0 ? 0 : busyNs / runNs);
        return sb.toString();
    }

    private static void row(StringBuilder sb, String device, long ios, long elapsedNs, double iops, double bytesPerS,
                            double meanNs, String p99, long maxNs, double utilisation) {
        sb.append("| ").append(device)
                .append(" | ").append(ios)
                .append(" | ").append(String.format(Locale.ROOT, "%.3f", elapsedNs / 1e9))
                .append(" | ").append(f1(iops))
                .append(" | ").append(String.format(Locale.ROOT, "%.2f", Units.megabytes(bytesPerS)))
                .append(" | ").append(f1(Units.ms(meanNs)))
                .append(" | ").append(p99)
                .append(" | ").append(f1(Units.ms(maxNs)))
                .append(" | ").append(f1(100 * utilisation))
                .append(" |\n");
    }

    private static String f1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
