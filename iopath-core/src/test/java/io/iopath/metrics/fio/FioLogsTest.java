package io.iopath.metrics.fio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fio 3.33's log lines (iolog.c flush_samples; stat.c add_log_sample / __add_samples). */
class FioLogsTest {
    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    @Test
    void everyIoIsAnEntryWithoutLogAvgMsec() throws IOException {
        FioLogs logs = new FioLogs(new FioLogs.Config("a", "a", "a", 0, false, false), dir, 3);
        logs.completed(0, 0, 2 * MS, 4096, 8192, 10 * MS + 5, 5, false);
        logs.completed(1, 0, 500_000, 8192, 0, 12 * MS, 5, true);
        logs.finish(12 * MS);
        logs.commit();
        logs.close();
        // bw: bytes * 1e6 / clat_ns (add_bw_sample); time: ms since the epoch; prio column: 1 for real time
        assertThat(Files.readAllLines(dir.resolve("a_bw.3.log"))).containsExactly("10, 2048, 0, 4096, 0", "11, 16384, 1, 8192, 1");
        assertThat(Files.readAllLines(dir.resolve("a_iops.3.log"))).containsExactly("10, 1, 0, 4096, 0", "11, 1, 1, 8192, 1");
        assertThat(Files.readAllLines(dir.resolve("a_clat.3.log"))).containsExactly("10, 2000000, 0, 4096, 0", "11, 500000, 1, 8192, 1");
        assertThat(Files.readAllLines(dir.resolve("a_slat.3.log"))).isEmpty(); // a sync engine has no slat
    }

    @Test
    void logOffsetAddsTheOffsetColumn() throws IOException {
        FioLogs logs = new FioLogs(new FioLogs.Config(null, "o", null, 0, true, true), dir, 1);
        logs.completed(0, 1000, 2000, 4096, 8192, MS, 0, false);
        logs.commit();
        logs.close();
        assertThat(Files.readAllLines(dir.resolve("o_lat.1.log"))).containsExactly("1, 3000, 0, 4096, 8192, 0");
        assertThat(Files.readAllLines(dir.resolve("o_slat.1.log"))).containsExactly("1, 1000, 0, 4096, 8192, 0");
        assertThat(Files.exists(dir.resolve("o_bw.1.log"))).isFalse();
    }

    @Test
    void averagedLogsAreWindowsOfLogAvgMsec() throws IOException {
        FioLogs logs = new FioLogs(new FioLogs.Config("b", "b", "b", 100, false, false), dir, 1);
        // 10 reads of 4 KiB in the first 100 ms, none in the second, 5 in the third, then one at 350 ms
        for (int i = 0; i < 10; i++) {
            logs.completed(0, 0, (i + 1) * MS, 4096, 0, (i * 10 + 1) * MS, 0, false);
        }
        for (int i = 0; i < 5; i++) {
            logs.completed(0, 0, 3 * MS, 4096, 0, (200 + i * 10) * MS, 0, false);
        }
        logs.completed(0, 0, 3 * MS, 4096, 0, 350 * MS, 0, false);
        logs.finish(350 * MS);
        logs.commit();
        logs.close();
        // 40 KiB in 100 ms = 400 KiB/s; a window without IO has no entry; the partial last window none
        assertThat(Files.readAllLines(dir.resolve("b_bw.1.log"))).containsExactly("100, 400, 0, 0, 0", "300, 200, 0, 0, 0");
        assertThat(Files.readAllLines(dir.resolve("b_iops.1.log"))).containsExactly("100, 100, 0, 0, 0", "300, 50, 0, 0, 0");
        // latencies: the mean of a window's samples at the sample that closed it, that sample
        // included (fio adds, then checks): (1 + … + 10 + 3) ms / 11 at 200 ms; then 210 … 240 and 350
        List<String> clat = Files.readAllLines(dir.resolve("b_clat.1.log"));
        assertThat(clat).containsExactly("200, 5272727, 0, 0, 0", "350, 3000000, 0, 0, 0");
    }
}
