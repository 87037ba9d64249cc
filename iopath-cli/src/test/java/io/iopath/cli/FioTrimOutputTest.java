package io.iopath.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * fio's trim direction, a job failing at its first trim, and clones failing at set-up, against
 * what real fio 3.33 printed (src/test/resources/io/iopath/cli/fio, README there): the layout and
 * fio's error texts and exit statuses.
 */
class FioTrimOutputTest {
    @TempDir
    Path dir;

    private static String resource(String name) throws IOException {
        try (InputStream in = FioTrimOutputTest.class.getResourceAsStream("fio/" + name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private CliRunner.Outcome iopath(String jobFile, String format) throws IOException {
        Path job = Files.writeString(dir.resolve(jobFile), resource(jobFile));
        return CliRunner.run("run", job.toString(), "--output-format=" + format);
    }

    /** Every leaf's path in document order, as FioOutputGoldenTest reads them, without the options. */
    private static List<String> paths(JsonNode n) {
        return FioOutputGoldenTest.withoutOptions(FioOutputGoldenTest.paths(n, "", new ArrayList<>()));
    }

    @ParameterizedTest(name = "--output-format={0}")
    @ValueSource(strings = {"json", "json+"})
    void theTrimObjectHasFiosKeysAndTheTrimsFigures(String format) throws IOException {
        ObjectMapper m = new ObjectMapper();
        JsonNode fio = m.readTree(resource("fio-3.33-trim." + format));
        CliRunner.Outcome o = iopath("trim-zbd.fio", format);
        assertThat(o.status()).as(o.err()).isZero();
        JsonNode ours = m.readTree(o.out());
        // fio's percentiles and json+ bins appear only for a direction with samples: the trim job's trim
        assertThat(paths(ours)).containsExactlyElementsOf(paths(fio));
        JsonNode trim = ours.get("jobs").get(1).get("trim");
        assertThat(trim.get("total_ios").asLong()).isEqualTo(fio.get("jobs").get(1).get("trim").get("total_ios").asLong()).isEqualTo(4);
        assertThat(trim.get("io_bytes").asLong()).isEqualTo(4L << 20);
        assertThat(ours.get("jobs").get(1).get("write").get("total_ios").asLong()).isZero();
        assertThat(ours.get("jobs").get(0).get("trim").get("total_ios").asLong()).isZero();
    }

    @Test
    void theNormalOutputHasFiosTrimLines() throws IOException {
        String fio = resource("fio-3.33-trim.normal");
        CliRunner.Outcome o = iopath("trim-zbd.fio", "normal");
        assertThat(o.status()).as(o.err()).isZero();
        String stripped = o.out().replaceAll("[0-9.]+", "#");
        for (String shape : fio.replaceAll("[0-9.]+", "#").split("\n")) {
            if (shape.startsWith("  trim:") || shape.startsWith("   TRIM:") || shape.startsWith("     issued")
                    || shape.startsWith("Run status group")) {
                assertThat(stripped).as(shape).contains(shape + "\n");
            }
        }
        assertThat(o.out()).contains("     issued rwts: total=0,0,4,0 short=0,0,0,0 dropped=0,0,0,0\n");
    }

    @Test
    void terseVersion3HasNoTrimFieldsAsInFio() throws IOException {
        String[] fio = resource("fio-3.33-trim.terse").split("\n");
        CliRunner.Outcome o = iopath("trim-zbd.fio", "terse");
        String[] ours = o.out().split("\n");
        assertThat(ours).hasSameSizeAs(fio);
        for (int i = 0; i < fio.length; i++) {
            assertThat(ours[i].split(";", -1)).hasSameSizeAs(fio[i].split(";", -1));
        }
        // the trim job's read and write KiB fields are 0 in both: v3 shows no trims
        assertThat(ours[1].split(";")[5]).isEqualTo(fio[1].split(";")[5]).isEqualTo("0");
    }

    /** fio's examples/enospc-pressure.fio made small: its randtrim job on a file fails at its first trim. */
    @Test
    void aTrimOnAFileFailsAsInFioAndTheRunExitsAsFioDid() throws IOException {
        String fio = resource("fio-3.33-enospc-mini.normal");
        CliRunner.Outcome o = iopath("enospc-mini.fio", "normal");
        assertThat(o.status()).as(o.err()).isEqualTo(1); // fio exited 1: one job with an error
        String jobLine = "punch_hole-raicer: (groupid=0, jobs=1): err=25 (file:ioengines.c:399, func=td_io_queue,"
                + " error=Inappropriate ioctl for device): pid=";
        assertThat(fio).contains(jobLine);
        assertThat(o.out()).contains(jobLine);
        String fioErr = fio.lines().filter(l -> l.startsWith("fio: pid=")).findFirst().orElseThrow();
        assertThat(o.err()).contains(fioErr.replaceAll("pid=[0-9]+", "pid=2"));
        String issued = "     issued rwts: total=0,0,1,0 short=0,0,0,0 dropped=0,0,0,0\n";
        assertThat(fio).contains(jobLine.substring(0, 20)).contains(issued);
        String ours = o.out().substring(o.out().indexOf(jobLine));
        assertThat(ours.substring(0, ours.indexOf("latency   :"))).contains(issued).doesNotContain("  trim:");
        JsonNode json = new ObjectMapper().readTree(iopath("enospc-mini.fio", "json").out());
        assertThat(json.get("jobs").get(1).get("error").asInt()).isEqualTo(25);
        assertThat(json.get("jobs").get(0).get("error").asInt()).isZero();
    }

    /**
     * fio's offset-past-end.fio ran 3 of 6 clones on a 1 MiB file; iopath's counterpart on its
     * 250 GB drive puts clones 3 to 5 past the end as well: the same messages, group and exit status.
     */
    @Test
    void clonesPastTheEndFailAtSetUpAsInFio() throws IOException {
        Path job = Files.writeString(dir.resolve("past-end.fio"), "[global]\nbs=16k\ndirect=1\nrw=write\nioengine=psync\n"
                + "offset_increment=12g\nio_size=64k\noffset=200g\ngroup_reporting\n[write-verify]\nnumjobs=6\n");
        CliRunner.Outcome o = CliRunner.run("run", job.toString(), "--output-format=normal");
        String fioErr = resource("fio-3.33-offset-past-end.stderr");
        String fioOut = resource("fio-3.33-offset-past-end.normal");
        assertThat(o.status()).isEqualTo(3); // fio exited 3: exit_value counts the reaped clones
        assertThat(fioErr.lines().filter(l -> l.equals("write-verify: you need to specify valid offset=")).count()).isEqualTo(3);
        assertThat(o.err().lines().filter(l -> l.endsWith("fio: write-verify: you need to specify valid offset=")).count())
                .isEqualTo(3);
        for (String s : new String[] {"Starting 6 processes\n", "write-verify: (groupid=0, jobs=6): err= 0: pid=", "(192KiB/"}) {
            assertThat(fioOut).contains(s);
            assertThat(o.out()).contains(s);
        }
    }
}
