package io.iopath.device.disk.geometry;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.device.disk.DriveSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

class ZonedGeometryTest {

    static Stream<DriveSpec> presets() {
        return DrivePresets.all().stream();
    }

    /** LBA -> PBN -> LBA round-trips on both sides of every zone boundary, and at the ends. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("presets")
    void roundTripsAcrossEveryZoneBoundary(DriveSpec drive) {
        ZonedGeometry g = drive.geometry();
        List<Long> probes = new ArrayList<>();
        for (Zone z : g.zones()) {
            for (long d = -3; d <= 3; d++) {
                probes.add(z.firstLba() + d);
                probes.add(z.lastLba() + d);
            }
        }
        SplittableRandom rnd = new SplittableRandom(7);
        for (int i = 0; i < 2000; i++) {
            probes.add(rnd.nextLong(g.capacitySectors()));
        }
        long checked = 0;
        for (long lba : probes) {
            if (lba < 0 || lba >= g.capacitySectors()) {
                continue;
            }
            PhysicalAddress p = g.toPhysical(lba);
            assertThat(g.toLba(p)).as("LBA %d at %s", lba, p).isEqualTo(lba);
            assertThat(p.angle()).isBetween(0.0, 1.0);
            checked++;
        }
        assertThat(checked).isGreaterThan(2000);
    }

    /** Consecutive LBAs never share a physical sector, and the mapping is one-to-one. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(SparingScheme.class)
    void everySparingSchemeRoundTripsAndHoldsItsBlockCount(SparingScheme scheme) {
        int surfaces = 3;
        List<Zone> zones = List.of(
                new Zone(0, 9, 40, 3, 5, 4, 7, 3, new int[] {17, 130, 131, 700}, new int[0]),
                new Zone(11, 20, 32, 0, 0, 3, 6, 3, new int[] {5, 64, 400}, new int[0]));
        if (scheme == SparingScheme.SPARE_TRACKS_PER_ZONE) {
            // track sparing: slips are zone-relative tracks
            zones = List.of(
                    new Zone(0, 9, 40, 3, 40, 4, 7, 2, new int[] {3, 8}, new int[0]),
                    new Zone(11, 20, 32, 0, 0, 3, 6, 3, new int[] {0, 29}, new int[0]));
        }
        ZonedGeometry g = new ZonedGeometry(surfaces, scheme, 2, mappingFor(scheme), zones, 0);
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (long lba = 0; lba < g.capacitySectors(); lba++) {
            PhysicalAddress p = g.toPhysical(lba);
            assertThat(seen.add(p.cylinder() + "/" + p.head() + "/" + p.sector())).as("LBA %d reuses %s", lba, p)
                    .isTrue();
            assertThat(g.toLba(p)).as("%s LBA %d at %s", scheme, lba, p).isEqualTo(lba);
        }
        // every physical sector maps back to an LBA or to none, and those with an LBA are the ones seen
        long withLba = 0;
        for (Zone z : zones) {
            for (int c = z.firstCylinder(); c <= z.lastCylinder(); c++) {
                for (int h = 0; h < surfaces; h++) {
                    for (int s = 0; s < z.sectorsPerTrack(); s++) {
                        if (g.toLba(new PhysicalAddress(c, h, s)) >= 0) {
                            withLba++;
                        }
                    }
                }
            }
        }
        assertThat(withLba).isEqualTo(g.capacitySectors());
    }

    /** Cycles the three surface orders over the schemes so each meets several sparing layouts. */
    static LbnMapping mappingFor(SparingScheme scheme) {
        LbnMapping[] all = LbnMapping.values();
        return all[scheme.ordinal() % all.length];
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("presets")
    void runsStayOnOneTrack(DriveSpec drive) {
        ZonedGeometry g = drive.geometry();
        TrackCursor c = new TrackCursor();
        SplittableRandom rnd = new SplittableRandom(3);
        for (int i = 0; i < 500; i++) {
            long lba = rnd.nextLong(g.capacitySectors());
            g.locate(lba, c);
            int cyl = c.cylinder;
            int head = c.surface;
            int sector = c.sector;
            long last = lba + c.run - 1;
            PhysicalAddress p = g.toPhysical(last);
            assertThat(p.cylinder()).isEqualTo(cyl);
            assertThat(p.head()).isEqualTo(head);
            assertThat(p.sector()).isEqualTo(sector + c.run - 1);
        }
    }
    /**
     * A located run is the whole contiguous stretch: every LBA of it is the next sector of the
     * same track, and the LBA after it is not (it is past a slip, a defect, the track's, zone's
     * or drive's end). Every LBA of a small drive under each sparing scheme.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(SparingScheme.class)
    void runsEndExactlyWhereContiguityEnds(SparingScheme scheme) {
        List<Zone> zones = List.of(
                new Zone(0, 9, 40, 3, 5, 4, 7, 3, new int[] {17, 130, 131, 131, 700}, new int[] {300, 1150}),
                new Zone(11, 20, 32, 0, 0, 3, 6, 3, new int[] {5, 64, 400}, new int[0]));
        if (scheme == SparingScheme.SPARE_TRACKS_PER_ZONE) {
            zones = List.of(
                    new Zone(0, 9, 40, 3, 40, 4, 7, 2, new int[] {3, 8}, new int[0]),
                    new Zone(11, 20, 32, 0, 0, 3, 6, 3, new int[] {0, 29}, new int[0]));
        }
        ZonedGeometry g = new ZonedGeometry(3, scheme, 2, mappingFor(scheme), zones, 0);
        for (long lba = 0; lba < g.capacitySectors(); lba++) {
            assertRunIsMaximal(g, lba);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("presets")
    void presetRunsEndExactlyWhereContiguityEnds(DriveSpec drive) {
        ZonedGeometry g = drive.geometry();
        SplittableRandom rnd = new SplittableRandom(11);
        for (int i = 0; i < 2000; i++) {
            assertRunIsMaximal(g, rnd.nextLong(g.capacitySectors()));
        }
        for (Zone z : g.zones()) {
            for (long lba : new long[] {z.firstLba(), z.lastLba()}) {
                if (lba < g.capacitySectors()) { // a datasheet drive declares less than its zones hold
                    assertRunIsMaximal(g, lba);
                }
            }
        }
    }

    private static void assertRunIsMaximal(ZonedGeometry g, long lba) {
        TrackCursor c = new TrackCursor();
        g.locate(lba, c);
        assertThat(c.run).as("run at LBA %d", lba).isPositive();
        for (int i = 1; i <= c.run; i++) {
            if (lba + i >= g.capacitySectors()) {
                assertThat(i).as("run at LBA %d passes the drive's end", lba).isEqualTo(c.run);
                return;
            }
            PhysicalAddress p = g.toPhysical(lba + i);
            boolean next = p.cylinder() == c.cylinder && p.head() == c.surface && p.sector() == c.sector + i;
            assertThat(next).as("LBA %d, %d into the run of %d from LBA %d, at %s (run starts at %d/%d/%d)",
                    lba + i, i, c.run, lba, p, c.cylinder, c.surface, c.sector).isEqualTo(i < c.run);
        }
    }
}
