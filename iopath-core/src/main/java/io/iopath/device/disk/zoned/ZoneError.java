package io.iopath.device.disk.zoned;

/**
 * Why a host-managed drive refuses a write: CHECK CONDITION with sense key ILLEGAL REQUEST
 * and these additional sense codes (ZBC-2, table "ZBC additional sense codes"; the kernel
 * ends the bio with -EIO, fio reports "Input/output error").
 */
public enum ZoneError {
    /** 21h/04h: a write in a sequential-write-required zone that does not start at its write pointer. */
    UNALIGNED_WRITE_COMMAND("21h/04h UNALIGNED WRITE COMMAND"),
    /** 21h/05h: a write that crosses a zone boundary (or the zone's capacity), or from a conventional into a sequential zone. */
    WRITE_BOUNDARY_VIOLATION("21h/05h WRITE BOUNDARY VIOLATION"),
    /** 55h/0Eh: opening the zone would exceed the open or active zone limit. */
    INSUFFICIENT_ZONE_RESOURCES("55h/0Eh INSUFFICIENT ZONE RESOURCES"),
    /** A zone append to a zone without a write pointer (NVMe ZNS status Invalid Zone Operation, 0xB6). */
    INVALID_ZONE_OPERATION("Invalid Zone Operation (NVMe ZNS status B6h)");

    private final String sense;

    ZoneError(String sense) {
        this.sense = sense;
    }

    /** The additional sense code and qualifier as the standard names them. */
    public String sense() {
        return sense;
    }
}
