package io.iopath.virt;

import io.iopath.device.BlockDevice;
import io.iopath.device.CommandCompletion;
import io.iopath.device.DeviceResponse;
import io.iopath.device.WriteCache;
import io.iopath.request.Flags;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.sim.Simulator;

/**
 * The disk a guest sees: the device below the guest's driver, served by a QEMU process on the
 * host ({@link QemuBlock}). It takes up to its queue depth of commands (the virtqueue; IDE: one),
 * adds its latency before QEMU starts on a command (the notification exit and QEMU's handling),
 * and completes the command to the guest the moment the host IO QEMU waits for returns (the
 * completion interrupt's cost is in the same latency), so that nothing the host does happens
 * between "QEMU was told" and "the guest was told".
 *
 * <p>It keeps the guest's durability account ({@link GuestWrites}) and counts the writes it
 * completed before their data was on the physical media: under writethrough and directsync
 * there must be none.
 */
public final class VirtualDisk implements BlockDevice {
    private final Simulator sim;
    private final QemuConfig config;
    private final QemuBlock qemu;
    private final MediaVersions media;
    private final HostImage image;
    private final WriteCache guestView;
    private final GuestWrites writes = new GuestWrites();
    private CommandCompletion sink = c -> { };
    private int inFlight;
    private long busySinceNs = -1;
    private long busyNs;
    private long completedBeforeDurable;
    private long flushes;
    private long flushesIgnored;
    /** The commands in flight and the media clock when each arrived: their stamps will be above it. */
    private final Request[] arrived;
    private final long[] clockAtArrival;
    /** When the guest's account and the media versions next get rid of what can no longer be lost. */
    private long forgetAt = FORGET_AT_LEAST;
    /** Below this many blocks held, nothing is forgotten: a short run's account stays as it was. */
    static final int FORGET_AT_LEAST = 1 << 16;

    /**
     * @param image the image QEMU opened (a raw volume or a file on the host's ext3)
     * @param media how new the data on the physical media is
     * @param pid   QEMU's process on the host
     */
    public VirtualDisk(Simulator sim, QemuConfig config, HostImage image, MediaVersions media, int pid) {
        this.sim = sim;
        this.config = config;
        this.media = media;
        this.image = image;
        this.qemu = new QemuBlock(config.cache(), image, media, pid);
        this.guestView = config.device().guestSees(config.cache());
        this.arrived = new Request[config.queueDepth()];
        this.clockAtArrival = new long[config.queueDepth()];
    }

    @Override
    public DeviceResponse submit(Request command) {
        if (inFlight >= config.queueDepth()) {
            return DeviceResponse.QUEUE_FULL;
        }
        if (command.op.transfersData() && command.endSector() > capacitySectors()) {
            throw new IllegalArgumentException(command + " beyond the virtual disk's " + capacitySectors() + " sectors");
        }
        if (inFlight++ == 0) {
            busySinceNs = sim.now();
        }
        for (int i = 0; i < arrived.length; i++) {
            if (arrived[i] == null) {
                arrived[i] = command;
                clockAtArrival[i] = media.clock();
                break;
            }
        }
        long epoch = -1;
        if (command.op == Op.FLUSH || Flags.has(command.flags(), Flags.PREFLUSH)) {
            flushes++;
            if (config.cache().noFlush()) {
                flushesIgnored++;
            }
            epoch = writes.flushIssued();
        }
        long flushEpoch = epoch;
        sim.after(config.latencyNs(), () -> qemu.handle(command, stamp -> done(command, stamp, flushEpoch)));
        return DeviceResponse.ACCEPTED;
    }

