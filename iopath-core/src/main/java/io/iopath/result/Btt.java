package io.iopath.result;
/**
 * btt's latency breakdown for one direction (blktrace btt; workloads-and-traces.md §4.2), means
 * in nanoseconds. A bio either allocated a request (Q2G, G2I, then I2D) or was merged into one
 * (Q2M, then M2D); every bio then has D2C and Q2C. D is the request's last issue (after any
 * requeue), so D2C includes the wait for a queue-depth slot as it does in 2.6.
 *
 * @param newRequests bios that allocated a request (btt's N for Q2G / G2I / I2D)
 * @param merged      bios merged into an existing request (N for Q2M / M2D)
 * @param bios        all completed bios (N for D2C / Q2C)
 */
public record Btt(long newRequests, long merged, long bios, double q2gNs, double g2iNs, double q2mNs,
                  double i2dNs, double m2dNs, double d2cNs, double q2cNs) {
    public static final Btt EMPTY = new Btt(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
}
