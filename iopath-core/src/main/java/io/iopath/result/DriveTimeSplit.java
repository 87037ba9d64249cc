package io.iopath.result;
/**
 * Where the drive's time went, per data command on average (ns): positioning (seek or head
 * switch), rotational latency, and media transfer.
 */
public record DriveTimeSplit(long commands, double seekMeanNs, double rotationMeanNs, double transferMeanNs) {
}
