package io.iopath.report;

import io.iopath.result.VirtualPowerLoss;
import io.iopath.result.VirtualResult;
import java.util.Locale;

/** The lines a guest-on-a-virtual-disk run adds below the guest's own table: QEMU, the drive, and the losses per level. */
public final class VirtualRunText {
    private VirtualRunText() {
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

    public static String render(VirtualResult r) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "virtual disk   %s, cache %s; guest jobs %.1f IOPS, clat p50 %s ms, p99 %s ms%n",
                r.device(), r.mode(), r.application().iops(), Html.ms(r.application().p50Ns()), Html.ms(r.application().p99Ns())));
        sb.append(String.format(Locale.ROOT, "QEMU           %d guest flushes, %d fdatasync calls on the image; %d guest writes"
                + " completed before they were on the media%n", r.guestFlushes(), r.hostFdatasyncs(), r.completedBeforeDurable()));
        sb.append(String.format(Locale.ROOT, "host drive     write cache %s: %d reads, %d writes, %d FLUSH CACHE%n",
                r.driveWriteCache() ? "on" : "off", r.driveReads(), r.driveWrites(), r.driveFlushes()));
        VirtualPowerLoss p = r.powerLoss();
        if (p != null) {
            sb.append(String.format(Locale.ROOT, "power failure  of the host at %.3f s:%n", p.atNs() / 1e9));
            sb.append(String.format(Locale.ROOT, "  guest        %d writes acknowledged and lost, %d of them flushed (promised durable)%s%n",
                    p.guestAckedLost(), p.guestFlushedLost(), p.guestFlushedLost() > 0 ? "  <- the guest's fsync was broken" : ""));
            sb.append(String.format(Locale.ROOT, "  guest fs     %d fsync'd blocks lost, %d page-cache pages lost%n",
                    p.guestFsyncedBlocksLost(), p.guestPageCacheLost()));
            sb.append(String.format(Locale.ROOT, "  host         %d page-cache pages of the image lost%n", p.hostPageCacheLost()));
            sb.append(String.format(Locale.ROOT, "  drive        %d acknowledged writes lost in its cache, %d in flight%n",
                    p.drive().acknowledgedLost(), p.drive().inFlightLost()));
        }
        return sb.toString();
    }
}
