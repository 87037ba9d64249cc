package io.iopath.device.disk;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.disk.geometry.Zone;
import io.iopath.device.disk.geometry.ZonedGeometry;
import io.iopath.device.disk.mechanics.DiskMechanics;
import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.request.Op;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 10 item 5: at queue depth 1, sequential reads, and sequential writes with the write cache
 * on, stream at close to the rate the drive can deliver in the zone they run in, for every block
 * size from 64 KiB to 4 MiB on every built-in preset.
 *
 * <p>The bound is analytic, from the zone table and the mechanics, never from a run: the zone's
 * media rate {@code spt × 512 / T_rev}, less what the layout makes every sequential transfer pay
 * at each track and cylinder change (the skew, plus a revolution where the switch is slower
 * than the skew: disk-drive spec §2.4, the Hitachi relation sustained = 512 · sectors per
 * cylinder / ((surfaces − 1) · head switch + cylinder switch + surfaces · T_rev), with the skew
 * standing for the switch since the head waits for the skewed first sector), and no more than
 * the interface carries (bus time per sector). A drive must reach 90 % of that.
 *
 * <p>The host turns each completion round at once (no gap): the hardest case for read-ahead,
 * the next command arriving as the stream starts.
 *
 * <p>Queued reads (the datasheet presets at depths 1–32): a read waiting behind the one before
 * it joins the read-ahead stream that one left running, so the same bound holds at every depth.
 *
 * <p>The DiskSim imports behave as DiskSim does, and DiskSim's controller loses time on every
 * command of a sequential stream that iopath's datasheet drives do not: the bus-side overheads
 * in series with each transfer over their slow validation buses, and where the read-ahead
 * cannot hold the next read (track-mode read-ahead on the DEC RZ26, no bus on the hp_c2249a so
 * the next read arrives before the read-ahead has its first sector, no almost read hits, the
 * Atlas III's 64-sector segment) a revolution per request. Their reads are held at every size
 * to the bound that follows (overheads plus one revolution per request:
 * {@link #importedDrivesReadAtDepthOneWithinOneRevolutionPerRequest}); from 1 MiB on, reads and
 * write-back writes also to the 90 % of the zone's bound.
 *
 * <p>Their write-back writes at every size are held to what DiskSim's rules give at depth 1
 * ({@link #importedDrivesWriteBackAtDepthOneWithinTheirPerCommandBound}): a write that continues
 * the run being written joins that media write (DiskSim's APPEND to a segment being written), so
 * only the write's bus side is in series — write-hit overhead, data preparation, its sectors,
 * write completion — where the drive's segment holds what the media has yet to write plus a
 * revolution of bus data; where it cannot (the Atlas III's 64-sector segment is shorter than a
 * revolution of its bus, and on the DEC RZ26, the hp_c2249a and the ST41601N the bus outruns the
 * media, so a write acknowledged at the bus rate leaves its segment full and the next one waits
 * for its media write), a revolution per request more.
 */
class StreamingTest {
    private static final int[] BLOCK_KIB = {64, 128, 256, 1024, 4096};
    private static final int[] QUEUE_DEPTHS = {1, 2, 4, 8, 32};
    /** About 24 MiB per case, at least 12 commands. */
    private static final long BYTES = 24L << 20;

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (String name : DrivePresets.names()) {
            for (Op op : new Op[] {Op.READ, Op.WRITE}) {
                out.add(Arguments.of(name, op));
            }
        }
        return out.stream();
    }

    /** DiskSim imports: from 1 MiB on (class javadoc); the datasheet drives: every size. */
    private static int smallestKiB(DriveSpec spec) {
        return imported(spec) ? 1024 : 64;
    }

    private static boolean imported(DriveSpec spec) {
        return spec.description().startsWith("DiskSim");
    }

    static Stream<Arguments> imports() {
        List<Arguments> out = new ArrayList<>();
        for (String name : DrivePresets.names()) {
            if (imported(DrivePresets.find(name).orElseThrow())) {
                out.add(Arguments.of(name));
            }
        }
        return out.stream();
    }

    /**
     * The DiskSim imports' reads below 1 MiB, held to what DiskSim's rules give at depth 1
     * (docs/drive.md, "Streaming on the DiskSim imports"): a read that arrives as its
     * predecessor completes takes the read-hit overhead and data preparation on the bus, its
     * sectors at the slower of the bus and the media, and the read completion overhead, all in
     * series ({@link #perCommandBytesPerNs}); and where the read-ahead could not hold the rest
     * of it (track-mode read-ahead, a segment shorter than the request) the rest is a media
     * access of its own, whose first sector is at most one revolution away. So a request costs
     * at most those overheads plus a revolution more than its transfer.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("imports")
    void importedDrivesReadAtDepthOneWithinOneRevolutionPerRequest(String preset) {
        DriveSpec spec = DrivePresets.find(preset).orElseThrow();
        long start = spec.capacitySectors() / 10;
        double revNs = 60e9 / spec.effectiveRpm();
        List<String> below = new ArrayList<>();
        for (int kib : BLOCK_KIB) {
            int sectors = kib * 2;
            double bound = perCommandBytesPerNs(spec, start, sectors, revNs);
            double rate = measure(spec, Op.READ, start, sectors);
            if (rate < 0.90 * bound) {
                below.add(String.format("%d KiB %.0f %% of %.3f MB/s", kib, 100 * rate / bound, bound * 1e3));
            }
        }
        assertThat(below).as("%s reads below 90 %% of the per-command bound", preset).isEmpty();
    }

    /**
     * The DiskSim imports' write-back writes at depth 1, write cache on, 64 KiB – 4 MiB (class
     * javadoc): at least 90 % of the bus side of each command in series with the transfer at
     * the slower of the bus and the media ({@link #perCommandWriteBytesPerNs}), plus a
     * revolution per request where a write cannot join the media write of the one before it
     * ({@link #joinsTheWriteBeforeIt}).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("imports")
    void importedDrivesWriteBackAtDepthOneWithinTheirPerCommandBound(String preset) {
        DriveSpec spec = DrivePresets.find(preset).orElseThrow().withWriteCache(true);
        long start = spec.capacitySectors() / 10;
        double revNs = 60e9 / spec.effectiveRpm();
        double lost = joinsTheWriteBeforeIt(spec, start) ? 0 : revNs;
        List<String> below = new ArrayList<>();
        for (int kib : BLOCK_KIB) {
            int sectors = kib * 2;
            double bound = perCommandWriteBytesPerNs(spec, start, sectors, lost);
            double rate = measure(spec, Op.WRITE, start, sectors);
            if (rate < 0.90 * bound) {
                below.add(String.format("%d KiB %.0f %% of %.3f MB/s", kib, 100 * rate / bound, bound * 1e3));
            }
        }
        assertThat(below).as("%s write-back writes below 90 %% of the per-command bound", preset).isEmpty();
    }

    /**
     * Whether, from the drive's parameters, a sequential write at depth 1 joins the media write
     * of the one before it: the bus is slower than the media (the media keeps up with the data)
     * and a segment holds twice a revolution of bus data (what the media has yet to write when
     * the write arrives, at most a revolution's worth after the head missed a sector, and the
     * revolution the head may wait again), so DiskSim's throttle of the data never binds.
     */
    static boolean joinsTheWriteBeforeIt(DriveSpec spec, long lba) {
        ZonedGeometry g = spec.geometry();
        Zone z = g.zones().get(g.zoneIndexOf(lba));
        double revNs = 60e9 / spec.effectiveRpm();
        double busNs = spec.overheads().busNsPerSector(true);
        if (busNs <= revNs / z.sectorsPerTrack()) {
            return false;
        }
        return spec.cache().segmentSectors() >= 2 * (Math.ceil(revNs / busNs) + 1);
    }

    /**
     * Bytes per ns of back-to-back {@code sectors}-sector write-back writes at depth 1 that each
     * pay the bus side (write-hit overhead + data preparation + write completion) in series with
     * their transfer, at the slower of the bus and the zone ({@link #deliverableBytesPerNs}),
     * plus {@code lostNs} each.
     */
    static double perCommandWriteBytesPerNs(DriveSpec spec, long lba, int sectors, double lostNs) {
        var o = spec.overheads();
        double fixed = o.commandNs(true, true, true) + o.protocol().dataPreparationNs() + o.completionNs(true);
        double perSector = 512 / deliverableBytesPerNs(spec, lba, true);
        return sectors * 512.0 / (fixed + sectors * perSector + lostNs);
    }

    /**
     * Bytes per ns of back-to-back {@code sectors}-sector reads at depth 1 that each pay the
     * bus-side overheads (read hit + data preparation + read completion) in series with their
     * transfer, at the slower of the bus and what the zone delivers ({@link
     * #deliverableBytesPerNs}), plus {@code lostNs} each.
     */
    static double perCommandBytesPerNs(DriveSpec spec, long lba, int sectors, double lostNs) {
        var o = spec.overheads();
        double fixed = o.commandNs(false, true, false) + o.protocol().dataPreparationNs() + o.completionNs(false);
        double perSector = 512 / deliverableBytesPerNs(spec, lba, false);
        return sectors * 512.0 / (fixed + sectors * perSector + lostNs);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void sequentialStreamsAtNinetyPercentOfWhatTheZoneDelivers(String preset, Op op) {
        DriveSpec spec = DrivePresets.find(preset).orElseThrow();
        if (op == Op.WRITE) {
            spec = spec.withWriteCache(true);
        }
        long start = spec.capacitySectors() / 10;
        double bound = deliverableBytesPerNs(spec, start, op == Op.WRITE);
        List<String> below = new ArrayList<>();
        for (int kib : BLOCK_KIB) {
            if (kib < smallestKiB(spec)) {
                continue;
            }
            double rate = measure(spec, op, start, kib * 2);
            if (rate < 0.90 * bound) {
                below.add(String.format("%d KiB %.0f %%", kib, 100 * rate / bound));
            }
        }
        assertThat(below).as("%s %s below 90 %% of %.2f MB/s", preset, op, bound * 1e3).isEmpty();
    }

    static Stream<Arguments> datasheetDepths() {
        List<Arguments> out = new ArrayList<>();
        for (String name : DrivePresets.names()) {
            DriveSpec spec = DrivePresets.find(name).orElseThrow();
            if (spec.description().startsWith("DiskSim")) {
                continue; // queue depth 1: DiskSim's validation drives hold one command
            }
            for (int depth : QUEUE_DEPTHS) {
                if (depth <= spec.maxQueueDepth()) {
                    out.add(Arguments.of(name, depth));
                }
            }
        }
        return out.stream();
    }

    /**
     * Queued sequential reads (the bug of depth 2: each queued read lost a revolution). A read
     * that waited behind the one before it joins the read-ahead stream that one left running,
     * as DiskSim's queued request does when it is activated and as a real drive serves it from
     * the stream in progress; the same 90 % bound holds at every depth the host may keep.
     */
    @ParameterizedTest(name = "{0} depth {1}")
    @MethodSource("datasheetDepths")
    void queuedSequentialReadsStreamAtNinetyPercent(String preset, int depth) {
        DriveSpec spec = DrivePresets.find(preset).orElseThrow();
        long start = spec.capacitySectors() / 10;
        double bound = deliverableBytesPerNs(spec, start, false);
        List<String> below = new ArrayList<>();
        for (int kib : BLOCK_KIB) {
            double rate = measure(spec, Op.READ, start, kib * 2, depth);
            if (rate < 0.90 * bound) {
                below.add(String.format("%d KiB %.0f %%", kib, 100 * rate / bound));
            }
        }
        assertThat(below).as("%s depth %d below 90 %% of %.2f MB/s", preset, depth, bound * 1e3).isEmpty();
    }

    /** Bytes per ns the zone holding {@code lba} delivers to a sequential transfer (class javadoc). */
    static double deliverableBytesPerNs(DriveSpec spec, long lba, boolean write) {
        ZonedGeometry g = spec.geometry();
        Zone z = g.zones().get(g.zoneIndexOf(lba));
        DiskMechanics m = new Disk(new io.iopath.sim.Simulator(1), spec).mechanics();
        double rev = 60e9 / spec.effectiveRpm();
        double sectorNs = rev / z.sectorsPerTrack();
        int surfaces = g.surfaces();
        double perCylinder = surfaces * rev
                + (surfaces - 1) * switchCost(z.trackSkew() * sectorNs, m.moveNs(0, 0, 0, 1, write), rev)
                + switchCost(z.cylinderSkew() * sectorNs, Math.max(m.moveNs(0, 0, 1, 0, write),
                        m.moveNs(0, surfaces - 1, 1, 0, write)), rev);
        double lbasPerCylinder = (double) z.lbaCount() / z.cylinders();
        double media = lbasPerCylinder * 512 / perCylinder;
        double bus = 512.0 / spec.overheads().busNsPerSector(write);
        return Math.min(media, bus);
    }

    /** The skew's time, and a revolution more if the head is not there in time. */
    private static double switchCost(double skewNs, long switchNs, double revNs) {
        double skew = skewNs % revNs;
        return switchNs <= skew ? skew : skew + revNs * Math.ceil((switchNs - skew) / revNs);
    }

    /** Bytes per ns of a sequential stream of {@code sectors}-sector commands at depth 1, after the first. */
    static double measure(DriveSpec spec, Op op, long start, int sectors) {
        return measure(spec, op, start, sectors, 1);
    }

    /**
     * Bytes per ns of a sequential stream of {@code sectors}-sector commands kept {@code depth}
     * deep (each completion issues the next at once), from the first completion on: the commands
     * after the first are the ones that met a drive already streaming.
     */
    static double measure(DriveSpec spec, Op op, long start, int sectors, int depth) {
        DriveHarness h = new DriveHarness(spec, 1);
        int count = (int) Math.max(12 + depth, BYTES / (sectors * 512L));
        long[] next = {start};
        int[] unissued = {count};
        long[] firstDone = {-1};
        Runnable issue = () -> {
            unissued[0]--;
            h.submit(op, next[0], sectors, 0);
            next[0] += sectors;
        };
        h.onDone = r -> {
            if (firstDone[0] < 0) {
                firstDone[0] = h.sim.now();
            }
            if (unissued[0] > 0) {
                issue.run();
            }
        };
        for (int i = 0; i < depth; i++) {
            issue.run();
        }
        h.sim.run(); // to the last destage: a write stream is measured until its data is on the media
        return (double) (count - 1) * sectors * 512 / (h.sim.now() - firstDone[0]);
    }
}
