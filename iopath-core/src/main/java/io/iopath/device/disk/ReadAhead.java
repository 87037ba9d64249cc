package io.iopath.device.disk;

/**
 * What the drive reads beyond a request while idle (DiskSim {@code Buffer continuous read}; the
 * importer translates its mode numbers).
 */
public enum ReadAhead {
    /** 0: no read-ahead. */
    OFF,
    /** 1: to the end of the track. */
    TRACK,
    /** 3 (and 2, 4, approximated): until the segment is full or the maximum read-ahead is read. */
    SEGMENT
}
