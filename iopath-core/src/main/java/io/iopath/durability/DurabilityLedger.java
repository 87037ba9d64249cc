package io.iopath.durability;

import io.iopath.device.disk.cache.WriteLog;
import io.iopath.result.PowerLossReport;
import java.util.ArrayList;
import java.util.List;

/**
 * Which accepted writes are only in the drive's volatile buffer, and which of those a FLUSH or
 * FUA has promised durable (durability-and-virtualization spec §6). The drive reports each
 * event; a power failure then counts what is lost.
 *
 * <p>Promise rule: a completed FUA write is promised; a write acknowledged before a FLUSH was
 * issued is promised once that FLUSH completes. A write that reached the media leaves the ledger.
 */
public final class DurabilityLedger implements WriteLog {
    /**
     * The volatile writes, oldest first, linked through the records themselves: the drive
     * reports every write, so keeping them costs no map entry or boxed key per write. The list
     * is circular through this sentinel ({@code end.next} the oldest, {@code end.prev} the
     * newest; itself when empty), so adding and unlinking test no end for null: the empty
     * list's branch, rare with writes in flight, made the JIT throw away its compilation of the
     * drive's write path the first time it was taken (docs/performance.md).
     */
    private final WriteRecord end = new WriteRecord(-1, -1, 0);
    private int volatileCount;
    private long nextId;
    private long flushesIssued;
    private long promisedLostEver;

    public DurabilityLedger() {
        end.next = end;
        end.prev = end;
    }

    /** The drive accepted a write command. */
    @Override
    public WriteRecord accepted(long sector, int sectors) {
        WriteRecord r = new WriteRecord(nextId++, sector, sectors);
        WriteRecord last = end.prev;
        r.prev = last;
        r.next = end;
        last.next = r;
        end.prev = r;
        volatileCount++;
        return r;
    }

    /** The drive completed the write to the host; {@code fua}: it was a FUA write. */
    @Override
    public void acknowledged(WriteLog.Entry e, long nowNs, boolean fua) {
        WriteRecord r = (WriteRecord) e;
        r.ackNs = nowNs;
        if (fua) {
            r.promised = true;
        }
    }

    /**
     * The write's data is on the media; so, in effect, is every write it overwrote in the
     * buffer (their sectors now hold newer durable data): they leave the ledger with it.
     */
    @Override
    public void onMedia(WriteLog.Entry e, long nowNs) {
        WriteRecord r = (WriteRecord) e;
        r.durableNs = nowNs;
        unlink(r);
        for (WriteRecord x = r.replaced; x != null;) {
            WriteRecord next = x.nextReplaced;
            x.nextReplaced = null;
            x.durableNs = nowNs;
            unlink(x);
            x = next;
        }
        r.replaced = null;
        r.replacedTail = null;
    }

    /**
     * {@code old}'s data was overwritten in the drive's buffer by {@code by}'s (which covers all
     * of it) before reaching the media, so it never will: it stays at risk — in the ledger, lost
     * at a power failure — until {@code by} is on the media, then leaves with it. The writes
     * {@code old} itself had replaced move along with it. No allocation: the records link.
     */
    @Override
    public void superseded(WriteLog.Entry o, WriteLog.Entry b) {
        WriteRecord old = (WriteRecord) o;
        WriteRecord by = (WriteRecord) b;
        old.superseded = true;
        WriteRecord last = old;
        if (old.replaced != null) {
            old.nextReplaced = old.replaced;
            last = old.replacedTail;
            old.replaced = null;
            old.replacedTail = null;
        }
        last.nextReplaced = by.replaced;
        if (by.replaced == null) {
            by.replacedTail = last;
        }
        by.replaced = old;
    }

    private void unlink(WriteRecord r) {
        if (r.prev == null) {
            return; // already off the list (on it, prev is at least the sentinel)
        }
        r.prev.next = r.next;
        r.next.prev = r.prev;
        r.prev = null;
        r.next = null;
        volatileCount--;
    }

    /** A FLUSH was issued; returns its epoch, to pass to {@link #flushCompleted}. */
    @Override
    public long flushIssued() {
        long epoch = flushesIssued++;
        for (WriteRecord r = end.next; r != end; r = r.next) {
            if (r.acknowledged() && r.flushEpoch < 0) {
                r.flushEpoch = epoch;
            }
        }
        return epoch;
    }

    /** The FLUSH of {@code epoch} completed: every write acknowledged before it is promised. */
    @Override
    public void flushCompleted(long epoch) {
        for (WriteRecord r = end.next; r != end; r = r.next) {
            if (r.flushEpoch >= 0 && r.flushEpoch <= epoch) {
                r.promised = true;
            }
        }
    }

    /** Writes still only in volatile memory. */
    public int volatileCount() {
        return volatileCount;
    }

    /** Counts what a power failure at {@code atNs} loses, and forgets it (the buffer is gone). */
    public PowerLossReport powerFail(long atNs) {
        long lost = 0;
        long bytes = 0;
        long promisedLost = 0;
        long oldest = 0;
        long inFlight = 0;
        for (WriteRecord r = end.next; r != end;) {
            WriteRecord next = r.next;
            if (r.acknowledged()) {
                lost++;
                bytes += r.sectors * 512L;
                if (r.promised) {
                    promisedLost++;
                }
                oldest = Math.max(oldest, atNs - r.ackNs);
            } else {
                inFlight++;
            }
            r.prev = null;
            r.next = null;
            r = next;
        }
        end.next = end;
        end.prev = end;
        volatileCount = 0;
        promisedLostEver += promisedLost;
        return new PowerLossReport(atNs, lost, bytes, promisedLost, oldest, inFlight, 0);
    }

    /** Snapshot of the volatile writes (for tests and reports). */
    public List<WriteRecord> volatileWrites() {
        List<WriteRecord> out = new ArrayList<>(volatileCount);
        for (WriteRecord r = end.next; r != end; r = r.next) {
            out.add(r);
        }
        return out;
    }

    public long promisedLostEver() {
        return promisedLostEver;
    }
}
