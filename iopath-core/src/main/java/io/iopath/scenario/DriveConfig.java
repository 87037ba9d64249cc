package io.iopath.scenario;

import io.iopath.device.Transport;
import io.iopath.device.disk.DriveSpec;
import io.iopath.device.disk.zoned.ZoneLayout;
import io.iopath.device.flash.FlashSpec;

/**
 * Which drive to simulate: a built-in preset name or a parameter file ({@code preset} holds
 * whichever the scenario named), resolved to its model with the scenario's drive settings
 * (write cache, queue depth, scheduler) applied; {@code zoned} makes it host-managed zoned
 * ({@code drive.zoned:}), null for a conventional drive. A flash drive ({@code flash}, docs/flash.md)
 * has no disk model: {@code spec} is null then.
 */
public record DriveConfig(String preset, DriveSpec spec, ZoneLayout zoned, FlashSpec flash) {
    public DriveConfig(String preset, DriveSpec spec) {
        this(preset, spec, null, null);
    }

    public DriveConfig(String preset, DriveSpec spec, ZoneLayout zoned) {
        this(preset, spec, zoned, null);
    }

    /**
     * The same drive formatted so that {@code busBytes} cross the bus per 512-byte sector (an LBA
     * format with metadata, {@link io.iopath.request.LbaFormat}); this one at 512.
     */
    public DriveConfig withBusBytesPerSector(int busBytes) {
        if (busBytes == 512) {
            return this;
        }
        return new DriveConfig(preset, spec == null ? null : spec.withBusBytesPerSector(busBytes), zoned,
                flash == null ? null : flash.withBusBytesPerSector(busBytes));
    }

    public long capacitySectors() {
        return flash != null ? flash.capacitySectors() : spec.capacitySectors();
    }

    /** How the drive queues commands: a flash drive queues every command (NVMe's queues, like SCSI's tags). */
    public Transport transport() {
        return flash != null ? Transport.SCSI : spec.transport();
    }

    /** The reclaim unit handles of the drive's flexible data placement (a flash drive with FDP); 0: none. */
    public int fdpHandles() {
        return flash != null ? flash.fdpHandles() : 0;
    }

    /** Whether the drive carries out DISCARD (TRIM): a flash drive does, iopath's disks do not. */
    public boolean discards() {
        return flash != null;
    }
}
