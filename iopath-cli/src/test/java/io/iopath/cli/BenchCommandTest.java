package io.iopath.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchCommandTest {
    @TempDir
    Path dir;

    @Test
    void everyBadOptionIsRefusedBeforeTheFirstFigure() {
        String missing = dir.resolve("no.trace").toString();
        Map<List<String>, String> refusals = new LinkedHashMap<>();
        refusals.put(List.of("--requests", "-1"), "--requests: expected at least 1, got -1");
        refusals.put(List.of("--requests", "0"), "--requests: expected at least 1, got 0");
        refusals.put(List.of("--repeat", "0"), "--repeat: expected at least 1, got 0");
        refusals.put(List.of("--host-requests", "-5"), "--host-requests: expected at least 0 (0 skips it), got -5");
        refusals.put(List.of("--run-requests", "-1"), "--run-requests: expected at least 0 (0 skips it), got -1");
        refusals.put(List.of("--trace", missing), "--trace: " + missing + ": no such trace file");
        refusals.put(List.of("--trace-drive", "bogus"), "--trace-drive: expected a preset (");
        refusals.put(List.of("--drive", "bogus"), "--drive: expected a preset (");
        refusals.forEach((args, message) -> {
            List<String> all = new ArrayList<>(List.of("bench"));
            all.addAll(args);
            CliRunner.Outcome o = CliRunner.run(all.toArray(String[]::new));
            assertThat(o.status()).as("%s", args).isEqualTo(2);
            assertThat(o.out()).as("%s: nothing measured", args).isEmpty();
            assertThat(o.err()).as("%s", args).startsWith("iopath: " + message).hasLineCount(1);
        });
        CliRunner.Outcome o = CliRunner.run("bench", "trace", "--requests", "1000,0", "--dir", dir.toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.out()).isEmpty();
        assertThat(o.err().strip()).isEqualTo("iopath: --requests: expected trace lengths of at least 1, got 0");
    }

    @Test
    void benchTraceReplaysEveryGeneratedRequestAndCleansUp() throws Exception {
        CliRunner.Outcome o = CliRunner.run("bench", "trace", "--requests", "2000,5000", "--dir", dir.toString());
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).containsPattern("(?m)^ +2000 ").containsPattern("(?m)^ +5000 ");
        try (var files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
    }

    /** Issue 16 item 4 as a user checks it: the replay fits a small heap (docs/performance.md: 10 M requests in 64 MB). */
    @Test
    void benchTraceReplaysInAJvmOfItsOwnWithTheHeapGiven() throws Exception {
        CliRunner.Outcome o = CliRunner.run("bench", "trace", "--max-heap", "48m", "--requests", "3000", "--dir", dir.toString());
        assertThat(o.status()).as(o.out() + o.err()).isZero();
        assertThat(o.out()).containsPattern("max heap (4[0-9]) MiB").containsPattern("(?m)^ +3000 ");
        // a child JVM that fails (here: a heap no machine can reserve) fails the command, its row says so
        CliRunner.Outcome refused = CliRunner.run("bench", "trace", "--max-heap", "999999999g", "--requests", "3000",
                "--dir", dir.toString());
        assertThat(refused.status()).as(refused.out() + refused.err()).isEqualTo(1);
        assertThat(refused.out()).containsPattern("(?m)^ +3000 failed under -Xmx999999999g");
        assertThat(CliRunner.run("bench", "trace", "--max-heap", "lots").err())
                .isEqualTo("iopath: --max-heap: expected a size such as 64m, got 'lots'\n");
        // no larger than the launcher's young generation (-Xmn8m): refused before any JVM starts
        CliRunner.Outcome tooSmall = CliRunner.run("bench", "trace", "--max-heap", "8192k", "--requests", "3000");
        assertThat(tooSmall.status()).isEqualTo(2);
        assertThat(tooSmall.err()).isEqualTo("iopath: --max-heap: expected more than 8m (the launcher holds the young"
                + " generation at 8m, -Xmn8m), got '8192k'\n");
    }

    /**
     * (f): a fresh JVM per run, timed; the test's class path is not one jar, so no archive is used.
     * (g): the split replay of a generated 14-device trace, every request replayed.
     * (h): a whole {@code iopath run} in a fresh JVM, timed, its scenario file removed after.
     */
    @Test
    void benchTimesStartUpInFreshJvms() throws Exception {
        long before = benchRunDirectories();
        CliRunner.Outcome o = CliRunner.run("bench", "--trace", "none", "--requests", "2000",
                "--repeat", "1", "--trace-requests", "0", "--host-requests", "0", "--startup-runs", "3",
                "--split-requests", "3000", "--run-requests", "2000");
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).containsPattern("(?m)^\\(g\\) split replay of a generated 3,000-request ascii trace over 14 devices"
                + " \\(hp_c2249a each, [0-9]+ threads; read, split, simulated, results\\): [0-9.]+ s, [0-9,]+ requests/s$");
        assertThat(o.out()).containsPattern(
                "(?m)^\\(f\\) start-up, `--version` in a fresh JVM \\(no class-data archive\\): median [0-9]+ ms of 3 \\([0-9]+-[0-9]+ ms\\)$");
        assertThat(o.out()).containsPattern("(?m)^\\(h\\) 2,000 requests of \\(e\\)'s shape with all reads as a whole `iopath run`"
                + " in a fresh JVM \\(no class-data archive\\): median [0-9.]+ s of 1 \\([0-9.]+-[0-9.]+ s\\), [0-9,]+ requests per wall second$");
        assertThat(benchRunDirectories()).as("(h)'s scenario directory removed").isEqualTo(before);
    }

    private static long benchRunDirectories() throws java.io.IOException {
        try (var files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return files.filter(p -> p.getFileName().toString().startsWith("iopath-bench-run")).count();
        }
    }
}
