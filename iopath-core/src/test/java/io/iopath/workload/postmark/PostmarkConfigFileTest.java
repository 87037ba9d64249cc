package io.iopath.workload.postmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.workload.postmark.PostmarkConfig.Location;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Postmark's commands, its defaults, and iopath's file:line errors where Postmark would go on. */
class PostmarkConfigFileTest {
    static PostmarkConfig only(String text) {
        List<PostmarkScript.Run> runs = PostmarkConfigFile.parse("t.pmrc", text).runs();
        assertThat(runs).hasSize(1);
        return runs.get(0).config();
    }

    @Test
    void defaultsArePostmarks() {
        PostmarkConfig c = only("run\n");
        assertThat(c).isEqualTo(PostmarkConfig.DEFAULTS);
        assertThat(c.fileSizeLow()).isEqualTo(500);
        assertThat(c.fileSizeHigh()).isEqualTo(10_000);
        assertThat(c.simultaneous()).isEqualTo(500);
        assertThat(c.transactions()).isEqualTo(500);
        assertThat(c.seed()).isEqualTo(42);
        assertThat(c.readBlockSize()).isEqualTo(512);
        assertThat(c.writeBlockSize()).isEqualTo(512);
        assertThat(c.biasRead()).isEqualTo(5);
        assertThat(c.biasCreate()).isEqualTo(5);
        assertThat(c.bufferedIo()).isTrue();
        assertThat(c.subdirectories()).isZero();
        assertThat(c.locations()).isEmpty();
        assertThat(c.report()).isEqualTo(PostmarkConfig.Report.VERBOSE);
    }

    @Test
    void everySetCommand() {
        PostmarkConfig c = only("""
                set size 100 2000
                set number 7
                set seed 9
                set transactions 30
                set subdirectories 4
                set read 1024
                set write 2048
                set buffering false
                set bias read -1
                set bias create 10
                set report terse
                set location a 2
                set location +b
                run
                """);
        assertThat(c).isEqualTo(new PostmarkConfig(100, 2000, 7, 9, 30, 4, 1024, 2048, -1, 10, false,
                PostmarkConfig.Report.TERSE, List.of(new Location("a", 2), new Location("b", 1))));
    }

    @Test
    void sizeWithOneBoundOrAHighBelowTheLowIsFixed() {
        assertThat(only("set size 700\nrun").fileSizeHigh()).isEqualTo(700);
        assertThat(only("set size 700 300\nrun").fileSizeHigh()).isEqualTo(700);
    }

    @Test
    void locationReplacesAddsAndRemoves() {
        PostmarkConfig c = only("set location x\nset location y 3\nset location +z 2\nset location +w\nset location -z\nrun");
        assertThat(c.locations()).containsExactly(new Location("y", 3), new Location("w", 1));
        assertThat(c.totalWeight()).isEqualTo(4);
        // the same name twice: '-' removes the first (delete_location stops at the first match)
        assertThat(only("set location a 1\nset location +b\nset location +a 3\nset location -a\nrun").locations())
                .containsExactly(new Location("b", 1), new Location("a", 3));
    }

    @Test
    void eachRunTakesTheConfigurationOfItsLineAndQuitEndsTheFile() {
        PostmarkScript s = PostmarkConfigFile.parse("t.pmrc", """
                # comments and blank lines are skipped

                set number 10
                show
                run
                set number 20
                run report.txt
                quit
                set number 30
                run
                """);
        assertThat(s.commands()).hasSize(3);
        assertThat(s.commands().get(0)).isInstanceOf(PostmarkScript.Show.class);
        assertThat(s.runs()).extracting(r -> r.config().simultaneous()).containsExactly(10, 20);
        assertThat(s.runs()).extracting(PostmarkScript.Run::where).containsExactly("t.pmrc:5", "t.pmrc:7");
        assertThat(s.runs().get(1).reportFile()).isEqualTo("report.txt");
    }

    @Test
    void loadReadsAFileBesideTheLoaderAndItsQuitEndsOnlyThatFile(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("common.pmrc"), "set number 12\nquit\nset number 99\n");
        Files.writeString(dir.resolve("main.pmrc"), "load common.pmrc\nset transactions 40\nrun\n");
        PostmarkScript s = PostmarkConfigFile.read(dir.resolve("main.pmrc"));
        assertThat(s.runs()).singleElement().satisfies(r -> {
            assertThat(r.config().simultaneous()).isEqualTo(12);
            assertThat(r.config().transactions()).isEqualTo(40);
        });
    }

    @Test
    void aFileLoadingItselfIsAnError(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("loop.pmrc"), "load loop.pmrc\n");
        assertThatThrownBy(() -> PostmarkConfigFile.read(dir.resolve("loop.pmrc")))
                .isInstanceOf(PostmarkConfigException.class).hasMessageContaining("deep");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "set seed 0|t.pmrc:2: set seed: seed must be at least 1, got 0",
            "set number -5|t.pmrc:2: set number: number of files must be at least 1, got -5",
            "set transactions 12abc|t.pmrc:2: set transactions: expected a whole number, got '12abc'",
            "set bias read 11|t.pmrc:2: set bias read: expected 0..10 (-1 disables), got 11",
            "set buffering yes|t.pmrc:2: set buffering: expected true or false",
            "set report short|t.pmrc:2: set report: expected verbose or terse",
            "set location -nowhere|t.pmrc:2: set location: cannot find location 'nowhere'",
            "set location a 0|t.pmrc:2: set location: weight must be at least 1, got 0",
            "set colour blue|t.pmrc:2: set: unknown parameter 'colour'",
            "frobnicate|t.pmrc:2: unknown command 'frobnicate' (expected set, run, show, load, help or quit)",
            "!rm -rf /|t.pmrc:2: shell escapes ('!rm -rf /') are not run",
            "set transactions 9|t.pmrc:3: run: transactions 9 is below 10, where Postmark 1.5 dies of a division"
                    + " by zero (it prints a dot every transactions/10); set transactions 10 or more",
    })
    void badLinesNameFileAndLine(String line, String message) {
        assertThatThrownBy(() -> PostmarkConfigFile.parse("t.pmrc", "set number 5\n" + line + "\nrun\n"))
                .isInstanceOf(PostmarkConfigException.class).hasMessage(message);
    }

    /** Three {@code show}s of the real binary (run in /tmp/pm/s), every branch of its layout. */
    @Test
    void showPrintsWhatTheRealBinaryPrints() throws IOException {
        PostmarkScript s = PostmarkConfigFile.parse("show.pmrc", PostmarkSequenceTest.resource("show.pmrc"));
        StringBuilder shown = new StringBuilder();
        for (PostmarkScript.Command c : s.commands()) {
            shown.append(PostmarkShow.text(c.config(), "/tmp/pm/s"));
        }
        assertThat(shown).hasToString(PostmarkSequenceTest.resource("show.out"));
    }

    /** Found by InputFilesFuzzTest: a NUL in a loaded file's name used to escape as InvalidPathException. */
    @Test
    void loadOfANameNoFileCanHaveIsAConfigurationError() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> PostmarkConfigFile.parse("x.pmrc", "load a\0b\n"))
                .isInstanceOf(PostmarkConfigException.class)
                .hasMessage("x.pmrc:1: load: expected a file name, got one holding a NUL character");
    }
}
