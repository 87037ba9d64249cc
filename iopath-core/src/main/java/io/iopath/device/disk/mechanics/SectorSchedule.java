package io.iopath.device.disk.mechanics;

/** When each sector of a media read is in the buffer: it has wholly passed under the head. */
public interface SectorSchedule {
    /** When sector {@code k} (0-based, from the read's first sector) is in the buffer. */
    long sectorEndNs(long k);
}
