package io.iopath.workload.trace;

import io.iopath.workload.trace.io.TraceRecord;
import io.iopath.workload.trace.io.TraceWriter;
import io.iopath.request.Op;
import java.io.IOException;
import java.io.Writer;
import java.util.SplittableRandom;

/**
 * Writes a generated trace for benchmarks and tests: {@code n} requests, 70 % reads, 4 to 64 KiB,
 * a third continuing the previous request sequentially and the rest uniform over {@code
 * spanSectors}, arriving every {@code gapNs} on average (exponential gaps). Deterministic in
 * {@code seed}.
 */
public final class SyntheticTrace {
    private SyntheticTrace() {
    }

    public static void write(Writer out, TraceFormat format, long n, long spanSectors, long gapNs, long seed) throws IOException {
        SplittableRandom r = new SplittableRandom(seed);
        TraceWriter w = format.writer(out);
        long t = 0;
        long next = 0;
        for (long i = 0; i < n; i++) {
            int sectors = 8 << r.nextInt(4);
            long sector = r.nextInt(3) == 0 ? next : r.nextLong(spanSectors - 128) / 8 * 8;
            Op op = r.nextInt(10) < 7 ? Op.READ : Op.WRITE;
            w.write(TraceRecord.of(t, 0, op, sector * 512, sectors * 512L));
            next = sector + sectors;
            t += (long) (-Math.log(1 - r.nextDouble()) * gapNs);
        }
        w.close();
    }

    /**
     * The split replay's stand-in (examples/split-replay-side-by-side.sh has the same shape):
     * {@code n} requests, each on one of {@code devices} chosen uniformly, 66 % reads, 4 to 32 KiB
     * in 4 KiB steps at 4 KiB-aligned offsets uniform over {@code spanSectors}, arriving every
     * {@code gapNs} on average over the whole trace (exponential gaps). Deterministic in {@code seed}.
     */
    public static void writeDevices(Writer out, TraceFormat format, long n, int[] devices, long spanSectors, long gapNs,
                                    long seed) throws IOException {
        SplittableRandom r = new SplittableRandom(seed);
        TraceWriter w = format.writer(out);
        long t = 0;
        for (long i = 0; i < n; i++) {
            int device = devices[r.nextInt(devices.length)];
            long sector = r.nextLong(spanSectors / 8) * 8;
            long sectors = 8L * (1 + r.nextInt(8));
            Op op = r.nextInt(100) < 66 ? Op.READ : Op.WRITE;
            w.write(TraceRecord.of(t, device, op, sector * 512, sectors * 512));
            t += (long) (-Math.log(1 - r.nextDouble()) * gapNs);
        }
        w.close();
    }
}
