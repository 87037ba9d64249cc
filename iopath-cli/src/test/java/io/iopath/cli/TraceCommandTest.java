package io.iopath.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TraceCommandTest {
    @TempDir
    Path dir;

    /** One malformed line per reader: one line on stderr naming FILE:LINE, exit status 2. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "ascii    | 1 0 0 8 1\\n2 0 0 8 q",
            "validate | R Hit 1 2 3 4\\nR Hit 1 2 3 q",
            "msr      | 1,h,0,Read,0,512,1\\n2,h,0,Read,0,512,q",
            "spc      | 0,1,512,r,0.1\\n0,1,512,r,q",
            "blkparse | 8,0 0 1 0.000000001 1 D W 1 + 8 [x]\\n8,0 0 2 0.000000002 1 D W q + 8 [x]",
            "iolog2   | fio version 2 iolog\\nf read 0 q",
            "iolog3   | fio version 3 iolog\\n1 f read 0 q"})
    void malformedLineExitsWithStatus2(String format, String text) throws IOException {
        Path file = dir.resolve("bad." + format.strip());
        Files.writeString(file, text.strip().replace("\\n", "\n") + "\n");
        CliRunner.Outcome o = CliRunner.run("trace", "stat", file.toString(), "--format", format.strip());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).startsWith("iopath: " + file + ":2: ").doesNotContain("Exception").hasLineCount(1);
    }

    @Test
    void statAndConvertThroughGzip() throws IOException {
        Path ascii = dir.resolve("a.trace");
        Files.writeString(ascii, "0.5 0 0 8 1\n1.5 0 8 8 1\n2.0 0 100 16 0\n");
        CliRunner.Outcome stat = CliRunner.run("trace", "stat", ascii.toString());
        assertThat(stat.status()).isZero();
        assertThat(stat.out()).contains("(ascii)", "requests   3: 2 reads, 1 writes", "sequential 33.3 %");
        Path gz = dir.resolve("a.iolog.gz");
        assertThat(CliRunner.run("trace", "convert", ascii.toString(), "--to", "iolog", "-o", gz.toString()).status()).isZero();
        CliRunner.Outcome back = CliRunner.run("trace", "convert", gz.toString(), "--to", "ascii");
        assertThat(back.out()).isEqualTo("0.500000 0 0 8 1\n1.500000 0 8 8 1\n2.000000 0 100 16 0\n");
    }

    /**
     * A hand-made ascii trace: a sequential writer (8-sector writes at 0, 8, … 72) alone, then with
     * a random reader's IO between each two writes. Its ten writes are one run of contiguous
     * requests: nine of them continue it, whether or not the reads come between (the single
     * previous IO gave 0 % for the second trace).
     */
    @Test
    void sequentialShareCountsARunOfContiguousRequests() throws IOException {
        StringBuilder alone = new StringBuilder();
        StringBuilder mixed = new StringBuilder();
        long[] randomBlocks = {900_000, 31_337, 4_000_000, 77_777, 2_500_000, 123_456, 3_141_592, 55_555, 1_000_001, 600_000};
        for (int i = 0; i < 10; i++) {
            alone.append(i).append(".0 0 ").append(8 * i).append(" 8 0\n");
            mixed.append(i).append(".0 0 ").append(8 * i).append(" 8 0\n");
            mixed.append(i).append(".5 0 ").append(randomBlocks[i]).append(" 8 1\n");
        }
        Path a = dir.resolve("alone.trace");
        Path m = dir.resolve("mixed.trace");
        Files.writeString(a, alone);
        Files.writeString(m, mixed);
        assertThat(CliRunner.run("trace", "stat", a.toString()).out()).contains("sequential 90.0 %");
        assertThat(CliRunner.run("trace", "stat", m.toString()).out()).contains("requests   20: 10 reads, 10 writes",
                "sequential 45.0 %");
    }

    @Test
    void unknownFormatNameIsBadInput() throws IOException {
        Path ascii = dir.resolve("a.trace");
        Files.writeString(ascii, "0.5 0 0 8 1\n");
        CliRunner.Outcome o = CliRunner.run("trace", "convert", ascii.toString(), "--to", "csv");
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).contains("--to: expected one of ascii");
    }

    @Test
    void aFileWithoutLineEndsIsRefusedNotReadWhole() throws IOException {
        // readLine used to hold the whole line: a 100 MB one ran a 64 MB heap out of memory
        Path one = dir.resolve("one-line.ascii");
        Files.writeString(one, "0.5 0 0 8 1\n" + "1".repeat(200_000));
        CliRunner.Outcome o = CliRunner.run("trace", "stat", one.toString(), "--format", "ascii");
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).isEqualTo("iopath: " + one + ":2: cannot read: a line longer than 65536 characters: not a text trace"
                + " (binary data, or a file without line ends?)\n");
    }
}
