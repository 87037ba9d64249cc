package io.iopath.device.disk.disksim;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Entry point for DiskSim parameter files: load a drive from a {@code .parv} (whole
 * configuration, with the driver / bus / controller path) or a {@code .diskspecs} (the drive
 * alone), from the file system or any {@link ParamSource} (the drive catalogue,
 * {@code io.iopath.device.disk.presets}, bundles DiskSim 4.0's {@code valid/} files).
 * {@code source} includes and seek curves resolve relative to the including file.
 */
public final class DiskSimFiles {

    private DiskSimFiles() {
    }

    /** A drive from a {@code .parv} or {@code .diskspecs} file on disk. */
    public static DiskSimDrive load(Path file) {
        return load(ParamSource.of(file), file.toString());
    }

    /** A drive from any source; the kind is chosen by the file extension. */
    public static DiskSimDrive load(ParamSource source, String name) {
        String lower = source.displayName().toLowerCase(Locale.ROOT);
        if (lower.endsWith(".parv")) {
            DiskSimConfig config = loadConfig(source);
            List<String> disks = config.diskInstances();
            if (disks.isEmpty()) {
                throw new ParameterFileException(source.displayName(), 0, "topology",
                        "expected a disksim_disk in the topology, got none");
            }
            String instance = disks.get(0);
            String type = config.typeOf(instance).orElseThrow(() -> new ParameterFileException(source.displayName(), 0,
                    "topology", "expected an instantiated disk, got \"" + instance + "\" (no instantiate line)"));
            DiskSimDisk disk = config.disks().get(type);
            if (disk == null) {
                throw new ParameterFileException(source.displayName(), 0, "instantiate",
                        "expected a disksim_disk type named " + type + ", got none");
            }
            return new DiskSimDrive(name, instance, disk, DiskSimMapper.hostPath(config, instance));
        }
        if (lower.endsWith(".diskspecs")) {
            List<DiskSimDisk> disks = loadDiskSpecs(source);
            if (disks.isEmpty()) {
                throw new ParameterFileException(source.displayName(), 0, "",
                        "expected a disksim_disk block, got none");
            }
            return new DiskSimDrive(name, disks.get(0).name(), disks.get(0), java.util.Optional.empty());
        }
        throw new ParameterFileException(source.displayName(), 0, "",
                "expected a DiskSim .parv or .diskspecs file, got \"" + source.displayName() + "\"");
    }

    /** The whole configuration of a {@code .parv}. */
    public static DiskSimConfig loadConfig(ParamSource source) {
        return new DiskSimMapper(LibParamParser.parse(source)).config();
    }

    /** Every {@code disksim_disk} a {@code .diskspecs} file defines, in file order. */
    public static List<DiskSimDisk> loadDiskSpecs(ParamSource source) {
        ParamDocument doc = LibParamParser.parse(source);
        DiskSimMapper mapper = new DiskSimMapper(doc);
        return doc.blocksOfType("disksim_disk").stream().map(mapper::disk).toList();
    }

    /** The {@code dm_disk} a {@code .model} file defines. */
    public static DiskSimModel loadModel(ParamSource source) {
        ParamDocument doc = LibParamParser.parse(source);
        List<ParamBlock> models = doc.blocksOfType("dm_disk");
        if (models.size() != 1) {
            throw new ParameterFileException(source.displayName(), 0, "",
                    "expected exactly one dm_disk block, got " + models.size());
        }
        return new DiskSimMapper(doc).model(models.get(0));
    }

    /** A {@code .seek} table. */
    public static SeekTable loadSeekTable(ParamSource source) {
        return SeekTable.parse(source.displayName(), source.readOrFail(null, 0));
    }

    /** The raw parsed document, for parameters iopath does not map. */
    public static ParamDocument parse(ParamSource source) {
        return LibParamParser.parse(source);
    }
}
