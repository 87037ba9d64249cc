package io.iopath.virt;

/**
 * The image file as QEMU has it open on the host: a raw logical volume ({@link VolumeImage}) or a
 * file on the host's ext3 ({@link FileImage}). Buffered calls go through the host page cache;
 * {@link #direct} is O_DIRECT.
 */
public interface HostImage {
    void read(long offset, long length, int pid, Runnable done);

    /** pwrite(); {@code dirtied} runs when the data is in the host page cache, {@code done} when the call returns. */
    void write(long offset, long length, int pid, Runnable dirtied, Runnable done);

    void direct(boolean write, long offset, long length, int pid, Runnable done);

    void fdatasync(int pid, Runnable done);

    /** The physical drive sector holding image byte {@code offset}. */
    long driveSector(long offset);

    long sizeBytes();

    /** The host's power fails: the page-cache pages of the image not yet on the drive, now gone. */
    long powerFail(java.util.List<long[]> driveLost);

    /** Stops the host's write-back timers so that the run can end. */
    void close();
}
