package io.iopath.device.disk;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.DeviceResponse;
import io.iopath.device.Transport;
import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.durability.WriteRecord;
import io.iopath.request.Flags;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.request.TaskAttribute;
import io.iopath.result.PowerLossReport;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Overwrite in cache (disk-drive spec §8.2): a write-back write that wholly covers an older dirty
 * extent not under destage replaces it, and the older version never reaches the media — while
 * every command completes once, nothing waits forever, the superseded write stays at risk until
 * its replacement is on the media, and no write a completed FLUSH or FUA promised is ever lost.
 */
class OverwriteInCacheTest {
    private static final long FAR = 200_000_000L;

    /** A read miss far away keeps the mechanism busy while the test's writes arrive. */
    private static DriveHarness busyLaptop() {
        return busy(DriveHarness.laptop().withWriteCache(true));
    }

    private static DriveHarness busy(DriveSpec spec) {
        DriveHarness h = new DriveHarness(spec, 1);
        h.submit(Op.READ, FAR, 8, 0);
        return h;
    }

    /** The laptop drive as if its FLUSH were queued (SCSI), so a flush can wait beside the writes. */
    private static DriveHarness busyQueuedFlush() {
        return busy(DriveHarness.laptop().withWriteCache(true).withTransport(Transport.SCSI));
    }

    private static WriteRecord record(Request r) {
        return (WriteRecord) r.owner;
    }

    @Test
    void aWriteCoveringAnIdleDirtyExtentReplacesIt() {
        DriveHarness h = busyLaptop();
        Request a = h.submit(Op.WRITE, 1_000, 8, 0);
        WriteRecord ra = record(a);
        Request b = h.submit(Op.WRITE, 996, 16, 0); // covers all of a
        WriteRecord rb = record(b);
        assertThat(h.disk.dirtyExtents()).isEqualTo(1);
        assertThat(h.disk.dirtySectors()).isEqualTo(16);
        assertThat(h.ledger.volatileWrites()).containsExactly(ra, rb); // a stays at risk
        h.sim.run();
        assertThat(h.done).hasSize(3).contains(a, b);
        assertThat(h.disk.destages()).isEqualTo(1);
        assertThat(h.disk.overwrittenInCache()).isEqualTo(1);
        assertThat(ra.superseded()).isTrue();
        assertThat(ra.durableNs()).isEqualTo(rb.durableNs()).isPositive(); // safe when b reached the media
        assertThat(h.ledger.volatileCount()).isZero();
    }

    /**
     * Overwrite in cache is iopath's refinement, not DiskSim's: an imported DiskSim drive has it
     * off (both writes reach the media) and gets it only when asked. Timed DiskSim's way, a
     * write-back write that arrives while the mechanism is busy waits in the queue without its
     * data ({@code disk_write_arrive}) and has its own media write, so two writes never meet in
     * the buffer there; the refinement applies once the drive takes write data while busy, as
     * iopath's own drives do ({@code withOverheadFromArrival(false)}).
     */
    @Test
    void anImportedDiskSimDriveOverwritesInCacheOnlyWhenAsked() {
        DriveSpec atlas = DrivePresets.find("atlas10k").orElseThrow().withQueue(8, DriveScheduler.FCFS);
        assertThat(atlas.cache().overwriteInCache()).isFalse();
        assertThat(DriveHarness.laptop().cache().overwriteInCache()).isTrue();
        for (boolean on : new boolean[] {false, true}) {
            // two write segments, so that the second write need not wait for the first's destage
            DriveSpec spec = atlas.withMaxWriteSegments(2);
            spec = on ? spec.withOverwriteInCache(true).withOverheadFromArrival(false) : spec;
            DriveHarness h = new DriveHarness(spec, 1);
            h.submit(Op.READ, 15_000_000, 8, 0); // keeps the mechanism busy while the writes arrive
            Request a = h.submit(Op.WRITE, 1_000, 8, 0);
            Request b = h.submit(Op.WRITE, 996, 16, 0); // covers all of the first
            WriteRecord ra = record(a);
            WriteRecord rb = record(b);
            h.sim.run();
            assertThat(h.disk.overwrittenInCache()).as("overwrite %s", on).isEqualTo(on ? 1 : 0);
            assertThat(ra.superseded()).isEqualTo(on);
            if (!on) {
                assertThat(h.disk.destages()).isZero(); // each waited in the queue and wrote its own media
                assertThat(ra.durableNs()).isPositive().isLessThan(rb.durableNs());
            } else {
                assertThat(h.disk.destages()).isEqualTo(1);
            }
            assertThat(h.ledger.volatileCount()).isZero();
        }
    }

