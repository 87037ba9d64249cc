package io.iopath.device.disk.bus;

/**
 * The SCSI bus protocol of a drive that disconnects while its mechanism works (DiskSim's
 * reselect, disconnect and data-preparation overheads, disk-drive spec §6; all ns). A command
 * arrives with the drive on the bus; the drive processes it (the command overhead of the
 * {@link Overheads} matrix) and then:
 *
 * <ul>
 *   <li>read miss: disconnects ({@code readDisconnect…}) while the arm moves; once the read
 *       watermark of data is in the buffer it reselects the host ({@code firstReselect}),
 *       prepares the transfer ({@code dataPreparation}) and streams the data;
 *   <li>read hit: stays connected, prepares the transfer and streams the data;
 *   <li>write: stays connected, prepares the transfer, takes the data and disconnects
 *       ({@code writeDisconnect}); when the media write is done it reselects the host
 *       ({@code firstReselect}) to report completion;
 *   <li>write with the HP "extra write disconnect" ({@link ExtraDisconnect}): disconnects before
 *       taking any data and reconnects for it while the arm is still moving (see there).
 * </ul>
 * A read that has sent every sector read so far either keeps the bus ({@code holdBusEntireRead})
 * or disconnects again and reconnects at the watermark (DiskSim {@code Hold bus entire read xfer},
 * {@code disk_buffer_transfer_size}). Without {@code sneakyReadHits} (DiskSim {@code Allow sneaky
 * full read hits = 0}) a read hit that arrives while the mechanism runs a media write it cannot
 * stop takes the miss path: it disconnects and is served when the media write is done
 * (disksim-controller.md §4.1). Every command ends with its completion overhead ({@link Overheads#completionNs}). A
 * {@code minimumSeekDelay} bounds the positioning time of a non-sequential write from below.
 */
public record BusProtocol(
        long firstReselectNs,
        long otherReselectNs,
        long dataPreparationNs,
        long readDisconnectAfterReadNs,
        long readDisconnectAfterWriteNs,
        long writeDisconnectNs,
        ExtraDisconnect extraDisconnect,
        long minimumSeekDelayNs,
        boolean holdBusEntireRead,
        boolean sneakyReadHits) {

    /** A drive whose protocol costs nothing beyond the command and completion overheads. */
    public static final BusProtocol NONE = new BusProtocol(0, 0, 0, 0, 0, 0, null, 0);

    /**
     * A drive that keeps the bus for the whole of a read once it has reconnected (DiskSim
     * {@code Hold bus entire read xfer = 1}): when the host has taken every sector read so far it
     * waits on the bus for the next one instead of disconnecting again.
     */
    public BusProtocol(long firstReselectNs, long otherReselectNs, long dataPreparationNs,
            long readDisconnectAfterReadNs, long readDisconnectAfterWriteNs, long writeDisconnectNs,
            ExtraDisconnect extraDisconnect, long minimumSeekDelayNs) {
        this(firstReselectNs, otherReselectNs, dataPreparationNs, readDisconnectAfterReadNs,
                readDisconnectAfterWriteNs, writeDisconnectNs, extraDisconnect, minimumSeekDelayNs, true, true);
    }

    public BusProtocol {
        if (firstReselectNs < 0 || otherReselectNs < 0 || dataPreparationNs < 0 || readDisconnectAfterReadNs < 0
                || readDisconnectAfterWriteNs < 0 || writeDisconnectNs < 0 || minimumSeekDelayNs < 0) {
            throw new IllegalArgumentException("bus protocol overheads must not be negative");
        }
    }

    public long readDisconnectNs(boolean afterWrite) {
        return afterWrite ? readDisconnectAfterWriteNs : readDisconnectAfterReadNs;
    }

    public boolean hasExtraDisconnect() {
        return extraDisconnect != null;
    }

    /**
     * The HP C2247A's extra write disconnect (DiskSim {@code Extra write disconnect} and the
     * {@code Extradisc} times): the drive processes the write command ({@code commandNs}, in place
     * of the matrix's write overhead), disconnects before taking any data
     * ({@code disconnectNs}), starts positioning {@code seekDeltaNs} after the command
     * processing, and reselects the host {@code interDisconnectNs} after the disconnect to take
     * the data while the arm moves; after the data it disconnects a second time
     * ({@code secondDisconnectNs}) and, the media written, reselects again
     * ({@link BusProtocol#otherReselectNs}) to report completion.
     */
    public record ExtraDisconnect(long commandNs, long disconnectNs, long interDisconnectNs, long secondDisconnectNs,
            long seekDeltaNs) {
    }
}
