package io.iopath.driver;

import io.iopath.device.WriteCache;

/**
 * The host's explicit overrides of what the device reports about its cache, as sd's sysfs
 * {@code cache_type} allows ("temporary write back" / "temporary write through", sd.c
 * {@code cache_type_store}: the kernel's view changes, the drive's WCE does not), plus iopath's
 * FUA override. A null field means "as the device reports".
 *
 * @param writeCache forced WCE, or null
 * @param fua        forced FUA support, or null
 */
public record CacheType(Boolean writeCache, Boolean fua) {
    /** sd's default: believe the device. */
    public static final CacheType AS_REPORTED = new CacheType(null, null);

    /** Both forced. */
    public static CacheType forced(boolean writeCache, boolean fua) {
        return new CacheType(writeCache, fua);
    }

    /** The cache state the queue is told about, given what the device reported. */
    public WriteCache apply(WriteCache reported) {
        return new WriteCache(writeCache == null ? reported.enabled() : writeCache, fua == null ? reported.fua() : fua);
    }
}
