package io.iopath.device.disk.geometry;

/** A band of cylinders with the same number of sectors per track (zoned bit recording). */
public record Zone(int firstCylinder, int lastCylinder, int sectorsPerTrack, long firstLba, long lastLba) {
    public int cylinders() {
        return lastCylinder - firstCylinder + 1;
    }

    public boolean containsLba(long lba) {
        return lba >= firstLba && lba <= lastLba;
    }
}
