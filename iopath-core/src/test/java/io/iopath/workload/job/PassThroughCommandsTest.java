package io.iopath.workload.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.IssueTap;
import io.iopath.experiment.ScenarioRun;
import io.iopath.request.DriveCommand;
import io.iopath.request.Flags;
import io.iopath.request.Request;
import io.iopath.scenario.FioJobFile;
import io.iopath.scenario.ScenarioReader;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A pass-through job's commands as the drive receives them. */
class PassThroughCommandsTest {
    /** Every command the drive accepted, in order. */
    private static List<Request> run(String jobFile, long seed) {
        ScenarioRun run = new ScenarioRun(ScenarioReader.read(FioJobFile.parse("p.fio", jobFile, Map.of()).tree(),
                List.of("seed=" + seed)));
        List<Request> issued = new ArrayList<>();
        run.issueTap().setListener(new IssueTap.Listener() {
            @Override
            public void issued(Request rq, long nowNs) {
                issued.add(rq);
            }

            @Override
            public void completed(Request rq, long nowNs) {
                assertThat(rq.error).as("%s failed", rq).isZero();
            }
        });
        run.execute(p -> { });
        return issued;
    }

    @Test
    void aWriteModeMixReachesTheDriveInItsShares() {
        List<Request> io = run("[m]\nfilename=/dev/ng0n1\nioengine=io_uring_cmd\nsize=64m\niodepth=8\nbs=4k\nrw=write\n"
                + "number_ios=2000\nwrite_mode=write/40:zeroes/30:uncor/20:verify/10\n", 1);
        Map<DriveCommand, Integer> n = new EnumMap<>(DriveCommand.class);
        int plain = 0;
        for (Request r : io) {
            assertThat(Flags.has(r.flags(), Flags.PASSTHROUGH)).isTrue();
            if (r.command == null) {
                plain++;
            } else {
                n.merge(r.command, 1, Integer::sum);
            }
        }
        assertThat(io).hasSize(2000);
        assertThat(plain).isBetween(720, 880);
        assertThat(n.get(DriveCommand.WRITE_ZEROES)).isBetween(520, 680);
        assertThat(n.get(DriveCommand.WRITE_UNCORRECTABLE)).isBetween(330, 470);
        assertThat(n.get(DriveCommand.VERIFY)).isBetween(140, 260);
    }

    @Test
    void sgVerifyJobsSendVerifyCommandsAndWriteFuaSetsTheBit() {
        List<Request> io = run("[global]\nfilename=/dev/sdb\nioengine=sg\nrw=write\nbs=512\nnumber_ios=20\nstonewall\n"
                + "[precon]\nwritefua=1\n[verify11]\nsg_write_mode=verify_bytchk_11\n", 1);
        assertThat(io).hasSize(40);
        assertThat(io.subList(0, 20)).allSatisfy(r -> {
            assertThat(r.command).isNull();
            assertThat(Flags.has(r.flags(), Flags.FUA)).isTrue();
            assertThat(r.cacheHit).isFalse(); // FUA: on the media before it completes
        });
        assertThat(io.subList(20, 40)).allSatisfy(r -> assertThat(r.command).isEqualTo(DriveCommand.VERIFY_COMPARE_ONE_BLOCK));
    }

    @Test
    void zoneAppendsAtDepthFourNeverLandOffTheWritePointer() {
        for (long seed = 1; seed <= 6; seed++) {
            // examples/uring-cmd-zoned-append.fio's write jobs, shorter
            List<Request> io = run("[global]\nfilename=/dev/ng1n1\nioengine=io_uring_cmd\ncmd_type=nvme\nzonemode=zbd\n"
                    + "write_mode=zone_append\nsize=4z\nbs=8K\n[w]\niodepth=4\nrw=randwrite\nnumber_ios=3000\n", seed);
            long zone = 256L << 20 >> 9;
            Map<Long, Long> next = new java.util.HashMap<>();
            for (Request r : io) {
                assertThat(r.command).isEqualTo(DriveCommand.ZONE_APPEND);
                long z = r.sector() / zone;
                long at = next.getOrDefault(z, z * zone);
                assertThat(r.sector()).as("seed %d: the append after %d in zone %d", seed, at, z).isEqualTo(at);
                next.put(z, r.endSector());
            }
            assertThat(io).hasSize(3000);
        }
    }
}
