package io.iopath.cli;

import static io.iopath.cli.CliRunner.iopath;
import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.cli.CliRunner.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** "did you mean …?" for a misspelt option, scenario key, scheduler and drive preset. */
class DidYouMeanTest {
    @TempDir
    Path dir;

    @Test
    void aMisspeltOption() {
        Outcome o = iopath("run", "--intervall", "1s");
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).contains("did you mean '--interval'?").hasLineCount(1);
    }

    @Test
    void aMisspeltScenarioKeyAndScheduler() throws Exception {
        Path s = dir.resolve("s.yaml");
        Files.writeString(s, "name: s\nhost:\n  queue_dpeth: 4\njobs:\n  - {rw: randread, number_ios: 10}\n");
        Outcome o = iopath("run", s.toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).contains("unknown key (did you mean 'queue_depth'?); expected one of").hasLineCount(1);
        Outcome sched = iopath("run", "--set", "host.scheduler=dealine", "--set", "jobs[0].number_ios=10");
        assertThat(sched.status()).isEqualTo(2);
        assertThat(sched.err()).contains("did you mean 'deadline'?").hasLineCount(1);
    }

    @Test
    void aMisspeltDrivePreset() {
        Outcome o = iopath("run", "--drive", "atlas10", "--set", "jobs[0].number_ios=10");
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).contains("did you mean 'atlas10k'?").hasLineCount(1);
    }
}
