package io.iopath.scenario;

import io.iopath.device.disk.DriveSpec;

/**
 * Which drive to simulate: a built-in preset name or a parameter file ({@code preset} holds
 * whichever the scenario named), resolved to its model with the scenario's drive settings
 * (write cache, queue depth, scheduler) applied.
 */
public record DriveConfig(String preset, DriveSpec spec) {
}
