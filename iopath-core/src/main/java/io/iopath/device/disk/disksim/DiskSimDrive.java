package io.iopath.device.disk.disksim;

import java.util.Optional;

/**
 * One drive as iopath imports it: the {@code disksim_disk} (with its model and seek data) and,
 * when it came from a {@code .parv}, the driver / bus / controller path in front of it whose
 * timings shape measured response times.
 *
 * @param name     the preset name or the file it was loaded from
 * @param instance the DiskSim instance name ({@code disk0}), or the disk type name for a
 *                 {@code .diskspecs} file
 */
public record DiskSimDrive(String name, String instance, DiskSimDisk disk, Optional<DiskSimHostPath> host) {
}
