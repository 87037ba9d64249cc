package io.iopath.device.disk.disksim;

import io.iopath.device.Transport;
import io.iopath.device.disk.bus.BusProtocol;
import io.iopath.device.disk.cache.CacheConfig;
import io.iopath.device.disk.DriveScheduler;
import io.iopath.device.disk.DriveSpec;
import io.iopath.device.disk.bus.Overheads;
import io.iopath.device.disk.bus.Preseek;
import io.iopath.device.disk.cache.ReadAhead;
import io.iopath.device.disk.geometry.Zone;
import io.iopath.device.disk.geometry.ZonedGeometry;
import io.iopath.device.disk.mechanics.ConstantSeekCurve;
import io.iopath.device.disk.mechanics.HplSeekCurve;
import io.iopath.device.disk.mechanics.LinearSeekCurve;
import io.iopath.device.disk.mechanics.SeekCurve;
import io.iopath.device.disk.mechanics.TableSeekCurve;
import io.iopath.device.disk.mechanics.ThreePointSeekCurve;
import java.util.ArrayList;
import java.util.List;

/**
 * Maps DiskSim's typed records onto iopath's drive model: layout g1 → {@link ZonedGeometry},
 * mechanics g1 → seek curves, head switch, settle, rpm; the {@code disksim_disk} block →
 * overhead matrix, bus rate, cache and command queue; the host path's controller and bus
 * transfer times → the effective per-sector bus time (the slowest of disk, controller and bus,
 * as DiskSim does).
 *
 * <p>Vocabulary that has no counterpart here is approximated and said so: Fast write level 1 and 2 become write-back with destage competing with
 * every waiting command (DiskSim flushes dirty data before serving other requests); the
 * {@code curve} seek type uses the triangular 3-point fit. The reselect, disconnect and
 * data-preparation overheads, the HP extra write disconnect and the minimum seek delay become
 * the drive's {@link BusProtocol}.
 */
public final class DriveImporter {
    private DriveImporter() {
    }

