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
    /**
     * The figures of one device's run the table shows: plain data, so a run on another machine
     * (a Spark task) can send them back without its whole {@link Result}.
     */
    public record Device(String device, long ios, long bytes, long elapsedNs, double iops, double bytesPerS,
                         double latencyMeanNs, long latencyP99Ns, long latencyMaxNs, double driveUtilisation)
            implements java.io.Serializable {
        private static final long serialVersionUID = 1L;

        /** The figures of {@code r}, the run of {@code device}: its total over both directions. */
        public static Device of(String device, Result r) {
            DirectionStats t = r.total();
            return new Device(device, t.ios(), t.bytes(), r.elapsedNs(), t.iops(), t.bandwidthBytesPerS(),
                    t.latency().mean(), t.latency().p99(), t.latency().max(), r.driveUtilisation());
        }
    }

    private SplitReplayTable() {
    }

    /** {@code runs}: one per device, labelled with the device number, in device order. */
    public static String render(List<LabelledResult> runs) {
        return renderDevices(runs.stream().map(r -> Device.of(r.labels().get(0), r.result())).toList());
    }

    /** The table of these devices' figures, in the order given. */
    public static String renderDevices(List<Device> devices) {
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
        for (Device d : devices) {
            row(sb, d.device(), d.ios(), d.elapsedNs(), d.iops(), d.bytesPerS(), d.latencyMeanNs(),
                    f1(Units.ms(d.latencyP99Ns())), d.latencyMaxNs(), d.driveUtilisation());
            ios += d.ios();
            bytes += d.bytes();
            elapsed = Math.max(elapsed, d.elapsedNs());
            latencySum += d.latencyMeanNs() * d.ios();
            busyNs += d.driveUtilisation() * d.elapsedNs();
            runNs += d.elapsedNs();
            max = Math.max(max, d.latencyMaxNs());
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
