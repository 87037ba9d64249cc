package io.iopath.device.disk.disksim;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.disk.presets.DiskSimPresets;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Damaged parameter files fail only with ParameterFileException, never with a crash. */
class ParserRobustnessTest {

    /** In-memory files; siblings come from the bundled resources unless overridden. */
    record MemorySource(String name, Map<String, String> files) implements ParamSource {
        @Override
        public String displayName() {
            return name;
        }

        @Override
        public Optional<String> read() {
            return files.containsKey(name) ? Optional.of(files.get(name)) : DiskSimPresets.file(name).read();
        }

        @Override
        public ParamSource sibling(String other) {
            return new MemorySource(other, files);
        }
    }

    private static final String PUNCT = "{}[],=# \n0.-x";

    private static String damage(String text, SplittableRandom r) {
        StringBuilder sb = new StringBuilder(text);
        int edits = 1 + r.nextInt(3);
        for (int e = 0; e < edits; e++) {
            int at = r.nextInt(sb.length());
            switch (r.nextInt(3)) {
                case 0 -> sb.deleteCharAt(at);
                case 1 -> sb.insert(at, PUNCT.charAt(r.nextInt(PUNCT.length())));
                default -> sb.setCharAt(at, PUNCT.charAt(r.nextInt(PUNCT.length())));
            }
        }
        return sb.toString();
    }

    @ParameterizedTest
    @ValueSource(strings = {"atlas10k.parv", "atlas10k.diskspecs", "atlas10k.model", "hp_c2247a_validate.model",
        "ascii.parv"})
    void damagedFilesFailCleanly(String file) {
        String original = DiskSimPresets.file(file).read().orElseThrow();
        SplittableRandom r = new SplittableRandom(file.hashCode());
        int failures = 0;
        for (int trial = 0; trial < 300; trial++) {
            MemorySource src = new MemorySource(file, Map.of(file, damage(original, r)));
            try {
                if (file.endsWith(".model")) {
                    DiskSimFiles.loadModel(src);
                } else {
                    DiskSimFiles.load(src, file);
                }
            } catch (ParameterFileException e) {
                failures++;
                assertThat(e.getMessage()).startsWith(e.file() + ":");
            }
        }
        // Most random edits of punctuation break something; make sure the trials bite.
        assertThat(failures).isGreaterThan(50);
    }
}
