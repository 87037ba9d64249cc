package io.iopath.driver;

import io.iopath.device.WriteCache;

/**
 * The host's explicit overrides of what the device reports about its cache, as sd's sysfs
 * {@code cache_type} allows ("temporary write back" / "temporary write through", sd.c
 * {@code cache_type_store}: the kernel's view changes, the drive's WCE does not), plus iopath's
 * FUA override.
 *
 * @param writeCache WCE as the device reports it, or forced
 * @param fua        FUA support as the device reports it, or forced
 */
public record CacheType(CacheOverride writeCache, CacheOverride fua) {
    /** sd's default: believe the device. */
    public static final CacheType AS_REPORTED = new CacheType(CacheOverride.AS_REPORTED, CacheOverride.AS_REPORTED);

    public CacheType {
        java.util.Objects.requireNonNull(writeCache, "writeCache");
        java.util.Objects.requireNonNull(fua, "fua");
    }

    /** Both forced. */
    public static CacheType forced(boolean writeCache, boolean fua) {
        return new CacheType(CacheOverride.forced(writeCache), CacheOverride.forced(fua));
    }

    /** The cache state the queue is told about, given what the device reported. */
    public WriteCache apply(WriteCache reported) {
        return new WriteCache(writeCache.apply(reported.enabled()), fua.apply(reported.fua()));
    }
}
