package io.iopath.device.disk.disksim;

/**
 * Write-caching controls of a {@code disksim_disk}.
 */
public record WriteCaching(
        FastWriteLevel fastWriteLevel,
        boolean combineSequentialWrites,
        boolean allowWritePrebuffering,
        boolean disconnectWriteIfSeek) {
}
