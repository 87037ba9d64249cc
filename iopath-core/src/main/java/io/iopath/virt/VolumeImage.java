package io.iopath.virt;

import io.iopath.fs.bdev.BlockDeviceFile;
import java.util.List;

/** The image is a raw logical volume: the block device itself, opened as a file. */
public final class VolumeImage implements HostImage {
    private final BlockDeviceFile volume;
    private final long startSector;

    public VolumeImage(BlockDeviceFile volume, long startSector) {
        this.volume = volume;
        this.startSector = startSector;
    }

    @Override
    public void read(long offset, long length, int pid, Runnable done) {
        volume.read(offset, length, pid, done);
    }

    @Override
    public void write(long offset, long length, int pid, Runnable dirtied, Runnable done) {
        volume.write(offset, length, pid, t -> dirtied.run(), done);
    }

    @Override
    public void direct(boolean write, long offset, long length, int pid, Runnable done) {
        volume.direct(write, offset, length, pid, done);
    }

    @Override
    public void fdatasync(int pid, Runnable done) {
        volume.fdatasync(pid, done);
    }

    @Override
    public long driveSector(long offset) {
        return startSector + offset / 512;
    }

    @Override
    public long sizeBytes() {
        return volume.sizeBytes();
    }

    @Override
    public long powerFail(List<long[]> driveLost) {
        return volume.powerFail();
    }

    @Override
    public void close() {
        volume.close();
    }
}
