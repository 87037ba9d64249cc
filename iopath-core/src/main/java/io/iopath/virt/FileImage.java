package io.iopath.virt;

import io.iopath.fs.FsFile;
import io.iopath.fs.OpenFile;
import io.iopath.fs.ext3.Ext3;
import io.iopath.request.Op;
import java.util.List;

/**
 * The image is a file on the host's ext3, made before the run ({@link Ext3#preallocate}) and
 * opened by QEMU buffered or O_DIRECT. fdatasync is ext3's: the dirty pages, then the commit
 * holding the file's last data change — for overwrites of an allocated image there is none, so
 * on a 2.6 host no barrier follows and the drive's cache is not flushed (ext3_sync_file sends
 * no flush of its own before 2.6.32).
 */
public final class FileImage implements HostImage {
    private final Ext3 fs;
    private final FsFile file;
    private final OpenFile open;

    public FileImage(Ext3 fs, FsFile file, boolean direct) {
        this.fs = fs;
        this.file = file;
        this.open = new OpenFile(file, direct);
    }

    @Override
    public void read(long offset, long length, int pid, Runnable done) {
        fs.read(open, offset, length, pid, done);
    }

    @Override
    public void write(long offset, long length, int pid, Runnable dirtied, Runnable done) {
        fs.write(open, offset, length, pid, dirtied, done);
    }

    @Override
    public void direct(boolean write, long offset, long length, int pid, Runnable done) {
        long start = offset / 4096 * 4096;
        long end = (offset + length + 4095) / 4096 * 4096;
        fs.directIo(open, write ? Op.WRITE : Op.READ, start, end - start, pid, done);
    }

    @Override
    public void fdatasync(int pid, Runnable done) {
        fs.fsync(open, true, pid, done);
    }

    @Override
    public long driveSector(long offset) {
        return fs.driveSectorOf(file, offset);
    }

    @Override
    public long sizeBytes() {
        return file.size();
    }

    @Override
    public long powerFail(List<long[]> driveLost) {
        return fs.powerFail(driveLost).bufferedPagesLost();
    }

    @Override
    public void close() {
        fs.unmount();
    }
}
