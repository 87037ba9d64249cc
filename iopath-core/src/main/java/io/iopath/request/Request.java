package io.iopath.request;

/**
 * What the block layer merges, schedules and hands to the driver: one or more bios that form one
 * contiguous device command (Linux {@code struct request}).
 *
 * <p>A request carries its own timeline (blktrace G, I, D, C) and what the drive did with it, so
 * every statistic is computed from one source.
 */
public final class Request {
    private static final long UNSET = -1;

    public final long id;
    public final Op op;
    /** The first bio's drive command (null: the plain READ or WRITE of {@link #op}); a pass-through request carries one bio. */
    public final DriveCommand command;
    private long sector;
    private int sectors;
    private int flags;
    public final int processId;
    /** req->ioprio: the first bio's; a merge keeps {@link IoPrio#best} of both (block-layer.md §4). */
    private int ioprio;
    private Bio head;
    private Bio tail;
    private int bioCount;

    /** blktrace G: a request was allocated for the first bio. */
    public long allocatedNs = UNSET;
    /** blktrace I: inserted into the IO scheduler. */
    public long insertedNs = UNSET;
    /** blktrace D: issued to the driver / device (the latest issue, after any requeue). */
    public long issuedNs = UNSET;
    /** blktrace C: completed by the device. */
    public long completedNs = UNSET;

    /** What the drive did: time spent seeking, waiting for rotation, transferring (ns). */
    public long seekNs;
    public long rotationNs;
    public long transferNs;
    public boolean cacheHit;
    /** 0, or the error the device ended the command with, as a negative errno (-EIO: CHECK CONDITION); its bios get it. */
    public int error;

    /** Block-layer state (Linux cmd_flags): handed to the driver at least once (REQ_STARTED). */
    public boolean started;
    /** Never merge into this request (REQ_NOMERGE: barriers, flushes, size limit reached). */
    public boolean noMerge;
    /** Part of an ordered (barrier / flush) sequence built by the block layer, not the elevator. */
    public boolean ordered;
    /**
     * A pass-through command (REQ_BLOCK_PC): never in the IO scheduler, which is told nothing of
     * it (2.6.18 elevator.c calls the scheduler's activate and completed hooks only for sorted requests).
     */
    public boolean passthrough;
    /** IO scheduler FIFO: expiry time (ns) and tie-breaking position (rq_fifo_time). */
    public long fifoNs;
    public long fifoSeq;
    /** IO scheduler sort-list key (the start sector when it was added or repositioned). */
    public long sortSector;
    /** The IO scheduler's class for the request (sync / async, a domain ...), fixed when added. */
    public int schedClass;
    /** Core merge-hash key (end sector when hashed), or -1 when not hashed. */
    public long hashEnd = -1;

    /** The SCSI task attribute it goes to the drive with (SIMPLE unless the block layer orders by tag). */
    public TaskAttribute taskAttribute = TaskAttribute.SIMPLE;
    /** The drive's task-set bookkeeping: the ordering epoch the command joined (each ORDERED task opens one). */
    public long taskEpoch;

    /** Free slot for the layer that currently owns the request (scheduler lists, drive queue). */
    public Object owner;

    /**
     * rq->queuelist: the links of the one IO-scheduler FIFO the request is on (its owner list,
     * or null when on none), so that list operations neither hash the request nor allocate.
     */
    public Object queueList;
    public Request queuePrev;
    public Request queueNext;

    public Request(long id, Bio first) {
        this.id = id;
        this.op = first.op;
        this.command = first.command;
        this.sector = first.sector;
        this.sectors = first.sectors;
        this.flags = first.flags;
        this.processId = first.processId;
        this.ioprio = first.ioprio;
        this.head = first;
        this.tail = first;
        this.bioCount = 1;
        first.request = this;
    }

    public long sector() {
        return sector;
    }

    public int sectors() {
        return sectors;
    }

    public long endSector() {
        return sector + sectors;
    }

    public int flags() {
        return flags;
    }

    public int ioprio() {
        return ioprio;
    }

    public int bioCount() {
        return bioCount;
    }

    public Bio firstBio() {
        return head;
    }

    public boolean isSync() {
        return op == Op.READ || Flags.has(flags, Flags.SYNC);
    }

    /**
     * Zone append: the drive writes the command at the zone's write pointer, not at the zone
     * start it names, and reports where (NVMe ZNS: the LBA in the completion); the request then
     * stands for the sectors written. Only for a request of one bio, as a pass-through one is.
     */
    public void placeAt(long writtenSector) {
        if (command != DriveCommand.ZONE_APPEND || bioCount != 1) {
            throw new IllegalStateException(this + " is not a zone append");
        }
        sector = writtenSector;
    }

    /** Sets or clears one flag (the block layer adds FUA to, or strips it from, a barrier write). */
    public void setFlag(int flag, boolean on) {
        flags = on ? flags | flag : flags & ~flag;
    }

    /** Appends a bio that starts where this request ends (a back merge). */
    public void backMerge(Bio bio) {
        if (bio.op != op || bio.sector != endSector()) {
            throw new IllegalArgumentException(bio + " is not a back merge of " + this);
        }
        tail.next = bio;
        tail = bio;
        sectors += bio.sectors;
        bioCount++;
        flags |= bio.flags & Flags.SYNC;
        ioprio = IoPrio.best(ioprio, bio.ioprio);
        bio.request = this;
    }

    /** Prepends a bio that ends where this request starts (a front merge). */
    public void frontMerge(Bio bio) {
        if (bio.op != op || bio.endSector() != sector) {
            throw new IllegalArgumentException(bio + " is not a front merge of " + this);
        }
        bio.next = head;
        head = bio;
        sector = bio.sector;
        sectors += bio.sectors;
        bioCount++;
        flags |= bio.flags & Flags.SYNC;
        ioprio = IoPrio.best(ioprio, bio.ioprio);
        bio.request = this;
    }

    /** Absorbs {@code other}, which must start where this request ends (request-to-request merge). */
    public void absorb(Request other) {
        if (other.op != op || other.sector != endSector()) {
            throw new IllegalArgumentException(other + " cannot follow " + this);
        }
        for (Bio b = other.head; b != null; b = b.next) {
            b.request = this;
        }
        tail.next = other.head;
        tail = other.tail;
        sectors += other.sectors;
        bioCount += other.bioCount;
        flags |= other.flags & Flags.SYNC;
        ioprio = IoPrio.best(ioprio, other.ioprio);
        allocatedNs = Math.min(allocatedNs, other.allocatedNs); // the survivor keeps the earlier start_time
        other.head = null;
        other.tail = null;
        other.bioCount = 0;
    }

    /** Completes the request and then each of its bios, at {@code nowNs}. */
    public void complete(long nowNs) {
        if (completedNs != UNSET) {
            throw new IllegalStateException(this + " completed twice");
        }
        completedNs = nowNs;
        Bio b = head;
        while (b != null) {
            Bio next = b.next;
            b.error = error;
            b.complete(nowNs);
            b = next;
        }
    }

    @Override
    public String toString() {
        return "rq#" + id + "[" + op + " " + sector + "+" + sectors + "]";
    }
}
