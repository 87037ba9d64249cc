package io.iopath.scenario;

import io.iopath.device.disk.DrivePresets;
import io.iopath.device.disk.DriveSpec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads a scenario from YAML, applies command-line overrides, and validates every field. What it
 * returns can be run; what it cannot accept it rejects with a {@link ScenarioException}.
 */
public final class ScenarioReader {
    /** The built-in scenario that {@code iopath run} simulates without a file. */
    public static final String DEFAULT_RESOURCE = "/io/iopath/scenario/default.yaml";

    private ScenarioReader() {
    }

    public static Scenario read(Path file, List<String> overrides) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ScenarioException(new Location(file.toString(), 0, 0), "", "cannot read the file: " + e.getMessage());
        }
        return read(file.toString(), text, overrides);
    }

    public static Scenario readDefault(List<String> overrides) {
        try (InputStream in = ScenarioReader.class.getResourceAsStream(DEFAULT_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("built-in scenario missing from the jar: " + DEFAULT_RESOURCE);
            }
            return read("(built-in default scenario)", new String(in.readAllBytes(), StandardCharsets.UTF_8), overrides);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String defaultText() {
        try (InputStream in = ScenarioReader.class.getResourceAsStream(DEFAULT_RESOURCE)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException | NullPointerException e) {
            throw new IllegalStateException("built-in scenario missing from the jar", e);
        }
    }

    public static Scenario read(String source, String text, List<String> overrides) {
        Node root = YamlTree.parse(source, text);
        for (String o : overrides) {
            Overrides.apply(root, o);
        }
        return bind(new Fields(root, ""), source);
    }

    private static Scenario bind(Fields f, String source) {
        String name = f.string("name", "scenario");
        long seed = f.integer("seed", 1, Long.MIN_VALUE, Long.MAX_VALUE);

        Fields driveFields = f.child("drive");
        String preset = DrivePresets.DEFAULT;
        DriveSpec drive = DrivePresets.find(preset).orElseThrow();
        if (driveFields != null) {
            DriveChoice choice = DriveChoice.bind(driveFields, source);
            preset = choice.name();
            drive = choice.spec();
            driveFields.finish();
        }

        Fields hostFields = f.child("host");
        HostConfig host = new HostConfig("noop", HostConfig.DEFAULT_QUEUE_DEPTH, HostConfig.DEFAULT_MAX_SECTORS_KB)
                .withWriteCache(HostConfig.driveWriteCache(drive));
        if (hostFields != null) {
            host = HostSection.bind(hostFields, drive);
            hostFields.finish();
        }

        List<Fields> jobFields = f.children("jobs");
        if (jobFields.isEmpty()) {
            throw new ScenarioException(f.location(), "jobs", "expected at least one job");
        }
        long capacityBytes = drive.capacitySectors() * 512L;
        List<JobSpec> jobs = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < jobFields.size(); i++) {
            JobSpec job = bindJob(jobFields.get(i), "job" + i, capacityBytes);
            if (!names.add(job.name())) {
                throw new ScenarioException(jobFields.get(i).location(), jobFields.get(i).path() + ".name",
                        "duplicate job name '" + job.name() + "'");
            }
            jobs.add(job);
        }
        f.finish();
        return new Scenario(name, seed, new DriveConfig(preset, drive), host, jobs);
    }

    private static JobSpec bindJob(Fields j, String defaultName, long capacityBytes) {
        String name = j.string("name", defaultName);
        ReadWrite rw = ReadWrite.of(j.choice("rw", "read", ReadWrite.names()));
        int rwmixread = (int) j.integer("rwmixread", 50, 0, 100);
        long bs = j.size("bs", 4096, 512);
        if (bs % 512 != 0) {
            throw ScenarioException.expected(j.node("bs").location(), j.path() + ".bs", "a multiple of 512 bytes", Units.formatSize(bs));
        }
        int iodepth = (int) j.integer("iodepth", 1, 1, 65536);
        long offset = j.size("offset", 0, 0);
        if (offset % 512 != 0 || offset >= capacityBytes) {
            throw ScenarioException.expected(j.node("offset").location(), j.path() + ".offset",
                    "a sector-aligned offset inside the drive's " + Units.formatSize(capacityBytes), Units.formatSize(offset));
        }
        long size = j.size("size", capacityBytes - offset, bs);
        if (offset + size > capacityBytes) {
            throw ScenarioException.expected(j.node("size").location(), j.path() + ".size",
                    "a region that ends inside the drive (" + capacityBytes + " bytes)",
                    Units.formatSize(size) + " from offset " + Units.formatSize(offset));
        }
        long numberIos = j.integer("number_ios", 0, 0, Long.MAX_VALUE);
        long runtime = j.time("runtime", 0);
        if (numberIos == 0 && runtime == 0) {
            throw new ScenarioException(j.location(), j.path(), "expected number_ios or runtime, to know when the job ends");
        }
        boolean direct = j.bool("direct", true);
        if (!direct) {
            throw ScenarioException.expected(j.node("direct").location(), j.path() + ".direct",
                    "direct: 1 (buffered IO needs the page cache, which iopath does not model yet)", "0");
        }
        j.finish();
        return new JobSpec(name, rw, rwmixread, bs, iodepth, size, offset, numberIos, runtime, direct);
    }
}
