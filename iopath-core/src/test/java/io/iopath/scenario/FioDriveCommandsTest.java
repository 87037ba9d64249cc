package io.iopath.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.request.DriveCommand;
import io.iopath.workload.JobSpec;
import io.iopath.workload.JobSpec.Commands.Share;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * fio's pass-through command options as small job files and the job they bind to: {@code
 * sg_write_mode} (engines/sg.c), {@code write_mode} / {@code cmd_type} / {@code verify_bytchk}
 * (engines/io_uring.c), {@code readfua} / {@code writefua}, and the libzbc engine.
 */
class FioDriveCommandsTest {
    private static Scenario read(String text) {
        return ScenarioReader.read(FioJobFile.parse("c.fio", text, Map.of()).tree(), List.of());
    }

    private static JobSpec.Commands commands(String text) {
        return read(text).jobs().get(0).commands();
    }

    @Test
    void sgWriteModesAreTheDrivesCommands() {
        String job = "[j]\nfilename=/dev/sdb\nioengine=sg\nrw=write\nbs=512\nnumber_ios=20\nsg_write_mode=";
        assertThat(commands(job + "write\n")).isEqualTo(JobSpec.Commands.PLAIN);
        assertThat(commands(job + "write_and_verify\n").writes()).containsExactly(new Share(DriveCommand.WRITE_AND_VERIFY, 100));
        assertThat(commands(job + "verify\n").writes()).containsExactly(new Share(DriveCommand.WRITE_AND_VERIFY, 100)); // deprecated name
        assertThat(commands(job + "same\n").writes()).containsExactly(new Share(DriveCommand.WRITE_SAME, 100));
        assertThat(commands(job + "write_same_ndob\n").writes()).containsExactly(new Share(DriveCommand.WRITE_ZEROES, 100));
        assertThat(commands(job + "verify_bytchk_00\n").writes()).containsExactly(new Share(DriveCommand.VERIFY, 100));
        assertThat(commands(job + "verify_bytchk_01\n").writes()).containsExactly(new Share(DriveCommand.VERIFY_COMPARE, 100));
        assertThat(commands(job + "verify_bytchk_11\n").writes())
                .containsExactly(new Share(DriveCommand.VERIFY_COMPARE_ONE_BLOCK, 100));
        assertThatThrownBy(() -> read(job + "verify_bytchk_10\n")).isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith("c.fio:7:15: jobs[0].sg_write_mode: expected one of write, write_and_verify");
        assertThatThrownBy(() -> read("[j]\nioengine=libaio\nrw=write\nnumber_ios=1\nsg_write_mode=write_same\n"))
                .hasMessageStartingWith("c.fio:5:15: jobs[0].sg_write_mode: only applies with ioengine=sg");
    }

    @Test
    void aWriteModeMixSplitsAsFioDoes() {
        // examples/uring-cmd-write-mode.fio
        String job = "[j]\nfilename=/dev/ng0n1\nioengine=io_uring_cmd\ncmd_type=nvme\nrw=write\nsize=1m\nwrite_mode=";
        JobSpec.Commands c = commands(job + "write/40:zeroes/30:uncor/20:verify/10\n");
        assertThat(c.writes()).containsExactly(new Share(null, 40), new Share(DriveCommand.WRITE_ZEROES, 30),
                new Share(DriveCommand.WRITE_UNCORRECTABLE, 20), new Share(DriveCommand.VERIFY, 10));
        assertThat(c.mixed()).isTrue();
        assertThat(c.writeCommand(39)).isNull();
        assertThat(c.writeCommand(40)).isEqualTo(DriveCommand.WRITE_ZEROES);
        assertThat(c.writeCommand(90)).isEqualTo(DriveCommand.VERIFY);
        // blank shares split the rest evenly, rounded down (str_write_mode_cb)
        assertThat(commands(job + "write/50:zeroes/:uncor/\n").writes()).extracting(Share::percent).containsExactly(50, 25, 25);
        assertThatThrownBy(() -> read(job + "write/50:zeroes/40\n")).hasMessageContaining("should add up to 100%");
        assertThatThrownBy(() -> read(job + "write/60:zeroes\n")).hasMessageContaining("missing '/' in entry: zeroes");
        assertThatThrownBy(() -> read(job + "trim\n")).hasMessageContaining("expected write, uncor, zeroes, verify or zone_append");
    }

