package io.iopath.device.disk;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.disk.bus.BusProtocol;
import io.iopath.device.disk.bus.Overheads;
import io.iopath.device.disk.geometry.TrackCursor;
import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.request.Op;
import io.iopath.request.Request;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Read-on-arrival reads a track's run out of order, but the host takes the data in LBA order:
 * the run's first sector comes round when it would have anyway, and the rest of the run can go
 * only after it. So on a drive whose bus is slower than its media (the Atlas 10K: 0.099 ms a
 * sector on the bus, about 0.02 ms on the media) a one-track read completes exactly when it would
 * without read-on-arrival, although the media is done sooner; with a bus faster than the media,
 * the host gets it sooner, never later, and never before the data it needs is in the buffer.
 */
class ReadOnArrivalOrderTest {
    private static final DriveSpec ATLAS = DrivePresets.find("atlas10k").orElseThrow();
    private static final long LBA = 2_999_740; // the first sector of a 324-sector track
    private static final long TOLERANCE_NS = 4;

    static IntStream seeds() {
        return IntStream.range(0, 40);
    }

    /** Most of one track's run, so the head often lands inside it. */
    private static int sectors() {
        TrackCursor c = new TrackCursor();
        ATLAS.geometry().locate(LBA, c);
        return Math.min(c.run, c.sectorsPerTrack * 3 / 4);
    }

    private record Read(Request request, long mediaEndNs, boolean outOfOrder) {
        long responseNs() {
            return request.completedNs - request.issuedNs;
        }
    }

    private static Read read(DriveSpec spec, int seed) {
        DriveHarness h = new DriveHarness(spec.withQueue(1, DriveScheduler.FCFS), seed);
        h.sim.runUntil(1_000_000 + 37_000L * seed); // the spindle turns on: arrival angles vary
        Request r = h.submit(Op.READ, LBA, sectors(), 0); // an idle drive starts it at once
        boolean outOfOrder = h.disk.mediaAccess().outOfOrder();
        h.sim.run();
        return new Read(r, r.issuedNs + r.seekNs + r.rotationNs + r.transferNs, outOfOrder);
    }

    private static DriveSpec withOverheads(DriveSpec d, Overheads o) {
        return new DriveSpec(d.name(), d.description(), d.geometry(), d.readSeek(), d.writeSeek(), d.writeSettleNs(),
                d.headSwitchNs(), d.rpm(), d.rpmErrorPercent(), o, d.cache(), 1, DriveScheduler.FCFS, 0, d.cacheBytes(),
                d.averageSeekMs());
    }

    /** The Atlas 10K as imported, and with a reselect and data preparation before the data goes. */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void withTheBusSlowerThanTheMediaTheHostGetsTheDataWhenItWouldHaveAnyway(int seed) {
        DriveSpec spec = seed % 2 == 0 ? ATLAS
                : withOverheads(ATLAS, ATLAS.overheads().withProtocol(
                        new BusProtocol(100_000, 0, 25_000, 0, 0, 0, null, 0)));
        Read zla = read(spec, seed);
        Read plain = read(spec.withZeroLatency(false, false), seed);
        assertThat(plain.outOfOrder()).isFalse();
        assertThat(zla.responseNs()).isBetween(plain.responseNs() - TOLERANCE_NS, plain.responseNs() + TOLERANCE_NS);
        assertThat(zla.mediaEndNs()).isLessThanOrEqualTo(plain.mediaEndNs() + TOLERANCE_NS);
        if (zla.outOfOrder()) {
            // the media finished well before the host had the data in order
            assertThat(zla.request().completedNs - zla.mediaEndNs()).isGreaterThan(
                    ATLAS.overheads().busNsPerSector(false));
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void withTheBusFasterThanTheMediaTheHostGetsItSoonerButNotBeforeTheData(int seed) {
        long bus = 3_000; // a sector passes under the head in about 20 µs
        DriveSpec fast = withOverheads(ATLAS, Overheads.simple(new long[8], bus));
        Read zla = read(fast, seed);
        Read plain = read(fast.withZeroLatency(false, false), seed);
        int n = sectors();
        long completed = zla.request().completedNs;
        assertThat(zla.responseNs()).isLessThanOrEqualTo(plain.responseNs() + TOLERANCE_NS);
        assertThat(completed).isGreaterThanOrEqualTo(zla.mediaEndNs() + bus);
        // the first sector comes round when it would have without read-on-arrival; all n follow it
        long firstSector = plain.request().issuedNs + plain.request().seekNs + plain.request().rotationNs;
        assertThat(completed).isGreaterThanOrEqualTo(firstSector + n * bus - TOLERANCE_NS);
        if (zla.outOfOrder()) {
            // after the first sector the head read k sectors, the last of them ending the media;
            // it can go only once it has started to pass, and the n − k read before it follow it
            double sectorNs = zla.request().transferNs / (double) n;
            long k = Math.round((zla.mediaEndNs() - firstSector) / sectorNs);
            long lastStarts = zla.mediaEndNs() - Math.round(sectorNs);
            assertThat(completed).isGreaterThanOrEqualTo(lastStarts + (n - k + 1) * bus - TOLERANCE_NS);
            assertThat(zla.responseNs()).isLessThan(plain.responseNs());
        }
    }
}