    public static DriveSpec toSpec(String name, DiskSimDrive drive) {
        DiskSimDisk disk = drive.disk();
        DiskSimModel model = disk.model();
        ZonedGeometry geometry = geometry(model);
        DiskSimMechanics mech = model.mechanics();
        if (mech.accessTimeType() != AccessTimeType.TRACK_SWITCH_PLUS_ROTATION) {
            throw new IllegalArgumentException(name + ": Access time type " + mech.accessTimeType().diskSimName()
                    + " is not supported (iopath models trackSwitchPlusRotation)");
        }
        int cyl = geometry.cylinders();
        SeekCurve read = seek(mech.seek(), cyl, false);
        SeekCurve write = seek(mech.seek(), cyl, true);

        ProtocolOverheads p = disk.protocol();
        double scale = p.timeScale() == 0 ? 1 : p.timeScale();
        OverheadMatrix m = disk.overheads();
        long per = ns(p.perRequestMs());
        long[] matrix = {
            ns(m.readHitAfterRead() * scale) + per, ns(m.readHitAfterWrite() * scale) + per,
            ns(m.readMissAfterRead() * scale) + per, ns(m.readMissAfterWrite() * scale) + per,
            ns(m.writeHitAfterRead() * scale) + per, ns(m.writeHitAfterWrite() * scale) + per,
            ns(m.writeMissAfterRead() * scale) + per, ns(m.writeMissAfterWrite() * scale) + per};
        double readBusMs = disk.bus().bulkSectorTransferMs();
        double writeBusMs = readBusMs;
        if (drive.host().isPresent()) {
            for (DiskSimController c : drive.host().get().controllers()) {
                readBusMs = Math.max(readBusMs, c.bulkSectorTransferMs());
                writeBusMs = Math.max(writeBusMs, c.bulkSectorTransferMs());
            }
            for (DiskSimBus b : drive.host().get().buses()) {
                readBusMs = Math.max(readBusMs, b.readBlockTransferMs());
                writeBusMs = Math.max(writeBusMs, b.writeBlockTransferMs());
            }
        }
        DiskSimCache c = disk.cache();
        Overheads base = new Overheads(matrix, ns(p.readCompletionMs() * scale),
                ns(p.writeCompletionMs() * scale), ns(readBusMs), ns(writeBusMs), disk.bus().highWaterMark(),
                disk.bus().watermarkByRequestSize(), c.writes().allowWritePrebuffering());

        boolean writeBack = c.writes().fastWriteLevel() != FastWriteLevel.WRITE_THROUGH;
        int writeSegments = Math.max(1, c.maxWriteSegments());
        Overheads overheads = base.withProtocol(protocol(p, scale,
                disk.bus().holdBusEntireRead() || disk.bus().neverDisconnect(), c.hits().sneakyFullReadHits()))
                // DiskSim processes a command at its arrival, whatever the mechanism is doing
                // (disk_request_arrive, disk_check_hda): a queued command's overhead runs from there
                .withOverheadFromArrival(true)
                // a queued command stops the read-ahead after a read only where DiskSim's
                // Preseeking level says (disk_buffer_stopable_access)
                .withPreseek(Preseek.ofLevel(disk.preseekingLevel()));
        ReadAhead ra = readAhead(c.readAhead().mode());
        int maxRa = c.readAhead().maximumBlocks() > 0 ? c.readAhead().maximumBlocks() : c.segmentSizeBlocks();
        CacheConfig cache = CacheConfig.of(c.enableCaching() == 0 ? 0 : c.segments(), c.segmentSizeBlocks(), ra,
                maxRa, writeBack, writeSegments, 0.0, c.hits().readHitsOnWriteData(), c.enableCaching() != 0)
                .withWriteSegments(c.separateWriteSegment() && c.segments() > 1 ? Math.min(writeSegments, c.segments() - 1) : 0)
                .withMaxWriteSegments(writeSegments)
                .withReadAheadOnIdleHit(c.readAhead().onIdleHit())
                .withStopPrefetchInSector(c.readAhead().stopPrefetchInSector())
                // DiskSim's Immediate buffer read / write and Read any free blocks have no effect
                // (disksim-controller.md §2.3: disk_buffer_seekdone always starts at the requested
                // sector), so an imported drive has no zero-latency access (withZeroLatency is
                // iopath's own extension), nor overwrite in cache
                .withOverwriteInCache(false)
                .withAlmostReadHits(c.hits().almostReadHits())
                .withCombineSequentialWrites(c.writes().combineSequentialWrites());

        DriveScheduler policy = scheduler(disk.scheduler().policy());
        double avgSeek = triangularAverageMs(read, cyl);
        String desc = "DiskSim 4.0 " + disk.name() + ": " + model.surfaces() + " surfaces, " + mech.rpm()
                + " rpm, " + mech.seek().type().diskSimName() + " seek (imported " + drive.name() + ")";
        return new DriveSpec(name, desc, geometry, read, write, ns(mech.writeSettleMs()), ns(mech.headSwitchMs()),
                mech.rpm(), mech.rpmErrorPercent(), overheads, cache, Math.max(1, disk.maxQueueLength()), policy,
                disk.scheduler().timeoutTimeWeight(), (long) c.segments() * c.segmentSizeBlocks() * 512, avgSeek,
                Transport.SCSI); // DiskSim's disk is a SCSI disk: every command is tagged
    }

    /**
     * DiskSim's {@code Scheduling policy} as the drive's own scheduler: the same policy, or the
     * nearest one iopath has (cylinder and LBN variants alike; FCFS for the rest).
     */
    static DriveScheduler scheduler(SchedulingPolicy p) {
        return switch (p) {
            case CYCLE_LBN, CYCLE_CYL -> DriveScheduler.CLOOK;
            case SSTF_LBN, SSTF_CYL -> DriveScheduler.SSTF;
            case SPTF, SPCTF -> DriveScheduler.SPTF;
            case SATF -> DriveScheduler.SATF;
            case WPTF, WPCTF, WATF -> DriveScheduler.WPTF;
            case ASPTF, ASPCTF, ASATF -> DriveScheduler.ASPTF;
            default -> DriveScheduler.FCFS;
        };
    }

    /** DiskSim's {@code Buffer continuous read}, each mode as its own rule (disksim-controller.md §8.1). */
    static ReadAhead readAhead(ReadAheadMode m) {
        return switch (m) {
            case OFF -> ReadAhead.OFF;
            case TO_END_OF_TRACK -> ReadAhead.TRACK;
            case TO_END_OF_CYLINDER -> ReadAhead.CYLINDER;
            case UNTIL_SEGMENT_FULL -> ReadAhead.SEGMENT;
            case TRACK_AHEAD_OF_STREAM -> ReadAhead.TRACK_END;
        };
    }

