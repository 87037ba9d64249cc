package io.iopath.device;

/**
 * What a device reports about its write cache, as sd reads it at revalidation
 * ({@code sd_read_cache_type}: WCE from the Caching mode page, or ATA IDENTIFY through libata;
 * DPOFUA from the mode parameter header).
 *
 * @param enabled the device acknowledges writes from a volatile buffer (WCE): durability needs cache flushes
 * @param fua     the device honours FUA on writes (DPOFUA), so a barrier write needs no post-flush
 */
public record WriteCache(boolean enabled, boolean fua) {
    /** A device that says nothing: no volatile cache, no FUA. */
    public static final WriteCache WRITE_THROUGH = new WriteCache(false, false);
}
