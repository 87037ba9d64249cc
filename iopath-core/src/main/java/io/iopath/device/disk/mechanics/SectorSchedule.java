package io.iopath.device.disk.mechanics;

/**
 * When each sector of a media read is in the buffer: it has wholly passed under the head. The
 * sectors are read in order, so no sector is in before the one ahead of it.
 */
public interface SectorSchedule {
    /** When sector {@code k} (0-based, from the read's first sector) is in the buffer; never before sector k − 1. */
    long sectorEndNs(long k);

    /**
     * The last sector of the track run that holds sector {@code k}: sectors {@code k} …
     * {@code runLast(k)} pass under the head one after another without a break, sector i of the
     * run done at the run's start plus {@link Spindle#rotationNs}{@code ((i + 1) / spt)}. So from
     * one sector to the next of a run the time grows by {@link #sectorNs} rounded either way
     * (the bus timing skips whole runs on that bound). {@code k} itself when the run is not known.
     */
    default long runLast(long k) {
        return k;
    }

    /** A revolution over the sectors per track of {@code k}'s run, unrounded (ns); unused when {@code runLast(k) == k}. */
    default double sectorNs(long k) {
        return 0;
    }
}
