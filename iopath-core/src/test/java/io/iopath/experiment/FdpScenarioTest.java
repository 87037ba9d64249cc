package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.device.IssueTap;
import io.iopath.device.flash.FlashStats;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.scenario.FioJobFile;
import io.iopath.scenario.ScenarioException;
import io.iopath.scenario.ScenarioReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** fio's flexible data placement (fdp=1) through the whole stack onto the flash drive with FDP. */
class FdpScenarioTest {
    /** fio's examples/uring-cmd-fdp.fio at commit f5344384, its runtime cut from 1000 s to 1 s. */
    private static final String URING_CMD_FDP = "[global]\nfilename=/dev/ng0n1\nioengine=io_uring_cmd\ncmd_type=nvme\n"
            + "iodepth=32\nbs=4K\nfdp=1\ntime_based=1\nruntime=1\n"
            + "[write-heavy]\nrw=randrw\nrwmixwrite=90\nfdp_pli=0,1,2,3\noffset=0%\nsize=30%\n"
            + "[write-mid]\nrw=randrw\nrwmixwrite=30\nfdp_pli=4,5\noffset=30%\nsize=30%\n"
            + "[write-light]\nrw=randrw\nrwmixwrite=10\nfdp_pli=6\noffset=60%\nsize=30%\n";

    private ScenarioRun run;
    /** Per job region (by its first sector's share of the drive), the placement IDs of its writes in the order issued. */
    private final Map<Integer, List<Integer>> placed = new TreeMap<>();

    private void run(String fio, String... overrides) {
        run = new ScenarioRun(ScenarioReader.read(FioJobFile.parse("fdp.fio", fio).tree(), List.of(overrides)), new io.iopath.metrics.blktrace.BlkTraceLog());
        long capacity = run.flash() == null ? 1 : run.flash().capacitySectors();
        run.issueTap().setListener(new IssueTap.Listener() {
            @Override
            public void issued(Request rq, long nowNs) {
                if (rq.op == Op.WRITE) {
                    int region = (int) (rq.sector() * 10 / capacity) / 3; // the three jobs' 30 % regions
                    placed.computeIfAbsent(region, k -> new ArrayList<>()).add(rq.firstBio().placementId);
                }
            }

            @Override
            public void completed(Request rq, long nowNs) {
            }
        });
        run.execute(p -> { });
    }

    @Test
    void uringCmdFdpRunsOnTheFlashDriveWithFdpAndEachJobWritesRoundRobinThroughItsHandles() {
        run(URING_CMD_FDP);
        assertThat(run.disk()).isNull();
        assertThat(run.flash().spec().fdpHandles()).isEqualTo(8);
        assertThat(placed).containsOnlyKeys(0, 1, 2);
        // dataplacement.c dp_fill_dspec_data, roundrobin: the job's identifiers in turn from the first
        assertThat(placed.get(0)).startsWith(0, 1, 2, 3, 0, 1, 2, 3).containsOnly(0, 1, 2, 3);
        assertThat(placed.get(1)).startsWith(4, 5, 4, 5).containsOnly(4, 5);
        assertThat(placed.get(2)).containsOnly(6);
        List<Integer> heavy = placed.get(0);
        for (int i = 0; i < heavy.size(); i++) {
            assertThat(heavy.get(i)).isEqualTo(i % 4);
        }
        FlashStats s = run.flash().stats();
        // the regions at 30 % and 60 % start 512-byte aligned, off a 4 KiB page: each of their writes spans two pages
        assertThat(s.hostPages()).isEqualTo(placed.get(0).size() + 2L * (placed.get(1).size() + placed.get(2).size()));
        assertThat(s.gcPagesByHandle()).hasSize(8);
    }

    @Test
    void randomSelectionDrawsAmongTheJobsIdentifiers() {
        run("[w]\nioengine=io_uring_cmd\nfdp=1\nfdp_pli=1-3,6\nfdp_pli_select=random\nrw=randwrite\nbs=4k\nsize=30%\n"
                + "number_ios=4000\niodepth=8\n");
        List<Integer> ids = placed.get(0);
        assertThat(ids).hasSize(4000).containsOnly(1, 2, 3, 6);
        for (int id : List.of(1, 2, 3, 6)) {
            long n = ids.stream().filter(x -> x == id).count();
            assertThat(n).as("writes through %d", id).isBetween(850L, 1150L); // 1000 expected; about 5 standard deviations
        }
    }

    @Test
    void withoutPlidsEveryHandleOfTheDriveIsUsed() {
        run("[w]\nioengine=xnvme\nxnvme_async=io_uring_cmd\nfdp=1\nrw=randwrite\nbs=4k\nsize=2M\nthread=1\n"); // xnvme-fdp.fio's shape, its plids left out
        assertThat(placed.get(0)).hasSize(512).startsWith(0, 1, 2, 3, 4, 5, 6, 7, 0);
    }

