package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.device.disk.zoned.ZonedDrive;
import io.iopath.result.FioResult;
import io.iopath.result.Result;
import io.iopath.scenario.FioJobFile;
import io.iopath.scenario.ScenarioException;
import io.iopath.scenario.ScenarioReader;
import io.iopath.workload.Workload;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Trims as fio's third direction (DDIR_TRIM): under zonemode=zbd a trim is a zone reset (zbd.c
 * {@code zbd_do_io_u_trim}), on a file it fails with ENOTTY (os/os-linux.h {@code os_trim}); and
 * offset_increment clones past the drive's end fail at set-up (filesetup.c {@code setup_files}).
 */
class TrimStatsTest {
    private record Run(ScenarioRun run, Result result, FioResult fio) {
        FioResult.Stats job(String name) {
            return fio.jobs().stream().filter(j -> j.name().equals(name)).findFirst().orElseThrow().stats();
        }
    }

    private static Run run(String fio) {
        ScenarioRun r = new ScenarioRun(ScenarioReader.read(FioJobFile.parse("trim.fio", fio).tree(), List.of()));
        Result result = r.execute(p -> { });
        return new Run(r, result, r.fioResult(result, false));
    }

    /** Four 1 MiB zones past the drive's conventional ones, written, then (after a stonewall) the trim job. */
    private static final String ZONES = "[global]\nzonemode=zbd\nzonesize=1m\ndirect=1\nioengine=psync\noffset=4g\nsize=4m\n"
            + "[fill]\nrw=write\nbs=64k\n";

    @Test
    void aTrimResetsItsZoneAndCountsAsATrimOfTheZonesSize() {
        Run r = run(ZONES + "[trim]\nstonewall\nrw=trim\nbs=1m\n");
        FioResult.Stats t = r.job("trim");
        assertThat(t.trim().ios()).isEqualTo(4);
        assertThat(t.trim().bytes()).isEqualTo(4L << 20);
        assertThat(t.issuedTrim()).isEqualTo(4);
        assertThat(t.zoneResets()).isEqualTo(4); // every zone held data (zbd_reset_zone counts those)
        // psync: one trim at a time, each as long as the drive's RESET WRITE POINTER; no slat (completed in its queue call)
        assertThat(t.trim().clat().min()).isEqualTo(ZonedDrive.RESET_WP_NS);
        assertThat(t.trim().clat().max()).isEqualTo(ZonedDrive.RESET_WP_NS);
        assertThat(t.trim().slat().count()).isZero();
        assertThat(t.read().ios() + t.write().ios()).isZero();
        // the drive saw the fill's writes only: a reset moves no data
        assertThat(r.fio().disk().sectors().get(1) * 512).isEqualTo(r.job("fill").write().bytes());
        assertThat(r.fio().disk().ios().get(0)).isZero();
    }

    @Test
    void aSequentialTrimOfEmptyZonesCompletesWithoutResets() {
        Run r = run("[global]\nzonemode=zbd\nzonesize=1m\ndirect=1\nioengine=psync\noffset=4g\nsize=4m\n[trim]\nrw=trim\nbs=1m\n");
        FioResult.Stats t = r.job("trim");
        assertThat(t.trim().ios()).isEqualTo(4); // do_io_u_trim returns the IO's length all the same
        assertThat(t.zoneResets()).isZero();
        assertThat(t.trim().clat().max()).isZero();
    }

    @Test
    void aTimeBasedJobOfTrimsTakingNoTimeStopsAndSaysSo() {
        Run r = run("[global]\nzonemode=zbd\nzonesize=1m\ndirect=1\nioengine=psync\noffset=4g\nsize=4m\n"
                + "[trim]\nrw=trim\nbs=1m\ntime_based\nruntime=1\n");
        assertThat(r.run().notes()).anySatisfy(n -> assertThat(n).startsWith("job trim: stopped before its runtime"));
        assertThat(r.job("trim").trim().ios()).isEqualTo(FileJobLimit.CALLS + 1);
    }

    /** FileJob's limit on calls at one instant, which zbd trims of empty zones share. */
    private static final class FileJobLimit {
        static final long CALLS = 1_000_000;
    }

    @Test
    void aRandomTrimWithNoZoneHoldingDataEndsTheJob() {
        // zbd_adjust_block's DDIR_TRIM: zbd_find_zone finds no zone with data, io_u_eof
        Run r = run("[global]\nzonemode=zbd\nzonesize=1m\ndirect=1\nioengine=psync\noffset=4g\nsize=4m\n[trim]\nrw=randtrim\nbs=1m\n");
        assertThat(r.job("trim").trim().ios()).isZero();
        assertThat(r.job("trim").issuedTrim()).isZero();
    }

