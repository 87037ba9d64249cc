package io.iopath.device.disk.zoned;

/** A zone's condition (ZBC-2 4.4.3, the ZONE CONDITION field of REPORT ZONES; Linux's BLK_ZONE_COND_*). */
public enum ZoneCondition {
    /** A conventional zone: no write pointer. */
    NOT_WP,
    EMPTY,
    /** Opened by a write; the drive may close it to open another. */
    IMPLICIT_OPEN,
    /** Written, not full, not open: it still counts as active. */
    CLOSED,
    FULL
}