    @Test
    void xnvmeFdpAsItsHeaderRunsIt() {
        // examples/xnvme-fdp.fio --section=default --ioengine=xnvme --xnvme_async=io_uring_cmd: [global] and an empty [default]
        run("[global]\nrw=randwrite\nsize=2M\niodepth=1\nbs=4K\nthread=1\nfdp=1\nfdp_pli=4,5\n[default]\nioengine=xnvme\nxnvme_async=io_uring_cmd\n");
        assertThat(placed.get(0)).hasSize(512).startsWith(4, 5, 4, 5).containsOnly(4, 5);
        assertThat(run.flash().stats().hostPages()).isEqualTo(512);
    }

    @Test
    void fdpIsRefusedWhereFioFailsTheJob() {
        String job = "[w]\nrw=randwrite\nbs=4k\nsize=1M\nfdp=1\n";
        assertThatThrownBy(() -> run(job + "ioengine=psync\n")).isInstanceOf(ScenarioException.class)
                .hasMessageContaining("fdp: fio fails the job at set-up: \"engine (psync) lacks fetch ruhs\"");
        assertThatThrownBy(() -> run(job + "ioengine=io_uring_cmd\ncmd_type=bsg\n"))
                .hasMessageContaining("This cmd_type does not support fetch_ruhs");
        assertThatThrownBy(() -> run(job + "ioengine=io_uring_cmd\n", "drive.preset=ssd-msr"))
                .hasMessageContaining("\"fdp fetch ruhs failed\"");
        assertThatThrownBy(() -> run(job + "ioengine=io_uring_cmd\n", "drive.preset=laptop-7200-250g"))
                .hasMessageContaining("\"fdp fetch ruhs failed\"");
        assertThatThrownBy(() -> run(job + "ioengine=io_uring_cmd\nfdp_pli=2,8\n"))
                .hasMessageContaining("fdp_pli: fio fails the job at set-up: \"PID index 8 must be smaller than 8\"");
        assertThatThrownBy(() -> run(job + "ioengine=io_uring_cmd\ndataplacement=streams\n"))
                .hasMessageContaining("fdp=1 is not compatible with dataplacement={streams, none}");
        assertThatThrownBy(() -> run(job + "ioengine=xnvme\nxnvme_async=libaio\n"))
                .hasMessageContaining("carry no placement directive");
        assertThatThrownBy(() -> run(job + "ioengine=io_uring_cmd\nplid_select=scheme\n"))
                .hasMessageContaining("ruh scheme failed to open scheme file");
        assertThatThrownBy(() -> run(job + "ioengine=io_uring_cmd\nplid_select=scheme\ndp_scheme=/nonexistent/scheme\n"))
                .hasMessageContaining("dp_scheme: fio: lstat() error related to /nonexistent/scheme");
    }

    @Test
    void aSchemeFilePlacesEachWriteByItsOffset(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path scheme = dir.resolve("scheme");
        java.nio.file.Files.writeString(scheme, "0,1048576,3\n1048576,2097152,5\n");
        run("[w]\nioengine=io_uring_cmd\nfdp=1\nplid_select=scheme\ndp_scheme=" + scheme + "\nrw=write\nbs=4k\nsize=3m\n");
        List<Integer> ids = placed.get(0);
        assertThat(ids).hasSize(768);
        assertThat(ids.subList(0, 256)).containsOnly(3);
        assertThat(ids.subList(256, 512)).containsOnly(5);
        assertThat(ids.subList(512, 768)).containsOnly(0); // no entry holds the offset: the default handle
    }

    @Test
    void dataplacementFdpIsFdpAndAnotherDriveCanHaveMoreHandles() {
        run("[w]\nioengine=io_uring_cmd\ndataplacement=fdp\nplids=0x10-0x11\nrw=write\nbs=4k\nsize=64k\n",
                "drive.fdp_handles=32");
        assertThat(run.flash().spec().fdpHandles()).isEqualTo(32);
        assertThat(placed.get(0)).hasSize(16).startsWith(16, 17, 16, 17).containsOnly(16, 17);
    }

    @Test
    void noPlacementWithoutFdpAndTheSameRunAsBefore() {
        // plids without fdp or dataplacement: fio reads them and places nothing
        run("[w]\nioengine=io_uring_cmd\nfdp_pli=1,2\nrw=write\nbs=4k\nsize=64k\n", "drive.preset=ssd-msr");
        assertThat(placed.get(0)).hasSize(16).containsOnly(-1);
    }
}