    @Test
    void aTrimBlockSizeOtherThanTheZoneSizeIsRefusedAsFioRefusesIt() {
        assertThatThrownBy(() -> run(ZONES + "[trim]\nstonewall\nrw=trim\nbs=512k\n"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("trim block size 524288 is not the zone size 1048576");
    }

    static LongStream seeds() {
        return LongStream.rangeClosed(1, 40);
    }

    /**
     * Over seeded mixes of writers and trimmers sharing zones: every completed IO is in exactly one
     * direction (read + write + trim = completed), trims are whole zones and send no bios (the
     * drive's sectors are the writes' bytes), and the run-status groups' bytes are the jobs'.
     */
    @ParameterizedTest
    @MethodSource("seeds")
    void directionsAddUpToWhatTheJobsDid(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        StringBuilder f = new StringBuilder("[global]\nzonemode=zbd\nzonesize=1m\ndirect=1\noffset=4g\nsize="
                + (4 + rnd.nextInt(13)) + "m\n");
        int jobs = 1 + rnd.nextInt(4);
        for (int j = 0; j < jobs; j++) {
            boolean trim = j > 0 && rnd.nextBoolean();
            f.append("[j").append(j).append("]\n");
            if (trim) {
                f.append("rw=").append(rnd.nextBoolean() ? "trim" : "randtrim").append("\nbs=1m\nioengine=psync\n");
            } else {
                f.append("rw=").append(rnd.nextBoolean() ? "write" : "randwrite").append("\nbs=")
                        .append(new String[] {"4k", "64k", "256k"}[rnd.nextInt(3)]).append("\nioengine=libaio\niodepth=")
                        .append(1 + rnd.nextInt(8)).append('\n');
            }
        }
        Run r = run(f.toString());
        long writeBytes = 0;
        long[] groupBytes = new long[3];
        for (Workload w : r.run().workloads()) {
            var s = w.stats();
            assertThat(s.read.ios + s.write.ios + s.trim.ios).as("job %s", w.spec().name()).isEqualTo(w.completed());
            assertThat(s.trim.bytes).isEqualTo(s.trim.ios << 20);
            assertThat(s.read.bytes + s.write.bytes + s.trim.bytes).isLessThanOrEqualTo(w.spec().size());
            assertThat(s.issuedTrim).isGreaterThanOrEqualTo(s.trim.ios);
            writeBytes += s.write.bytes;
            groupBytes[0] += s.read.bytes;
            groupBytes[1] += s.write.bytes;
            groupBytes[2] += s.trim.bytes;
        }
        assertThat(r.fio().disk().sectors().get(1) * 512).isEqualTo(writeBytes);
        long[] reported = new long[3];
        for (FioResult.Job j : r.fio().jobs()) {
            for (int d = 0; d < 3; d++) {
                reported[d] += j.stats().direction(d).bytes();
            }
        }
        assertThat(reported).containsExactly(groupBytes);
    }

    @Test
    void aTrimOnAFileFailsWithEnottyAndExitallEndsTheOthers() {
        Run r = run("[global]\nfilesize=8m\nexitall\nioengine=libaio\niodepth=8\n"
                + "[writer]\nfilename=f\nrw=randwrite\nbs=128k\ndirect=1\ntime_based\nruntime=100\n"
                + "[trimmer]\nfilename=f\nrw=randtrim\nbs=4k\n");
        Workload trimmer = r.run().workloads().get(1);
        assertThat(trimmer.errno()).isEqualTo(25);
        assertThat(trimmer.verror()).isEqualTo("file:ioengines.c:399, func=td_io_queue, error=Inappropriate ioctl for device");
        FioResult.Stats t = r.job("trimmer");
        assertThat(t.issuedTrim()).isEqualTo(1); // fio's "issued rwts: total=0,0,1,0"
        assertThat(t.trim().ios()).isZero();
        // exitall: the writer, time based for 100 s, ends when the trimmer does
        assertThat(r.job("writer").runtimeNs()).isLessThan(1_000_000_000L);
        assertThat(r.run().fioExitValue()).isEqualTo(1); // one job ended with an error
        assertThat(r.run().notes()).contains("job trimmer: fio: pid=2, err=25/file:ioengines.c:399, func=td_io_queue,"
                + " error=Inappropriate ioctl for device");
        assertThat(r.fio().jobs().get(1).error().errno()).isEqualTo(25);
    }

    @Test
    void clonesStartingPastTheDrivesEndFailAtSetUpAndTheOthersRun() {
        // 250 GB drive: clones at 200, 212, 224 GiB run; 236, 248, 260 GiB are past its 232.8 GiB
        Run r = run("[global]\nbs=16k\ndirect=1\nrw=write\nioengine=psync\noffset_increment=12g\nsize=64k\noffset=200g\n"
                + "[write-verify]\nnumjobs=6\n");
        assertThat(r.run().fioExitValue()).isEqualTo(3);
        List<Workload> w = r.run().workloads();
        for (int i = 0; i < 6; i++) {
            assertThat(w.get(i).failedSetUp()).as("clone %d", i).isEqualTo(i >= 3);
            assertThat(w.get(i).stats().write.bytes).isEqualTo(i >= 3 ? 0 : 64 << 10);
        }
        assertThat(r.run().notes()).filteredOn(n -> n.endsWith("fio: write-verify: you need to specify valid offset=")).hasSize(3);
    }
}
