package io.iopath.device.disk.cache;

/**
 * How far the drive reads beyond a request (DiskSim {@code Buffer continuous read},
 * {@code disk_buffer_get_max_readahead}; disksim-controller.md §8.1; the importer translates
 * its mode numbers). E is the request's end.
 */
public enum ReadAhead {
    /** 0: no read-ahead. */
    OFF,
    /** 1: to E + the maximum read-ahead, but not past the end of the track it is on. */
    TRACK,
    /** 2: to E + the maximum read-ahead, but not past the end of the cylinder. */
    CYLINDER,
    /** 3: to E + the maximum read-ahead (or a segment), across tracks and cylinders. */
    SEGMENT,
    /**
     * 4, DiskSim's "DEC" scheme: the maximum read-ahead is ignored; to the end of the track
     * holding E, and one track further if the segment began before that track.
     */
    TRACK_END
}
