package io.iopath.device.disk.bus;

import io.iopath.device.disk.mechanics.AccessResult;
import io.iopath.device.disk.mechanics.SectorSchedule;

/**
 * When a command's data crosses the host bus and when its status goes back, in one place
 * (disksim-controller.md §4–§6): the command overheads of the {@link Overheads} matrix, the
 * {@link BusProtocol}'s disconnects, reselects and data preparation, the per-sector bus time and
 * the read reconnect watermark, for each of the controller's sequences: a read hit, a partial
 * hit riding the read-ahead, a queued hit, a read miss ({@link ReadBusTiming} for data read in
 * order), a write-back write and its destage streaming behind it, a write-through write with or
 * without HP's extra disconnect. The controller asks and the mechanics answer the media part;
 * this class only adds times. One per drive; allocation-free.
 */
public final class BusTiming {
    private final Overheads overheads;
    private final BusProtocol protocol;
    private final int segmentSectors;
    /** The last write-back write admitted: its destage may start while its data still crosses the bus. */
    private long admittedSeq = -1;
    private long admittedMediaStartNs;
    private long admittedDataStartNs;

    /** @param segmentSectors the buffer's segment size (the watermark's unit when not by request size) */
    public BusTiming(Overheads overheads, int segmentSectors) {
        this.overheads = overheads;
        this.protocol = overheads.protocol();
        this.segmentSectors = segmentSectors;
    }

    public Overheads overheads() {
        return overheads;
    }

    public BusProtocol protocol() {
        return protocol;
    }

    /** Bus time of {@code sectors} sectors in the given direction. */
    public long busNs(boolean write, long sectors) {
        return overheads.busNs(write, sectors);
    }

    /** Sectors that must be in the buffer before a read of {@code sectors} reconnects ({@link Overheads#readReconnectSectors}). */
    public long readWatermark(int sectors) {
        return overheads.readReconnectSectors(sectors, segmentSectors);
    }

    /** A read hit keeps the bus: command, data preparation, transfer, completion. */
    public long readHitDoneNs(long nowNs, int sectors, boolean afterWrite) {
        long processed = nowNs + overheads.commandNs(false, true, afterWrite);
        return processed + protocol.dataPreparationNs() + overheads.busNs(false, sectors) + overheads.completionNs(false);
    }

    /** When a read's miss overhead is over (DiskSim's overhead_done: a restarted read-ahead's seek may start). */
    public long readMissProcessedNs(long nowNs, boolean afterWrite) {
        return nowNs + overheads.commandNs(false, false, afterWrite);
    }

    /**
     * A partial hit riding the running read-ahead (disksim-controller.md §4.4, §8.4): the drive
     * stays on the bus (read-hit overhead + data preparation), sends the {@code covered} cached
     * sectors, then each one as the stream brings it in; {@code offset} is the stream's sector
     * of the request's sector {@code covered}. Returns when the command completes.
     */
    public long partialHitDoneNs(SectorSchedule stream, long offset, int covered, int sectors, long nowNs,
            boolean afterWrite) {
        long connected = nowNs + overheads.commandNs(false, true, afterWrite) + protocol.dataPreparationNs();
        long busEnd = ReadBusTiming.busEndNs(stream, covered, sectors, connected, Long.MIN_VALUE,
                readWatermark(sectors), protocol, overheads.busNsPerSector(false),
                protocol.readDisconnectNs(afterWrite), offset);
        return busEnd + overheads.completionNs(false);
    }

    /**
     * A read that waited for the mechanism joins the running read-ahead (disksim-controller.md
     * §8.4; DiskSim activates it from the queue, {@code disk_check_prefetch_swap}): it
     * disconnected at arrival (read-miss overhead + read disconnect), and from now on reconnects
     * (first reselect + data preparation) once the read watermark is in the buffer, then sends
     * each sector as the stream brings it in; {@code offset} is the stream's sector of the
     * request's sector {@code covered} (the sectors before it were buffered already). Returns when
     * the command completes.
     */
    public long queuedStreamDoneNs(SectorSchedule stream, long offset, int covered, int sectors, long arrivalNs,
            long nowNs, boolean afterWrite) {
        long readDisconnect = protocol.readDisconnectNs(afterWrite);
        long disconnected = Math.max(nowNs, arrivalNs + overheads.commandNs(false, false, afterWrite) + readDisconnect);
        long busEnd = ReadBusTiming.busEndNs(stream, covered, sectors, Long.MIN_VALUE, disconnected,
                readWatermark(sectors), protocol, overheads.busNsPerSector(false), readDisconnect, offset);
        return busEnd + overheads.completionNs(false);
    }

