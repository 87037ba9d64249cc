package io.iopath.experiment;

import io.iopath.result.Result;
import io.iopath.scenario.ScenarioReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The child JVM of {@link ReplayMemoryTest}: writes a DiskSim ascii trace of {@code records}
 * records over {@code devices} devices into a temporary file, replays it (split by device, or
 * whole on one drive), prints the requests replayed, and deletes the file. Each device gets a
 * record every 2 s of simulated time, so every record opens a time-series interval of its own:
 * anything kept per record or per interval shows as heap at ten times the records.
 *
 * <p>Usage: {@code BoundedHeapReplay split|whole RECORDS DEVICES}.
 */
public final class BoundedHeapReplay {
    private BoundedHeapReplay() {
    }

    public static void main(String[] args) throws IOException {
        boolean split = args[0].equals("split");
        long records = Long.parseLong(args[1]);
        int devices = Integer.parseInt(args[2]);
        Path trace = Files.createTempFile("iopath-bounded-heap-", ".ascii");
        try {
            try (BufferedWriter w = Files.newBufferedWriter(trace, StandardCharsets.US_ASCII)) {
                long gapMs = 2000 / devices;
                for (long i = 0; i < records; i++) {
                    long block = (i * 7_919L) % 2_000_000L / 8 * 8;
                    w.write(String.format(Locale.ROOT, "%d.000 %d %d 8 %d%n", i * gapMs, i % devices, block, i % 3 == 0 ? 0 : 1));
                }
            }
            String yaml = "name: bounded-heap\nseed: 1\njobs:\n  - name: replay\n    read_iolog: \"" + trace + "\"\n";
            long ios = 0;
            if (split) {
                try (SplitReplay.Local local = SplitReplay.local(o -> ScenarioReader.read("s.yaml", yaml, o), List.of())) {
                    for (Result r : local.run(2, new Sweep.Listener<Result>() { })) {
                        ios += r.total().ios();
                    }
                }
            } else {
                ios = ScenarioRun.run(ScenarioReader.read("s.yaml", yaml, List.of())).total().ios();
            }
            System.out.println("replayed " + ios);
        } finally {
            Files.deleteIfExists(trace);
        }
    }
}
