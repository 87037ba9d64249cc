package io.iopath.device.disk;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.disk.bus.Overheads;
import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.request.Op;
import io.iopath.request.Request;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A command that arrives while the mechanism is on work it cannot stop, on an imported DiskSim
 * drive: DiskSim processes it at its arrival and counts its overhead from there. The timelines
 * below are worked out by hand from DiskSim 4.0's code (benh/disksim 1141f8d,
 * src/disksim_diskctlr.c):
 *
 * <ul>
 *   <li>{@code disk_read_arrive} / {@code disk_write_arrive} set the command's {@code
 *       overhead_done} = arrival + the read-miss (a read) or write-hit (a write under Fast write
 *       level 1 or 2) overhead, in the column of the last completed command ({@code lastflags});
 *       the mechanism being on a media write it cannot stop ({@code disk_buffer_stopable_access}:
 *       a segment being written accepts only an appending write), the command disconnects, with
 *       the miss + read-disconnect (read) or write-hit + write-disconnect (write) overhead, and
 *       {@code disk_activate_*} → {@code disk_check_hda} returns at once ({@code effectivehda} set);
 *   <li>when the media write ends, {@code disk_release_hda} → {@code disk_check_hda} takes the
 *       queued command ({@code disk_get_effectivehda}); its seek is delayed by {@code
 *       overhead_done} − now only if positive (plus a stopped read-ahead's remaining time, none
 *       here), and {@code disk_check_hda_pending} → {@code disk_check_bus} reconnects for a
 *       write's data at once (first reselect + data preparation; a read's at its watermark).
 * </ul>
 *
 * So when the media write outlasts the overhead, the queued command pays none of it after the
 * mechanism frees. iopath's own presets count it from the start instead (an explicit option,
 * {@link DriveSpec#withOverheadFromArrival}, docs/drive.md): each test checks both.
 */
class QueuedCommandOverheadTest {
    private static final long MS = 1_000_000;
    /** Write-back, one write segment, read miss overhead 0.61307 / 0.56813 ms, no protocol overheads. */
    private static final DriveSpec BARRACUDA = DrivePresets.find("barracuda").orElseThrow();
    /** Write-back, three write segments: a write with a free segment still waits for the media write. */
    private static final DriveSpec CHEETAH9LP = DrivePresets.find("cheetah9LP").orElseThrow();

    /** Media starts the drive reports: the time of each, and whose (null: a destage). */
    private static final class Starts implements DriveObserver {
        final List<Long> atNs = new ArrayList<>();
        final List<Request> of = new ArrayList<>();

        @Override
        public void mediaStarted(Request command, long nowNs) {
            atNs.add(nowNs);
            of.add(command);
        }
    }

    private static long response(Request r) {
        return r.completedNs - r.issuedNs;
    }

    /** Runs the drive until {@code r} completes, and no further (its media work may run on). */
    private static void runUntilDone(DriveHarness h, Request r) {
        h.onDone = c -> {
            if (c == r) {
                h.sim.stop();
            }
        };
        h.sim.run();
        h.onDone = c -> { };
        assertThat(r.completedNs).isPositive();
    }

    @Test
    void importsCountTheirOverheadFromArrival() {
        assertThat(BARRACUDA.overheads().overheadFromArrival()).isTrue();
        assertThat(CHEETAH9LP.overheads().overheadFromArrival()).isTrue();
        for (String preset : DrivePresets.names()) {
            DriveSpec d = DrivePresets.find(preset).orElseThrow();
            if (!d.description().startsWith("DiskSim")) {
                assertThat(d.overheads().overheadFromArrival()).as(preset).isFalse();
            }
        }
    }

    /**
     * A 1-sector read miss queued behind a write-back media write (Barracuda). t = 0: an 8-sector
     * write W arrives on the idle drive; it is acknowledged after the write-hit overhead after a
     * read and its bus transfer, and its media write (a long seek away) runs on. Right after the
     * acknowledgement a 1-sector read R of a third place arrives: lastflags = write, so
     * overhead_done = a_R + 0.56813 ms; it disconnects. W's media write ends at E &gt; overhead_done:
     * R's seek starts at E, not E + 0.56813. Its one sector is the watermark (High water mark 0:
     * max(1, 0)): the drive reconnects at that sector's end (reselect and preparation 0), sends it
     * (one bus sector) and completes (completion overhead 0): response = E + positioning + the
     * sector's media time + one bus sector − a_R.
     */
    @Test
    void aQueuedReadMissSeeksWhenTheMechanismFrees() {
        long rm = BARRACUDA.overheads().commandNs(false, false, true);
        assertThat(rm).isEqualTo(568_130);
        for (boolean fromArrival : new boolean[] {true, false}) {
            DriveHarness h = new DriveHarness(BARRACUDA.withOverheadFromArrival(fromArrival), 3, 0.0);
            Starts starts = new Starts();
            h.disk.setObserver(starts);
            Request w = h.submit(Op.WRITE, 3_000_000, 8, 0);
            runUntilDone(h, w);
            Request r = h.submit(Op.READ, 100_000, 1, 0);
            long arrival = h.sim.now();
            h.sim.runUntil(arrival + 1); // R is queued: the mechanism is on W's media write
            assertThat(starts.of).doesNotContain(r);
            runUntilDone(h, r);
            long e = starts.atNs.get(starts.of.indexOf(r)); // W's media write ended: R gets the mechanism
            assertThat(e - arrival).as("the media write outlasts R's overhead").isGreaterThan(rm + MS);
            var a = h.disk.mediaAccess();
            long seekStart = a.endNs() - a.seekNs() - a.rotationNs() - a.transferNs();
            long bus = BARRACUDA.overheads().busNsPerSector(false);
            if (fromArrival) {
                assertThat(seekStart).isEqualTo(e); // DiskSim: none of the overhead is left
                assertThat(r.completedNs).isEqualTo(a.endNs() + bus);
            } else {
                assertThat(seekStart).isEqualTo(e + rm); // iopath's own: the overhead from the start
            }
            assertThat(r.cacheHit).isFalse();
        }
    }

    /**
     * A write-back write queued behind the media write of the one before it (Barracuda: one
     * write segment, which that media write holds). W1 (8 sectors) at t = 0; W2 (8 sectors
     * elsewhere) right after W1's acknowledgement: lastflags = write, overhead_done = a2 +
     * 0.9291 ms; no segment (disk_buffer_select_segment finds the write segment being written),
     * so it disconnects (write-hit + write disconnect 0). When W1's media write ends at E, W2
     * gets the mechanism and a segment, and disk_check_bus reconnects for its data at once
     * (first reselect and data preparation 0): acknowledged at E + 8 bus sectors (write
     * completion 0), its media write starting at E.
     */
    @Test
    void aWriteWaitingForItsSegmentReconnectsWhenItGetsIt() {
        Overheads o = BARRACUDA.overheads();
        long wh = o.commandNs(true, true, true);
        assertThat(wh).isEqualTo(929_100);
        for (boolean fromArrival : new boolean[] {true, false}) {
            DriveHarness h = new DriveHarness(BARRACUDA.withOverheadFromArrival(fromArrival), 4, 0.0);
            Starts starts = new Starts();
            h.disk.setObserver(starts);
            Request w1 = h.submit(Op.WRITE, 3_000_000, 8, 0);
            runUntilDone(h, w1);
            Request w2 = h.submit(Op.WRITE, 100_000, 8, 0);
            long arrival = h.sim.now();
            runUntilDone(h, w2);
            assertThat(starts.atNs).hasSize(2); // W1's destage, then W2's
            long e = starts.atNs.get(1);
            assertThat(e - arrival).as("W1's media write outlasts W2's overhead").isGreaterThan(wh + MS);
            long expected = e + o.busNs(true, 8) + (fromArrival ? 0 : wh);
            assertThat(w2.completedNs).isEqualTo(expected);
            assertThat(w2.cacheHit).isTrue();
        }
    }

    /**
     * The same on the Cheetah 9LP, whose three write segments leave one free for W2: DiskSim
     * still makes W2 wait, since the segment being written takes only a write that appends to it
     * (disk_buffer_stopable_access), so W2 is acknowledged at E + its bus transfer; iopath's own
     * rule takes it at once (write-hit overhead after a write, 0.5 ms, and its bus transfer),
     * long before E.
     */
    @Test
    void aWriteBackWriteWaitsForAMediaWriteItCannotJoin() {
        Overheads o = CHEETAH9LP.overheads();
        long wh = o.commandNs(true, true, true);
        assertThat(wh).isEqualTo(500_000);
        for (boolean fromArrival : new boolean[] {true, false}) {
            DriveHarness h = new DriveHarness(CHEETAH9LP.withOverheadFromArrival(fromArrival), 5, 0.0);
            Starts starts = new Starts();
            h.disk.setObserver(starts);
            Request w1 = h.submit(Op.WRITE, 8_000_000, 8, 0);
            runUntilDone(h, w1);
            Request w2 = h.submit(Op.WRITE, 100_000, 8, 0);
            long arrival = h.sim.now();
            runUntilDone(h, w2);
            h.sim.run();
            assertThat(starts.atNs).hasSize(2);
            long e = starts.atNs.get(1); // W1's media write ended (W2's destage starts)
            assertThat(e - arrival).isGreaterThan(wh + MS);
            if (fromArrival) {
                assertThat(w2.completedNs).isEqualTo(e + o.busNs(true, 8));
            } else {
                assertThat(response(w2)).isEqualTo(wh + o.busNs(true, 8));
                assertThat(w2.completedNs).isLessThan(e);
            }
        }
    }

    /**
     * A write that appends to the media write under way is not held, even when it is too long
     * to join it (here 600 sectors behind an 8-sector run, more than the Cheetah 9LP's 561-sector
     * segment): disk_buffer_stopable_access lets an APPEND to the segment being written in, and
     * iopath takes it into segments of its own as before (DiskSim would take its data as the
     * segment frees: docs/drive.md, Limits) — acknowledged before the media write ends.
     */
    @Test
    void anAppendingWriteIsNotHeld() {
        DriveHarness h = new DriveHarness(CHEETAH9LP, 6, 0.0);
        Starts starts = new Starts();
        h.disk.setObserver(starts);
        Request w1 = h.submit(Op.WRITE, 8_000_000, 8, 0);
        runUntilDone(h, w1);
        Request w2 = h.submit(Op.WRITE, 8_000_008, 600, 0);
        runUntilDone(h, w2);
        assertThat(starts.atNs).hasSize(1); // W1's media write still runs
        assertThat(response(w2)).isEqualTo(CHEETAH9LP.overheads().commandNs(true, true, true)
                + CHEETAH9LP.overheads().busNs(true, 600));
    }
}
