package io.iopath.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FioJobTest {
    static final String FIO = """
            ; two jobs, fio style
            [global]
            ioengine=libaio
            direct=1
            size=2g
            randseed=7
            filename=/dev/sdb

            [mixed]
            rw=randrw:2
            rwmixread=60
            bssplit=4k/40:16k/60
            iodepth=8
            iodepth_batch=2
            number_ios=600
            random_distribution=zipf:1.1
            fsync=40

            [stream]
            rw=read
            ioengine=psync
            bs=128k
            offset=10g
            thinktime=2ms
            rate_iops=150
            number_ios=150
            startdelay=0.5
            """;

    static final String YAML = """
            name: equiv
            jobs:
              - name: mixed
                ioengine: libaio
                direct: 1
                size: 2g
                randseed: 7
                rw: "randrw:2"
                rwmixread: 60
                bssplit: "4k/40:16k/60"
                iodepth: 8
                iodepth_batch: 2
                number_ios: 600
                random_distribution: "zipf:1.1"
                fsync: 40
              - name: stream
                ioengine: psync
                direct: 1
                size: 2g
                randseed: 7
                rw: read
                bs: 128k
                offset: 10g
                thinktime: 2ms
                rate_iops: 150
                number_ios: 150
                startdelay: 0.5
            """;

    @TempDir
    Path dir;

    /** A fio job file and the equivalent scenario YAML give byte-identical results. */
    @ParameterizedTest(name = "--output-format={0}")
    @ValueSource(strings = {"json", "normal", "iopath", "terse"})
    void fioJobFileAndEquivalentYamlGiveIdenticalResults(String format) throws IOException {
        Path fio = Files.writeString(dir.resolve("equiv.fio"), FIO);
        Path yaml = Files.writeString(dir.resolve("equiv.yaml"), YAML);
        CliRunner.Outcome a = CliRunner.run("run", fio.toString(), "--output-format=" + format);
        CliRunner.Outcome b = CliRunner.run("run", yaml.toString(), "--output-format=" + format);
        assertThat(a.status()).as(a.err()).isZero();
        assertThat(b.status()).as(b.err()).isZero();
        if (format.equals("json")) {
            // fio's JSON shows the job file's options as written, which a YAML scenario has not
            assertThat(new ObjectMapper().readTree(a.out()).get("global options").get("randseed").asText()).isEqualTo("7");
            assertThat(withoutOptions(a.out())).isEqualTo(withoutOptions(b.out()));
            return;
        }
        assertThat(a.out()).isNotBlank().isEqualTo(b.out());
        assertThat(a.err()).startsWith("ignored: filename\n");
    }

    /** fio's JSON without "global options" and "job options" (as written in a job file; derived for YAML). */
    private static JsonNode withoutOptions(String json) throws IOException {
        com.fasterxml.jackson.databind.node.ObjectNode root =
                (com.fasterxml.jackson.databind.node.ObjectNode) new ObjectMapper().readTree(json);
        root.remove("global options");
        for (JsonNode job : root.get("jobs")) {
            ((com.fasterxml.jackson.databind.node.ObjectNode) job).remove("job options");
        }
        return root;
    }

    @Test
    void jsonHasTheFieldsFioScriptsRead() throws IOException {
        Path fio = Files.writeString(dir.resolve("equiv.fio"), FIO);
        CliRunner.Outcome o = CliRunner.run("run", fio.toString(), "--output-format=json");
        JsonNode root = new ObjectMapper().readTree(o.out());
        JsonNode mixed = root.get("jobs").get(0);
        assertThat(mixed.get("jobname").asText()).isEqualTo("mixed");
        for (String dir : new String[] {"read", "write"}) {
            JsonNode d = mixed.get(dir);
            assertThat(d.get("iops").asDouble()).isPositive();
            assertThat(d.get("bw").asLong()).isEqualTo(d.get("bw_bytes").asLong() / 1024);
            assertThat(d.get("clat_ns").get("mean").asDouble()).isPositive();
            long p50 = d.get("clat_ns").get("percentile").get("50.000000").asLong();
            long p99 = d.get("clat_ns").get("percentile").get("99.000000").asLong();
            assertThat(p99).isGreaterThanOrEqualTo(p50).isPositive();
            assertThat(d.get("clat_ns").get("max").asLong()).isGreaterThanOrEqualTo(d.get("clat_ns").get("min").asLong());
        }
        assertThat(mixed.get("read").get("total_ios").asLong() + mixed.get("write").get("total_ios").asLong()).isEqualTo(600);
        assertThat(mixed.get("sync").get("total_ios").asLong()).isPositive();
        assertThat(root.get("disk_util").get(0).get("util").asDouble()).isBetween(0.0, 100.0);
    }

    @Test
    void jsonOnAFioJobFilePrintsResultsJsonAndConflictsWithAFioOutputFormat() throws IOException {
        Path fio = Files.writeString(dir.resolve("j.fio"), "[j]\nrw=randread\ndirect=1\nnumber_ios=50\n");
        CliRunner.Outcome o = CliRunner.run("run", fio.toString(), "--json");
        assertThat(o.status()).isZero();
        JsonNode root = new ObjectMapper().readTree(o.out());
        assertThat(root.get("scenario").asText()).isEqualTo("j");
        assertThat(root.get("read").get("ios").asLong()).isEqualTo(50);
        CliRunner.Outcome both = CliRunner.run("run", fio.toString(), "--json", "--output-format=normal");
        assertThat(both.status()).isEqualTo(2);
        assertThat(both.err()).startsWith("iopath: --json: ").doesNotContain("\tat ");
    }

    @Test
    void percentileListChangesTheReportedPercentiles() throws IOException {
        Path fio = Files.writeString(dir.resolve("p.fio"), "[j]\nrw=randread\nnumber_ios=100\npercentile_list=50:99.9\n");
        CliRunner.Outcome o = CliRunner.run("run", fio.toString(), "--output-format=json");
        JsonNode pct = new ObjectMapper().readTree(o.out()).get("jobs").get(0).get("read").get("clat_ns").get("percentile");
        assertThat(pct.fieldNames()).toIterable().containsExactly("50.000000", "99.900000");
        assertThat(CliRunner.run("run", fio.toString()).out()).contains("| 50.00th=[", " 99.90th=[");
    }

    @Test
    void normalOutputFollowsFiosLayout() throws IOException {
        Path fio = Files.writeString(dir.resolve("equiv.fio"), FIO);
        String out = CliRunner.run("run", fio.toString()).out();
        assertThat(out).containsPattern("(?m)^mixed: \\(groupid=0, jobs=1\\): err= 0: pid=1: Thu Jan  1 00:00:00 1970$")
                .containsPattern("(?m)^  read: IOPS=[0-9.k]+, BW=[0-9.]+[KM]iB/s \\([0-9.]+[kM]B/s\\)\\([0-9.]+[KM]iB/[0-9]+msec\\)$")
                .containsPattern("(?m)^    clat percentiles \\((usec|msec|nsec)\\):$")
                .containsPattern("(?m)^     \\|  1\\.00th=\\[ *[0-9]+\\],  5\\.00th=")
                .contains("Run status group 0 (all jobs):", "Disk stats (read/write):", "  IO depths    : 1=");
    }

    @Test
    void traceOutWritesWhatWasIssued() throws IOException {
        Path fio = Files.writeString(dir.resolve("equiv.fio"), FIO);
        Path blk = dir.resolve("out.blk.gz");
        CliRunner.Outcome o = CliRunner.run("run", fio.toString(), "--trace-out", blk.toString());
        assertThat(o.err()).contains("issued requests to " + blk);
        CliRunner.Outcome stat = CliRunner.run("trace", "stat", blk.toString());
        assertThat(stat.out()).contains("(blkparse)");
        Path iolog = dir.resolve("out.iolog");
        CliRunner.run("run", fio.toString(), "--trace-out", iolog.toString(), "--trace-format", "iolog");
        assertThat(Files.readAllLines(iolog).get(0)).isEqualTo("fio version 3 iolog");
    }

    /** ionice in both syntaxes: the same run, the options echoed in fio's JSON, bad values exit 2 with one line. */
    @Test
    void prioAndPrioclassMeanTheSameInAFioFileAndInYaml() throws IOException {
        String fioText = "[global]\ndirect=1\nioengine=libaio\nsize=1g\nnumber_ios=200\n\n"
                + "[db]\nrw=randread\niodepth=4\n\n[backup]\nrw=read\nbs=64k\noffset=10g\nprioclass=3\n";
        String yamlText = """
                name: ionice
                host:
                  scheduler: cfq
                jobs:
                  - {name: db, rw: randread, iodepth: 4, direct: 1, ioengine: libaio, size: 1g, number_ios: 200}
                  - {name: backup, rw: read, bs: 64k, offset: 10g, prioclass: 3, direct: 1, ioengine: libaio, size: 1g, number_ios: 200}
                """;
        Path fio = Files.writeString(dir.resolve("ionice.fio"), fioText);
        Path yaml = Files.writeString(dir.resolve("ionice.yaml"), yamlText);
        CliRunner.Outcome a = CliRunner.run("run", fio.toString(), "--set", "host.scheduler=cfq", "--output-format=json");
        CliRunner.Outcome b = CliRunner.run("run", yaml.toString(), "--output-format=json");
        assertThat(a.status()).as(a.err()).isZero();
        assertThat(withoutOptions(a.out())).isEqualTo(withoutOptions(b.out()));
        JsonNode backup = new ObjectMapper().readTree(a.out()).get("jobs").get(1);
        assertThat(backup.get("job options").get("prioclass").asText()).isEqualTo("3");
        assertThat(new ObjectMapper().readTree(a.out()).get("jobs").get(0).get("job options").has("prioclass")).isFalse();

        Path badFio = Files.writeString(dir.resolve("bad.fio"), "[j]\nrw=read\nnumber_ios=10\nprio=9\ndirect=1\n");
        CliRunner.Outcome e = CliRunner.run("run", badFio.toString());
        assertThat(e.status()).isEqualTo(2);
        assertThat(e.err().strip()).isEqualTo("iopath: " + badFio + ":4:6: jobs[0].prio: expected an integer from 0 to 7, got '9'");
        Path badYaml = Files.writeString(dir.resolve("bad.yaml"), "name: b\njobs:\n  - name: j\n    number_ios: 10\n    prioclass: rt\n");
        CliRunner.Outcome f = CliRunner.run("run", badYaml.toString());
        assertThat(f.status()).isEqualTo(2);
        assertThat(f.err().strip()).isEqualTo("iopath: " + badYaml + ":5:16: jobs[0].prioclass: expected an integer from 0 to 3, got 'rt'");
    }
}
