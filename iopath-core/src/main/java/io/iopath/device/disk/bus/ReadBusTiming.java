package io.iopath.device.disk.bus;

import io.iopath.device.disk.mechanics.DiskMechanics;
import io.iopath.device.disk.mechanics.SectorSchedule;

/**
 * When a read's data has crossed the bus, DiskSim's rule (disksim-controller.md §4.3 steps 4–5;
 * {@code disk_request_needs_bus}, {@code disk_buffer_transfer_size}): a sector is in the buffer
 * only once it has wholly passed under the head; a disconnected drive reconnects (first reselect
 * + data preparation) once at least one unsent sector is in the buffer and either the rest of
 * the request is, or the unsent sectors reach the read watermark; each chunk carries every
 * sector buffered and unsent when it starts; when the host has taken all of them the drive keeps
 * the bus and sends the next one at its end ({@code Hold bus entire read xfer}), or disconnects
 * and reconnects at the watermark again. Pure arithmetic over the sector schedule the
 * {@link DiskMechanics} left from the read, for reads transferred in order; allocation-free.
 */
final class ReadBusTiming {
    private ReadBusTiming() {
    }

    /**
     * @param m            the mechanics, right after the media read of sectors {@code covered}
     *                     … {@code n − 1} of the request (the first {@code covered} were in the
     *                     buffer already)
     * @param connectedNs  when the drive, still on the bus, can start sending (a partial hit), or
     *                     {@code Long.MIN_VALUE} if it disconnected
     * @param disconnectedNs when the disconnect's overhead has elapsed (reconnection waits for it)
     * @param watermark    the read watermark in sectors (at least 1)
     * @param redisconnectNs the read disconnect overhead if the drive disconnects again
     * @param offset       the schedule's sector of the request's sector {@code covered}
     * @return when the last sector has crossed the bus
     */
    static long busEndNs(SectorSchedule m, int covered, int n, long connectedNs, long disconnectedNs, long watermark,
            BusProtocol p, long busNsPerSector, long redisconnectNs, long offset) {
        long reconnectNs = p.firstReselectNs() + p.dataPreparationNs();
        boolean hold = p.holdBusEntireRead();
        long bus = busNsPerSector;
        long e;
        if (connectedNs != Long.MIN_VALUE) {
            e = connectedNs;
        } else {
            e = Math.max(disconnectedNs, ready(m, covered, offset, (int) Math.min(watermark, n) - 1)) + reconnectNs;
        }
        // the sectors buffered already never wait: one bus time each
        int k = Math.max(0, Math.min(covered, n));
        e += k * bus;
        // Then sector by sector, as DiskSim sends them, but a track run at a time where the
        // outcome inside it is known from its sector time d: its sectors come in at d apart,
        // each rounded to whole ns (so 1 ns either way of the exact d, doubled for the double
        // arithmetic). Where d is shorter than the bus time, the bus never waits for a sector
        // again once it is behind the head; where it is longer, the bus waits for every sector
        // once it has caught up (holding the bus), and it catches up at the first sector whose
        // end is past the bus's (a strictly increasing difference: none if not the run's last,
        // else a binary search).
        while (k < n) {
            long s = k - covered + offset;
            int last = (int) Math.min(n - 1L, k + (m.runLast(s) - s));
            double d = last > k ? m.sectorNs(s) : 0;
            boolean slower = last > k && Math.floor(d) - SLACK_NS >= bus + 1; // the media slower than the bus
            boolean faster = last > k && Math.ceil(d) + SLACK_NS <= bus; // the media at least as fast
            if (slower && m.sectorEndNs(last - covered + offset) <= e + (long) (last - k) * bus) {
                // the bus reaches each sector of the run ever earlier relative to its end, and
                // even the last one is in when the bus gets there: none is waited for
                e += (long) (last - k + 1) * bus;
                k = last + 1;
                continue;
            }
            long r = m.sectorEndNs(s);
            if (r > e) {
                if (hold) {
                    e = r + bus; // on the bus, waiting for the sector's end
                    k++;
                    if (slower) {
                        // and so for every later sector of the run
                        e = m.sectorEndNs(last - covered + offset) + bus;
                        k = last + 1;
                    }
                } else {
                    // disconnect, and reconnect once a watermark more is in: those sectors,
                    // all in by then, go back to back
                    int w = (int) Math.min(watermark, n - k);
                    long rw = ready(m, covered, offset, k + w - 1);
                    e = Math.max(e + redisconnectNs, rw) + reconnectNs + bus;
                    k++;
                    if (w > 1 && e - bus >= rw) {
                        e += (w - 1) * bus;
                        k += w - 1;
                    }
                }
                continue;
            }
            // behind the head: the sector is in
            if (faster) {
                e += (last - k + 1) * bus; // and every later one of the run is too when the bus reaches it
                k = last + 1;
            } else if (slower) {
                // the bus, one sector time after another, reaches the run's sectors ever earlier
                // relative to their ends: find the first it must wait for (the last one is)
                int lo = k + 1;
                int hi = last; // the last one is waited for (above)
                long base = e - (long) k * bus;
                while (lo < hi) {
                    int mid = (lo + hi) >>> 1;
                    if (m.sectorEndNs(mid - covered + offset) > base + (long) mid * bus) {
                        hi = mid;
                    } else {
                        lo = mid + 1;
                    }
                }
                e = base + (long) lo * bus;
                k = lo;
            } else {
                e += bus;
                k++;
            }
        }
        return e;
    }

    /**
     * Slack of the run bound, in ns: sector ends are the run's start plus a rounding of (i + 1)·d,
     * each within 1 ns of the exact product, and d itself is a double.
     */
    private static final long SLACK_NS = 3;

    /** When request sector {@code k} is in the buffer. */
    private static long ready(SectorSchedule m, int covered, long offset, int k) {
        return k < covered ? Long.MIN_VALUE : m.sectorEndNs(k - covered + offset);
    }
}
