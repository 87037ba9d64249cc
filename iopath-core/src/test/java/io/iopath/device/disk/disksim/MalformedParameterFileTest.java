package io.iopath.device.disk.disksim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Malformed DiskSim input fails with {@code FILE:LINE: PARAMETER: expected …, got …}. */
class MalformedParameterFileTest {
    @TempDir
    Path dir;

    private static final String MODEL = """
            dm_disk TEST {
               Number of data surfaces = 2,
               Number of cylinders = 100,
               Block count = 20000,
               Mechanical Model = dm_mech_g1 {
                  Access time type = trackSwitchPlusRotation,
                  Seek type = %s,
                  Single cylinder seek time = 1.0,
                  Full strobe seek time = 10.0,
                  Constant seek time = 3.0,
                  Head switch time = 0.5,
                  Rotation speed (in rpms) = %s,
                  %s
                  Percent error in rpms = 0.0
               },
               Layout Model = dm_layout_g1 {
                  LBN-to-PBN mapping scheme = 0,
                  Sparing scheme used = 0,
                  Rangesize for sparing = 1,
                  Zones = [ dm_layout_g1_zone {
                        First cylinder number = 0, Last cylinder number = 99,
                        Blocks per track = 100, Offset of first block = 0,
                        Empty space at zone front = 0, Skew for track switch = 10,
                        Skew for cylinder switch = 20, Number of spares = 0,
                        slips = [ ], defects = [ ] } ]
               }
            }
            """;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private DiskSimModel model(String seekType, String rpm) throws IOException {
        return model(seekType, rpm, "Average seek time = 4.5,");
    }

    private DiskSimModel model(String seekType, String rpm, String extra) throws IOException {
        return DiskSimFiles.loadModel(ParamSource.of(write("t.model", MODEL.formatted(seekType, rpm, extra))));
    }

    @Test
    void parametersDiskSimKnowsButTheSeekModelDoesNotUseAreKept() throws IOException {
        DiskSimModel m = model("constant", "7200");
        assertThat(m.mechanics().seek()).isEqualTo(new DiskSimSeek.Constant(3.0));
        assertThat(m.mechanics().otherParameters()).containsEntry("Average seek time", "4.5");
        assertThat(model("linear", "7200").mechanics().seek()).isEqualTo(new DiskSimSeek.Linear(1.0, 4.5, 10.0));
    }

    @Test
    void aNameDiskSimDoesNotKnowIsAnError() {
        assertThatThrownBy(() -> model("constant", "7200", "Averag seek time = 4.5,"))
                .hasMessageEndingWith(":13: Averag seek time: expected a parameter DiskSim knows in dm_mech_g1,"
                        + " got an unknown name");
    }

    /** Found by InputFilesFuzzTest: a NUL in a file name used to escape as InvalidPathException. */
    @Test
    void aControlCharacterIsRefusedWithItsLine() {
        assertThatThrownBy(() -> DiskSimFiles.loadModel(ParamSource.of(write("c.model", "dm_disk T {\n source a\0b\n}"))))
                .isInstanceOf(ParameterFileException.class)
                .hasMessageEndingWith("c.model:2: expected text, got control character 0x00 (not a DiskSim parameter file?)");
    }

    @Test
    void aRepeatedParameterIsAnError() {
        assertThatThrownBy(() -> model("constant", "7200", "Head switch time = 0.4,"))
                .hasMessageEndingWith(":13: Head switch time: expected each parameter once, got a repeat");
    }

    @Test
    void badNumberNamesFileLineAndParameter() {
        assertThatThrownBy(() -> model("constant", "fast"))
                .isInstanceOf(ParameterFileException.class)
                .hasMessage(dir.resolve("t.model") + ":12: Rotation speed (in rpms): expected a number, got \"fast\"");
    }

    @Test
    void nonPositiveRpmIsRejected() {
        assertThatThrownBy(() -> model("constant", "0"))
                .hasMessageEndingWith(":12: Rotation speed (in rpms): expected a positive number, got \"0\"");
    }

