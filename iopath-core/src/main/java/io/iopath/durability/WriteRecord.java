package io.iopath.durability;

import io.iopath.device.disk.cache.WriteLog;

/**
 * One write the drive accepted, tracked until its data is on the media
 * (durability-and-virtualization spec §6.2).
 */
public final class WriteRecord implements WriteLog.Entry {
    public final long id;
    public final long sector;
    public final int sectors;
    /** When the drive completed the command to the host; −1 while not yet acknowledged. */
    long ackNs = -1;
    /** When the data reached the media; −1 while it has not. */
    long durableNs = -1;
    /** A completed FLUSH or FUA promised this write durable. */
    boolean promised;
    /** Acknowledged before the latest FLUSH was issued; promised once that flush completes. */
    long flushEpoch = -1;
    /** Neighbours in the ledger's list of volatile writes (oldest first); both null once off it. */
    WriteRecord prev;
    WriteRecord next;
    /**
     * Overwritten in the drive's buffer by a later write before reaching the media: its data
     * never will; it is safe once the write that replaced it is (see {@link DurabilityLedger#superseded}).
     */
    boolean superseded;
    /**
     * The writes this one's media write makes safe (it overwrote them in the buffer), linked
     * through {@link #nextReplaced}: first and last, so that a chain moves in O(1).
     */
    WriteRecord replaced;
    WriteRecord replacedTail;
    WriteRecord nextReplaced;

    WriteRecord(long id, long sector, int sectors) {
        this.id = id;
        this.sector = sector;
        this.sectors = sectors;
    }

    public boolean acknowledged() {
        return ackNs >= 0;
    }

    public boolean durable() {
        return durableNs >= 0;
    }

    public boolean promised() {
        return promised;
    }

    /** Overwritten in the buffer by a later write, whose media write made this one safe too. */
    public boolean superseded() {
        return superseded;
    }

    /** When the drive completed the command to the host; −1 while it has not. */
    public long ackNs() {
        return ackNs;
    }

    /**
     * When the data reached the media — for a superseded write, when the write that replaced it
     * did; −1 while neither has.
     */
    public long durableNs() {
        return durableNs;
    }
}