    /**
     * The data of a read that waited for the mechanism is in the buffer: it disconnected at
     * arrival (read-miss overhead + read disconnect) and now reconnects (first reselect + data
     * preparation) to send it (§4.1). Returns when it completes.
     */
    public long queuedHitDoneNs(long arrivalNs, long nowNs, int sectors, boolean afterWrite) {
        long waited = Math.max(nowNs, arrivalNs + overheads.commandNs(false, false, afterWrite)
                + protocol.readDisconnectNs(afterWrite));
        return waited + protocol.firstReselectNs() + protocol.dataPreparationNs()
                + overheads.busNs(false, sectors) + overheads.completionNs(false);
    }

    /**
     * A read miss (or a partial hit's rest) whose media read {@code access} has just been laid
     * out, ending at {@code mediaEndNs}: when its last sector has crossed the bus and the
     * command completes. It disconnected when its command was processed ({@code commandDoneNs})
     * unless it found data buffered; it reconnects once the read watermark of data is in.
     *
     * @param covered sectors of the request that were in the buffer already
     */
    public long readDoneNs(AccessResult access, long nowNs, long commandDoneNs, long mediaEndNs, int covered,
            int sectors, boolean afterWrite) {
        long connected = covered > 0
                ? nowNs + overheads.commandNs(false, true, afterWrite) + protocol.dataPreparationNs()
                : Long.MIN_VALUE;
        return readDoneNs(access, nowNs, connected, commandDoneNs + protocol.readDisconnectNs(afterWrite), mediaEndNs,
                covered, sectors, afterWrite);
    }

    /**
     * The same for a read that arrived while the mechanism was on work it could not stop, timed
     * as DiskSim times it ({@link Overheads#overheadFromArrival}): it disconnected at its
     * arrival, after the read-miss overhead and the read disconnect ({@code disk_read_arrive}),
     * whatever of it was buffered, and reconnects (first reselect + data preparation) no sooner
     * than now, when it has the mechanism, and once the watermark is in ({@code disk_check_hda_pending},
     * {@code disk_check_bus}).
     */
    public long queuedReadDoneNs(AccessResult access, long arrivalNs, long nowNs, long mediaEndNs, int covered,
            int sectors, boolean afterWrite) {
        long disconnected = Math.max(nowNs, arrivalNs + overheads.commandNs(false, false, afterWrite)
                + protocol.readDisconnectNs(afterWrite));
        return readDoneNs(access, nowNs, Long.MIN_VALUE, disconnected, mediaEndNs, covered, sectors, afterWrite);
    }

    /**
     * @param connectedNs    when the drive, still on the bus, starts sending the buffered part, or
     *                       {@code Long.MIN_VALUE} if it disconnected
     * @param disconnectedNs when the disconnect's overhead has elapsed (a reconnection waits for it)
     */
    private long readDoneNs(AccessResult access, long nowNs, long connectedNs, long disconnectedNs, long mediaEndNs,
            int covered, int sectors, boolean afterWrite) {
        long readDisconnect = protocol.readDisconnectNs(afterWrite);
        long wmAll = readWatermark(sectors);
        long bus = overheads.busNsPerSector(false);
        long busEnd;
        if (!access.outOfOrder()) {
            busEnd = ReadBusTiming.busEndNs(access, covered, sectors, connectedNs, disconnectedNs, wmAll, protocol,
                    bus, readDisconnect, 0);
        } else {
            // Zero-latency access read a track run out of order: its first sector comes
            // round after the rest of the run, which joins the LBA-order stream only then;
            // the mechanics give those runs' constraints.
            long wm = Math.max(0, wmAll - covered);
            int n = sectors - covered;
            long firstReady = access.firstSectorNs();
            long dataStart;
            if (covered > 0 && wm == 0) {
                // enough is buffered: sent at once, or at the reconnection if it disconnected
                dataStart = connectedNs != Long.MIN_VALUE ? connectedNs
                        : Math.max(disconnectedNs, nowNs) + protocol.firstReselectNs() + protocol.dataPreparationNs();
            } else {
                long ready = Math.max(firstReady + (mediaEndNs - firstReady) * Math.max(1, wm) / n,
                        access.watermarkNs());
                dataStart = Math.max(disconnectedNs, ready) + protocol.firstReselectNs() + protocol.dataPreparationNs();
            }
            busEnd = Math.max(Math.max(mediaEndNs + bus, dataStart + overheads.busNs(false, sectors)),
                    access.inOrderBusEndNs());
        }
        return busEnd + overheads.completionNs(false);
    }