    @Test
    void aPartialOverlapStaysASecondDestageOrderedAfterTheFirst() {
        DriveHarness h = busyLaptop();
        Request a = h.submit(Op.WRITE, 1_000, 8, 0);
        Request b = h.submit(Op.WRITE, 1_004, 8, 0); // overlaps half of a
        WriteRecord ra = record(a);
        WriteRecord rb = record(b);
        assertThat(h.disk.dirtyExtents()).isEqualTo(2);
        h.sim.run();
        assertThat(h.disk.destages()).isEqualTo(2);
        assertThat(h.disk.overwrittenInCache()).isZero();
        assertThat(rb.durableNs()).isGreaterThan(ra.durableNs());
    }

    @Test
    void aSmallerWriteInsideAnExtentDoesNotReplaceIt() {
        DriveHarness h = busyLaptop();
        h.submit(Op.WRITE, 1_000, 16, 0);
        h.submit(Op.WRITE, 1_004, 8, 0);
        h.sim.run();
        assertThat(h.disk.destages()).isEqualTo(2);
        assertThat(h.disk.overwrittenInCache()).isZero();
    }

    @Test
    void anExtentBeingDestagedIsNotReplaced() {
        DriveHarness h = new DriveHarness(DriveHarness.laptop().withWriteCache(true), 1);
        Request a = h.submit(Op.WRITE, 1_000, 8, 0); // the idle drive starts destaging it at once
        h.sim.runUntil(h.sim.now() + 1);
        Request b = h.submit(Op.WRITE, 1_000, 8, 0);
        h.sim.run();
        assertThat(h.disk.destages()).isEqualTo(2);
        assertThat(h.disk.overwrittenInCache()).isZero();
        assertThat(a.completedNs).isPositive();
        assertThat(b.completedNs).isPositive();
    }

    /**
     * A FUA write overlapping part of a waits for a's destage; once b replaces a, the FUA write
     * must go on as if a had been destaged (not wait forever), and b waits for the FUA write.
     */
    @Test
    void jobsWaitingOnAReplacedExtentGoOn() {
        DriveHarness h = busyLaptop();
        Request a = h.submit(Op.WRITE, 1_000, 8, 0);
        Request fua = h.submit(Op.WRITE, 1_004, 8, Flags.FUA);
        WriteRecord rf = record(fua);
        Request read = h.submit(Op.READ, 1_006, 8, 0); // a read miss blocked by a and the FUA write
        Request b = h.submit(Op.WRITE, 1_000, 8, 0);
        WriteRecord rb = record(b);
        h.sim.run();
        assertThat(h.done).contains(a, fua, read, b).hasSize(5);
        assertThat(h.disk.overwrittenInCache()).isEqualTo(1);
        assertThat(h.disk.destages()).isEqualTo(1);
        assertThat(rb.durableNs()).isGreaterThan(rf.durableNs()); // b overlaps the older FUA write: after it
        assertThat(h.disk.tagged()).isZero();
        assertThat(h.disk.dirtyExtents()).isZero();
        assertThat(h.ledger.volatileCount()).isZero();
    }

