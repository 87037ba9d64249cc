package io.iopath.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fio's protection-information examples (examples/uring-cmd-pi-ext.fio, uring-cmd-pi-sb.fio,
 * xnvme-pi.fio at fio f5344384) run to the end, with their size cut from 1G / 100M to 8M so the
 * test is quick; xnvme-pi.fio with the engine its header's first command gives it.
 */
class FioProtectionInfoTest {
    private static final String OPTIONS = "size=8M\niodepth=32\npi_act=0\npi_chk=GUARD,APPTAG,REFTAG\napptag=0x0888\n"
            + "apptag_mask=0xFFFF\nthread=1\nstonewall=1\n\n[write]\nrw=write\n\n[read]\nrw=read\n";
    static final String EXT = "[global]\nfilename=/dev/ng0n1\nioengine=io_uring_cmd\ncmd_type=nvme\nbs=4160\n" + OPTIONS;
    static final String SB = "[global]\nfilename=/dev/ng0n1\nioengine=io_uring_cmd\ncmd_type=nvme\nbs=4096\nmd_per_io_size=64\n"
            + OPTIONS;
    static final String XNVME = "[global]\nbs=4K\nmd_per_io_size=64\n" + OPTIONS;

    private static JsonNode run(Path dir, String name, String text, String... options) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        String[] args = new String[options.length + 3];
        args[0] = "run";
        args[1] = f.toString();
        args[2] = "--output-format=json";
        System.arraycopy(options, 0, args, 3, options.length);
        CliRunner.Outcome o = CliRunner.run(args);
        assertThat(o.status()).as(o.err()).isZero();
        return new ObjectMapper().readTree(o.out());
    }

    @Test
    void theExtendedLbaFileMoves4160ByteIos(@TempDir Path dir) throws IOException {
        JsonNode j = run(dir, "uring-cmd-pi-ext.fio", EXT);
        // 8 MiB of 4160-byte blocks: 2016 whole IOs (8388608 / 4160 = 2016.5), each of 4160 bytes as fio counts them
        assertThat(j.at("/jobs/0/write/total_ios").asLong()).isEqualTo(2016);
        assertThat(j.at("/jobs/0/write/io_bytes").asLong()).isEqualTo(2016L * 4160);
        assertThat(j.at("/jobs/1/read/io_bytes").asLong()).isEqualTo(2016L * 4160);
    }

    @Test
    void theSeparateBufferFileRuns(@TempDir Path dir) throws IOException {
        JsonNode j = run(dir, "uring-cmd-pi-sb.fio", SB);
        assertThat(j.at("/jobs/0/write/io_bytes").asLong()).isEqualTo(8L << 20);
        assertThat(j.at("/jobs/1/read/io_bytes").asLong()).isEqualTo(8L << 20);
    }

    @Test
    void theXnvmeFileRunsWithItsHeadersEngine(@TempDir Path dir) throws IOException {
        JsonNode j = run(dir, "xnvme-pi.fio", XNVME, "--ioengine=xnvme", "--xnvme_async=io_uring_cmd", "--filename=/dev/ng0n1");
        assertThat(j.at("/jobs/1/read/io_bytes").asLong()).isEqualTo(8L << 20);
        // without an engine it is psync's, which has no md_per_io_size (fio: "Bad option")
        Path f = dir.resolve("xnvme-pi.fio");
        CliRunner.Outcome o = CliRunner.run("run", f.toString(), "--check");
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).contains("md_per_io_size: only applies with ioengine=io_uring, io_uring_cmd or xnvme");
    }

    @Test
    void theMetadataCostsBusTime(@TempDir Path dir) throws IOException {
        // the same reads with pi_act=1 (the controller inserts and strips the 8 bytes of PI) take less time each;
        // the disk's sequential stream is media-bound (the same runtime in ms), so the 8 bytes a sector show in
        // each read's completion: its data leaves the buffer behind the media, the last sector after it
        JsonNode with = run(dir, "a.fio", SB);
        JsonNode without = run(dir, "b.fio", SB.replace("pi_act=0", "pi_act=1"));
        assertThat(with.at("/jobs/1/read/clat_ns/mean").asDouble()).isGreaterThan(without.at("/jobs/1/read/clat_ns/mean").asDouble());
    }
}
