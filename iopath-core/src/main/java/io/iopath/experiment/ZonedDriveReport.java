package io.iopath.experiment;

import io.iopath.device.disk.zoned.ZoneTable;
import io.iopath.device.disk.zoned.ZonedDrive;
import io.iopath.workload.job.ZoneDevice;

/** A host-managed drive's zones as fio sees them (REPORT ZONES, the open limit, RESET WRITE POINTER), in bytes. */
final class ZonedDriveReport implements ZoneDevice {
    private final ZonedDrive drive;
    private final ZoneTable zones;

    ZonedDriveReport(ZonedDrive drive) {
        this.drive = drive;
        this.zones = drive.zones();
    }

    @Override
    public long zoneBytes() {
        return zones.layout().zoneSectors() * 512;
    }

    @Override
    public int zones() {
        return zones.zones();
    }

    @Override
    public boolean sequential(int zone) {
        return zones.sequential(zone);
    }

    @Override
    public long capacityBytes(int zone) {
        return (zones.capacityEnd(zone) - zones.start(zone)) * 512;
    }

    @Override
    public long writePointerBytes(int zone) {
        return zones.writePointer(zone) * 512;
    }

    @Override
    public int maxOpenZones() {
        return zones.layout().maxOpenZones();
    }

    @Override
    public void resetZone(long offsetBytes, Runnable done) {
        drive.resetZone(offsetBytes / 512, done);
    }
}
