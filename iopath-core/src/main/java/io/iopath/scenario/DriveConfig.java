package io.iopath.scenario;

/** Which drive to simulate: a built-in preset name. */
public record DriveConfig(String preset) {
}
