package io.iopath.cli;

import static io.iopath.cli.CliRunner.iopath;
import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.cli.CliRunner.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReproduceCacheModesTest {
    @TempDir
    Path dir;

    /** A small copy of the two example directories: the same shape, short runs cut early. */
    private Path scenarios() throws IOException {
        Path writeCache = Files.createDirectories(dir.resolve("qemu-write-cache"));
        for (String bs : List.of("4k", "128k")) {
            for (String[] p : new String[][] {{"read", "randread"}, {"write", "randwrite"}, {"rw", "randrw"}}) {
                Files.writeString(writeCache.resolve(bs + "-" + p[0] + ".yaml"), """
                        name: t
                        drive: {preset: laptop-7200-250g}
                        jobs:
                          - {rw: %s, bs: %s, iodepth: 1, size: 90g, runtime: 60s, direct: 1}
                        """.formatted(p[1], bs));
            }
        }
        Path modes = Files.createDirectories(dir.resolve("qemu-cache-modes"));
        Files.writeString(modes.resolve("guest.yaml"), """
                name: g
                drive: {preset: laptop-7200-250g}
                power_failure: {at: 200ms}
                qemu: {volume: {size: 90g}}
                guest:
                  host: {scheduler: noop}
                """);
        Files.writeString(modes.resolve("guest-ext3-fsync.yaml"), """
                name: g
                drive: {preset: laptop-7200-250g}
                power_failure: {at: 200ms}
                qemu: {volume: {size: 90g}}
                guest:
                  filesystem: {type: ext3, size: 256m, options: barrier=1}
                  jobs:
                    - {name: mail, rw: randwrite, bs: 4k, direct: 0, nrfiles: 4, filesize: 16k, fsync: 1,
                       runtime: 1s, time_based: 1}
                """);
        return modes;
    }

    @Test
    void writesTheTableAndThePage() throws IOException {
        Path out = dir.resolve("out");
        Outcome o = iopath("reproduce", "qemu-cache-modes", "--scenarios", scenarios().toString(), "--out", out.toString(),
                "--jobs", "2");
        assertThat(o.status()).as(o.err()).isZero();
        List<String> rows = Files.readAllLines(out.resolve("table.csv"));
        assertThat(rows.get(0)).isEqualTo("mode,device,drive_write_cache,workload,iops,p99_ms,acked_lost,flushed_lost");
        assertThat(rows).hasSize(1 + 5 * 2 * 2 * 7);
        assertThat(rows).anyMatch(r -> r.startsWith("writethrough,ide-2008,on,ext3-fsync,"));
        assertThat(rows).anyMatch(r -> r.startsWith("unsafe,virtio-blk,off,128k-rw,"));
        String html = Files.readString(out.resolve("index.html"));
        assertThat(html).contains("[RFC] Disk integrity in QEMU", "default of 2008", "default since QEMU 1.2", "<svg");
        assertThat(o.out()).contains("writethrough", "flushed_lost");
        // the same rows one run at a time
        Path again = dir.resolve("again");
        Outcome one = iopath("reproduce", "qemu-cache-modes", "--scenarios", dir.resolve("qemu-cache-modes").toString(),
                "--out", again.toString(), "--jobs", "1");
        assertThat(one.status()).as(one.err()).isZero();
        assertThat(Files.readAllLines(again.resolve("table.csv"))).isEqualTo(rows);
    }

    @Test
    void badInputIsOneLineAndStatusTwo() throws IOException {
        Path modes = scenarios();
        Outcome jobs = iopath("reproduce", "qemu-cache-modes", "--scenarios", modes.toString(), "--jobs", "0");
        assertThat(jobs.status()).isEqualTo(2);
        assertThat(jobs.err().strip()).isEqualTo("iopath: --jobs: expected at least 1, got 0");
        Files.delete(dir.resolve("qemu-write-cache/128k-rw.yaml"));
        Outcome missing = iopath("reproduce", "qemu-cache-modes", "--scenarios", modes.toString());
        assertThat(missing.status()).isEqualTo(2);
        assertThat(missing.err()).contains("128k-rw.yaml: no such scenario file");
        Files.writeString(modes.resolve("guest.yaml"), "qemu:\n  aio: sometimes\nguest: {}\n");
        Files.writeString(dir.resolve("qemu-write-cache/128k-rw.yaml"), "jobs:\n  - {rw: randrw}\n");
        Outcome bad = iopath("reproduce", "qemu-cache-modes", "--scenarios", modes.toString());
        assertThat(bad.status()).isEqualTo(2);
        assertThat(bad.err().strip()).endsWith("guest.yaml:2:8: qemu.aio: expected one of threads, native, got 'sometimes'");
        // riska2007's options are not ignored by the other experiments
        for (List<String> other : List.of(List.of("qemu-write-cache", "--depths", "4"), List.of("qemu-cache-modes", "--set", "seed=2"),
                List.of("qemu-write-cache", "--scenario", "x.yaml"), List.of("qemu-write-cache", "--jobs", "2"))) {
            List<String> args = new ArrayList<>(List.of("reproduce"));
            args.addAll(other);
            Outcome o = iopath(args.toArray(String[]::new));
            assertThat(o.status()).as("%s", other).isEqualTo(2);
            assertThat(o.err().strip()).as("%s", other).isEqualTo("iopath: " + other.get(1) + ": only for "
                    + (other.get(1).equals("--jobs") ? "qemu-cache-modes and riska2007" : "riska2007") + ", not " + other.get(0));
        }
        Outcome what = iopath("reproduce", "qemu-cache");
        assertThat(what.status()).isEqualTo(2);
        assertThat(what.err()).contains("expected qemu-write-cache, qemu-cache-modes or riska2007");
    }
}
