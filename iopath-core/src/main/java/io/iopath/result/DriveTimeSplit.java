package io.iopath.result;
/**
 * Where the drive's time went, per data command on average (ns): positioning (seek or head
 * switch), rotational latency, and media transfer. The same record holds the media work per
 * destage (then {@code commands} counts destages).
 */
public record DriveTimeSplit(long commands, double seekMeanNs, double rotationMeanNs, double transferMeanNs) {
    /** No commands. */
    public static final DriveTimeSplit NONE = new DriveTimeSplit(0, 0, 0, 0);
}