    /**
     * A write-back write of {@code sectors} was admitted into the run {@code seq}, which held
     * {@code priorSectors} before it: the media write may start once the command is processed,
     * each sector once its data is in (disksim-controller.md §6.5; disk_check_hda_pending,
     * disk_buffer_block_available); an appended run's earlier sectors are in already. Returns
     * when the write completes to the host (its data across the bus).
     */
    public long writeBackDoneNs(long seq, long priorSectors, int sectors, long nowNs, boolean afterWrite) {
        long bus = overheads.busNsPerSector(true);
        admittedSeq = seq;
        admittedMediaStartNs = nowNs + overheads.commandNs(true, true, afterWrite);
        admittedDataStartNs = admittedMediaStartNs + protocol.dataPreparationNs() - priorSectors * bus;
        return nowNs + overheads.commandNs(true, true, afterWrite) + protocol.dataPreparationNs()
                + overheads.busNs(true, sectors) + overheads.completionNs(true);
    }

    /**
     * A write-back write that arrived at {@code arrivalNs} and waited — for a write segment, or
     * for a media write it could not stop — is admitted now into the run {@code seq}, timed as
     * DiskSim times it ({@link Overheads#overheadFromArrival}; disksim-controller.md §6.5 step
     * 4): it disconnected at arrival after the write-hit overhead and the write disconnect
     * ({@code disk_write_arrive}), reconnects for its data (first reselect + data preparation)
     * no sooner than now and than that disconnect's end ({@code disk_check_bus}), and its media
     * write may start once its overhead, counted from arrival, is over ({@code disk_check_hda}).
     * Returns when it completes to the host.
     */
    public long waitedWriteBackDoneNs(long seq, long priorSectors, int sectors, long arrivalNs, long nowNs,
            boolean afterWrite) {
        long processed = arrivalNs + overheads.commandNs(true, true, afterWrite);
        long dataStart = Math.max(nowNs, processed + protocol.writeDisconnectNs()) + protocol.firstReselectNs()
                + protocol.dataPreparationNs();
        admittedSeq = seq;
        admittedMediaStartNs = Math.max(nowNs, processed);
        admittedDataStartNs = dataStart - priorSectors * overheads.busNsPerSector(true);
        return dataStart + overheads.busNs(true, sectors) + overheads.completionNs(true);
    }

    /**
     * A write-back write whose data the bus could have in by {@code doneNs} less the completion
     * overhead, taken only as the media frees its segment: its last sector enters one bus
     * sector after {@code spaceFreedNs}, when the sector a segment before it is on the media
     * (DiskSim {@code disk_request_needs_bus}, the free space of the segment being written).
     * Returns when it completes.
     */
    public long writeBackThrottledNs(long doneNs, long spaceFreedNs) {
        return Math.max(doneNs, spaceFreedNs + overheads.busNsPerSector(true) + overheads.completionNs(true));
    }

    /** Whether the destage of run {@code seq} ({@code sectors} long) starts while the last admitted write's data still crosses the bus. */
    public boolean destageStreamsBehindBus(long seq, int sectors, long nowNs) {
        return seq == admittedSeq && nowNs < admittedDataStartNs + overheads.busNs(true, sectors);
    }

