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
}
