package io.iopath.driver;

/**
 * One of the host's explicit overrides of what the device reports at attach (its write cache, its
 * FUA support): sd's sysfs {@code cache_type} "temporary" settings (sd.c {@code cache_type_store}).
 */
public enum CacheOverride {
    /** Believe the device: sd's default. */
    AS_REPORTED,
    /** Forced on, whatever the device reports. */
    ON,
    /** Forced off, whatever the device reports. */
    OFF;

    /** On or off as given. */
    public static CacheOverride forced(boolean on) {
        return on ? ON : OFF;
    }

    /** What the queue is told, given what the device reported. */
    public boolean apply(boolean reported) {
        return switch (this) {
            case AS_REPORTED -> reported;
            case ON -> true;
            case OFF -> false;
        };
    }
}
