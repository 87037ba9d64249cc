package io.iopath.device.disk;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.request.Op;
import io.iopath.request.Request;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 10 item 4: the write cache is made of segments. Dirty data occupies write segments
 * ({@code Maximum number of write segments}), a write that continues no dirty run needs a free
 * one, and the destage scheduler chooses among the runs the segments hold.
 */
class WriteSegmentsTest {
    private static final long SPAN = 200_000_000L; // 100 GB of the laptop drive

    /** Random 4 KiB writes at depth {@code depth}; returns the drive after {@code n} completions. */
    static DriveHarness randomWrites(DriveSpec spec, int depth, int n, long seed, int[] maxDirty) {
        DriveHarness h = new DriveHarness(spec, seed);
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] left = {n};
        h.onDone = r -> {
            maxDirty[0] = Math.max(maxDirty[0], h.disk.dirtyExtents());
            if (--left[0] >= depth) {
                h.submit(Op.WRITE, rnd.nextLong(SPAN) & ~7L, 8, 0);
                maxDirty[0] = Math.max(maxDirty[0], h.disk.dirtyExtents());
            }
        };
        for (int i = 0; i < depth; i++) {
            h.submit(Op.WRITE, rnd.nextLong(SPAN) & ~7L, 8, 0);
            maxDirty[0] = Math.max(maxDirty[0], h.disk.dirtyExtents());
        }
        h.sim.run();
        return h;
    }

    @ParameterizedTest(name = "{0} write segments")
    @ValueSource(ints = {1, 2, 4, 16})
    void aWriteBackDriveNeverHoldsMoreDirtyRunsThanWriteSegments(int segments) {
        DriveSpec spec = DriveHarness.laptop().withWriteCache(true).withMaxWriteSegments(segments);
        int[] maxDirty = {0};
        DriveHarness h = randomWrites(spec, 8, 400, 3, maxDirty);
        assertThat(maxDirty[0]).isLessThanOrEqualTo(segments);
        // acknowledged at once, the writes come faster than random destages: every segment fills
        assertThat(maxDirty[0]).isEqualTo(segments);
        assertThat(h.disk.maxEffectiveQueue()).isLessThanOrEqualTo(8 + segments);
        assertThat(h.ledger.volatileCount()).isZero();
        assertThat(h.done).hasSize(400);
    }

    @Test
    void randomSmallWritesGainFromTheWriteCacheLessAsItsSegmentsFewer() {
        DriveSpec base = DriveHarness.laptop();
        double through = iops(base.withWriteCache(false));
        double g16 = iops(base.withWriteCache(true).withMaxWriteSegments(16)) / through;
        double g4 = iops(base.withWriteCache(true).withMaxWriteSegments(4)) / through;
        double g1 = iops(base.withWriteCache(true).withMaxWriteSegments(1)) / through;
        assertThat(g16).as("16 segments").isGreaterThan(g4);
        assertThat(g4).as("4 segments").isGreaterThan(g1);
        // one segment still hides the host's side of each write behind the previous destage
        assertThat(g1).as("1 segment").isGreaterThan(1.0);
    }

    /** Random 4 KiB writes at depth 1 over 100 GB: completions per second until the last is durable. */
    private static double iops(DriveSpec spec) {
        int[] unused = {0};
        int n = 600;
        DriveHarness h = randomWrites(spec, 1, n, 7, unused);
        return n / (h.sim.now() / 1e9);
    }

    @Test
    void aReadOfJustWrittenDataHitsWhenTheDriveAllowsIt() {
        // the laptop drive serves reads from write data; IBM 18ES's file says it may not
        // (Allow read hits on write data = 0)
        DriveSpec laptop = DriveHarness.laptop().withWriteCache(true);
        DriveSpec ibm = DrivePresets.find("ibm18es").orElseThrow().withWriteCache(true);
        assertThat(readAfterWrite(laptop, false)).as("laptop, data still dirty").isTrue();
        assertThat(readAfterWrite(laptop, true)).as("laptop, data on the media").isTrue();
        assertThat(readAfterWrite(ibm, false)).as("IBM 18ES, data still dirty").isFalse();
        assertThat(readAfterWrite(ibm, true)).as("IBM 18ES, data on the media").isFalse();
    }

    private static boolean readAfterWrite(DriveSpec spec, boolean afterDestage) {
        DriveHarness h = new DriveHarness(spec, 5);
        Request w = h.submit(Op.WRITE, 3_000_000, 16, 0);
        if (afterDestage) {
            h.sim.run();
            assertThat(h.disk.dirtyExtents()).isZero();
        } else {
            h.sim.runUntil(w.issuedNs + 2_000_000); // acknowledged, not yet destaged
            assertThat(w.completedNs).isPositive();
            assertThat(h.disk.dirtyExtents()).isEqualTo(1);
        }
        Request r = h.submit(Op.READ, 3_000_004, 8, 0);
        h.sim.run();
        return r.cacheHit;
    }

    @Test
    void aSequentialWriterFillsOneSegmentBeforeTakingTheNext() {
        DriveSpec spec = DriveHarness.laptop().withWriteCache(true);
        int seg = spec.cache().segmentSectors();
        DriveHarness h = new DriveHarness(spec, 2);
        // keep the mechanism busy with a far read so that the writes all stay dirty
        h.submit(Op.READ, 400_000_000, 8, 0);
        long lba = 1_000_000;
        for (int i = 0; i < 2 * seg / 64; i++) {
            h.submit(Op.WRITE, lba, 64, 0);
            lba += 64;
            h.sim.runUntil(h.sim.now() + 600_000); // acknowledged (command, 32 KiB at 150 MB/s)
        }
        assertThat(h.disk.dirtyExtents()).isEqualTo(2); // two segments' worth, in two runs
        h.sim.run();
        assertThat(h.disk.destages()).isEqualTo(2);
        assertThat(h.ledger.volatileCount()).isZero();
    }

    /**
     * DiskSim's APPEND to a segment being written (disk_buffer_select_write_segment value 7): at
     * depth 1 each sequential write arrives while the one before it is still being written and
     * joins that media write, which goes on into its sectors: one destage for the whole stream.
     * A joined write on the media leaves the buffer while the stream goes on: the writes still
     * volatile at a completion are the few the media has not yet reached, not the whole stream.
     */
    @Test
    void aSequentialWriteJoinsTheMediaWriteUnderWay() {
        DriveSpec spec = DrivePresets.find("atlas10k").orElseThrow().withWriteCache(true);
        int[] mostVolatile = {0};
        DriveHarness h = sequentialWrites(spec, 10, 128, null, mostVolatile);
        assertThat(h.disk.joinedWrites()).isEqualTo(9);
        assertThat(h.disk.destages()).isEqualTo(1);
        assertThat(mostVolatile[0]).isPositive().isLessThanOrEqualTo(3);
        assertThat(h.ledger.volatileCount()).isZero();
        assertThat(h.done).hasSize(10);
    }

    /**
     * Where the bus outruns the media (the ST41601N: 0.096 ms a sector on the bus, about 0.13 on
     * the media), a write that joined the media write is taken only as the media frees its
     * segment: at no completion does the drive hold more acknowledged sectors not yet on the
     * media than a segment.
     */
    @Test
    void aJoiningWriteIsAcknowledgedNoFasterThanTheMediaFreesItsSegment() {
        DriveSpec spec = DrivePresets.find("st41601n").orElseThrow().withWriteCache(true);
        long[] most = {0};
        DriveHarness h = sequentialWrites(spec, 30, 256, most, new int[1]);
        assertThat(h.disk.joinedWrites()).isPositive();
        assertThat(most[0]).isPositive().isLessThanOrEqualTo(spec.cache().segmentSectors());
        assertThat(h.ledger.volatileCount()).isZero();
    }

    /**
     * {@code count} sequential {@code sectors}-sector writes at depth 1; {@code mostUnwritten}
     * (if given) gets the most acknowledged sectors not yet on the media seen at a completion
     * while writes joined the run being written, {@code mostVolatile} the most writes the log
     * counted volatile at a completion.
     */
    private static DriveHarness sequentialWrites(DriveSpec spec, int count, int sectors, long[] mostUnwritten,
            int[] mostVolatile) {
        DriveHarness h = new DriveHarness(spec, 6);
        long first = spec.capacitySectors() / 10;
        long[] next = {first};
        int[] left = {count - 1};
        h.onDone = r -> {
            mostVolatile[0] = Math.max(mostVolatile[0], h.ledger.volatileCount());
            if (mostUnwritten != null && h.disk.destages() == 1 && h.disk.joinedWrites() > 0) {
                // the run being written began at first; the media access holds its progress
                long onMedia = h.disk.mediaAccess().sectorsDoneBy(h.sim.now());
                mostUnwritten[0] = Math.max(mostUnwritten[0], r.endSector() - first - onMedia);
            }
            if (left[0]-- > 0) {
                h.submit(Op.WRITE, next[0], sectors, 0);
                next[0] += sectors;
            }
        };
        h.submit(Op.WRITE, next[0], sectors, 0);
        next[0] += sectors;
        h.sim.run();
        return h;
    }

    @Test
    void combinedRunsLeaveTheBufferReadableOnceDestaged() {
        // every write of a combined run releases its segment when the run is on the media: a
        // segment left dirty would be lost to reads (and read-ahead) for good
        DriveSpec spec = DriveHarness.laptop().withWriteCache(true);
        DriveHarness h = new DriveHarness(spec, 4);
        long lba = 2_000_000;
        for (int round = 0; round < 40; round++) { // 40 runs of 16 writes: every segment used
            for (int i = 0; i < 16; i++) {
                h.submit(Op.WRITE, lba, 64, 0);
                lba += 64;
                h.sim.runUntil(h.sim.now() + 600_000);
            }
            lba += 100_000;
            h.sim.run();
        }
        long hitsBefore = h.disk.cacheHits() + h.disk.partialHits();
        long r = 50_000_000;
        for (int i = 0; i < 100; i++) {
            h.submit(Op.READ, r, 128, 0);
            r += 128;
            h.sim.run();
        }
        long served = h.disk.cacheHits() + h.disk.partialHits() - hitsBefore;
        assertThat(served).as("sequential reads served by the read-ahead").isGreaterThanOrEqualTo(95);
    }
}
