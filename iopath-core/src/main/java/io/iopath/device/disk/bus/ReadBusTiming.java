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
        long e;
        int k = 0;
        if (connectedNs != Long.MIN_VALUE) {
            e = connectedNs;
        } else {
            e = Math.max(disconnectedNs, ready(m, covered, offset, (int) Math.min(watermark, n) - 1)) + reconnectNs;
        }
        while (k < n) {
            long r = ready(m, covered, offset, k);
            if (r > e) {
                if (p.holdBusEntireRead()) {
                    e = r; // on the bus, waiting for the next sector's end
                } else {
                    long w = Math.min(watermark, n - k);
                    e = Math.max(e + redisconnectNs, ready(m, covered, offset, k + (int) w - 1)) + reconnectNs;
                }
            }
            e += busNsPerSector;
            k++;
        }
        return e;
    }

    /** When request sector {@code k} is in the buffer. */
    private static long ready(SectorSchedule m, int covered, long offset, int k) {
        return k < covered ? Long.MIN_VALUE : m.sectorEndNs(k - covered + offset);
    }
}