    /** A FLUSH waiting for a keeps a from being replaced: it completes only once a is on the media. */
    @Test
    void anExtentAWaitingFlushNeedsIsNotReplaced() {
        DriveHarness h = busyQueuedFlush();
        Request a = h.submit(Op.WRITE, 1_000, 8, 0);
        WriteRecord ra = record(a);
        h.sim.runUntil(h.sim.now() + 3_000_000); // acknowledged; the read miss still holds the arm
        assertThat(a.completedNs).isPositive();
        assertThat(h.disk.destages()).isZero();
        Request flush = h.submit(Op.FLUSH, 0, 0, 0);
        Request b = h.submit(Op.WRITE, 1_000, 8, 0);
        h.sim.run();
        assertThat(h.disk.overwrittenInCache()).isZero();
        assertThat(h.disk.destages()).isEqualTo(2);
        assertThat(ra.superseded()).isFalse();
        assertThat(flush.completedNs).isGreaterThanOrEqualTo(ra.durableNs());
        assertThat(b.completedNs).isPositive();
    }

    /** After the flush, a later write may replace extents younger than the flush's limit. */
    @Test
    void extentsYoungerThanAWaitingFlushMayBeReplaced() {
        DriveHarness h = busyQueuedFlush();
        h.submit(Op.WRITE, 5_000, 8, 0);
        h.submit(Op.FLUSH, 0, 0, 0);
        h.submit(Op.WRITE, 1_000, 8, 0);
        h.submit(Op.WRITE, 1_000, 8, 0);
        h.sim.run();
        assertThat(h.disk.overwrittenInCache()).isEqualTo(1);
        assertThat(h.disk.destages()).isEqualTo(2);
    }

    @Test
    void aPowerFailureBetweenCountsBothWritesLost() {
        DriveHarness h = busyLaptop();
        Request a = h.submit(Op.WRITE, 1_000, 8, 0);
        Request b = h.submit(Op.WRITE, 1_000, 8, 0);
        h.sim.runUntil(h.sim.now() + 3_000_000); // both acknowledged, the read miss still under way
        assertThat(a.completedNs).isPositive();
        assertThat(b.completedNs).isPositive();
        assertThat(h.disk.destages()).isZero();
        PowerLossReport loss = h.powerFail();
        assertThat(loss.acknowledgedLost()).isEqualTo(2);
        assertThat(loss.promisedLost()).isZero();
    }

    static LongStream seeds() {
        return LongStream.rangeClosed(1, 60);
    }

    /**
     * Random mixes crowded into a hot region (so whole-extent overwrites are common) of
     * write-back writes, FUA writes, reads and flushes, ORDERED on SCSI drives, at random depths
     * under every scheduler. At every FLUSH or FUA completion no promised write may still be
     * volatile; at the end every command completed exactly once and the buffer and ledger are
     * empty; a power failure at a random time (a second run of the same mix) loses no promised write.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void overwritesKeepEveryPromise(long seed) {
        Mix full = run(seed, -1);
        assertThat(full.violations).as("promised writes volatile at a FLUSH/FUA completion").isZero();
        assertThat(full.completedTwice).isZero();
        assertThat(full.h.done).hasSize((int) full.accepted);
        assertThat(full.h.disk.tagged()).isZero();
        assertThat(full.h.disk.dirtyExtents()).isZero();
        assertThat(full.h.disk.dirtySectors()).isZero();
        assertThat(full.h.ledger.volatileCount()).isZero();

        Mix cut = run(seed, 2_000_000L + new SplittableRandom(seed).nextLong(300_000_000L));
        assertThat(cut.loss.promisedLost()).as("%s", cut.loss).isZero();
    }

    /** The mixes above do overwrite in cache, and do lose acknowledged writes at the cut. */
    @Test
    void theMixesOverwriteAndLose() {
        long overwritten = 0;
        long lost = 0;
        long destagesSaved = 0;
        for (long seed = 1; seed <= 20; seed++) {
            Mix m = run(seed, -1);
            overwritten += m.h.disk.overwrittenInCache();
            destagesSaved += m.h.disk.overwrittenInCache() > 0 ? 1 : 0;
            lost += run(seed, 2_000_000L + new SplittableRandom(seed).nextLong(300_000_000L)).loss.acknowledgedLost();
        }
        assertThat(overwritten).isGreaterThan(100);
        assertThat(destagesSaved).isGreaterThan(10);
        assertThat(lost).isPositive();
    }

