package io.iopath.device.disk;

/**
 * Everything that defines one drive model, in simulator units (sectors, nanoseconds).
 *
 * @param name             preset name users type
 * @param description      one line: what drive this is and where its numbers come from
 * @param capacitySectors  512-byte sectors the host sees
 * @param surfaces         recording surfaces (heads)
 * @param zones            number of zones of the linear-zoning layout
 * @param outerSpt         sectors per track in the outermost zone
 * @param innerSpt         sectors per track in the innermost zone
 * @param rpm              spindle speed
 * @param seekRead         read seek curve: track-to-track, average, full stroke
 * @param seekWrite        write seek curve (writes settle longer)
 * @param headSwitchNs     time to switch to another surface of the same cylinder
 * @param commandOverheadNs controller time per command before positioning starts
 * @param maxQueueDepth    commands the drive accepts at once (1, NCQ 32, TCQ 64)
 * @param cacheBytes       buffer size
 */
public record DriveSpec(
        String name,
        String description,
        long capacitySectors,
        int surfaces,
        int zones,
        int outerSpt,
        int innerSpt,
        double rpm,
        SeekPoints seekRead,
        SeekPoints seekWrite,
        long headSwitchNs,
        long commandOverheadNs,
        int maxQueueDepth,
        long cacheBytes) {

    /** A datasheet's three seek figures, in nanoseconds. */
    public record SeekPoints(long trackToTrackNs, long averageNs, long fullStrokeNs) {
    }
}
