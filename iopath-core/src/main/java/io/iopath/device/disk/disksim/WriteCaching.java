package io.iopath.device.disk.disksim;

/**
 * Write-caching controls of a {@code disksim_disk}.
 */
record WriteCaching(
        FastWriteLevel fastWriteLevel,
        boolean combineSequentialWrites,
        boolean allowWritePrebuffering,
        boolean disconnectWriteIfSeek) {
}
