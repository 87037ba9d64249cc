package io.iopath.device.disk.disksim;

import java.util.List;
import java.util.Optional;

/**
 * A typed block {@code type [name] { key = value, … }}. Top-level definitions carry a name
 * ({@code disksim_disk QUANTUM_TORNADO_validate { … }}); nested blocks usually do not
 * ({@code Scheduler = disksim_ioqueue { … }}).
 */
record ParamBlock(String type, String name, List<Param> params, String file, int line) implements ParamValue {
    public ParamBlock {
        params = List.copyOf(params);
        name = name == null ? "" : name;
    }

    /** The first parameter with this key (DiskSim keys compare exactly, spaces included). */
    public Optional<Param> param(String key) {
        for (Param p : params) {
            if (p.key().equals(key)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    @Override
    public String describe() {
        return "a block " + type + (name.isEmpty() ? "" : " " + name);
    }
}
