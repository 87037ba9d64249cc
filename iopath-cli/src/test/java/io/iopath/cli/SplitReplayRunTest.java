package io.iopath.cli;

import static io.iopath.cli.CliRunner.iopath;
import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.cli.CliRunner.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** iopath run --split-by-device: a row per trace device, their total, the same for any --jobs. */
class SplitReplayRunTest {
    @TempDir
    Path dir;

    private Path scenario() throws IOException {
        StringBuilder t = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            t.append(i * 2).append(".5 ").append(i % 2 == 0 ? 3 : 9).append(' ').append(7919L * i * i).append(" 8 1\n");
        }
        Path trace = Files.writeString(dir.resolve("two.ascii"), t.toString());
        return Files.writeString(dir.resolve("split.yaml"),
                "name: split\njobs:\n  - name: replay\n    read_iolog: " + trace + "\n");
    }

    @Test
    void printsARowPerDeviceAndTheTotalWhateverTheJobs() throws IOException {
        Path file = scenario();
        Outcome one = iopath("run", file.toString(), "--split-by-device", "--jobs", "1", "--out", dir.resolve("o").toString());
        Outcome two = iopath("run", file.toString(), "--split-by-device", "--jobs", "2");
        assertThat(one.status()).isZero();
        List<String> rows = one.out().lines().filter(l -> l.startsWith("| ") && !l.startsWith("| device")).toList();
        assertThat(rows).hasSize(3);
        assertThat(rows.get(0)).startsWith("| 3 | 20 |");
        assertThat(rows.get(1)).startsWith("| 9 | 20 |");
        assertThat(rows.get(2)).startsWith("| total | 40 |");
        assertThat(one.err()).contains("[1/2] device 3", "[2/2] device 9");
        assertThat(two.out()).isEqualTo(one.out().substring(0, one.out().indexOf("\nwrote ")));
        List<String> csv = Files.readAllLines(dir.resolve("o/results.csv"));
        assertThat(csv.get(0)).startsWith("device,scenario,");
        assertThat(csv).hasSize(1 + 2 * 6);
    }

    @Test
    void refusesWhatASplitCannotDo() throws IOException {
        Path file = scenario();
        Outcome jobs = iopath("run", file.toString(), "--jobs", "2");
        assertThat(jobs.status()).isEqualTo(2);
        assertThat(jobs.err()).contains("--jobs: only with --split-by-device");
        Outcome trace = iopath("run", file.toString(), "--split-by-device", "--trace-out", dir.resolve("t").toString());
        assertThat(trace.status()).isEqualTo(2);
        assertThat(trace.err()).contains("--trace-out: not available with --split-by-device");
        Outcome device = iopath("run", file.toString(), "--split-by-device", "--set", "jobs[0].replay_device=3");
        assertThat(device.status()).isEqualTo(2);
        assertThat(device.err()).contains("--split-by-device: jobs[0].replay_device is 3");
    }
}
