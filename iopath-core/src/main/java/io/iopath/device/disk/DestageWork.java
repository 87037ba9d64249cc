package io.iopath.device.disk;

import io.iopath.device.disk.mechanics.AccessResult;
import io.iopath.result.DriveTimeSplit;

/**
 * The media work of destages: under write-back a host write is acknowledged once its data is in
 * the buffer (no seek, no rotation: its command's figures say so), and the positioning and media
 * transfer happen later, when the drive writes the dirty extent out. No request carries that
 * work, so the drive sums it here, to be reported per destage beside the figures per host
 * command; otherwise a write-back run shows a drive 100 % busy that never seeks.
 */
final class DestageWork {
    private long destages;
    private long seekSumNs;
    private long rotationSumNs;
    private long transferSumNs;

    /** One destage's access, as the mechanics left it. */
    void add(AccessResult access) {
        destages++;
        seekSumNs += access.seekNs();
        rotationSumNs += access.rotationNs();
        transferSumNs += access.transferNs();
    }

    /** The destage under way wrote on for {@code transferNs} more: a write joined it. */
    void extend(long transferNs) {
        transferSumNs += transferNs;
    }

    /** Mean positioning, rotational latency and media transfer per destage. */
    DriveTimeSplit split() {
        if (destages == 0) {
            return new DriveTimeSplit(0, 0, 0, 0);
        }
        return new DriveTimeSplit(destages, seekSumNs / (double) destages, rotationSumNs / (double) destages,
                transferSumNs / (double) destages);
    }
}
