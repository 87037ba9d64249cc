package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.report.ResultJson;
import io.iopath.report.VirtualRunText;
import io.iopath.result.Result;
import io.iopath.result.VirtualResult;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Whole scenarios drawn at random across the layers — drive, drive queue and its scheduler, host
 * IO scheduler and queue depth, file system and mount options, buffered and direct fio-style
 * jobs, fsync, and a guest on a virtual disk in every QEMU cache mode — each small enough to run
 * in well under a second. Every one must be accepted (the generator draws only valid values),
 * run to its end with IO done, and give byte-identical results when run again. A lost request or
 * wake-up shows here as a run that never ends (its clock runs on with pdflush's timer until it
 * overflows, which the simulator refuses), as a missing-IO count, or as a difference between the
 * two runs. 24 host and 24 guest seeds run in {@code ./mvnw verify} (about 10 s); a longer
 * campaign takes {@code -Diopath.randomScenarios=N} seeds of each:
 * {@code ./mvnw -pl iopath-core test -Dtest=RandomScenariosTest -Diopath.randomScenarios=500}.
 * Scenarios of this kind run through the CLI (740 of them) found a request that dropped out of its
 * scheduler's FIFO (FifoTest, MergeTest) and the durability ledger's cost per fsync of an image file.
 */
class RandomScenariosTest {
    private static final String[] DRIVES = {"laptop-7200-250g", "cheetah-15k5-146g", "cheetah9LP", "atlas10k"};
    private static final String[] SCHEDULERS = {"noop", "deadline", "anticipatory", "cfq", "none", "mq-deadline", "kyber", "bfq"};
    private static final String[] DRIVE_SCHEDULERS = {"fcfs", "sstf", "clook", "sptf", "satf"};
    private static final String[] FILE_SYSTEMS = {"ext3", "reiserfs", "xfs"};
    private static final String[] CACHE_MODES = {"writeback", "none", "writethrough", "directsync", "unsafe"};
    private static final String[] DEVICES = {"virtio-blk", "virtio-blk-noflush", "ide-2008"};

    private static final int SEEDS = Integer.getInteger("iopath.randomScenarios", 24);

    static LongStream hostSeeds() {
        return LongStream.rangeClosed(1, SEEDS);
    }

    static LongStream guestSeeds() {
        return LongStream.rangeClosed(1_000_001, 1_000_000 + SEEDS);
    }

    @ParameterizedTest(name = "host seed {0}")
    @MethodSource("hostSeeds")
    void aHostScenarioRunsToItsEndTheSameEachTime(long seed) {
        runsTheSameTwice(hostScenario(new SplittableRandom(seed)), yaml -> runHost(seed, yaml));
    }

    @ParameterizedTest(name = "guest seed {0}")
    @MethodSource("guestSeeds")
    void aGuestScenarioRunsToItsEndTheSameEachTime(long seed) {
        runsTheSameTwice(guestScenario(new SplittableRandom(seed)), yaml -> runGuest(seed, yaml));
    }

    /** Runs {@code yaml} twice ({@code run} returns the results' JSON): the same bytes both times. */
    private static void runsTheSameTwice(String yaml, UnaryOperator<String> run) {
        String first = run.apply(yaml);
        assertThat(run.apply(yaml)).as(yaml).isEqualTo(first);
    }

    private static String runHost(long seed, String yaml) {
        Result r = new ScenarioRun(ScenarioReader.read("random-" + seed + ".yaml", yaml, List.of())).execute(p -> { });
        assertThat(r.total().ios()).as(yaml).isPositive();
        return ResultJson.toText(r);
    }

    private static String runGuest(long seed, String yaml) {
        VirtualResult r = new VirtualRun(ScenarioReader.readVirtual("random-" + seed + ".yaml", yaml, List.of())).execute();
        assertThat(r.guest().total().ios()).as(yaml).isPositive();
        return VirtualRunText.json(r);
    }

    private static <T> T pick(SplittableRandom r, T[] values) {
        return values[r.nextInt(values.length)];
    }

    private static int pick(SplittableRandom r, int... values) {
        return values[r.nextInt(values.length)];
    }

    /** Mount options each file system takes (ext3 barrier=0|1, ReiserFS barrier=none|flush, XFS [no]barrier). */
    private static String options(SplittableRandom r, String fs) {
        return switch (fs) {
            case "ext3" -> pick(r, new String[] {"barrier=0", "barrier=1", "data=journal,barrier=1", "data=writeback", "data=ordered,commit=1"});
            case "reiserfs" -> pick(r, new String[] {"barrier=none", "barrier=flush"});
            default -> pick(r, new String[] {"barrier", "nobarrier"});
        };
    }

