package io.iopath.device.disk.disksim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.iopath.device.disk.geometry.LbnMapping;
import io.iopath.device.disk.geometry.SparingScheme;
import io.iopath.device.disk.presets.DiskSimPresets;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Every bundled DiskSim file parses; values agree with disk-drive.md §13.3–13.4. */
class DiskSimFilesTest {

    static Stream<String> bundled(String extension) throws IOException, URISyntaxException {
        Path dir = Path.of(DiskSimFilesTest.class.getResource("/io/iopath/device/disk/presets/disksim/atlas10k.parv").toURI())
                .getParent();
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(extension)).sorted().toList()
                    .stream();
        }
    }

    static Stream<String> parvFiles() throws Exception {
        // mems* need a file DiskSim did not ship; synthsimpledisk uses disksim_simpledisk, not a disk.
        return bundled(".parv").filter(n -> !n.startsWith("mems.") && !n.equals("synthsimpledisk.parv"));
    }

    static Stream<String> diskspecsFiles() throws Exception {
        return bundled(".diskspecs");
    }

    static Stream<String> modelFiles() throws Exception {
        return bundled(".model");
    }

    static Stream<String> seekFiles() throws Exception {
        return bundled(".seek");
    }

    @ParameterizedTest
    @MethodSource("parvFiles")
    void everyParvParsesWithItsDisks(String name) {
        DiskSimConfig config = DiskSimFiles.loadConfig(DiskSimPresets.file(name));
        assertThat(config.drivers()).isNotEmpty();
        assertThat(config.diskInstances()).isNotEmpty();
        for (String instance : config.diskInstances()) {
            assertThat(config.disks()).containsKey(config.typeOf(instance).orElseThrow());
        }
    }

    @Test
    void memsConfigurationsNameTheMissingDeviceFile() {
        // mems*.parv source memsdevices.specs, which the DiskSim data folder does not ship.
        assertThatThrownBy(() -> DiskSimFiles.loadConfig(DiskSimPresets.file("mems.g1.parv")))
                .isInstanceOf(ParameterFileException.class)
                .hasMessageStartingWith("preset:mems.g1.parv:112: source: expected an existing file")
                .hasMessageContaining("memsdevices.specs");
    }

    @ParameterizedTest
    @MethodSource("diskspecsFiles")
    void everyDiskspecsParses(String name) {
        List<DiskSimDisk> disks = DiskSimFiles.loadDiskSpecs(DiskSimPresets.file(name));
        assertThat(disks).hasSize(1);
        DiskSimDisk d = disks.get(0);
        assertThat(d.model().layout().zones()).isNotEmpty();
        assertThat(d.maxQueueLength()).isEqualTo(1);
        assertThat(d.scheduler().policy()).isEqualTo(SchedulingPolicy.FCFS);
    }

    @ParameterizedTest
    @MethodSource("modelFiles")
    void everyModelParsesWithOrderedZones(String name) {
        // The files are kept as shipped: several leave one-cylinder gaps between zones
        // (cheetah4LP: 0..1343, 1345..2448) and hp_c2490a_validate's last zone ends at cylinder
        // 2629 of 2629; the drive model decides what to make of that.
        DiskSimModel m = DiskSimFiles.loadModel(DiskSimPresets.file(name));
        List<DiskSimZone> zones = m.layout().zones();
        assertThat(zones.get(0).firstCylinder()).isZero();
        for (int i = 1; i < zones.size(); i++) {
            assertThat(zones.get(i).firstCylinder()).isBetween(zones.get(i - 1).lastCylinder() + 1,
                    zones.get(i - 1).lastCylinder() + 2);
        }
        assertThat(zones.get(zones.size() - 1).lastCylinder()).isBetween(m.cylinders() - 1, m.cylinders());
    }

    @ParameterizedTest
    @MethodSource("seekFiles")
    void everySeekTableParsesWithIncreasingDistances(String name) {
        SeekTable t = DiskSimFiles.loadSeekTable(DiskSimPresets.file(name));
        assertThat(t.points()).isNotEmpty();
        for (int i = 1; i < t.points().size(); i++) {
            assertThat(t.points().get(i).distance()).isGreaterThan(t.points().get(i - 1).distance());
        }
    }

    @Test
    void presetsCoverEveryDriveOfTheDataFolder() {
        assertThat(DiskSimPresets.names()).containsExactlyInAnyOrder("atlas10k", "atlas_III", "barracuda",
                "cheetah4LP", "cheetah9LP", "dec_rz26", "hp_c2247a", "hp_c2249a", "hp_c2490a", "hp_c3323a", "ibm18es",
                "st41601n");
        for (String preset : DiskSimPresets.names()) {
            assertThat(DiskSimPresets.load(preset).disk().model().blockCount()).isPositive();
        }
    }

    /** disk-drive.md §13.3 (surfaces, cylinders, blocks, zones, spt OD..ID, rpm, head switch, settle). */
    @ParameterizedTest
    @CsvSource({
        "atlas_III,  10, 8057,  17783250, 9,  256, 168, 7200,  0.999, 0,      EXTRACTED, 117",
        "barracuda,  5,  5172,  4110000,  11, 186, 119, 7200,  0.100, 0,      EXTRACTED, 87",
        "cheetah4LP, 8,  6581,  8887200,  7,  195, 131, 10033, 0.195, 0,      EXTRACTED, 103",
        "cheetah9LP, 12, 6962,  17783240, 11, 254, 167, 10045, 0.030, 0.461,  EXTRACTED, 106",
        "ibm18es,    5,  11474, 17916240, 55, 390, 247, 7200,  0.062, 0.126,  EXTRACTED, 151",
        "atlas10k,   6,  10042, 17938986, 24, 334, 229, 10025, 0.176, 0.487,  EXTRACTED, 138",
        "hp_c2247a,  13, 2051,  2054864,  8,  96,  56,  5400,  0.890, 0.650,  HPL_PLUS_10, 0",
        "hp_c2249a,  17, 2051,  2687632,  8,  96,  56,  5400,  0.890, 0.650,  HPL_PLUS_10, 0",
        "hp_c2490a,  18, 2629,  4165272,  11, 108, 68,  6398,  0.992, -0.642, EXTRACTED, 0",
        "hp_c3323a,  7,  2982,  2056008,  8,  120, 72,  5396,  0.650, 0.070,  EXTRACTED, 0",
        "dec_rz26,   14, 2599,  2050860,  1,  58,  58,  5360,  0.865, -0.483, EXTRACTED, 0",
        "st41601n,   17, 2098,  2676846,  14, 85,  61,  5397,  0,     0,      EXTRACTED, 0",
    })
    void mechanicsAndLayoutMatchTheSpecTable(String preset, int surfaces, int cylinders, long blocks, int zones,
            int sptOuter, int sptInner, double rpm, double headSwitch, double settle, SeekType seek, int seekPoints) {
        DiskSimModel m = DiskSimPresets.load(preset).disk().model();
        assertThat(m.surfaces()).isEqualTo(surfaces);
        assertThat(m.cylinders()).isEqualTo(cylinders);
        assertThat(m.blockCount()).isEqualTo(blocks);
        assertThat(m.layout().zones()).hasSize(zones);
        assertThat(m.layout().zones().get(0).blocksPerTrack()).isEqualTo(sptOuter);
        assertThat(m.layout().zones().get(zones - 1).blocksPerTrack()).isEqualTo(sptInner);
        assertThat(m.mechanics().rpm()).isEqualTo(rpm);
        assertThat(m.mechanics().headSwitchMs()).isCloseTo(headSwitch, within(1e-9));
        assertThat(m.mechanics().writeSettleMs()).isCloseTo(settle, within(1e-9));
        assertThat(m.mechanics().seek().type()).isEqualTo(seek);
        if (seekPoints > 0) {
            assertThat(((DiskSimSeek.Extracted) m.mechanics().seek()).table().points()).hasSize(seekPoints);
        }
    }

    /** disk-drive.md §13.4: bulk transfer, segments, read-ahead, fast write level, overhead matrix. */
    @ParameterizedTest
    @CsvSource({
        "atlas_III,  0.106, 6,  64,  4, 64,  2, 0.374,   0.335,   0,       0,       0.414,   0.396,   0.47828, 0.5002",
        "barracuda,  0.134, 3,  281, 3, 281, 1, 0.082,   0.596,   0.61307, 0.56813, 1.010,   0.9291,  1.05363, 0.8156",
        "cheetah4LP, 0.106, 3,  282, 3, 282, 1, 0.068,   0.309,   0.60773, 0.56883, 0.474,   0.095,   0.43133, 0.53776",
        "cheetah9LP, 0.105, 3,  561, 4, 561, 2, 0.066,   0.273,   0.28362, 0.08673, 0.748,   0.500,   0.90692, 0.8964",
        "ibm18es,    0.101, 7,  511, 3, 511, 2, 0.082,   0.121,   0.25229, 0.42386, 0.083,   0.1852,  0.49386, 0.79329",
        "atlas10k,   0.099, 10, 374, 4, 354, 2, 0.184,   0.184,   0,       0,       0.186,   0.189,   0.34492, 0.49673",
        "hp_c2247a,  0,     2,  256, 3, 128, 0, 0.95343, 0.95343, 0.55821, 0.55821, 0.82391, 0.82391, 0.82391, 0.82391",
        "hp_c2490a,  0,     1,  256, 3, 128, 0, 1.419,   0,       3.616,   2.275,   3.283,   0.82391, 3.283,   0.82391",
        "hp_c3323a,  0,     2,  512, 3, 256, 0, 0.348,   1.387,   2.502,   2.502,   3.290,   2.920,   3.290,   2.920",
        "dec_rz26,   0,     10, 57,  1, 57,  0, 1.229,   1.143,   1.489,   1.489,   2.167,   1.942,   2.167,   1.942",
        "st41601n,   0,     1,  384, 3, 384, 0, 0.896,   0.506,   1.433,   1.433,   2.059,   1.404,   2.059,   1.404",
    })
    void firmwareMatchesTheSpecTable(String preset, double bulk, int segments, int segmentBlocks, int readAhead,
            int maxReadAhead, int fastWrite, double rhr, double rhw, double rmr, double rmw, double whr, double whw,
            double wmr, double wmw) {
        DiskSimDisk d = DiskSimPresets.load(preset).disk();
        assertThat(d.bus().bulkSectorTransferMs()).isCloseTo(bulk, within(1e-9));
        assertThat(d.cache().segments()).isEqualTo(segments);
        assertThat(d.cache().segmentSizeBlocks()).isEqualTo(segmentBlocks);
        assertThat(d.cache().readAhead().mode().code()).isEqualTo(readAhead);
        assertThat(d.cache().readAhead().maximumBlocks()).isEqualTo(maxReadAhead);
        assertThat(d.cache().writes().fastWriteLevel().code()).isEqualTo(fastWrite);
        OverheadMatrix o = d.overheads();
        assertThat(new double[] {o.ms(false, true, false), o.ms(false, true, true), o.ms(false, false, false),
            o.ms(false, false, true), o.ms(true, true, false), o.ms(true, true, true), o.ms(true, false, false),
            o.ms(true, false, true)}).containsExactly(new double[] {rhr, rhw, rmr, rmw, whr, whw, wmr, wmw},
                within(1e-9));
    }

    @Test
    void atlas10kDetails() {
        DiskSimDrive drive = DiskSimPresets.load("atlas10k");
        assertThat(drive.instance()).isEqualTo("disk0");
        DiskSimDisk d = drive.disk();
        assertThat(d.name()).isEqualTo("QUANTUM_TORNADO_validate");
        assertThat(d.cache().immediateBufferRead()).isTrue();
        assertThat(d.cache().immediateBufferWrite()).isTrue();
        assertThat(d.cache().readAhead().mode()).isEqualTo(ReadAheadMode.TRACK_AHEAD_OF_STREAM);
        assertThat(d.cache().writes().fastWriteLevel()).isEqualTo(FastWriteLevel.WRITE_BACK_MIXED);
        assertThat(d.avgSectorsPerCylinder()).isEqualTo(1786);
        assertThat(d.otherParameters()).containsEntry("Print stats", "1");
        DiskSimModel m = d.model();
        assertThat(m.layout().mapping()).isEqualTo(LbnMapping.SERPENTINE_FROM_ZONE_START);
        assertThat(m.layout().sparing()).isEqualTo(SparingScheme.SPARE_SECTORS_PER_ZONE);
        DiskSimZone z0 = m.layout().zones().get(0);
        assertThat(z0.lastCylinder()).isEqualTo(432);
        assertThat(z0.trackSkew()).isEqualTo(63.0);
        assertThat(z0.cylinderSkew()).isEqualTo(113.0);
        assertThat(z0.spares()).isEqualTo(89);
        assertThat(z0.slips()).containsExactly(55017L, 358148L, 394564L, 420533L, 483742L);
        assertThat(m.mechanics().accessTimeType()).isEqualTo(AccessTimeType.TRACK_SWITCH_PLUS_ROTATION);
        assertThat(m.mechanics().singleCylinderSeekMs()).isEqualTo(1.245);
        assertThat(m.mechanics().fullStrobeSeekMs()).isEqualTo(10.828);
        SeekTable t = ((DiskSimSeek.Extracted) m.mechanics().seek()).table();
        assertThat(t.points().get(0)).isEqualTo(new SeekTable.Point(1, 1.245, 1.245));
        assertThat(t.points().get(1)).isEqualTo(new SeekTable.Point(2, 1.157, 1.157));
        assertThat(m.mechanics().otherParameters()).isEmpty();

        DiskSimHostPath host = drive.host().orElseThrow();
        assertThat(host.driver().scheduler().policy()).isEqualTo(SchedulingPolicy.FCFS);
        assertThat(host.driver().constantAccessTimeMs()).isZero();
        assertThat(host.buses()).extracting(DiskSimBus::name).containsExactly("BUS0", "BUS1");
        assertThat(host.controllers()).extracting(DiskSimController::name).containsExactly("CTLR0");
        assertThat(host.controllers().get(0).type()).isEqualTo(1);
    }

    /** Seek-table end points quoted in validation.md §2.5 and disk-drive.md §13.3. */
    @ParameterizedTest
    @CsvSource({
        "cheetah9LP, 1, 0.831, 6894,  10.627, 0.831, 10.627",
        "ibm18es,    1, 1.062, 11377, 12.853, 1.086, 12.742",
        "atlas10k,   1, 1.245, -1,    -1,     1.245, 10.828",
    })
    void seekTableEndPoints(String preset, long firstDistance, double firstMs, long lastDistance, double lastMs,
            double singleParam, double fullParam) {
        DiskSimMechanics mech = DiskSimPresets.load(preset).disk().model().mechanics();
        List<SeekTable.Point> points = ((DiskSimSeek.Extracted) mech.seek()).table().points();
        assertThat(points.get(0).distance()).isEqualTo(firstDistance);
        assertThat(points.get(0).readMs()).isEqualTo(firstMs);
        if (lastDistance > 0) {
            assertThat(points.get(points.size() - 1).distance()).isEqualTo(lastDistance);
            assertThat(points.get(points.size() - 1).readMs()).isEqualTo(lastMs);
        }
        assertThat(mech.singleCylinderSeekMs()).isEqualTo(singleParam);
        assertThat(mech.fullStrobeSeekMs()).isEqualTo(fullParam);
    }

    @Test
    void hpC2247aUsesTheHplEquationPlusFirstTen() {
        DiskSimDisk d = DiskSimPresets.load("hp_c2247a").disk();
        DiskSimSeek.HplPlus10 seek = (DiskSimSeek.HplPlus10) d.model().mechanics().seek();
        assertThat(seek.equation()).isEqualTo(new HplEquation(300, 3.81, 0.33, 7.75, 0.0059, -1));
        assertThat(seek.equation().hasSingleCylinderTime()).isFalse();
        assertThat(seek.firstTenMs()).containsExactly(2.89, 3.68, 3.81, 3.98, 4.27, 4.65, 4.52, 4.65, 4.82, 4.99);
        assertThat(d.protocol().readCompletionMs()).isEqualTo(0.05665);
        assertThat(d.protocol().extraDisconnect().enabled()).isTrue();
        assertThat(d.protocol().extraDisconnect().commandOverheadMs()).isEqualTo(0.64244);
        assertThat(d.protocol().minimumSeekDelayMs()).isEqualTo(0.6);
        assertThat(d.bus().holdBusEntireRead()).isTrue();
    }

    @Test
    void threeDiskConfigurationListsEveryDisk() {
        DiskSimConfig c = DiskSimFiles.loadConfig(DiskSimPresets.file("3disks.parv"));
        assertThat(c.diskInstances()).hasSize(3);
        assertThat(c.disks()).hasSize(3);
    }

    @Test
    void asciiConfigurationExpandsInstanceRanges() {
        DiskSimConfig c = DiskSimFiles.loadConfig(DiskSimPresets.file("ascii.parv"));
        assertThat(c.diskInstances()).hasSize(18);
        assertThat(c.typeOf("disk17")).contains("HP_C2249A");
        DiskSimHostPath path = DiskSimMapper.hostPath(c, "disk17").orElseThrow();
        assertThat(path.buses()).hasSize(3);
        assertThat(path.controllers()).hasSize(2);
    }

    @Test
    void simpleDiskConfigurationParsesWithoutDisks() {
        DiskSimConfig c = DiskSimFiles.loadConfig(DiskSimPresets.file("synthsimpledisk.parv"));
        assertThat(c.disks()).isEmpty();
        assertThat(c.document().blocksOfType("disksim_simpledisk")).isNotEmpty();
        assertThatThrownBy(() -> DiskSimPresets.load("synthsimpledisk.parv"))
                .isInstanceOf(ParameterFileException.class).hasMessageContaining("expected a disksim_disk");
    }

    @Test
    void bundledFileNamesLoadToo() {
        assertThat(DiskSimPresets.load("hp_c3323a.diskspecs").disk().model().mechanics().rpm()).isEqualTo(5400);
        assertThatThrownBy(() -> DiskSimPresets.load("nosuchdrive"))
                .isInstanceOf(ParameterFileException.class).hasMessageContaining("atlas10k");
    }
}
