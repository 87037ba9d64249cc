package io.iopath.report;

import io.iopath.result.VirtualPowerLoss;
import io.iopath.result.VirtualResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a guest-on-a-virtual-disk run adds to the guest's own results: QEMU, the physical drive,
 * and a host power failure's losses per level — as lines below the guest's table, as the
 * {@code virtual_disk} object of results.json, and as the rows of the report's section
 * ({@link #lines}, which the table and the page share).
 */
public final class VirtualRunText {
    private VirtualRunText() {
    }

    /** One line of the virtual disk's account: its level ({@code "  guest"} under a power failure's line) and what it says. */
    record Line(String level, String text) {
        /** A line under another (a power failure's levels). */
        boolean nested() {
            return level.startsWith(" ");
        }
    }

    /** The guest's results.json with a {@code virtual_disk} object: QEMU, the host drive, and the losses per level. */
    public static String json(VirtualResult r) {
        com.fasterxml.jackson.databind.node.ObjectNode root = ResultJson.toJson(r.guest());
        com.fasterxml.jackson.databind.node.ObjectNode v = root.putObject("virtual_disk");
        v.put("device", r.device());
        v.put("cache", r.mode());
        v.put("app_ops", r.application().ops());
        v.put("app_iops", r.application().iops());
        v.put("app_clat_p50_ns", r.application().p50Ns());
        v.put("app_clat_p99_ns", r.application().p99Ns());
        v.put("guest_flushes", r.guestFlushes());
        v.put("host_fdatasyncs", r.hostFdatasyncs());
        v.put("completed_before_durable", r.completedBeforeDurable());
        v.put("drive_write_cache", r.driveWriteCache());
        v.put("drive_reads", r.driveReads());
        v.put("drive_writes", r.driveWrites());
        v.put("drive_flushes", r.driveFlushes());
        ResultJson.driveQueue(v.putObject("drive_queue"), r.driveQueue());
        ResultJson.driveTime(v, r.driveTime(), r.destageTime());
        VirtualPowerLoss p = r.powerLoss();
        if (p != null) {
            com.fasterxml.jackson.databind.node.ObjectNode pf = v.putObject("power_failure");
            pf.put("at_ns", p.atNs());
            pf.put("guest_acked_lost", p.guestAckedLost());
            pf.put("guest_flushed_lost", p.guestFlushedLost());
            pf.put("guest_fsynced_blocks_lost", p.guestFsyncedBlocksLost());
            pf.put("guest_page_cache_lost", p.guestPageCacheLost());
            pf.put("host_page_cache_lost", p.hostPageCacheLost());
            pf.put("drive_acknowledged_lost", p.drive().acknowledgedLost());
            pf.put("drive_promised_lost", p.drive().promisedLost());
            pf.put("drive_in_flight_lost", p.drive().inFlightLost());
            pf.put("drive_torn_writes", p.drive().tornWrites());
        }
        return JsonText.of(root);
    }

    /** The lines below the guest's table. */
    public static String render(VirtualResult r) {
        StringBuilder sb = new StringBuilder();
        for (Line l : lines(r)) {
            sb.append(String.format(Locale.ROOT, "%-15s%s%n", l.level(), l.text()));
        }
        return sb.toString();
    }

    static List<Line> lines(VirtualResult r) {
        List<Line> lines = new ArrayList<>();
        lines.add(new Line("virtual disk", String.format(Locale.ROOT, "%s, cache %s; guest jobs %.1f IOPS, clat p50 %s ms, p99 %s ms",
                r.device(), r.mode(), r.application().iops(), Html.ms(r.application().p50Ns()), Html.ms(r.application().p99Ns()))));
        lines.add(new Line("QEMU", String.format(Locale.ROOT, "%d guest flushes, %d fdatasync calls on the image; %d guest writes"
                + " completed before they were on the media", r.guestFlushes(), r.hostFdatasyncs(), r.completedBeforeDurable())));
        lines.add(new Line("host drive", String.format(Locale.ROOT, "write cache %s: %d reads, %d writes, %d FLUSH CACHE",
                r.driveWriteCache() ? "on" : "off", r.driveReads(), r.driveWrites(), r.driveFlushes())));
        // the guest's table has no mechanics (its drive is the virtual disk): the physical drive's are here
        lines.add(new Line("", String.format(Locale.ROOT, "mean per command: seek %s ms, rotation %s ms, transfer %s ms",
                Html.ms(r.driveTime().seekMeanNs()), Html.ms(r.driveTime().rotationMeanNs()), Html.ms(r.driveTime().transferMeanNs()))));
        if (r.destageTime().commands() > 0) {
            lines.add(new Line("", String.format(Locale.ROOT, "mean per destage (%d destages): seek %s ms, rotation %s ms, transfer %s ms",
                    r.destageTime().commands(), Html.ms(r.destageTime().seekMeanNs()), Html.ms(r.destageTime().rotationMeanNs()),
                    Html.ms(r.destageTime().transferMeanNs()))));
        }
        VirtualPowerLoss p = r.powerLoss();
        if (p != null) {
            lines.add(new Line("power failure", String.format(Locale.ROOT, "of the host at %.3f s:", p.atNs() / 1e9)));
            lines.add(new Line("  guest", String.format(Locale.ROOT, "%d writes acknowledged and lost, %d of them flushed (promised durable)%s",
                    p.guestAckedLost(), p.guestFlushedLost(), p.guestFlushedLost() > 0 ? "  <- the guest's fsync was broken" : "")));
            lines.add(new Line("  guest fs", String.format(Locale.ROOT, "%d fsync'd blocks lost, %d page-cache pages lost",
                    p.guestFsyncedBlocksLost(), p.guestPageCacheLost())));
            lines.add(new Line("  host", String.format(Locale.ROOT, "%d page-cache pages of the image lost", p.hostPageCacheLost())));
            lines.add(new Line("  drive", String.format(Locale.ROOT, "%d acknowledged writes lost in its cache, %d in flight",
                    p.drive().acknowledgedLost(), p.drive().inFlightLost())));
        }
        return lines;
    }
}
