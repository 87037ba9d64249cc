package io.iopath.device.disk.disksim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.device.disk.geometry.LbnMapping;
import io.iopath.device.disk.geometry.SparingScheme;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * DiskSim's layout codes become the geometry's named schemes in the importer, and nowhere else.
 * The expected names follow DiskSim's src/disksim_diskmap.h ({@code #define NO_SPARING 0} ..
 * {@code SECTSPERZONE_SPARING_SLIPTOEND 10}, {@code LAYOUT_NORMAL 0} .. {@code LAYOUT_CYLSWITCHONSURF2 2}).
 */
class DiskSimCodesTest {
    @TempDir
    Path dir;

    private static final String MODEL = """
            dm_disk TEST {
               Number of data surfaces = 2,
               Number of cylinders = 100,
               Block count = 20000,
               Mechanical Model = dm_mech_g1 {
                  Access time type = trackSwitchPlusRotation,
                  Seek type = constant,
                  Constant seek time = 3.0,
                  Head switch time = 0.5,
                  Rotation speed (in rpms) = 7200,
                  Percent error in rpms = 0.0
               },
               Layout Model = dm_layout_g1 {
                  LBN-to-PBN mapping scheme = %d,
                  Sparing scheme used = %d,
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

    private DiskSimModel model(int mapping, int sparing) throws IOException {
        Path p = dir.resolve("t.model");
        Files.writeString(p, MODEL.formatted(mapping, sparing));
        return DiskSimFiles.loadModel(ParamSource.of(p));
    }

    @ParameterizedTest(name = "sparing {0} is {1}")
    @CsvSource({
        "0, NO_SPARING",
        "1, SPARE_TRACKS_PER_ZONE",
        "2, SPARE_SECTORS_PER_CYLINDER",
        "3, SPARE_SECTORS_PER_TRACK",
        "4, SPARE_SECTORS_PER_CYLINDER_SLIP_TO_ZONE_END",
        "5, SPARE_SECTORS_AT_CYLINDER_FRONT",
        "6, SPARE_SECTORS_AT_CYLINDER_FRONT_SLIP_TO_ZONE_END",
        "7, SPARE_SECTORS_AT_ZONE_END",
        "8, SPARE_SECTORS_PER_CYLINDER_RANGE",
        "9, SPARE_SECTORS_PER_ZONE",
        "10, SPARE_SECTORS_PER_ZONE_SLIP_TO_ZONE_END",
    })
    void eachSparingCodeNamesItsScheme(int code, SparingScheme expected) throws IOException {
        assertThat(model(0, code).layout().sparing()).isEqualTo(expected);
    }

    @ParameterizedTest(name = "mapping {0} is {1}")
    @CsvSource({"0, NORMAL", "1, SERPENTINE_FROM_ZONE_START", "2, SERPENTINE_BY_CYLINDER_NUMBER"})
    void eachMappingCodeNamesItsSurfaceOrder(int code, LbnMapping expected) throws IOException {
        assertThat(model(code, 0).layout().mapping()).isEqualTo(expected);
    }

    @Test
    void everySchemeHasOneCode() {
        assertThat(java.util.stream.IntStream.rangeClosed(0, 10).mapToObj(c -> DiskSimCodes.sparingScheme(c).orElseThrow())
                .distinct()).containsExactly(SparingScheme.values());
        assertThat(java.util.stream.IntStream.rangeClosed(0, 2).mapToObj(c -> DiskSimCodes.lbnMapping(c).orElseThrow())
                .distinct()).containsExactly(LbnMapping.values());
    }

    @Test
    void anUnknownSparingCodeIsAnImportErrorWithFileLineAndField() {
        assertThatThrownBy(() -> model(0, 11)).isInstanceOf(ParameterFileException.class)
                .hasMessage(dir.resolve("t.model") + ":15: Sparing scheme used: expected a sparing scheme 0..10, got 11");
        assertThatThrownBy(() -> model(0, -1)).isInstanceOf(ParameterFileException.class)
                .hasMessage(dir.resolve("t.model") + ":15: Sparing scheme used: expected a sparing scheme 0..10, got -1");
    }

    @Test
    void anUnknownMappingCodeIsAnImportErrorWithFileLineAndField() {
        assertThatThrownBy(() -> model(3, 0)).isInstanceOf(ParameterFileException.class)
                .hasMessage(dir.resolve("t.model") + ":14: LBN-to-PBN mapping scheme: expected a mapping scheme 0..2,"
                        + " got 3");
    }
}
