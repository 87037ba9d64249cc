package io.iopath.device.disk.geometry;

/** Where an LBA lives: cylinder, head (surface) and sector index on the track. */
public record PhysicalAddress(int cylinder, int head, int sector) {
}
