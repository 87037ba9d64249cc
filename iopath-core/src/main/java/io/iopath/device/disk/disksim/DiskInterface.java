package io.iopath.device.disk.disksim;

/**
 * The drive's side of the bus: "Bulk sector transfer time" (ms per 512-B block), bus holding
 * and the reconnect watermarks (fractions of a segment).
 */
record DiskInterface(
        double bulkSectorTransferMs,
        boolean holdBusEntireRead,
        boolean holdBusEntireWrite,
        boolean neverDisconnect,
        double lowWaterMark,
        double highWaterMark,
        boolean watermarkByRequestSize) {
}
