package io.iopath.device.disk.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.disk.Disk;
import io.iopath.device.disk.DriveSpec;
import io.iopath.device.disk.geometry.TrackCursor;
import io.iopath.device.disk.mechanics.DiskMechanics;
import io.iopath.device.disk.presets.DrivePresets;
import org.junit.jupiter.api.Test;

/**
 * The read-ahead stream on its own (disksim-differences.md D9, D12; moved here from
 * DiskSimSemanticsTest with the stream, whose stop results are package-private).
 */
class ReadAheadStreamTest {
    private static final DriveSpec ATLAS = DrivePresets.find("atlas10k").orElseThrow();
    private static final long MS = 1_000_000;

    private static TrackCursor locate(DriveSpec d, long lba) {
        TrackCursor c = new TrackCursor();
        d.geometry().locate(lba, c);
        return c;
    }

    /**
     * D9, D12 (track switches): read-ahead is a sector-by-sector stream; stopped at an instant,
     * the sector in progress does not count; with {@code Stop prefetch in sector = 0} the new
     * seek waits for that sector's end, with 1 it may start at once; a track-switch seek under
     * way completes first, leaving the head on its target.
     */
    @Test
    void d9AndD12TheReadAheadStreamStopsAtTheArrival() {
        Disk d = new Disk(new io.iopath.sim.Simulator(1), ATLAS, 0.0);
        DiskMechanics m = d.mechanics();
        long lba = 2_000_000;
        TrackCursor c = locate(ATLAS, lba);
        long trackEnd = lba + c.run;
        ReadAheadStream s = new ReadAheadStream(m);
        long t0 = 1 * MS;
        s.start(lba, trackEnd + 20, t0, c.cylinder, c.surface, 0);
        double sectorNs = m.spindle().revolutionNs() / c.sectorsPerTrack;
        long first = s.sectorEndNs(0) - m.spindle().rotationNs(1.0 / c.sectorsPerTrack);
        long mid = first + (long) (2.5 * sectorNs);
        s.stop(mid, false);
        assertThat(s.stoppedSectors).isEqualTo(2);
        assertThat(s.stopNs).isEqualTo(s.sectorEndNs(2));
        s.stop(mid, true);
        assertThat(s.stopNs).isEqualTo(Long.MIN_VALUE);
        // the switch to the next track: a real head switch (or seek) from the last sector's end
        long lastEnd = s.sectorEndNs(c.run - 1);
        TrackCursor n = locate(ATLAS, trackEnd);
        long switchNs = m.moveNs(c.cylinder, c.surface, n.cylinder, n.surface, false);
        assertThat(switchNs).isPositive();
        s.stop(lastEnd + switchNs / 2, true);
        assertThat(s.stoppedSectors).isEqualTo(c.run);
        assertThat(s.stopNs).isEqualTo(lastEnd + switchNs);
        assertThat(s.stopCylinder * 100 + s.stopSurface).isEqualTo(n.cylinder * 100 + n.surface);
        long nextFirst = lastEnd + switchNs + m.spindle().waitForAngleNs(lastEnd + switchNs, n.angle);
        assertThat(s.sectorEndNs(c.run)).isEqualTo(nextFirst + m.spindle().rotationNs(1.0 / n.sectorsPerTrack));
    }
}
