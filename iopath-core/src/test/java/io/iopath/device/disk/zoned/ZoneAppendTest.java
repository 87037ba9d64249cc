package io.iopath.device.disk.zoned;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.DeviceResponse;
import io.iopath.device.disk.Disk;
import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.request.Bio;
import io.iopath.request.DriveCommand;
import io.iopath.request.Flags;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** NVMe ZNS zone append on the zoned drive: the drive, not the host, places the data. */
class ZoneAppendTest {
    private static final long ZONE = 2048;

    private record Placed(int zone, long sector, int sectors) {
    }

    @Test
    void appendsManyInFlightLandAtTheWritePointerInEverySeededRun() {
        for (long seed = 1; seed <= 25; seed++) {
            Simulator sim = new Simulator(seed);
            Disk disk = new Disk(sim, DrivePresets.find(DrivePresets.DEFAULT).orElseThrow());
            ZonedDrive drive = new ZonedDrive(sim, disk, new ZoneLayout(ZONE, ZONE - 256, 1, 0, 0));
            List<Request> done = new ArrayList<>();
            drive.setCompletionSink(r -> {
                r.complete(sim.now());
                done.add(r);
            });
            SplittableRandom rnd = new SplittableRandom(seed);
            long[] model = new long[6]; // the write pointer each zone must have, zones 1..5
            for (int z = 1; z <= 5; z++) {
                model[z] = z * ZONE;
            }
            List<Placed> placed = new ArrayList<>();
            long id = 0;
            for (int round = 0; round < 60; round++) {
                int inFlight = 1 + rnd.nextInt(8);
                List<Request> batch = new ArrayList<>();
                List<Long> expected = new ArrayList<>();
                for (int i = 0; i < inFlight; i++) {
                    int z = 1 + rnd.nextInt(5);
                    int n = 1 + rnd.nextInt(96);
                    long named = z * ZONE + rnd.nextInt((int) ZONE); // anywhere in the zone: only the zone counts
                    Bio b = new Bio(id, Op.WRITE, named, n, Flags.PASSTHROUGH, 1, x -> { });
                    b.command = DriveCommand.ZONE_APPEND;
                    Request r = new Request(id++, b);
                    boolean fits = model[z] + n <= z * ZONE + ZONE - 256;
                    expected.add(fits ? model[z] : -1);
                    if (fits) {
                        model[z] += n;
                    }
                    assertThat(drive.submit(r)).isEqualTo(DeviceResponse.ACCEPTED);
                    batch.add(r);
                }
                sim.run();
                for (int i = 0; i < batch.size(); i++) {
                    Request r = batch.get(i);
                    assertThat(r.completedNs).isGreaterThanOrEqualTo(0);
                    if (expected.get(i) < 0) {
                        assertThat(r.error).as("seed %d: an append with too little room left is refused", seed).isEqualTo(-5);
                    } else {
                        assertThat(r.error).isZero();
                        assertThat(r.sector()).as("seed %d round %d", seed, round).isEqualTo(expected.get(i));
                        placed.add(new Placed((int) (r.sector() / ZONE), r.sector(), r.sectors()));
                    }
                }
                for (int z = 1; z <= 5; z++) {
                    assertThat(drive.zones().writePointer(z)).isEqualTo(model[z]);
                    if (rnd.nextInt(10) == 0) { // now and then the host resets a zone (nothing in flight)
                        drive.resetZone(z * ZONE, () -> { });
                        sim.run();
                        model[z] = z * ZONE;
                        final int reset = z;
                        placed.removeIf(p -> p.zone() == reset);
                    }
                }
            }
            // what is in each zone is one run from its start, without a gap or an overlap
            for (int z = 1; z <= 5; z++) {
                long at = z * ZONE;
                for (Placed p : placed) {
                    if (p.zone() == z) {
                        assertThat(p.sector()).isEqualTo(at);
                        at += p.sectors();
                    }
                }
                assertThat(at).isEqualTo(model[z]);
            }
        }
    }


    @Test
    void anAppendToAConventionalZoneIsRefused() {
        Simulator sim = new Simulator(1);
        Disk disk = new Disk(sim, DrivePresets.find(DrivePresets.DEFAULT).orElseThrow());
        ZonedDrive drive = new ZonedDrive(sim, disk, new ZoneLayout(ZONE, ZONE, 1, 0, 0));
        drive.setCompletionSink(r -> r.complete(sim.now()));
        Bio b = new Bio(1, Op.WRITE, 8, 8, Flags.PASSTHROUGH, 1, x -> { });
        b.command = DriveCommand.ZONE_APPEND;
        Request r = new Request(1, b);
        drive.submit(r);
        sim.run();
        assertThat(r.error).isEqualTo(-5);
        assertThat(drive.firstRefusal()).contains("Invalid Zone Operation");
    }
}