    @Test
    void zoneAppendNeedsZonemodeZbd() {
        String job = "[j]\nfilename=/dev/ng1n1\nioengine=io_uring_cmd\nrw=write\nbs=8k\nwrite_mode=zone_append\n";
        assertThatThrownBy(() -> read(job + "size=1m\n")).hasMessageContaining("zone_append requires zonemode=zbd");
        // examples/uring-cmd-zoned-append.fio: size=1z counts the drive's zones; an NVMe zoned namespace has no conventional zone
        Scenario s = read(job + "zonemode=zbd\nsize=1z\n");
        assertThat(s.jobs().get(0).commands().writes()).containsExactly(new Share(DriveCommand.ZONE_APPEND, 100));
        assertThat(s.jobs().get(0).size()).isEqualTo(256L << 20);
        assertThat(s.drive().zoned().conventionalZones()).isZero();
    }

    @Test
    void bsgTakesWriteAndVerifyWithItsByteCheck() {
        String job = "[j]\nfilename=/dev/bsg/0:0:0:0\nioengine=io_uring_cmd\ncmd_type=bsg\nrw=write\nsize=1m\n";
        assertThat(commands(job + "write_mode=verify\nverify_bytchk=3\n").writes())
                .containsExactly(new Share(DriveCommand.VERIFY_COMPARE_ONE_BLOCK, 100));
        assertThatThrownBy(() -> read(job + "write_mode=zeroes\n")).hasMessageContaining("Not Support Write mode in BSG");
        assertThatThrownBy(() -> read(job + "verify_bytchk=1\n"))
                .hasMessageContaining("verify_bytchk: is only supported with write_mode=verify for bsg");
        assertThatThrownBy(() -> read(job + "write_mode=verify\nwritefua=1\n"))
                .hasMessageContaining("writefua: is not supported with write_mode=verify for bsg");
    }

    @Test
    void fuaBitsOfPassThroughCommands() {
        // examples/uring-cmd-bsg.fio's writefua and readfua jobs
        String engine = "[j]\nfilename=/dev/bsg/0:0:0:0\nioengine=io_uring_cmd\ncmd_type=bsg\nsize=1m\n";
        assertThat(commands(engine + "rw=write\nwritefua=1\n")).satisfies(c -> {
            assertThat(c.writeFua()).isTrue();
            assertThat(c.readFua()).isFalse();
        });
        assertThat(commands(engine + "rw=read\nreadfua=1\n").readFua()).isTrue();
        assertThat(commands(engine + "rw=read\nreadfua=0\n")).isEqualTo(JobSpec.Commands.PLAIN);
        assertThatThrownBy(() -> read("[j]\nioengine=psync\nrw=write\nsize=1m\nwritefua=1\n"))
                .hasMessageContaining("writefua: only applies with ioengine=sg or io_uring_cmd");
    }

    @Test
    void libzbcIsASynchronousPassThroughEngineOnAZonedDrive() {
        // examples/libzbc-seq-read.fio's shape
        Scenario s = read("[global]\nrw=read\nbs=1M\ndirect=1\nzonemode=zbd\nzonesize=256M\nread_beyond_wp=0\n"
                + "[dev1]\nfilename=/dev/sdd\noffset=140660178944\nsize=10G\nioengine=libzbc\n");
        JobSpec j = s.jobs().get(0);
        assertThat(j.passthrough()).isTrue();
        assertThat(j.effectiveDepth()).isEqualTo(1);
        assertThat(s.drive().zoned()).isNotNull();
        assertThat(s.drive().zoned().conventionalZones()).isPositive(); // a ZBC drive (SMR): some conventional zones
        assertThatThrownBy(() -> read("[j]\nioengine=libzbc\nrw=read\nsize=1m\n"))
                .hasMessageContaining("ioengine=libzbc talks to a zoned drive").hasMessageContaining("zonemode=zbd");
    }
}
