package io.iopath.experiment;

import io.iopath.scenario.Scenario;
import io.iopath.scenario.ScenarioReader;
import java.util.List;

/**
 * The whole-host-stack benchmark load of {@code iopath bench} and the JMH HostStackBenchmark:
 * a closed-loop fio-style job (random 4 KiB, 66 % reads, 16 outstanding, O_DIRECT) through the
 * block layer, noop and the SCSI driver (queue 16) to a Cheetah 9LP imported from DiskSim under
 * SPTF at queue 16, write cache off — issue 16 item 4's shape, against which DiskSim was timed.
 * One place, so both benchmarks measure the same work ({@link io.iopath.device.disk.DriveLoad}
 * is the drive-alone counterpart).
 */
public final class HostStackLoad {
    private static final String SCENARIO = """
            name: host-stack
            seed: 1
            drive:
              preset: cheetah9LP
              write_cache: off
              queue_depth: 16
              scheduler: sptf
            host:
              scheduler: noop
              queue_depth: 16
            jobs:
              - name: randrw
                rw: randrw
                rwmixread: %d
                bs: 4k
                iodepth: 16
                size: 8g
                number_ios: %d
                direct: 1
            """;

    private HostStackLoad() {
    }

    /** The load as a scenario of {@code requests} requests. */
    public static Scenario scenario(long requests) {
        return ScenarioReader.read("(bench)", text(requests, 66), List.of());
    }

    /**
     * The scenario file of the load with {@code readPercent} % reads: with 100, the reads shape
     * examples/disksim-side-by-side.sh gives both simulators (DiskSim never finishes the
     * write-through mix at queue 16, so its reference figures are of all reads).
     */
    public static String text(long requests, int readPercent) {
        return String.format(java.util.Locale.ROOT, SCENARIO, readPercent, requests); // ASCII digits whatever the default locale
    }
}
