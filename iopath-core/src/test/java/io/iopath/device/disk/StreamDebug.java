package io.iopath.device.disk;

import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.request.Op;
import org.junit.jupiter.api.Test;

class StreamDebug {
    @Test
    void debug() {
        DriveSpec s = DrivePresets.find(System.getProperty("drive", "laptop-7200-250g")).orElseThrow().withWriteCache(true);
        int n = Integer.getInteger("n", 256);
        Op op = Op.valueOf(System.getProperty("op", "WRITE"));
        DriveHarness h = new DriveHarness(s, 1);
        long[] next = {s.capacitySectors() / 10};
        int[] left = {Integer.getInteger("count", 200)};
        h.onDone = r -> {
            System.err.printf("done %d lat %d%n", r.completedNs, r.completedNs - r.issuedNs);
            if (--left[0] > 0) {
                h.submit(op, next[0], n, 0);
                next[0] += n;
            }
        };
        h.submit(op, next[0], n, 0);
        next[0] += n;
        h.sim.run();
    }
}
