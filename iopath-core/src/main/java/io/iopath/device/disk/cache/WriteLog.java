package io.iopath.device.disk.cache;

/**
 * Where the drive reports what happens to each write it accepts, so that something above it
 * can tell which acknowledged data is only in the volatile buffer (durability-and-virtualization
 * spec §6). The drive only reports; it never asks the log anything, so a run that does not care
 * passes {@link #NONE}. The durability ledger implements it (in the durability layer): the drive
 * does not depend on it.
 */
public interface WriteLog {
    /** One accepted write, as the log tracks it; the drive only hands it back. */
    interface Entry {
    }

    /** The drive accepted a write command; returns its entry (null from {@link #NONE}). */
    Entry accepted(long sector, int sectors);

    /** The drive completed the write to the host; {@code fua}: it was a FUA write. */
    void acknowledged(Entry e, long nowNs, boolean fua);

    /** The write's data is on the media (and so is every write it replaced in the buffer). */
    void onMedia(Entry e, long nowNs);

    /** {@code old}'s data was overwritten in the buffer by {@code by}'s before reaching the media. */
    void superseded(Entry old, Entry by);

    /** A FLUSH was issued; returns its epoch, to pass to {@link #flushCompleted}. */
    long flushIssued();

    /** The FLUSH of {@code epoch} completed. */
    void flushCompleted(long epoch);

    /** Keeps nothing: entries are null. */
    WriteLog NONE = new WriteLog() {
        @Override
        public Entry accepted(long sector, int sectors) {
            return null;
        }

        @Override
        public void acknowledged(Entry e, long nowNs, boolean fua) {
        }

        @Override
        public void onMedia(Entry e, long nowNs) {
        }

        @Override
        public void superseded(Entry old, Entry by) {
        }

        @Override
        public long flushIssued() {
            return 0;
        }

        @Override
        public void flushCompleted(long epoch) {
        }
    };
}
