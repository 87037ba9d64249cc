package io.iopath.device.disk.zoned;

import io.iopath.device.BlockDevice;
import io.iopath.device.CommandCompletion;
import io.iopath.device.DeviceResponse;
import io.iopath.device.ForwardingDevice;
import io.iopath.request.DriveCommand;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.sim.Simulator;

/**
 * A host-managed zoned drive: the zone rules ({@link ZoneTable}) in front of a conventional
 * drive's mechanics, which time every command the zone rules let through. A write the rules
 * refuse never reaches the media: the drive ends it with CHECK CONDITION (ILLEGAL REQUEST and
 * the {@link ZoneError}'s sense code) after {@link #CHECK_CONDITION_NS}, and the kernel fails
 * the bio with -EIO, as a real HM-SMR drive fails an unaligned write.
 *
 * <p>The write pointer moves when the drive accepts a write, in arrival order: that is the
 * order the drive sees, and Linux keeps one write per zone in flight (mq-deadline's zone write
 * locking) so that it is the order written. iopath's host schedulers have no zone write
 * locking; writes a job sends to one zone in order reach the drive in order in the cases tested,
 * and a reorder would show as an unaligned-write error, as it would on a real drive.
 *
 * <p>A zone append ({@link DriveCommand#ZONE_APPEND}) names only its zone (fio's engines/nvme.c
 * masks the offset down to the zone start, ZSLBA): the drive writes it at that zone's write
 * pointer when it accepts it, whatever the offset, so appends may be many in flight to one zone
 * and none lands off the write pointer; it is refused only when the zone has no write pointer
 * or too little room left. The other commands that write the media (WRITE AND VERIFY, WRITE
 * SAME, Write Zeroes, Write Uncorrectable) follow a write's rules; a VERIFY reads.
 */
public final class ZonedDrive extends ForwardingDevice {
    /** Time to answer a refused command: the command's transfer and a status, no media access. A placeholder. */
    public static final long CHECK_CONDITION_NS = 20_000;
    /** Time of a RESET WRITE POINTER: a metadata update, no media access. A placeholder until measured. */
    public static final long RESET_WP_NS = 500_000;

    private final Simulator sim;
    private final ZoneTable zones;
    private CommandCompletion sink = c -> { };
    private long refused;
    private String firstRefusal;

    public ZonedDrive(Simulator sim, BlockDevice drive, ZoneLayout layout) {
        super(drive);
        this.sim = sim;
        this.zones = new ZoneTable(layout, drive.capacitySectors());
        drive.setCompletionSink(rq -> sink.commandDone(rq));
    }

    public ZoneTable zones() {
        return zones;
    }

    @Override
    public void setCompletionSink(CommandCompletion sink) {
        this.sink = sink;
    }

    @Override
    public DeviceResponse submit(Request command) {
        DriveCommand kind = command.command;
        if (command.op != Op.WRITE || (kind != null && !kind.writesMedia())) {
            return below.submit(command);
        }
        ZoneError e;
        if (kind == DriveCommand.ZONE_APPEND) {
            int z = zones.zoneOf(command.sector());
            e = !zones.sequential(z) ? ZoneError.INVALID_ZONE_OPERATION : zones.check(zones.writePointer(z), command.sectors());
            if (e == null) {
                command.placeAt(zones.writePointer(z));
            }
        } else {
            e = zones.check(command.sector(), command.sectors());
        }
        if (e != null) {
            refused++;
            if (firstRefusal == null) {
                int z = zones.zoneOf(command.sector());
                firstRefusal = "write of " + command.sectors() + " sectors at sector " + command.sector() + " (zone " + z
                        + ", write pointer at sector " + zones.writePointer(z) + "): ILLEGAL REQUEST, " + e.sense();
            }
            command.error = -5; // -EIO
            sim.after(CHECK_CONDITION_NS, () -> sink.commandDone(command));
            return DeviceResponse.ACCEPTED;
        }
        DeviceResponse r = below.submit(command);
        if (r == DeviceResponse.ACCEPTED) {
            zones.write(command.sector(), command.sectors());
        }
        return r;
    }

    /**
     * RESET WRITE POINTER of the zone holding {@code sector} (fio's zbd_reset_wp → BLKRESETZONE);
     * {@code done} runs when the drive has done it. It goes to the drive beside the queued
     * commands, not through the host's IO scheduler; fio waits for the job's IOs first.
     */
    public void resetZone(long sector, Runnable done) {
        int z = zones.zoneOf(sector);
        sim.after(RESET_WP_NS, () -> {
            zones.reset(z);
            done.run();
        });
    }

    /** Writes refused so far. */
    public long refused() {
        return refused;
    }

    /** What the first refused write was, for the run's notes; null when none was. */
    public String firstRefusal() {
        return firstRefusal;
    }
}
