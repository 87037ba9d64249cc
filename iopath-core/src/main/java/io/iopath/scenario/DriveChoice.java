package io.iopath.scenario;

import io.iopath.device.Transport;
import io.iopath.device.disk.DriveScheduler;
import io.iopath.device.disk.DriveSpec;
import io.iopath.device.disk.bus.Preseek;
import io.iopath.device.disk.presets.DrivePresets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The scenario's {@code drive:} section: {@code preset: NAME} or {@code file: PATH} (a DiskSim
 * parameter file, relative to the scenario file), and optionally {@code write_cache: on|off},
 * {@code queue_depth: N} and {@code scheduler: fcfs|sstf|clook|sptf|satf|wptf|asptf} of the drive itself, and
 * {@code transport: scsi|sata-ncq} (whether a FLUSH queues beside other commands), and
 * {@code max_dirty_age: 2s} (the write-back buffer's dirty-age limit; 0 or absent = none), and
 * {@code overwrite_in_cache: on|off} (a write-back write replacing an older dirty extent it
 * covers; the preset's default: on for the datasheet drives, off for imported DiskSim drives), and
 * {@code overhead_from_arrival: on|off} (a command that finds the mechanism busy is processed at
 * its arrival, as DiskSim's controller does; on for imported DiskSim drives, off for the
 * datasheet drives).
 */
record DriveChoice(String name, DriveSpec spec, io.iopath.device.flash.FlashSpec flash) {
    DriveChoice(String name, DriveSpec spec) {
        this(name, spec, null);
    }

    static DriveChoice bind(Fields d, String source) {
        String name = DrivePresets.DEFAULT;
        DriveSpec spec;
        Node fileNode = d.node("file");
        Node presetNode = d.node("preset");
        if (fileNode != null && presetNode != null) {
            throw new ScenarioException(d.location(), d.path() + ".file", "give either preset or file, not both");
        }
        Node named = fileNode != null ? fileNode : presetNode;
        String key = fileNode != null ? "file" : "preset";
        if (named == null) {
            spec = DrivePresets.find(name).orElseThrow();
        } else {
            name = d.string(key, null);
            java.util.Optional<io.iopath.device.flash.FlashSpec> flash = fileNode == null
                    ? io.iopath.device.flash.FlashPresets.find(name) : java.util.Optional.empty();
            if (flash.isEmpty()) {
                Path f = resolve(source, name);
                if (f != null && io.iopath.device.flash.FlashPresets.isSsdFile(f)) {
                    try {
                        flash = java.util.Optional.of(io.iopath.device.flash.FlashPresets.load(f));
                    } catch (IllegalArgumentException e) {
                        throw new ScenarioException(named.location(), d.path() + "." + key, e.getMessage());
                    }
                }
            }
            if (flash.isPresent()) {
                return new DriveChoice(name, null, FlashSection.bind(d, flash.get()));
            }
            java.util.Optional<DriveSpec> preset = fileNode == null ? DrivePresets.find(name) : java.util.Optional.empty();
            if (preset.isPresent()) {
                spec = preset.get();
            } else {
                // a DiskSim parameter file, relative to the scenario file (or the working directory)
                Path p = resolve(source, name);
                if (p == null) {
                    throw ScenarioException.expected(named.location(), d.path() + "." + key,
                            "one of " + String.join(", ", DrivePresets.names()) + ", "
                                    + String.join(", ", io.iopath.device.flash.FlashPresets.names())
                                    + " (flash), or an existing DiskSim parameter file",
                            "'" + name + "'" + io.iopath.units.Spelling.hint(name, DrivePresets.names()));
                }
                try {
                    spec = DrivePresets.load(p); // the catalogue reads drive files
                } catch (IllegalArgumentException e) {
                    throw new ScenarioException(named.location(), d.path() + "." + key, e.getMessage());
                }
            }
        }
        if (d.has("write_cache")) {
            spec = spec.withWriteCache(d.bool("write_cache", true));
        } else {
            d.node("write_cache");
        }
        if (d.has("overwrite_in_cache")) {
            spec = spec.withOverwriteInCache(d.bool("overwrite_in_cache", true));
        } else {
            d.node("overwrite_in_cache");
        }
        if (d.has("overhead_from_arrival")) {
            spec = spec.withOverheadFromArrival(d.bool("overhead_from_arrival", false));
        } else {
            d.node("overhead_from_arrival");
        }
        if (d.has("preseek")) {
            List<String> points = new ArrayList<>();
            for (Preseek p : Preseek.values()) {
                points.add(p.label());
            }
            String point = d.choice("preseek", spec.overheads().preseek().label(), points);
            spec = spec.withPreseek(Preseek.valueOf(point.toUpperCase(Locale.ROOT)));
        } else {
            d.node("preseek");
        }
        if (d.has("max_dirty_age")) {
            spec = spec.withMaxDirtyAge(d.time("max_dirty_age", 0));
        } else {
            d.node("max_dirty_age");
        }
        int depth = (int) d.integer("queue_depth", spec.maxQueueDepth(), 1, 256);
        List<String> policies = new ArrayList<>();
        for (DriveScheduler s : DriveScheduler.values()) {
            policies.add(s.label());
        }
        String policy = d.choice("scheduler", spec.scheduler().label(), policies);
        spec = spec.withQueue(depth, DriveScheduler.parse(policy.toUpperCase(Locale.ROOT)));
        if (d.has("aging_weight")) {
            spec = spec.withAgingWeight(d.integer("aging_weight", 6, 0, 1_000_000));
        } else {
            d.node("aging_weight");
        }
        String transport = d.choice("transport", spec.transport().label(), Transport.labels());
        if (!transport.equals(spec.transport().label())) {
            spec = spec.withTransport(Transport.of(transport));
        }
        return new DriveChoice(name, spec);
    }

    /** The parameter file {@code name} names, relative to the scenario file or the working directory; null when none exists. */
    private static Path resolve(String source, String name) {
        Path base = Path.of(source).toAbsolutePath().getParent();
        Path p = base == null || Path.of(name).isAbsolute() ? Path.of(name) : base.resolve(name);
        if (!Files.isRegularFile(p)) {
            p = Path.of(name);
        }
        return Files.isRegularFile(p) ? p : null;
    }
}
