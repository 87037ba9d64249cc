package io.iopath.virt;

import io.iopath.block.BioSink;
import io.iopath.device.BlockDevice;
import io.iopath.device.DeviceResponse;
import io.iopath.device.ForwardingDevice;
import io.iopath.device.disk.cache.WriteLog;
import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.request.Request;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * How new the data on the physical media is, per 4 KiB block of the drive: the question every
 * level above asks at a power failure ("is what the guest was told complete on the platters?").
 *
 * <p>Data has an age on a logical clock ({@link #stamp}): a writer takes a stamp when its data
 * enters the host's path (the page cache was dirtied, an O_DIRECT bio is about to be submitted);
 * every write bio takes one when it is submitted to the host block layer, and so carries every
 * change stamped before it. When the drive reports a write on the media (its {@link WriteLog}),
 * its bios' stamps become the blocks' media versions. A write survives a power failure iff the
 * media version of each of its blocks is at least its stamp. The clock is a counter, not the
 * simulated time, so that two things in one instant keep their order.
 *
 * <p>It sits in three places, as the assembly wires it: as the host queue's bio sink (stamping),
 * as the drive's write log (forwarding every event to the durability ledger), and as a device
 * wrapper above the drive (to know which request the drive's next accepted write is).
 */
public final class MediaVersions implements WriteLog {
    private final WriteLog ledger;
    private long clock;
    /** Write bio id → its stamp, until its request is on the media. */
    private final HashMap<Long, Long> bioStamps = new HashMap<>();
    /** Writes submitted to the drive and not yet accepted by it, by start sector. */
    private final HashMap<Long, ArrayDeque<Request>> submitted = new HashMap<>();
    private final Map<Entry, Request> accepted = new IdentityHashMap<>();
    /** Physical 4 KiB block → the stamp of the newest data on the media. */
    private final HashMap<Long, Long> version = new HashMap<>();

    public MediaVersions(WriteLog ledger) {
        this.ledger = ledger;
    }

    /** A new stamp: data stamped now is carried by any write bio submitted after this. */
    public long stamp() {
        return ++clock;
    }

    /** The latest stamp handed out: every stamp taken from now on is above it. */
    public long clock() {
        return clock;
    }

    /** Physical blocks whose media version is held (for the bound's tests). */
    public int versionsHeld() {
        return version.size();
    }

    /**
     * Forgets the media versions below {@code floor}, when no write that can still be asked
     * about has a stamp below it: for a stamp s >= floor, a version v < floor and none (0) both
     * answer "not durable", so {@link #durable} answers every such question as before. What is
     * held is then the blocks written to the media since the oldest write still at risk, not
     * every block the run ever wrote.
     */
    public void forgetOlderThan(long floor) {
        version.values().removeIf(v -> v < floor);
    }

    /** The stamp of the newest data on the media in physical block {@code block4k}; 0 if the run never wrote it (or it was forgotten). */
    public long versionOf(long block4k) {
        return version.getOrDefault(block4k, 0L);
    }

    /** Whether sectors [sector, sector + n) of the drive hold data at least as new as {@code stamp}. */
    public boolean durable(long sector, int n, long stamp) {
        for (long b = sector / 8; b < (sector + n + 7) / 8; b++) {
            if (versionOf(b) < stamp) {
                return false;
            }
        }
        return true;
    }

    /** The host queue's sink, stamping each write bio as it is submitted. */
    public BioSink stamping(BioSink below) {
        return new BioSink() {
            @Override
            public void submit(Bio bio) {
                if (bio.op == Op.WRITE) {
                    bioStamps.put(bio.id, stamp());
                }
                below.submit(bio);
            }

            @Override
            public boolean congested(Op op) {
                return below.congested(op);
            }

            @Override
            public boolean ordersBarriers() {
                return below.ordersBarriers();
            }
        };
    }

    /** The drive, watched: each write it is offered is remembered until it accepts it. */
    public BlockDevice watching(BlockDevice drive) {
        return new ForwardingDevice(drive) {
            @Override
            public DeviceResponse submit(Request command) {
                ArrayDeque<Request> q = null;
                if (command.op == Op.WRITE) {
                    q = submitted.computeIfAbsent(command.sector(), k -> new ArrayDeque<>());
                    q.addLast(command);
                }
                DeviceResponse r = below.submit(command);
                if (r != DeviceResponse.ACCEPTED && q != null) {
                    q.removeLastOccurrence(command);
                }
                return r;
            }
        };
    }

    @Override
    public Entry accepted(long sector, int sectors) {
        Entry e = ledger.accepted(sector, sectors);
        ArrayDeque<Request> q = submitted.get(sector);
        if (q != null) {
            Request rq = q.pollFirst();
            if (q.isEmpty()) {
                submitted.remove(sector);
            }
            if (rq != null && e != null) {
                accepted.put(e, rq);
            }
        }
        return e;
    }

    @Override
    public void acknowledged(Entry e, long nowNs, boolean fua) {
        ledger.acknowledged(e, nowNs, fua);
    }

    @Override
    public void onMedia(Entry e, long nowNs) {
        ledger.onMedia(e, nowNs);
        Request rq = accepted.remove(e);
        if (rq == null) {
            return;
        }
        for (Bio b = rq.firstBio(); b != null; b = b.nextInRequest()) {
            Long s = bioStamps.remove(b.id);
            if (s == null) {
                continue;
            }
            for (long blk = b.sector / 8; blk < (b.endSector() + 7) / 8; blk++) {
                version.merge(blk, s, Math::max);
            }
        }
    }

    @Override
    public void superseded(Entry old, Entry by) {
        ledger.superseded(old, by);
        Request rq = accepted.remove(old); // its data never reaches the media; the newer write's does
        if (rq != null) {
            for (Bio b = rq.firstBio(); b != null; b = b.nextInRequest()) {
                bioStamps.remove(b.id);
            }
        }
    }

    @Override
    public long flushIssued() {
        return ledger.flushIssued();
    }

    @Override
    public void flushCompleted(long epoch) {
        ledger.flushCompleted(epoch);
    }
}
