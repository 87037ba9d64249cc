package io.iopath.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.iopath.device.disk.disksim.DiskSimFiles;
import io.iopath.device.disk.disksim.DriveImporter;
import io.iopath.device.disk.disksim.ParamSource;
import io.iopath.device.disk.disksim.ParameterFileException;
import io.iopath.fs.MountOptions;
import io.iopath.fs.ReiserOptions;
import io.iopath.fs.XfsOptions;
import io.iopath.metrics.blktrace.BlkEvent;
import io.iopath.metrics.blktrace.BlkTraceBinaryReader;
import io.iopath.scenario.Scenario;
import io.iopath.scenario.ScenarioException;
import io.iopath.scenario.ScenarioReader;
import io.iopath.workload.JobSpec;
import io.iopath.workload.postmark.PostmarkConfigException;
import io.iopath.workload.postmark.PostmarkConfigFile;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Jazzer fuzz tests of every input file iopath reads besides fio job files and traces (those have
 * their own): a YAML scenario with {@code --set} overrides, a Postmark configuration file, a
 * DiskSim parameter file through to the drive model, a binary blktrace file, and the three mount
 * option strings. Whatever comes in, each reader gives a valid result or its own one-line error
 * naming the input, never any other exception: that is what keeps a user's mistake from becoming a
 * stack trace. Without JAZZER_FUZZ the committed inputs under
 * {@code src/test/resources/io/iopath/fuzz/InputFilesFuzzTestInputs/<method>/} run as regression
 * tests in the normal suite (the README says how to fuzz).
 */
class InputFilesFuzzTest {
    private static final String PRESETS = "/io/iopath/device/disk/presets/disksim/";

    @FuzzTest(maxDuration = "30s")
    void scenario(FuzzedDataProvider data) {
        List<String> overrides = data.consumeBoolean() ? List.of(data.consumeString(60)) : List.of();
        String text = data.consumeRemainingAsString();
        try {
            Scenario s = ScenarioReader.read("fuzz.yaml", text, overrides);
            for (JobSpec j : s.jobs()) {
                if (j.size() < 0 || j.blockSize() < 512 || j.effectiveDepth() < 1 || j.offset() < 0) {
                    throw new AssertionError("invalid job " + j);
                }
            }
        } catch (ScenarioException e) {
            if (!e.getMessage().startsWith("fuzz.yaml") && !e.getMessage().startsWith("--set")) {
                throw new AssertionError("error names neither the file nor the override: " + e.getMessage());
            }
            if (e.getMessage().contains("\n")) {
                throw new AssertionError("not a one-line error: " + e.getMessage());
            }
        }
    }

    @FuzzTest(maxDuration = "30s")
    void postmarkConfig(FuzzedDataProvider data) {
        String text = data.consumeRemainingAsString();
        try {
            PostmarkConfigFile.parse("fuzz.pmrc", text);
        } catch (PostmarkConfigException e) {
            if (!e.getMessage().startsWith("fuzz.pmrc")) {
                throw new AssertionError("error does not name the file: " + e.getMessage());
            }
        }
    }

    /**
     * The fuzzed text is the drive's {@code .parv} or {@code .diskspecs}; a file it names by
     * {@code source} is looked up among the bundled DiskSim files, so inputs can reach the model,
     * seek and layout files too.
     */
    @FuzzTest(maxDuration = "30s")
    void diskSimParameters(FuzzedDataProvider data) {
        String name = data.consumeBoolean() ? "fuzz.parv" : "fuzz.diskspecs";
        String text = data.consumeRemainingAsString();
        ParamSource source = new InMemory(name, text);
        try {
            DriveImporter.toSpec(name, DiskSimFiles.load(source, name));
        } catch (ParameterFileException e) {
            if (!e.getMessage().startsWith("fuzz.") && !e.getMessage().startsWith("preset:")) {
                throw new AssertionError("error does not name a file: " + e.getMessage());
            }
        }
    }

    /**
     * The fuzzed text is a DiskSim SSD add-on {@code .parv} (docs/flash.md): a flash drive, or an
     * error that names the file.
     */
    @FuzzTest(maxDuration = "30s")
    void ssdParameters(FuzzedDataProvider data) {
        String text = data.consumeRemainingAsString();
        try {
            io.iopath.device.flash.FlashSpec f = io.iopath.device.flash.FlashPresets.load(new InMemory("fuzz.parv", text), "fuzz");
            if (f.capacitySectors() <= 0 || f.logicalPagesPerElement() <= 0) {
                throw new AssertionError("a drive without capacity: " + f);
            }
        } catch (IllegalArgumentException e) {
            if (!e.getMessage().startsWith("fuzz.") && !e.getMessage().startsWith("preset:")) {
                throw new AssertionError("error does not name a file: " + e.getMessage());
            }
        }
    }

    @FuzzTest(maxDuration = "30s")
    void blktraceBinary(FuzzedDataProvider data) {
        byte[] bytes = data.consumeRemainingAsBytes();
        try {
            for (BlkEvent e : BlkTraceBinaryReader.read(new ByteArrayInputStream(bytes), "fuzz.blktrace.0")) {
                if (e.sectors() < 0 || e.action() == null || e.rwbs() == null) {
                    throw new AssertionError("invalid event " + e);
                }
            }
        } catch (IOException e) {
            if (!e.getMessage().startsWith("fuzz.blktrace.0")) {
                throw new AssertionError("error does not name the file: " + e.getMessage());
            }
        }
    }

    @FuzzTest(maxDuration = "30s")
    void mountOptions(FuzzedDataProvider data) {
        int fs = data.consumeInt(0, 2);
        String text = data.consumeRemainingAsString();
        try {
            switch (fs) {
                case 0 -> MountOptions.parse(text);
                case 1 -> ReiserOptions.parse(text);
                default -> XfsOptions.parse(text);
            }
        } catch (IllegalArgumentException e) {
            if (e.getMessage() == null || e.getMessage().isBlank() || e.getMessage().contains("\n")) {
                throw new AssertionError("not a one-line reason: " + e.getMessage());
            }
        }
    }

    /** The fuzzed file, its siblings looked up among the bundled DiskSim files. */
    private record InMemory(String displayName, String text) implements ParamSource {
        @Override
        public Optional<String> read() {
            return Optional.of(text);
        }

        @Override
        public ParamSource sibling(String other) {
            return ParamSource.resource(PRESETS, other);
        }
    }
}