    /** A job: reads, writes or a mix, buffered or direct, by count or for a time; on files when {@code files}. */
    private static String job(SplittableRandom r, String indent, int i, boolean files) {
        String rw = pick(r, new String[] {"read", "write", "randread", "randwrite", "randrw", "rw"});
        StringBuilder j = new StringBuilder();
        j.append(indent).append("- name: j").append(i).append('\n');
        String in = indent + "  ";
        j.append(in).append("rw: ").append(rw).append('\n');
        if (rw.endsWith("rw")) {
            j.append(in).append("rwmixread: ").append(pick(r, 10, 50, 90)).append('\n');
        }
        String bs = pick(r, new String[] {"4k", "16k", "64k"});
        j.append(in).append("bs: ").append(bs).append('\n');
        if (r.nextBoolean()) {
            j.append(in).append("number_ios: ").append(pick(r, 20, 200, 500)).append('\n');
        } else {
            j.append(in).append("runtime: ").append(pick(r, new String[] {"50ms", "200ms"})).append('\n');
            j.append(in).append("time_based: 1\n");
        }
        if (files) {
            j.append(in).append("ioengine: ").append(pick(r, new String[] {"psync", "libaio"})).append('\n');
            j.append(in).append("iodepth: ").append(pick(r, 1, 4)).append('\n');
            j.append(in).append("direct: ").append(r.nextInt(3) == 0 ? 1 : 0).append('\n');
            j.append(in).append("nrfiles: ").append(pick(r, 1, 4, 16)).append('\n');
            j.append(in).append("filesize: ").append(pick(r, new String[] {"64k", "1m"})).append('\n');
            if (r.nextBoolean()) {
                j.append(in).append("fsync: ").append(pick(r, 1, 8)).append('\n');
            }
        } else {
            j.append(in).append("iodepth: ").append(pick(r, 1, 4, 16, 32)).append('\n');
            j.append(in).append("direct: 1\n");
            j.append(in).append("size: ").append(pick(r, new String[] {"64m", "1g"})).append('\n');
        }
        return j.toString();
    }

    static String hostScenario(SplittableRandom r) {
        StringBuilder s = new StringBuilder("name: random\nseed: ").append(1 + r.nextInt(1000)).append('\n');
        s.append("drive:\n  preset: ").append(pick(r, DRIVES)).append('\n');
        s.append("  write_cache: ").append(r.nextBoolean() ? "on" : "off").append('\n');
        s.append("  queue_depth: ").append(pick(r, 1, 4, 16, 32)).append('\n');
        s.append("  scheduler: ").append(pick(r, DRIVE_SCHEDULERS)).append('\n');
        s.append("host:\n  scheduler: ").append(pick(r, SCHEDULERS)).append('\n');
        s.append("  queue_depth: ").append(pick(r, 1, 4, 32)).append('\n');
        boolean files = r.nextInt(3) != 0;
        if (files) {
            s.append("  memory: ").append(pick(r, new String[] {"64m", "256m"})).append('\n');
        }
        fileSystemAndJobs(r, s, "", "1g", 3, files);
        return s.toString();
    }

    static String guestScenario(SplittableRandom r) {
        StringBuilder s = new StringBuilder("name: random-guest\nseed: ").append(1 + r.nextInt(1000)).append('\n');
        s.append("drive:\n  preset: ").append(pick(r, new String[] {"laptop-7200-250g", "cheetah-15k5-146g"})).append('\n');
        s.append("  write_cache: ").append(r.nextBoolean() ? "on" : "off").append('\n');
        s.append("host:\n  scheduler: ").append(pick(r, SCHEDULERS)).append('\n');
        s.append("  queue_depth: ").append(pick(r, 1, 4, 32)).append("\n  memory: 256m\n");
        boolean image = r.nextBoolean();
        if (image) {
            s.append("filesystem:\n  type: ext3\n  size: 2g\n  options: ").append(options(r, "ext3")).append('\n');
        }
        s.append("qemu:\n  cache: ").append(pick(r, CACHE_MODES)).append("\n  device: ").append(pick(r, DEVICES)).append('\n');
        s.append(image ? "  image:\n    file: disk.img\n    size: 1g\n" : "  volume:\n    offset: 0\n    size: 8g\n");
        s.append("guest:\n  host:\n    scheduler: ").append(pick(r, SCHEDULERS)).append("\n    memory: 256m\n");
        fileSystemAndJobs(r, s, "  ", "512m", 2, r.nextInt(4) != 0);
        return s.toString();
    }

    /** A file system of {@code size} (when the jobs are on {@code files}) and 1 to {@code maxJobs} jobs, at {@code indent}. */
    private static void fileSystemAndJobs(SplittableRandom r, StringBuilder s, String indent, String size, int maxJobs, boolean files) {
        if (files) {
            String fs = pick(r, FILE_SYSTEMS);
            s.append(indent).append("filesystem:\n").append(indent).append("  type: ").append(fs).append('\n')
                    .append(indent).append("  size: ").append(size).append('\n')
                    .append(indent).append("  options: ").append(options(r, fs)).append('\n');
        }
        s.append(indent).append("jobs:\n");
        int jobs = 1 + r.nextInt(maxJobs);
        for (int i = 0; i < jobs; i++) {
            s.append(job(r, indent + "  ", i, files));
        }
    }
}
