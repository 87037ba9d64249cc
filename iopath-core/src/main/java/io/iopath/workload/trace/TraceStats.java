package io.iopath.workload.trace;

import io.iopath.workload.trace.io.TraceRecord;
import java.util.Locale;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * What {@code iopath trace stat} reports about a trace, gathered in one streaming pass in
 * constant memory: counts and shares, a size histogram (powers of two), the share of
 * sequential IOs (starting where the previous IO on the same device ended), the inter-arrival
 * distribution, and the address span.
 */
public final class TraceStats {
    /** Distinct devices tracked individually for the sequential test; more share one slot. */
    private static final int MAX_DEVICES = 1024;
    private final TreeMap<Integer, long[]> devices = new TreeMap<>();
    private final long[] sizeBuckets = new long[64];
    private final Histogram interArrival = new Histogram(1, 3_600_000_000_000_000L, 3);
    private long requests;
    private long reads;
    private long writes;
    private long flushes;
    private long discards;
    private long bytes;
    private long sequential;
    /** IOs with a length (reads, writes, discards): what bytes, sizes and the sequential share count. */
    private long sized;
    private long minOffset = Long.MAX_VALUE;
    private long maxEnd;
    private long firstNs = -1;
    private long lastNs;
    private long outOfOrder;
    private long moreDevices;

    public void add(TraceRecord r) {
        requests++;
        switch (r.op()) {
            case READ -> reads++;
            case WRITE -> writes++;
            case FLUSH -> flushes++;
            case DISCARD -> discards++;
        }
        if (firstNs < 0) {
            firstNs = r.timeNs();
        } else {
            long gap = r.timeNs() - lastNs;
            if (gap < 0) {
                outOfOrder++;
            } else {
                interArrival.recordValue(Math.min(gap, interArrival.getHighestTrackableValue()));
            }
        }
        lastNs = r.timeNs();
        long[] dev = devices.get(r.device());
        if (dev == null) {
            if (devices.size() < MAX_DEVICES) {
                dev = new long[] {-1, 0};
                devices.put(r.device(), dev);
            } else {
                moreDevices++;
                dev = new long[] {-1, 0};
            }
        }
        dev[1]++;
        if (r.length() > 0) {
            sized++;
            bytes += r.length();
            sizeBuckets[63 - Long.numberOfLeadingZeros(r.length())]++;
            if (dev[0] == r.offset()) {
                sequential++;
            }
            dev[0] = r.offset() + r.length();
            minOffset = Math.min(minOffset, r.offset());
            maxEnd = Math.max(maxEnd, r.offset() + r.length());
        }
    }

    public long requests() {
        return requests;
    }

    public long reads() {
        return reads;
    }

    public long sequential() {
        return sequential;
    }

    public long maxEnd() {
        return maxEnd;
    }

    public String render(String source, TraceFormat format) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "trace      %s (%s)%n", source, format.id));
        long data = reads + writes;
        sb.append(String.format(Locale.ROOT, "requests   %d: %d reads, %d writes, %d flushes, %d discards%n", requests, reads, writes, flushes, discards));
        sb.append(String.format(Locale.ROOT, "read share %.1f %% of reads and writes%n", data == 0 ? 0 : 100.0 * reads / data));
        sb.append(String.format(Locale.ROOT, "sequential %.1f %% (start where the previous IO on the device ended)%n",
                requests <= 1 ? 0 : 100.0 * sequential / Math.max(1, sized)));
        // discards have sizes and addresses too: shares of the IOs with a length add up to 100 %
        sb.append(String.format(Locale.ROOT, "bytes      %d (mean %.0f per IO)%n", bytes, sized == 0 ? 0 : (double) bytes / sized));
        sb.append(String.format(Locale.ROOT, "span       %s%n", minOffset == Long.MAX_VALUE ? "none"
                : String.format(Locale.ROOT, "bytes %d .. %d (sectors %d .. %d, %.2f GiB)", minOffset, maxEnd, minOffset / 512,
                (maxEnd + 511) / 512, (maxEnd - minOffset) / (double) (1L << 30))));
        sb.append(String.format(Locale.ROOT, "duration   %.6f s%n", firstNs < 0 ? 0 : (lastNs - firstNs) / 1e9));
        sb.append("devices    ");
        int shown = 0;
        for (var e : devices.entrySet()) {
            if (shown++ == 16) {
                sb.append(" …");
                break;
            }
            sb.append(shown == 1 ? "" : ", ").append(deviceName(e.getKey())).append(": ").append(e.getValue()[1]);
        }
        sb.append(String.format(Locale.ROOT, "%s (%d devices)%n", moreDevices > 0 ? " and more" : "", devices.size()));
        sb.append(discards > 0 ? "sizes (reads, writes and discards)\n" : "sizes\n");
        for (int i = 0; i < sizeBuckets.length; i++) {
            if (sizeBuckets[i] > 0) {
                sb.append(String.format(Locale.ROOT, "  %10s .. %-10s %10d  %5.1f %%%n", human(1L << i), "< " + human(2L << i),
                        sizeBuckets[i], 100.0 * sizeBuckets[i] / sized));
            }
        }
        sb.append("inter-arrival (ms)\n");
        if (interArrival.getTotalCount() == 0) {
            sb.append("  (fewer than two requests)\n");
        } else {
            sb.append(String.format(Locale.ROOT, "  mean %.4f  p50 %.4f  p90 %.4f  p99 %.4f  max %.4f%n",
                    interArrival.getMean() / 1e6, interArrival.getValueAtPercentile(50) / 1e6,
                    interArrival.getValueAtPercentile(90) / 1e6, interArrival.getValueAtPercentile(99) / 1e6,
                    interArrival.getMaxValue() / 1e6));
        }
        if (outOfOrder > 0) {
            sb.append(String.format(Locale.ROOT, "out of order: %d requests earlier than the one before%n", outOfOrder));
        }
        return sb.toString();
    }

    /** Devices of blkparse traces print as major,minor. */
    static String deviceName(int device) {
        return device >= 1 << 20 ? (device >>> 20) + "," + (device & 0xfffff) : Integer.toString(device);
    }

    private static String human(long bytes) {
        if (bytes >= 1L << 30 && bytes % (1L << 30) == 0) {
            return (bytes >> 30) + "GiB";
        }
        if (bytes >= 1L << 20 && bytes % (1L << 20) == 0) {
            return (bytes >> 20) + "MiB";
        }
        if (bytes >= 1024 && bytes % 1024 == 0) {
            return (bytes >> 10) + "KiB";
        }
        return bytes + "B";
    }
}
