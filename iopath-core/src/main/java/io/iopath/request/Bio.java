package io.iopath.request;

/**
 * What a submitter asks for: one contiguous run of sectors in one direction (Linux {@code struct
 * bio}). It completes exactly once, through its {@link BioCompletion}.
 */
public final class Bio {
    private static final long UNSET = -1;

    public final long id;
    public final Op op;
    /** 0, or the error the IO ended with, as a negative errno (blk_status_to_errno: -EIO for a failed command). */
    public int error;
    public final long sector;
    public final int sectors;
    public final int flags;
    /** The simulated process that issued it (its IO context, for AS, CFQ and BFQ). */
    public final int processId;
    /** bi_ioprio: the submitter's I/O priority ({@link IoPrio}); {@link IoPrio#NONE} unless its job sets one. */
    public final int ioprio;
    private final BioCompletion completion;
    /**
     * The drive command a pass-through engine sends for it in place of the plain READ or WRITE
     * ({@link DriveCommand}); null for a plain one, which every bio but a pass-through job's is.
     */
    public DriveCommand command;
    /**
     * The ranges of a multi-range discard (NVMe Dataset Management with NR &gt; 0: fio's
     * {@code num_range}), as (sector, sectors) pairs, the first being this bio's own start; null
     * for a discard of this bio's one range. Only a pass-through bio carries them (never merged).
     */
    public long[] ranges;
    /**
     * The placement identifier of an NVMe write with the Data Placement directive (DTYPE 2h, the
     * identifier in DSPEC: fio's dataplacement.c {@code dp_fill_dspec_data}, engines/nvme.c
     * {@code fio_nvme_uring_cmd_prep}), or -1 for a write without it. Only a pass-through bio
     * carries one (never merged).
     */
    public int placementId = -1;

    /** When its submitter handed it down (fio's start of slat); may precede Q if the submitter sleeps. */
    public long submittedNs = UNSET;
    /** blktrace Q: the bio entered the block layer. */
    public long queuedNs = UNSET;
    /** blktrace G: the request this bio allocated was obtained (unset for merged bios). */
    public long getRqNs = UNSET;
    /** blktrace I: the request this bio allocated was inserted into the IO scheduler. */
    public long insertNs = UNSET;
    /** blktrace M or F: the bio was merged into an existing request (unset if it allocated one). */
    public long mergeNs = UNSET;
    /** blktrace C: the bio completed. */
    public long completedNs = UNSET;
    /** The request that carried it to the device; set when the bio is merged or allocated. */
    public Request request;
    /** Bios of one request, in sector order. */
    Bio next;

    public Bio(long id, Op op, long sector, int sectors, int flags, int processId, BioCompletion completion) {
        this(id, op, sector, sectors, flags, processId, IoPrio.NONE, completion);
    }

    public Bio(long id, Op op, long sector, int sectors, int flags, int processId, int ioprio, BioCompletion completion) {
        if (sectors < 0 || (op.transfersData() && sectors == 0)) {
            throw new IllegalArgumentException("bio " + id + ": bad length " + sectors);
        }
        this.id = id;
        this.op = op;
        this.sector = sector;
        this.sectors = sectors;
        this.flags = flags;
        this.processId = processId;
        this.ioprio = ioprio;
        this.completion = completion;
    }

    /** The bio after this one in its request (sector order), or null. */
    public Bio nextInRequest() {
        return next;
    }

    public long endSector() {
        return sector + sectors;
    }

    public long bytes() {
        return (long) sectors * 512L;
    }

    public boolean isSync() {
        return op == Op.READ || Flags.has(flags, Flags.SYNC);
    }

    public boolean isCompleted() {
        return completedNs != UNSET;
    }

    /** Ends the bio at {@code nowNs}; a second completion is a bug in a layer and throws. */
    public void complete(long nowNs) {
        if (completedNs != UNSET) {
            throw new IllegalStateException("bio " + id + " completed twice");
        }
        completedNs = nowNs;
        completion.bioDone(this);
    }

    @Override
    public String toString() {
        return "bio#" + id + "[" + op + " " + sector + "+" + sectors + "]";
    }
}
