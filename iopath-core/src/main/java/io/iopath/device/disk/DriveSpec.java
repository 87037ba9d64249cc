package io.iopath.device.disk;

import io.iopath.device.Transport;
import io.iopath.device.disk.bus.Overheads;
import io.iopath.device.disk.cache.CacheConfig;
import io.iopath.device.disk.geometry.ZonedGeometry;
import io.iopath.device.disk.mechanics.SeekCurve;
import java.util.Objects;

/**
 * Everything that defines one drive model, in simulator units (sectors, nanoseconds).
 *
 * @param name            preset name users type (or the parameter file it was read from)
 * @param description     one line: what drive this is and where its numbers come from
 * @param geometry        layout: zones, skews, spares, slips
 * @param readSeek        read seek curve (settle included)
 * @param writeSeek       write seek curve
 * @param writeSettleNs   extra settle added to write positioning (may be negative)
 * @param headSwitchNs    time to switch to another surface
 * @param rpm             nominal spindle speed
 * @param rpmErrorPercent deviation of the real speed from nominal, in percent
 * @param overheads       command-overhead matrix, completion overheads, bus rate
 * @param cache           buffer segments, read-ahead, write cache
 * @param maxQueueDepth   commands the drive accepts at once (1, NCQ 32, TCQ 64)
 * @param scheduler       the drive's command scheduler
 * @param agingWeight     W of aged SPTF (ms of positioning credit per second of age)
 * @param cacheBytes      buffer size (for listings)
 * @param averageSeekMs   datasheet or triangular-weighted average read seek (for listings)
 * @param transport       how the link queues commands: SCSI tagged queuing (every command
 *                        queued) or SATA NCQ (FLUSH CACHE and TRIM are not queued)
 */