    /** When that write-back write's media write may start (its command processed). */
    public long admittedMediaStartNs() {
        return admittedMediaStartNs;
    }

    /** When that write-back write's run's first sector's data is in the buffer, and one more each bus sector. */
    public long admittedDataStartNs() {
        return admittedDataStartNs;
    }

    /** Whether the drive has HP's extra write disconnect. */
    public boolean hasExtraDisconnect() {
        return protocol.hasExtraDisconnect();
    }

    /** The command overhead a read's positioning waits for when the scheduler weighs it. */
    public long readSelectOverheadNs(boolean afterWrite) {
        return overheads.commandNs(false, false, afterWrite);
    }

    /** Likewise for a write: with the extra write disconnect the arm leaves the seek delta after its own command overhead. */
    public long writeSelectOverheadNs(boolean afterWrite) {
        BusProtocol.ExtraDisconnect x = protocol.extraDisconnect();
        return x == null ? overheads.commandNs(true, false, afterWrite) : Math.max(0, x.commandNs() + x.seekDeltaNs());
    }

    /** The command overhead before a host command's media work: the matrix's miss cell, or the extra disconnect's own. */
    public long mediaCommandNs(boolean write, boolean extra, boolean afterWrite) {
        return extra ? protocol.extraDisconnect().commandNs() : overheads.commandNs(write, false, afterWrite);
    }

    /** A command that moves no data (or a FLUSH with nothing dirty): its overhead only. */
    public long noDataDoneNs(long nowNs, boolean afterWrite) {
        return nowNs + overheads.commandNs(true, true, afterWrite);
    }

    /**
     * A write-through write, DiskSim's sequence: after the command overhead ({@code
     * commandDoneNs}) the drive keeps the bus, prepares the transfer and takes the data at the
     * bus rate, then disconnects; the arm starts moving when the command is processed. With the
     * extra write disconnect the drive disconnects before the data and reconnects for it while
     * the arm moves ({@link BusProtocol.ExtraDisconnect}), and the arm leaves the seek delta
     * after the command. This is when the arm may start moving (before a stopped read-ahead's
     * delay).
     */
    public long writeMoveStartNs(long nowNs, long commandDoneNs, boolean extra) {
        return extra ? Math.max(nowNs, commandDoneNs + protocol.extraDisconnect().seekDeltaNs()) : commandDoneNs;
    }

    /** When the write-through write's data starts crossing the bus ({@link #writeMoveStartNs}'s sequence). */
    public long writeDataStartNs(long commandDoneNs, boolean extra) {
        if (extra) {
            BusProtocol.ExtraDisconnect x = protocol.extraDisconnect();
            return commandDoneNs + x.disconnectNs() + x.interDisconnectNs() + protocol.firstReselectNs()
                    + protocol.dataPreparationNs();
        }
        return commandDoneNs + protocol.dataPreparationNs();
    }

    /**
     * A write-through write that waited for the mechanism, timed from its arrival as DiskSim
     * times it ({@link Overheads#overheadFromArrival}): the arm may move once its write-miss
     * overhead, counted from arrival, is over ({@code disk_check_hda}), and no sooner than now.
     * Such a write never takes HP's extra disconnect ({@code disk_write_arrive} clears the flag
     * on the disconnect path).
     */
    public long queuedWriteMoveStartNs(long arrivalNs, long nowNs, boolean afterWrite) {
        return Math.max(nowNs, arrivalNs + overheads.commandNs(true, false, afterWrite));
    }

    /**
     * When that queued write-through write's data starts crossing the bus: it disconnected when
     * its command was processed and reconnects for the data when it has the mechanism (first
     * reselect + data preparation, {@code disk_check_hda_pending} → {@code disk_check_bus}).
     * DiskSim 4.0's {@code disk_write_arrive} computes that disconnect for {@code Fast write level
     * = 0} but never sends it; iopath takes it as sent (docs/drive.md, Limits).
     */
    public long queuedWriteDataStartNs(long arrivalNs, long nowNs, boolean afterWrite) {
        return queuedWriteMoveStartNs(arrivalNs, nowNs, afterWrite) + protocol.firstReselectNs()
                + protocol.dataPreparationNs();
    }

