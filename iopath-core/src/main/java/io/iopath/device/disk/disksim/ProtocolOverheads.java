package io.iopath.device.disk.disksim;

/**
 * Per-request and SCSI protocol overheads of a {@code disksim_disk} (ms). {@code timeScale}
 * ("Time scale for overheads") multiplies every overhead, the matrix included.
 */
record ProtocolOverheads(
        double perRequestMs,
        double timeScale,
        double readCompletionMs,
        double writeCompletionMs,
        double dataPreparationMs,
        double firstReselectMs,
        double otherReselectMs,
        double readDisconnectAfterReadMs,
        double readDisconnectAfterWriteMs,
        double writeDisconnectMs,
        ExtraDisconnect extraDisconnect,
        double minimumSeekDelayMs) {
}