    private void done(Request rq, long stamp, long flushEpoch) {
        if (flushEpoch >= 0) {
            writes.flushCompleted(flushEpoch);
        }
        if (rq.op == Op.WRITE) {
            boolean promised = !guestView.enabled() || Flags.has(rq.flags(), Flags.FUA);
            writes.completed(rq.sector(), rq.sectors(), stamp, promised);
            if (!durable(rq.sector(), rq.sectors(), stamp)) {
                completedBeforeDurable++;
            }
        }
        for (int i = 0; i < arrived.length; i++) {
            if (arrived[i] == rq) {
                arrived[i] = null;
                break;
            }
        }
        if (rq.op == Op.WRITE && held(writes, media) >= forgetAt) {
            forgetWhatCannotBeLost();
        }
        if (--inFlight == 0) {
            busyNs += sim.now() - busySinceNs;
            busySinceNs = -1;
        }
        sink.commandDone(rq);
    }


    /**
     * Memory bounded by what is at risk (issue 16 item 4): the guest's account forgets the
     * blocks already durable, and the media versions below the oldest stamp still asked about —
     * that of a block held, or of a command in flight (its stamp is taken after it arrived).
     * Exact: every question {@link #guestLossNow} and the completions ask gets the same answer.
     * Run when what is held has doubled since the last time (amortised O(1) a write).
     */
    private void forgetWhatCannotBeLost() {
        long floor = writes.forgetDurable(media, b -> image.driveSector(b * 4096));
        for (int i = 0; i < arrived.length; i++) {
            if (arrived[i] != null) {
                floor = Math.min(floor, clockAtArrival[i] + 1);
            }
        }
        media.forgetOlderThan(floor);
        forgetAt = Math.max(FORGET_AT_LEAST, 2L * held(writes, media));
    }

    private static long held(GuestWrites writes, MediaVersions media) {
        return Math.max(Math.max(writes.blocksHeld(), writes.unpromisedHeld()), media.versionsHeld());
    }

    /** For the bound's tests: guest blocks accounted, unpromised writes, media versions held. */
    public long[] held() {
        return new long[] {writes.blocksHeld(), writes.unpromisedHeld(), media.versionsHeld()};
    }

    /** The guest's losses at a power failure now: writes acknowledged and lost, promised and lost, the guest sectors. */
    public GuestLoss guestLossNow() {
        GuestWrites.Loss l = writes.lost(media, b -> image.driveSector(b * 4096));
        return new GuestLoss(l.ackedLost(), l.promisedLost(), l.guestExtents());
    }

    /**
     * @param ackedLost    writes the virtual disk had completed to the guest whose data is not on the media
     * @param flushedLost  of those, the ones the guest had been promised durable (no cache shown, FUA, or a flush after them)
     * @param guestExtents the guest sectors lost, {@code {sector, sectors}}
     */
    public record GuestLoss(long ackedLost, long flushedLost, java.util.List<long[]> guestExtents) {
    }

    /** Whether each 4 KiB block of guest sectors [sector, sector + n) is on the media at least as new as {@code stamp}. */
    private boolean durable(long sector, int n, long stamp) {
        for (long b = sector / 8; b < (sector + n + 7) / 8; b++) {
            if (!media.durable(image.driveSector(b * 4096), 8, stamp)) {
                return false;
            }
        }
        return true;
    }

    /** Writes completed to the guest while their data was not yet on the physical media. */
    public long completedBeforeDurable() {
        return completedBeforeDurable;
    }

    public long writesCompleted() {
        return writes.acked();
    }

    public long flushes() {
        return flushes;
    }

    public long flushesIgnored() {
        return flushesIgnored;
    }

    public long hostFdatasyncs() {
        return qemu.fdatasyncs();
    }

    public QemuConfig config() {
        return config;
    }

    @Override
    public void setCompletionSink(CommandCompletion sink) {
        this.sink = sink;
    }

    @Override
    public long capacitySectors() {
        return image.sizeBytes() / 512;
    }

    @Override
    public long busyNs() {
        return busyNs + (busySinceNs >= 0 ? sim.now() - busySinceNs : 0);
    }

    @Override
    public String name() {
        return config.device().yamlName();
    }

    @Override
    public WriteCache writeCache() {
        return guestView;
    }
}
