package io.iopath.scenario;

import io.iopath.device.flash.FlashSpec;
import java.util.List;

/**
 * The {@code drive:} settings of a flash drive (docs/flash.md): {@code write_cache: on|off} (a
 * volatile write buffer; off by default, as DiskSim's SSD model has none), {@code queue_depth}
 * (the commands it holds; the parameter file's "Max queue length" by default) and
 * {@code precondition: full|none} (every logical page mapped at the start, DiskSim's power-on
 * state, the default; or none, a fresh or sanitized drive) and {@code fdp_handles: N} (NVMe
 * flexible data placement with N reclaim unit handles; the preset's by default: none for
 * {@code ssd-msr}, 8 for {@code ssd-msr-fdp}). A disk's settings
 * are refused by name.
 */
final class FlashSection {
    /**
     * The write buffer {@code write_cache: on} gives: 16 MiB of 4 KiB pages. A placeholder: no
     * source at hand gives the buffer of an SSD of this kind.
     */
    static final int WRITE_CACHE_PAGES = 4096;

    private static final List<String> DISK_ONLY = List.of("scheduler", "aging_weight", "transport", "max_dirty_age",
            "overwrite_in_cache", "overhead_from_arrival");

    private FlashSection() {
    }

    static FlashSpec bind(Fields d, FlashSpec spec) {
        for (String k : DISK_ONLY) {
            if (d.has(k)) {
                throw new ScenarioException(d.node(k).location(), d.path() + "." + k, k + " is a disk's setting; the flash drive "
                        + spec.name() + " serves each package's page operations in order (docs/flash.md)");
            }
        }
        if (d.has("write_cache")) {
            spec = spec.withWriteCachePages(d.bool("write_cache", false) ? WRITE_CACHE_PAGES : 0);
        }
        spec = spec.withMaxQueue((int) d.integer("queue_depth", spec.maxQueue(), 1, 65_535));
        String pre = d.choice("precondition", spec.startFull() ? "full" : "none", List.of("full", "none"));
        spec = spec.withStartFull(pre.equals("full"));
        int handles = (int) d.integer("fdp_handles", spec.fdpHandles(), 0, FlashSpec.MAX_FDP_HANDLES);
        try {
            return spec.withFdpHandles(handles);
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(d.node("fdp_handles").location(), d.path() + ".fdp_handles", e.getMessage());
        }
    }
}
