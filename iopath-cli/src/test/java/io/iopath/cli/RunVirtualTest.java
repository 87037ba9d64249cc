package io.iopath.cli;

import static io.iopath.cli.CliRunner.iopath;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.iopath.cli.CliRunner.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunVirtualTest {
    @TempDir
    Path dir;

    private Path scenario() throws IOException {
        return Files.writeString(dir.resolve("guest.yaml"), """
                name: g
                drive: {preset: laptop-7200-250g, write_cache: on}
                power_failure: {at: 300ms}
                qemu: {cache: unsafe, volume: {size: 10g}}
                guest:
                  filesystem: {type: ext3, size: 256m, options: barrier=1}
                  jobs:
                    - {name: mail, rw: randwrite, bs: 4k, direct: 0, nrfiles: 4, filesize: 16k, fsync: 1,
                       runtime: 1s, time_based: 1}
                """);
    }

    @Test
    void runsAGuestAndReportsEachLevelsLosses() throws IOException {
        Outcome o = iopath("run", scenario().toString());
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).contains("virtual disk   virtio-blk, cache unsafe", "power failure  of the host at 0.300 s",
                "<- the guest's fsync was broken");
        Outcome json = iopath("run", scenario().toString(), "--json", "--set", "qemu.cache=writethrough");
        assertThat(json.status()).as(json.err()).isZero();
        JsonNode v = new ObjectMapper().readTree(json.out()).get("virtual_disk");
        assertThat(v.get("cache").asText()).isEqualTo("writethrough");
        assertThat(v.get("power_failure").get("guest_flushed_lost").asLong()).isZero();
        assertThat(v.get("completed_before_durable").asLong()).isZero();
        Outcome check = iopath("run", scenario().toString(), "--check");
        assertThat(check.out().strip()).isEqualTo("ok: 1 guest job(s) on virtio-blk, cache unsafe");
    }

    @Test
    void outputsAPlainRunWritesAreRefusedForNow() throws IOException {
        Outcome o = iopath("run", scenario().toString(), "--trace-out", dir.resolve("t.blk").toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).contains("--trace-out: not for a guest on a virtual disk yet");
        Outcome late = iopath("run", scenario().toString(), "--set", "power_failure.at=30s");
        assertThat(late.status()).isEqualTo(2);
        assertThat(late.err()).contains("power_failure.at: 30.000 s is after the run's end");
    }
}
