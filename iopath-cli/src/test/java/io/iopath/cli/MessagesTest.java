package io.iopath.cli;

import static io.iopath.cli.CliRunner.iopath;
import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.cli.CliRunner.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 15 item 7: messages that say what is wrong, in one printable line, exit status 2. */
class MessagesTest {
    @TempDir
    Path dir;

    @Test
    void aNegativeNumberIsCalledASizeOnlyWhereASizeBelongs() {
        Outcome depth = iopath("run", "--set", "jobs[0].iodepth=-1");
        assertThat(depth.status()).isEqualTo(2);
        assertThat(depth.err()).contains("jobs[0].iodepth: expected an integer from 1 to 65536, got '-1'")
                .doesNotContain("size");
        Outcome time = iopath("run", "--set", "jobs[0].runtime=-1s");
        assertThat(time.status()).isEqualTo(2);
        assertThat(time.err()).contains("got '-1s'").doesNotContain("negative size");
        Outcome size = iopath("run", "--set", "jobs[0].size=-4k");
        assertThat(size.status()).isEqualTo(2);
        assertThat(size.err()).contains("got a negative size '-4k'");
    }

    /** A job file's note restates the drive it implies, so it comes only once the reader accepted the values. */
    @Test
    void aRefusedZoneSizeIsNotRestatedInANote() throws IOException {
        Path job = dir.resolve("zbd.fio");
        Files.writeString(job, "[w]\nioengine=libaio\ndirect=1\nzonemode=zbd\nzonesize=7200rpm\nrw=randwrite\nbs=64k\nsize=4z\n");
        for (String command : new String[] {"run", "sweep"}) {
            Outcome o = command.equals("run") ? iopath("run", job.toString()) : iopath("sweep", job.toString(), "--vary", "seed=1,2");
            assertThat(o.status()).as(command).isEqualTo(2);
            assertThat(o.err().strip()).as(command)
                    .isEqualTo("iopath: " + job + ":5:10: drive.zoned.zone_size: expected a size such as 512, 4k, 1m or 90g, got '7200rpm'");
        }
        Files.writeString(job, Files.readString(job).replace("7200rpm", "256m") + "number_ios=10\n");
        Outcome good = iopath("run", job.toString());
        assertThat(good.status()).isZero();
        assertThat(good.err()).as("an accepted job file still gets its note").contains("note: zonemode=zbd: the drive is host-managed zoned");
    }

    @Test
    void aDirectoryGivenAsAScenarioSaysSo() {
        for (String command : new String[] {"run", "sweep"}) {
            Outcome o = command.equals("run") ? iopath("run", dir.toString())
                    : iopath("sweep", dir.toString(), "--vary", "seed=1,2");
            assertThat(o.status()).as(command).isEqualTo(2);
            assertThat(o.err().strip()).as(command)
                    .isEqualTo("iopath: " + dir + ": is a directory, not a scenario file (give a .yaml scenario or a fio job file)");
            assertThat(o.out()).as(command + ": nothing simulated").isEmpty();
        }
    }

    @Test
    void binaryJunkIsNotEchoedRaw() throws IOException {
        Path notUtf8 = dir.resolve("junk.yaml");
        Files.write(notUtf8, new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, (byte) 0xff, (byte) 0xfe, 0x1b, '[', '3', '1', 'm'});
        Outcome o = iopath("run", notUtf8.toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err().strip()).isEqualTo("iopath: " + notUtf8 + ": not a text file (not UTF-8): a scenario is YAML or a fio job file");
        Path control = dir.resolve("control.yaml");
        Files.writeString(control, "name: x\njobs:\n  - {rw: read\u0007\u001b[31m, bs: 4k}\n");
        Outcome c = iopath("run", control.toString());
        assertThat(c.status()).isEqualTo(2);
        assertThat(c.err().strip()).startsWith("iopath: " + control + ":3: holds binary data (control character \\x07)");
        // a trace's junk field is quoted escaped: no ESC or BEL reaches the terminal
        Path trace = dir.resolve("junk.trace");
        Files.writeString(trace, "1 0 0 8 1\n2 0 0 \u001b[31mhello\u0007 1\n");
        Outcome t = iopath("trace", "stat", trace.toString());
        assertThat(t.status()).isEqualTo(2);
        assertThat(t.err().strip()).isEqualTo("iopath: " + trace + ":2: bcount: expected a non-negative integer, got '\\x1b[31mhello\\x07'");
        assertThat(t.err()).doesNotContain("\u001b", "\u0007");
    }

    @Test
    void printableEscapesControlsAndCutsLongRuns() {
        assertThat(Printable.of("a\u0000b\tc\u009bd\ufffde")).isEqualTo("a\\x00b\\x09c\\x9bd\\ufffde");
        assertThat(Printable.of("x" + "\u0001".repeat(20) + "y")).isEqualTo("x" + "\\x01".repeat(Printable.MAX_RUN) + "…y");
        assertThat(Printable.of("plain: é, µs, → and 100 %")).isEqualTo("plain: é, µs, → and 100 %");
    }

    @Test
    void capacitiesAreShownInGbAndGibWithTheHintToUse100Percent() {
        Outcome drives = iopath("drives");
        assertThat(drives.status()).isZero();
        assertThat(drives.out().lines().filter(l -> l.startsWith("laptop-7200-250g ")).findFirst().orElseThrow())
                .contains("250.0GB", "232.8GiB");
        assertThat(drives.out()).contains("size: 100% in a job is the whole drive");
        Outcome tooLarge = iopath("run", "--set", "jobs[0].size=300g");
        assertThat(tooLarge.status()).isEqualTo(2);
        assertThat(tooLarge.err().strip()).isEqualTo("iopath: --set jobs[0].size=300g: jobs[0].size: expected a region that"
                + " ends inside the drive (250000000000 bytes, 250.0 GB = 232.8 GiB), got 322122547200 bytes"
                + " (322.1 GB = 300.0 GiB) from offset 0; size: 100% is the whole drive");
        assertThat(tooLarge.out()).isEmpty();
    }
}
