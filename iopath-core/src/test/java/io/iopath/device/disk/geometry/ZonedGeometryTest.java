package io.iopath.device.disk.geometry;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.disk.DrivePresets;
import io.iopath.device.disk.DriveSpec;
import org.junit.jupiter.api.Test;

class ZonedGeometryTest {

    @Test
    void linearZoningHoldsExactlyTheCapacityAndRoundTripsAtEveryZoneBoundary() {
        for (DriveSpec d : DrivePresets.all()) {
            ZonedGeometry g = ZonedGeometry.linear(d.capacitySectors(), d.surfaces(), d.zones(), d.outerSpt(), d.innerSpt());
            assertThat(g.capacitySectors()).isEqualTo(d.capacitySectors());
            Zone previous = null;
            for (Zone z : g.zones()) {
                if (previous != null) {
                    assertThat(z.firstLba()).isEqualTo(previous.lastLba() + 1);
                    assertThat(z.firstCylinder()).isEqualTo(previous.lastCylinder() + 1);
                    assertThat(z.sectorsPerTrack()).isLessThanOrEqualTo(previous.sectorsPerTrack());
                }
                for (long lba : new long[] {z.firstLba(), z.firstLba() + 1, z.lastLba() - 1, z.lastLba()}) {
                    PhysicalAddress p = g.toPhysical(lba);
                    assertThat(g.toLba(p)).isEqualTo(lba);
                    assertThat(g.cylinderOf(lba)).isEqualTo(p.cylinder());
                    assertThat(p.sector()).isLessThan(z.sectorsPerTrack());
                    assertThat(p.head()).isLessThan(d.surfaces());
                }
                previous = z;
            }
        }
    }

    @Test
    void lbasFillATrackThenTheNextSurfaceThenTheNextCylinder() {
        ZonedGeometry g = ZonedGeometry.linear(4 * 100 * 10, 4, 1, 100, 100);
        assertThat(g.toPhysical(99)).isEqualTo(new PhysicalAddress(0, 0, 99));
        assertThat(g.toPhysical(100)).isEqualTo(new PhysicalAddress(0, 1, 0));
        assertThat(g.toPhysical(400)).isEqualTo(new PhysicalAddress(1, 0, 0));
    }
}
