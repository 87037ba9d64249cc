package io.iopath.device.flash;

import io.iopath.device.disk.disksim.DiskSimSsd;
import io.iopath.device.disk.disksim.ParamSource;
import io.iopath.device.disk.disksim.ParameterFileException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The flash drives iopath knows by name, and the reader of DiskSim ssdmodel parameter files.
 * {@code ssd-msr} is the SSD of DiskSim's MSR SSD add-on's own tests (ssdmodel/valid/
 * ssd-rr250k.parv, bundled unchanged with its licence): 8 packages of 8 planes × 2048 blocks
 * × 64 pages of 4 KiB (32 GiB of flash, 26.8 GiB exported with 15 % reserved), page read 25 µs,
 * program 200 µs, erase 1.5 ms, 25 ns per byte on a package's pins, PCIe ×8 at 0.2384 µs per
 * sector to the host, greedy cleaning at 5 % free blocks.
 */
public final class FlashPresets {
    public static final String MSR = "ssd-msr";
    /** {@code ssd-msr} with NVMe flexible data placement over {@link #FDP_HANDLES} reclaim unit handles. */
    public static final String MSR_FDP = "ssd-msr-fdp";
    /**
     * The reclaim unit handles of {@code ssd-msr-fdp}. A placeholder: DiskSim's SSD has no FDP
     * and no FDP drive's identify data is at hand; fio's examples/uring-cmd-fdp.fio "assumes the
     * namespace ... has at least 8 available reclaim units" and uses placement indices 0 to 6.
     */
    public static final int FDP_HANDLES = 8;
    private static final String DIR = "/io/iopath/device/flash/presets/";

    private FlashPresets() {
    }

    private static final class Msr {
        static final FlashSpec SPEC = load(ParamSource.resource(DIR, "ssd-rr250k.parv"), MSR);
        static final FlashSpec FDP = load(ParamSource.resource(DIR, "ssd-rr250k.parv"), MSR_FDP).withFdpHandles(FDP_HANDLES);
    }

    public static List<String> names() {
        return List.of(MSR, MSR_FDP);
    }

    public static Optional<FlashSpec> find(String name) {
        return MSR.equals(name) ? Optional.of(Msr.SPEC) : MSR_FDP.equals(name) ? Optional.of(Msr.FDP) : NANDSIM.equals(name) ? Optional.of(NANDSIM_SPEC) : Optional.empty();
    }

    /**
     * Linux's nandsim chip ({@link NandChip#NANDSIM}), a raw NAND device for fio's mtd engine only:
     * it has no translation layer, so {@link #rawOnly} jobs of other engines are refused. Not
     * listed by {@link #names()} (the drives table shows translation layers); its geometry and
     * read / program / erase times are nandsim's, the rest of this record (reserve, watermark,
     * queue, link) are **placeholders** that nothing reads, as no block job runs on it.
     */
    public static final String NANDSIM = NandChip.NANDSIM.name();

    private static final FlashSpec NANDSIM_SPEC = new FlashSpec(NANDSIM, 1, 1, NandChip.NANDSIM.eraseBlocks(),
            NandChip.NANDSIM.pagesPerBlock(), 1, 15, 5, 25_000, 200_000, NandChip.NANDSIM.blockEraseNs(), 50_000, 0, 1,
            false, 0);

    /** Whether the preset is raw NAND only (no block device): only ioengine=mtd jobs run on it. */
    public static boolean rawOnly(String name) {
        return NANDSIM.equals(name);
    }

    /** Whether {@code file} is a DiskSim parameter file describing an SSD (an {@code ssdmodel_ssd} block). */
    public static boolean isSsdFile(Path file) {
        try {
            return Files.isRegularFile(file) && Files.readString(file).contains("ssdmodel_ssd");
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /**
     * A DiskSim ssdmodel {@code .parv}'s SSD.
     *
     * @throws IllegalArgumentException with the file, line and parameter when it cannot be used
     */
    public static FlashSpec load(Path file) {
        return load(ParamSource.of(file), file.getFileName().toString());
    }

    /** As {@link #load(Path)} from any source; an error names {@code source}'s file. */
    public static FlashSpec load(ParamSource source, String name) {
        DiskSimSsd d;
        try {
            d = DiskSimSsd.read(source);
        } catch (ParameterFileException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        try {
            return fromDiskSim(name, d);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(source.displayName() + ": ssdmodel_ssd: " + e.getMessage(), e);
        }
    }

    /** DiskSim's milliseconds into nanoseconds (and picoseconds for the per-byte and per-sector rates). */
    static FlashSpec fromDiskSim(String name, DiskSimSsd d) {
        return new FlashSpec(name, d.elements(), d.planesPerPackage(), d.blocksPerPlane(), d.pagesPerBlock(), d.pageSectors(),
                d.reservePercent(), d.minFreeBlocksPercent(), Math.round(d.pageReadMs() * 1e6), Math.round(d.pageWriteMs() * 1e6),
                Math.round(d.blockEraseMs() * 1e6), Math.round(d.chipXferMsPerByte() * 1e9), Math.round(d.busMsPerSector() * 1e9),
                d.maxQueue(), true, 0);
    }
}
