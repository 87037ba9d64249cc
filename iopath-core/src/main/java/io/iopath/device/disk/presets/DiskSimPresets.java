package io.iopath.device.disk.presets;

import io.iopath.device.disk.disksim.DiskSimDrive;
import io.iopath.device.disk.disksim.DiskSimFiles;
import io.iopath.device.disk.disksim.ParamSource;
import io.iopath.device.disk.disksim.ParameterFileException;
import java.util.List;
import java.util.Map;

/**
 * The DiskSim 4.0 {@code valid/} files bundled with iopath (class-path resources beside this
 * package, {@code disksim/}; licence and provenance in the README there), and which of them
 * are presets.
 */
public final class DiskSimPresets {
    /** Where the bundled files are on the class path. */
    static final String DIR = "/io/iopath/device/disk/presets/disksim/";

    /**
     * Bundled presets: every drive of DiskSim 4.0's {@code valid/} directory, by file stem, mapped
     * to the file that describes it best — the validation {@code .parv} when there is one (it
     * carries the host-side timings DiskSim's demerits were computed with), else the
     * {@code .diskspecs}. {@code hp_c3323a} is the validation configuration (its {@code .parv}
     * sources {@code hp_c3323a_validate.diskspecs}); the synthetic-test variant is reachable as the
     * file name {@code hp_c3323a.diskspecs}.
     */
    private static final Map<String, String> PRESETS = Map.ofEntries(
            Map.entry("atlas10k", "atlas10k.parv"),
            Map.entry("atlas_III", "atlas_III.parv"),
            Map.entry("barracuda", "barracuda.parv"),
            Map.entry("cheetah4LP", "cheetah4LP.parv"),
            Map.entry("cheetah9LP", "cheetah9LP.parv"),
            Map.entry("dec_rz26", "dec_rz26.parv"),
            Map.entry("hp_c2247a", "hp_c2247a.parv"),
            Map.entry("hp_c2249a", "hp_c2249a.diskspecs"),
            Map.entry("hp_c2490a", "hp_c2490a.parv"),
            Map.entry("hp_c3323a", "hp_c3323a.parv"),
            Map.entry("ibm18es", "ibm18es.parv"),
            Map.entry("st41601n", "st41601n.parv"));

    private DiskSimPresets() {
    }

    /** Names accepted by {@link #load(String)}, sorted. */
    public static List<String> names() {
        return PRESETS.keySet().stream().sorted(String.CASE_INSENSITIVE_ORDER).toList();
    }

    /** Whether {@code name} is one of {@link #names()}. */
    public static boolean isPreset(String name) {
        return name != null && PRESETS.containsKey(name);
    }

    /** A bundled file ({@code atlas10k.parv}, {@code 3disks.parv}), with its includes. */
    public static ParamSource file(String name) {
        return ParamSource.resource(DIR, name);
    }

    /**
     * A bundled drive: a preset name from {@link #names()} ({@code atlas10k}) or a bundled file
     * name ({@code hp_c3323a.diskspecs}, {@code 3disks.parv} — first disk in the topology).
     */
    public static DiskSimDrive load(String name) {
        String file = PRESETS.get(name);
        if (file == null) {
            if (!name.contains(".") || file(name).read().isEmpty()) {
                throw new ParameterFileException(name, 0, "", "expected a DiskSim preset (" + String.join(", ", names())
                        + ") or a bundled file name, got \"" + name + "\"");
            }
            file = name;
        }
        return DiskSimFiles.load(file(file), PRESETS.containsKey(name) ? name : file);
    }
}