    /** DiskSim's reselect, disconnect and data-preparation overheads, scaled like the matrix. */
    static BusProtocol protocol(ProtocolOverheads p, double scale, boolean holdBusEntireRead, boolean sneakyHits) {
        ExtraDisconnect x = p.extraDisconnect();
        BusProtocol.ExtraDisconnect extra = x.enabled()
                ? new BusProtocol.ExtraDisconnect(ns(x.commandOverheadMs() * scale), ns(x.disconnectOverheadMs() * scale),
                        ns(x.interDisconnectDelayMs() * scale), ns(x.secondDisconnectOverheadMs() * scale),
                        ns(x.seekDelta() * scale))
                : null;
        return new BusProtocol(ns(p.firstReselectMs() * scale), ns(p.otherReselectMs() * scale),
                ns(p.dataPreparationMs() * scale), ns(p.readDisconnectAfterReadMs() * scale),
                ns(p.readDisconnectAfterWriteMs() * scale), ns(p.writeDisconnectMs() * scale), extra,
                ns(p.minimumSeekDelayMs() * scale), holdBusEntireRead, sneakyHits);
    }

    static ZonedGeometry geometry(DiskSimModel model) {
        DiskSimLayout layout = model.layout();
        List<Zone> zones = new ArrayList<>();
        for (DiskSimZone z : layout.zones()) {
            int[] slips = new int[z.slips().size()];
            for (int i = 0; i < slips.length; i++) {
                slips[i] = Math.toIntExact(z.slips().get(i));
            }
            int[] defects = new int[z.defects().size() * 2];
            for (int i = 0; i < z.defects().size(); i++) {
                defects[2 * i] = Math.toIntExact(z.defects().get(i).defective());
                defects[2 * i + 1] = Math.toIntExact(z.defects().get(i).replacement());
            }
            zones.add(new Zone(z.firstCylinder(), z.lastCylinder(), z.blocksPerTrack(), z.firstBlockOffset(),
                    z.emptySpaceAtFront(), z.trackSkew(), z.cylinderSkew(), z.spares(), slips, defects));
        }
        // DiskSim checks Block count against the zones and uses the computed value (spec §2.2)
        return new ZonedGeometry(model.surfaces(), layout.sparing(), layout.sparingRangeSize(),
                layout.mapping(), zones, 0);
    }

    static SeekCurve seek(DiskSimSeek s, int cylinders, boolean write) {
        if (s instanceof DiskSimSeek.Extracted e) {
            List<SeekTable.Point> pts = e.table().points();
            int[] d = new int[pts.size()];
            double[] t = new double[pts.size()];
            for (int i = 0; i < d.length; i++) {
                d[i] = Math.toIntExact(pts.get(i).distance());
                t[i] = write ? pts.get(i).writeMs() : pts.get(i).readMs();
            }
            return new TableSeekCurve(d, t, cylinders);
        }
        if (s instanceof DiskSimSeek.Hpl h) {
            return new HplSeekCurve(values(h.equation()), null, cylinders);
        }
        if (s instanceof DiskSimSeek.HplPlus10 h) {
            double[] ten = h.firstTenMs().stream().mapToDouble(Double::doubleValue).toArray();
            return new HplSeekCurve(values(h.equation()), ten, cylinders);
        }
        if (s instanceof DiskSimSeek.Constant c) {
            return new ConstantSeekCurve(ns(c.seekMs()));
        }
        if (s instanceof DiskSimSeek.Linear l) {
            return new LinearSeekCurve(l.singleCylinderMs(), l.averageMs(), l.fullStrobeMs(), cylinders);
        }
        DiskSimSeek.Curve c = (DiskSimSeek.Curve) s;
        return new ThreePointSeekCurve(ns(c.singleCylinderMs()), ns(c.averageMs()), ns(c.fullStrobeMs()), cylinders);
    }

    private static double[] values(HplEquation e) {
        return new double[] {e.thresholdCylinders(), e.sqrtBaseMs(), e.sqrtFactorMs(), e.linearBaseMs(),
            e.linearFactorMs(), e.singleCylinderMs()};
    }

    /** The datasheet meaning of "average seek" (spec §3.1): triangular weights over 1..max. */
    static double triangularAverageMs(SeekCurve c, int cylinders) {
        int max = cylinders - 1;
        double num = 0;
        double den = 0;
        for (int n = 1; n <= max; n++) {
            double w = max + 1 - n;
            num += w * c.seekNs(n);
            den += w;
        }
        return den == 0 ? 0 : num / den / 1e6;
    }

    private static long ns(double ms) {
        return Math.round(ms * 1e6);
    }
}
