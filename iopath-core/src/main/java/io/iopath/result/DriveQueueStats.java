package io.iopath.result;
/**
 * The drive's own queue over a run (disk-drive spec §9.4): tagged commands, and the effective
 * queue — tagged commands plus dirty write-back extents still waiting for the media.
 *
 * @param meanTagged        time-averaged tagged commands at the drive
 * @param maxTagged         most tagged commands at once
 * @param meanEffective     time-averaged tagged commands + dirty extents
 * @param maxEffective      most of those at once
 * @param queueFullAnswered commands the drive refused with QUEUE FULL
 * @param cacheHits         commands served from the buffer (read hits, write-back writes)
 * @param destages          dirty extents written to the media
 */
public record DriveQueueStats(double meanTagged, int maxTagged, double meanEffective, int maxEffective,
        long queueFullAnswered, long cacheHits, long destages) {
}