public record DriveSpec(
        String name,
        String description,
        ZonedGeometry geometry,
        SeekCurve readSeek,
        SeekCurve writeSeek,
        long writeSettleNs,
        long headSwitchNs,
        double rpm,
        double rpmErrorPercent,
        Overheads overheads,
        CacheConfig cache,
        int maxQueueDepth,
        DriveScheduler scheduler,
        double agingWeight,
        long cacheBytes,
        double averageSeekMs,
        Transport transport) {

    public DriveSpec {
        Objects.requireNonNull(transport, "transport");
        if (maxQueueDepth < 1) {
            throw new IllegalArgumentException("queue depth must be at least 1");
        }
        if (!(rpm > 0)) {
            throw new IllegalArgumentException("rpm must be positive");
        }
    }

    /** A drive whose link is not stated: SCSI, the interface DiskSim's disk model describes. */
    public DriveSpec(String name, String description, ZonedGeometry geometry, SeekCurve readSeek, SeekCurve writeSeek,
                     long writeSettleNs, long headSwitchNs, double rpm, double rpmErrorPercent, Overheads overheads,
                     CacheConfig cache, int maxQueueDepth, DriveScheduler scheduler, double agingWeight,
                     long cacheBytes, double averageSeekMs) {
        this(name, description, geometry, readSeek, writeSeek, writeSettleNs, headSwitchNs, rpm, rpmErrorPercent,
                overheads, cache, maxQueueDepth, scheduler, agingWeight, cacheBytes, averageSeekMs, Transport.SCSI);
    }

    public long capacitySectors() {
        return geometry.capacitySectors();
    }

    /** The speed the spindle really turns at. */
    public double effectiveRpm() {
        return rpm * (1 + rpmErrorPercent / 100.0);
    }

    public DriveSpec withWriteCache(boolean on) {
        return with(cache.withWriteCache(on), maxQueueDepth, scheduler, agingWeight, transport);
    }

    /** The same drive with zero-latency (read- / write-on-arrival) access switched as given. */
    public DriveSpec withZeroLatency(boolean reads, boolean writes) {
        return with(cache.withZeroLatency(reads, writes), maxQueueDepth, scheduler, agingWeight, transport);
    }

    /** The same drive with a dirty-age limit on its write-back buffer ({@code ns}; 0 = none). */
    public DriveSpec withMaxDirtyAge(long ns) {
        return with(cache.withMaxDirtyAge(ns), maxQueueDepth, scheduler, agingWeight, transport);
    }

    /**
     * The same drive with overwrite in cache switched as given (iopath's refinement of the
     * write-back buffer: on for the datasheet presets, off for an imported DiskSim drive).
     */
    public DriveSpec withOverwriteInCache(boolean on) {
        return with(cache.withOverwriteInCache(on), maxQueueDepth, scheduler, agingWeight, transport);
    }

    /**
     * The same drive with at most {@code n} segments holding write data (a what-if: how much the
     * write cache's size matters; the buffer and its segments are unchanged).
     */
    public DriveSpec withMaxWriteSegments(int n) {
        return with(cache.withMaxWriteSegments(n), maxQueueDepth, scheduler, agingWeight, transport);
    }

    /**
     * The same drive with a command that finds the mechanism busy processed from its arrival, as
     * DiskSim does, or from its start ({@link Overheads#withOverheadFromArrival}; on for an
     * imported DiskSim drive, off for the datasheet presets).
     */
    public DriveSpec withOverheadFromArrival(boolean on) {
        return new DriveSpec(name, description, geometry, readSeek, writeSeek, writeSettleNs, headSwitchNs, rpm,
                rpmErrorPercent, overheads.withOverheadFromArrival(on), cache, maxQueueDepth, scheduler, agingWeight,
                cacheBytes, averageSeekMs, transport);
    }

    /**
     * The same drive with a queued command allowed to stop the read-ahead after a read at the
     * point {@code p} names ({@link Overheads#withPreseek}; DiskSim's {@code Preseeking level}
     * for an imported drive, {@link io.iopath.device.disk.bus.Preseek#BEFORE_COMPLETION} for the
     * datasheet presets).
     */
    public DriveSpec withPreseek(io.iopath.device.disk.bus.Preseek p) {
        return new DriveSpec(name, description, geometry, readSeek, writeSeek, writeSettleNs, headSwitchNs, rpm,
                rpmErrorPercent, overheads.withPreseek(p), cache, maxQueueDepth, scheduler, agingWeight,
                cacheBytes, averageSeekMs, transport);
    }

    /**
     * The same drive formatted with metadata on the bus: {@code busBytes} per 512-byte sector
     * ({@link io.iopath.request.LbaFormat#busBytesPerBlock}; {@link Overheads#withBusBytesPerSector}). The geometry
     * keeps its 512-byte sectors: the metadata is stored with them (docs/drive.md).
     */
    public DriveSpec withBusBytesPerSector(int busBytes) {
        if (busBytes == 512) {
            return this;
        }
        return new DriveSpec(name, description, geometry, readSeek, writeSeek, writeSettleNs, headSwitchNs, rpm,
                rpmErrorPercent, overheads.withBusBytesPerSector(busBytes), cache, maxQueueDepth, scheduler, agingWeight,
                cacheBytes, averageSeekMs, transport);
    }

    public DriveSpec withQueue(int depth, DriveScheduler policy) {
        return with(cache, depth, policy, agingWeight, transport);
    }

    public DriveSpec withAgingWeight(double w) {
        return with(cache, maxQueueDepth, scheduler, w, transport);
    }

    /** The same drive behind another link (a what-if: the laptop drive as if it queued flushes). */
    public DriveSpec withTransport(Transport t) {
        return with(cache, maxQueueDepth, scheduler, agingWeight, t);
    }

    /** This drive with the settings a scenario may change replaced; everything physical kept. */
    private DriveSpec with(CacheConfig c, int depth, DriveScheduler policy, double w, Transport t) {
        return new DriveSpec(name, description, geometry, readSeek, writeSeek, writeSettleNs, headSwitchNs, rpm,
                rpmErrorPercent, overheads, c, depth, policy, w, cacheBytes, averageSeekMs, t);
    }
}