    static final class Mix {
        DriveHarness h;
        long accepted;
        long violations;
        long completedTwice;
        PowerLossReport loss;
    }

    /** One seeded mix; {@code failAt} ≥ 0 cuts the power then. */
    static Mix run(long seed, long failAt) {
        SplittableRandom rnd = new SplittableRandom(seed * 31 + 7);
        String[] names = {"laptop-7200-250g", "cheetah-15k5-146g", "seagate-18g-scsi"};
        DriveSpec spec = DrivePresets.find(names[rnd.nextInt(names.length)]).orElseThrow()
                .withWriteCache(true)
                .withQueue(1 + rnd.nextInt(32), DriveScheduler.values()[rnd.nextInt(DriveScheduler.values().length)]);
        boolean scsi = spec.transport() == Transport.SCSI;
        Mix m = new Mix();
        DriveHarness h = new DriveHarness(spec, seed);
        m.h = h;
        ArrayDeque<Request> retry = new ArrayDeque<>();
        Map<Long, Integer> completions = new HashMap<>();
        int total = 300 + rnd.nextInt(300);
        int slots = 4 + rnd.nextInt(60);
        long[] made = {0};
        Runnable[] issue = new Runnable[1];
        issue[0] = () -> {
            Request r = retry.pollFirst();
            if (r == null) {
                if (made[0] >= total) {
                    return;
                }
                made[0]++;
                int k = rnd.nextInt(20);
                Op op = k < 12 ? Op.WRITE : k < 19 ? Op.READ : Op.FLUSH;
                int flags = op == Op.WRITE && rnd.nextInt(8) == 0 ? Flags.FUA : 0;
                // 8-sector slots, writes of one or two slots, now and then an odd offset
                long lba = rnd.nextInt(slots) * 8L + (rnd.nextInt(10) == 0 ? rnd.nextInt(8) : 0);
                int n = rnd.nextInt(3) == 0 ? 16 : 8;
                r = h.request(op, op == Op.FLUSH ? 0 : lba, op == Op.FLUSH ? 0 : n, flags);
                if (scsi && rnd.nextInt(15) == 0) {
                    r.taskAttribute = TaskAttribute.ORDERED;
                }
            }
            if (!h.disk.linkAllows(r.op) || h.submit(r) != DeviceResponse.ACCEPTED) {
                retry.addFirst(r);
                h.sim.after(200_000, issue[0]);
                return;
            }
            m.accepted++;
        };
        h.onDone = r -> {
            if (completions.merge(r.id, 1, Integer::sum) > 1) {
                m.completedTwice++;
            }
            if (r.op == Op.FLUSH || Flags.has(r.flags(), Flags.FUA)) {
                for (WriteRecord w : h.ledger.volatileWrites()) {
                    if (w.promised()) {
                        m.violations++;
                    }
                }
            }
            h.sim.after(rnd.nextInt(2_000_000), issue[0]);
        };
        int threads = 1 + rnd.nextInt(12);
        for (int i = 0; i < threads; i++) {
            h.sim.after(rnd.nextInt(1_000_000), issue[0]);
        }
        PowerLossReport[] failure = failAt >= 0 ? h.powerFailAt(failAt) : null;
        // bounded: a job left waiting forever shows up as a drive that never drains, not a hang
        // (the hosts would retry QUEUE FULL for ever)
        h.sim.runUntil(60_000_000_000L);
        if (failure != null) {
            m.loss = java.util.Objects.requireNonNull(failure[0], "the power failure happened");
        } else {
            assertThat(retry).isEmpty();
        }
        return m;
    }
}