    /**
     * A write-back write that disconnected at its arrival, the mechanism busy ({@code
     * disk_write_arrive}), and that the scheduler picks now: its media write may start once its
     * write-hit overhead, counted from its arrival, is over ({@code disk_check_hda}), and no
     * sooner than now.
     */
    public long queuedWriteBackMoveStartNs(long arrivalNs, long nowNs, boolean afterWrite) {
        return Math.max(nowNs, arrivalNs + overheads.commandNs(true, true, afterWrite));
    }

    /**
     * When that write's data starts crossing the bus: it reconnects no sooner than now and than
     * the end of the disconnect after its command (first reselect + data preparation, {@code
     * disk_check_bus}), as {@link #waitedWriteBackDoneNs} times a write that waited for a segment.
     */
    public long queuedWriteBackDataStartNs(long arrivalNs, long nowNs, boolean afterWrite) {
        long processed = arrivalNs + overheads.commandNs(true, true, afterWrite);
        return Math.max(nowNs, processed + protocol.writeDisconnectNs()) + protocol.firstReselectNs()
                + protocol.dataPreparationNs();
    }

    /**
     * How long a command arriving now holds the bus before it disconnects, the mechanism busy:
     * its command overhead (a write under write-back: the write-hit cell) and the disconnect
     * ({@code disk_read_arrive}, {@code disk_write_arrive}). A reconnection for data waits for it.
     */
    public long arrivalBusNs(boolean write, boolean afterWrite) {
        return write ? overheads.commandNs(true, true, afterWrite) + protocol.writeDisconnectNs()
                : overheads.commandNs(false, false, afterWrite) + protocol.readDisconnectNs(afterWrite);
    }

    /**
     * A queued write-back write's data that was to start at {@code dataStartNs} when the bus is
     * taken until {@code busFreeNs} by a command arriving: it reconnects after it (first
     * reselect + data preparation, {@code disk_check_bus}).
     */
    public long dataStartAfterBusNs(long dataStartNs, long busFreeNs) {
        return Math.max(dataStartNs, busFreeNs + protocol.firstReselectNs() + protocol.dataPreparationNs());
    }

    /** When that write completes to the host: once its data is in (write-back), its media write aside. */
    public long queuedWriteBackDoneNs(long dataStartNs, int sectors) {
        return dataStartNs + overheads.busNs(true, sectors) + overheads.completionNs(true);
    }

    /**
     * When the write-through write completes: with its data in and disconnected, and the media
     * written ({@code mediaEndNs}), the drive reselects the host and reports completion.
     */
    public long writeThroughDoneNs(long mediaEndNs, long dataStartNs, int sectors, boolean extra) {
        long disconnect = extra ? protocol.extraDisconnect().secondDisconnectNs() : protocol.writeDisconnectNs();
        long reselect = extra ? protocol.otherReselectNs() : protocol.firstReselectNs();
        long disconnected = dataStartNs + overheads.busNsPerSector(true) * sectors + disconnect;
        return Math.max(mediaEndNs, disconnected) + reselect + overheads.completionNs(true);
    }

    /**
     * Sectors of the request that must be in the buffer before a sector is written: HP's
     * media-write threshold on a drive with the extra write disconnect, else 1.
     */
    public int mediaWriteThreshold(int sectors) {
        return protocol.hasExtraDisconnect() ? mediaWriteThresholdOf(sectors) : 1;
    }

    /**
     * The HP media-write threshold ({@code disk_buffer_block_available}, disksim-controller.md
     * §6.3): on a drive with the extra write disconnect a sector is written only once at least
     * min(n, 10) of the request's sectors (15 when n ≥ 45) are in the buffer.
     */
    static int mediaWriteThresholdOf(int sectors) {
        return sectors >= 45 ? 15 : Math.min(sectors, 10);
    }

    /** Bus time per sector in the given direction (the rate a sector's data reaches the buffer). */
    public long busNsPerSector(boolean write) {
        return overheads.busNsPerSector(write);
    }
}