    @Test
    void unknownSeekTypeIsRejected() {
        assertThatThrownBy(() -> model("quadratic", "7200"))
                .hasMessageEndingWith(":7: Seek type: expected constant, linear, curve, hpl, hplplus10 or extracted,"
                        + " got \"quadratic\"");
    }

    @Test
    void missingRequiredParameterNamesTheBlock() {
        assertThatThrownBy(() -> model("linear", "7200", ""))
                .hasMessageEndingWith(":5: Average seek time: expected this parameter in dm_mech_g1, got nothing");
    }

    @Test
    void missingEqualsIsASyntaxError() throws IOException {
        Path p = write("bad.model", "dm_disk X {\n  Number of data surfaces 2,\n}\n");
        assertThatThrownBy(() -> DiskSimFiles.loadModel(ParamSource.of(p)))
                .hasMessage(p + ":2: Number of data surfaces 2: expected \"=\", got \",\"");
    }

    @Test
    void unterminatedBlockReportsEndOfFile() throws IOException {
        Path p = write("open.diskspecs", "disksim_disk X {\n  Max queue length = 1,\n");
        assertThatThrownBy(() -> DiskSimFiles.loadDiskSpecs(ParamSource.of(p)))
                .hasMessage(p + ":3: disksim_disk X: expected a parameter name or \"}\", got end of file");
    }

    @Test
    void missingCommaBetweenParameters() throws IOException {
        Path p = write("comma.model", "dm_disk X {\n  Number of cylinders = 5\n  Block count = 7\n}\n");
        assertThatThrownBy(() -> DiskSimFiles.loadModel(ParamSource.of(p)))
                .hasMessage(p + ":3: Number of cylinders: expected \",\" or \"}\" after the value, got \"Block\"");
    }

    @Test
    void missingSourceFileNamesTheIncludingLine() throws IOException {
        Path p = write("x.parv", "# comment\nsource nowhere.diskspecs\n");
        assertThatThrownBy(() -> DiskSimFiles.parse(ParamSource.of(p)))
                .hasMessageStartingWith(p + ":2: source: expected an existing file, got ")
                .hasMessageContaining("nowhere.diskspecs");
    }

    @Test
    void includeCycleIsReported() throws IOException {
        write("a.parv", "source b.parv\n");
        Path b = write("b.parv", "source a.parv\n");
        assertThatThrownBy(() -> DiskSimFiles.parse(ParamSource.of(dir.resolve("a.parv"))))
                .hasMessageStartingWith(b + ":1: source: expected a file that does not include itself");
    }

    @Test
    void badSeekTableLine() throws IOException {
        Path p = write("t.seek", "Seek distances measured: 2\n1,\t0.5\n2,\tslow\n");
        assertThatThrownBy(() -> DiskSimFiles.loadSeekTable(ParamSource.of(p)))
                .hasMessage(p + ":3: seek point: expected a distance in cylinders and times in ms, got \"2,\tslow\"");
    }

    @Test
    void shortSeekTable() throws IOException {
        Path p = write("short.seek", "Seek distances measured: 3\n1, 0.5\n2, 0.7\n");
        assertThatThrownBy(() -> DiskSimFiles.loadSeekTable(ParamSource.of(p)))
                .hasMessageContaining("Seek distances measured: expected 3 points, got 2");
    }

    @Test
    void dualSeekTableReadsReadAndWriteColumns() throws IOException {
        Path p = write("dual.seek", "Seek distances measured: 1\n1, 0.5, 0.01, 0.7\n");
        assertThat(DiskSimFiles.loadSeekTable(ParamSource.of(p)).points())
                .containsExactly(new SeekTable.Point(1, 0.5, 0.7));
    }

    @Test
    void wrongFileKindIsRejected() throws IOException {
        Path p = write("drive.txt", "");
        assertThatThrownBy(() -> DiskSimFiles.load(p)).hasMessageContaining("expected a DiskSim .parv or .diskspecs");
    }
}
