package io.iopath.device.disk;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Built-in drives. Each number comes from the disk-drive spec (§13.1 datasheet figures, §13.2
 * derived placeholders), never from fitting a result; the comment on each says which.
 */
public final class DrivePresets {
    private static final long MS = 1_000_000L;
    private static final Map<String, DriveSpec> PRESETS = new LinkedHashMap<>();

    static {
        // 2.5" 7200 rpm laptop SATA disk of the 2008 QEMU thread (spec §13.1, §13.2): capacity
        // 250e9 B; 4 surfaces and linear zoning 1300 -> 650 spt are the spec's placeholders;
        // seek figures from the Hitachi Travelstar 7K320 datasheet (R 1.0/12/20, W 1.1/12/22 ms);
        // command overhead 1.0 ms (IBM Travelstar datasheet figure); NCQ 32; 8 MB cache.
        add(new DriveSpec("laptop-7200-250g",
                "2.5in 7200 rpm 250 GB laptop SATA, 8 MB cache, NCQ 32 (datasheet-derived)",
                488_281_250L, 4, 16, 1300, 650, 7200,
                new DriveSpec.SeekPoints(1_000_000L, 12 * MS, 20 * MS),
                new DriveSpec.SeekPoints(1_100_000L, 12 * MS, 22 * MS),
                1_000_000L, 1 * MS, 32, 8L << 20));
    }

    private DrivePresets() {
    }

    private static void add(DriveSpec spec) {
        PRESETS.put(spec.name(), spec);
    }

    public static Optional<DriveSpec> find(String name) {
        return Optional.ofNullable(PRESETS.get(name));
    }

    public static List<String> names() {
        return List.copyOf(PRESETS.keySet());
    }

    public static List<DriveSpec> all() {
        return List.copyOf(PRESETS.values());
    }

    /** The drive of the built-in default scenario. */
    public static final String DEFAULT = "laptop-7200-250g";
}
