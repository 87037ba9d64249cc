package io.iopath.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fio's --section=NAME (init.c skip_this_section): only the named sections run, with every [global]. */
class FioSectionTest {
    /** xnvme-compare.fio's shape: a [default] section, and an [override] that needs ${FIO_RW}. */
    static final String FIO = """
            [global]
            rw=randread
            size=64m
            bs=4k
            direct=1
            number_ios=50
            filename=/dev/sdb
            [default]
            [override]
            rw=${FIO_RW}
            [other]
            number_ios=70
            """;

    private static Path file(Path dir) throws IOException {
        Path f = dir.resolve("sections.fio");
        Files.writeString(f, FIO);
        return f;
    }

    @Test
    void onlyTheNamedSectionRuns(@TempDir Path dir) throws IOException {
        CliRunner.Outcome o = CliRunner.run("run", file(dir).toString(), "--section=default", "--output-format=json");
        assertThat(o.status()).isZero();
        assertThat(o.out()).contains("\"jobname\" : \"default\"").doesNotContain("\"jobname\" : \"override\"")
                .doesNotContain("\"jobname\" : \"other\"");
    }

    @Test
    void theSectionsLeftOutAreNotRead(@TempDir Path dir) throws IOException {
        // without --section, [override]'s rw= (FIO_RW unset: empty, as fio) is refused
        CliRunner.Outcome all = CliRunner.run("run", file(dir).toString(), "--check");
        assertThat(all.status()).isEqualTo(2);
        assertThat(all.err()).contains("jobs[1].rw: expected one of");
    }

    @Test
    void itIsRepeatableAsFios(@TempDir Path dir) throws IOException {
        CliRunner.Outcome o = CliRunner.run("run", file(dir).toString(), "--section", "other", "--section", "default", "--check");
        assertThat(o.status()).isZero();
        assertThat(o.out()).contains("ok: 2 job(s)");
    }

    @Test
    void aSectionNotInTheFileIsAnError(@TempDir Path dir) throws IOException {
        CliRunner.Outcome o = CliRunner.run("run", file(dir).toString(), "--section=nosuch", "--check");
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).contains("expected a job section named nosuch (--section)");
        CliRunner.Outcome global = CliRunner.run("run", file(dir).toString(), "--section=global", "--check");
        assertThat(global.status()).isEqualTo(2);
        assertThat(global.err()).contains("can't use global as only section");
    }

    @Test
    void aScenarioHasNoSections(@TempDir Path dir) throws IOException {
        CliRunner.Outcome o = CliRunner.run("run", "--section=default", "--check");
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).contains("--section: only for a fio job file");
    }
}
