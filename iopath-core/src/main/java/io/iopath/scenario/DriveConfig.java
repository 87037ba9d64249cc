package io.iopath.scenario;

import io.iopath.device.disk.DriveSpec;
import io.iopath.device.disk.zoned.ZoneLayout;

/**
 * Which drive to simulate: a built-in preset name or a parameter file ({@code preset} holds
 * whichever the scenario named), resolved to its model with the scenario's drive settings
 * (write cache, queue depth, scheduler) applied; {@code zoned} makes it host-managed zoned
 * ({@code drive.zoned:}), null for a conventional drive.
 */
public record DriveConfig(String preset, DriveSpec spec, ZoneLayout zoned) {
    public DriveConfig(String preset, DriveSpec spec) {
        this(preset, spec, null);
    }
}
