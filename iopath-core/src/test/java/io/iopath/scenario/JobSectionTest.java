package io.iopath.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.workload.JobSpec;
import io.iopath.workload.ReadWrite;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JobSectionTest {
    static final long CAPACITY = 100L << 30;

    /** A job mapping at t:1:1 whose i-th option is written on line i + 1. */
    static JobSpec bind(String... kv) {
        Node.MapNode m = Node.newMap(new Location("t", 1, 1));
        for (int i = 0; i < kv.length; i += 2) {
            option(m, kv[i], kv[i + 1], new Location("t", i / 2 + 1, 1));
        }
        if (!m.entries().containsKey("number_ios") && !m.entries().containsKey("runtime") && !m.entries().containsKey("size")) {
            option(m, "number_ios", "1", new Location("t", 99, 1));
        }
        return JobSection.bind(m, "job", "job0", CAPACITY);
    }

    private static void option(Node.MapNode job, String key, String value, Location at) {
        job.add(key, at, new Node.ScalarNode(at, value, false));
    }

    @Test
    void fioDefaults() {
        JobSpec j = bind();
        assertThat(j.rw().fioName).isEqualTo("read");
        assertThat(j.blockSize()).isEqualTo(4096);
        assertThat(j.iodepth()).isEqualTo(1);
        assertThat(j.rwmixread()).isEqualTo(50);
        assertThat(j.size()).isEqualTo(CAPACITY);
        assertThat(j.randomMap()).isTrue();
        assertThat(j.thinktimeBlocks()).isEqualTo(1);
        assertThat(j.numjobs()).isEqualTo(1);
    }

    @Test
    void perDirectionBlockSizes() {
        JobSpec j = bind("bs", "8k,32k");
        assertThat(j.blockSizes().read().min()).isEqualTo(8192);
        assertThat(j.blockSizes().write().min()).isEqualTo(32768);
        assertThat(j.blockSize()).isEqualTo(8192);
        JobSpec w = bind("bs", ",64k");
        assertThat(w.blockSizes().read().min()).isEqualTo(4096);
        assertThat(w.blockSizes().write().min()).isEqualTo(65536);
    }

    @Test
    void bssplitSharesTheRestEqually() {
        JobSpec j = bind("bssplit", "4k/50:8k:64k");
        assertThat(j.blockSizes().read().splitSizes()).containsExactly(4096L, 8192L, 65536L);
        assertThat(j.blockSizes().read().splitPercents()).containsExactly(50, 25, 25);
        assertThat(j.blockAlign()).isEqualTo(4096);
    }

    @Test
    void rateAndTimesUseFiosUnits() {
        JobSpec j = bind("rate", "1m,500k", "rate_iops", "100", "thinktime", "250", "runtime", "30", "startdelay", "2s",
                "time_based", "1");
        assertThat(j.rateBytes()).containsExactly(1L << 20, 500L << 10);
        assertThat(j.rateIops()).containsExactly(100L, 100L);
        assertThat(j.thinktimeNs()).isEqualTo(250_000);
        assertThat(j.runtimeNs()).isEqualTo(30_000_000_000L);
        assertThat(j.startDelayNs()).isEqualTo(2_000_000_000L);
        assertThat(j.timeBased()).isTrue();
    }

    @Test
    void distributionsAndSuffixes() {
        assertThat(bind("random_distribution", "zipf:1.2").distribution().parameter()).isEqualTo(1.2);
        assertThat(bind("random_distribution", "normal:10:0.25").distribution().center()).isEqualTo(0.25);
        // options.c split_parse_ddir / zone_split_ddir: an empty size is missing, and gets what is left
        assertThat(bind("random_distribution", "zoned:50/5:30/15:20/").distribution().zones()).containsExactly(
                new JobSpec.RandomDistribution.Zone(50, 5), new JobSpec.RandomDistribution.Zone(30, 15),
                new JobSpec.RandomDistribution.Zone(20, 80));
        assertThat(bind("rw", "read:-8k").rwSuffix()).isEqualTo(-8192);
        assertThat(bind("verify", "md5", "verify_backlog", "32").control().verifyBacklog()).isEqualTo(32);
        assertThat(bind("verify_backlog", "32").control().verifyBacklog()).isZero(); // no verify: nothing logged
        assertThat(bind("rate_iops", "50", "rate_process", "poisson").control().poissonRate()).isTrue();
        assertThat(bind("rw", "write:4k").rwSuffix()).isEqualTo(4096);
        assertThat(bind("rw", "randwrite:16").rwSuffix()).isEqualTo(16);
        assertThat(bind("fdatasync", "8").fsyncEvery()).isEqualTo(8);
        assertThat(bind("write_barrier", "16").writeBarrierEvery()).isEqualTo(16);
        assertThat(bind("fsync", "8").writeBarrierEvery()).isZero();
        assertThat(bind("size", "10%").size()).isEqualTo(CAPACITY / 10);
        assertThat(bind("ioengine", "io_uring", "iodepth", "32", "iodepth_batch", "8").iodepthBatch()).isEqualTo(8);
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', value = {
            "rw                  | randomread     | rw: expected one of read",
            "rw                  | randread:0     | rw: expected a positive :N",
            "bs                  | 1000           | bs: expected a multiple of 512",
            "bs                  | huge           | bs: expected a size such as 512, 4k, 1m or 90g, got 'huge'",
            "bssplit             | 4k/60:8k/60    | bssplit: expected percentages that add up to 100",
            "random_distribution | zipf:1         | random_distribution: expected random, zipf",
            "rate_process        | poisson        | rate_process: poisson needs rate or rate_iops",
            "rw                  | read:-1000     | rw: expected a backwards step (:-N) that is a multiple of 512 bytes",
            "random_distribution | zoned:50/50    | random_distribution: access percentages don't add up to 100 for zoned random distribution (got=50",
            "ioengine            | mmap           | ioengine: expected an engine that reads and writes the block device, got 'mmap': memory-mapped IO",
            "ioengine            | frob           | ioengine: expected one of sync",
            "ioengine            | rbd            | ioengine: expected a local block IO engine, got 'rbd'",
            "direct              | 0              | direct: expected direct: 1",
            "size                | 200g           | size: expected a region that ends inside the drive",
            "iodepth             | 0              | iodepth: expected an integer from 1",
            "thinktime           | soon           | thinktime: expected a time",
            "replay_no_stall     | 1              | replay_no_stall: only applies with read_iolog",
            "frobnicate          | 1              | frobnicate: unknown key; expected one of",
            "prio                | 8              | prio: expected an integer from 0 to 7, got '8'",
            "prio                | -1             | prio: expected an integer from 0 to 7, got '-1'",
            "prio                | high           | prio: expected an integer from 0 to 7, got 'high'",
            "prioclass           | 4              | prioclass: expected an integer from 0 to 3, got '4'",
            "prioclass           | idle           | prioclass: expected an integer from 0 to 3, got 'idle'",
    })
    void badOptionsAreRejectedWithTheirLocation(String key, String value, String message) {
        assertThatThrownBy(() -> bind(key.strip(), value.strip()))
                .isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith("t:1:1: job." + message.strip().substring(0, message.strip().indexOf(':')))
                .hasMessageContaining(message.strip());
    }

    /** fio's str_prio_cb / ioprio_value: prio alone is best effort; prioclass alone is level 0 of that class. */
    @ParameterizedTest(name = "prioclass={0} prio={1}")
    @CsvSource(delimiter = '|', value = {
            "-  | -  | none",
            "1  | -  | rt/0",
            "1  | 3  | rt/3",
            "2  | 7  | be/7",
            "-  | 0  | be/0",
            "0  | 5  | be/5",
            "0  | -  | none",
            "3  | -  | idle",
    })
    void prioAndPrioclassCombineAsFioDoes(String cls, String level, String expected) {
        List<String> kv = new java.util.ArrayList<>();
        if (!cls.equals("-")) {
            kv.addAll(List.of("prioclass", cls));
        }
        if (!level.equals("-")) {
            kv.addAll(List.of("prio", level));
        }
        JobSpec j = bind(kv.toArray(String[]::new));
        assertThat(io.iopath.request.IoPrio.describe(j.ioprio())).isEqualTo(expected);
    }

    @Test
    void percentileListReplacesFiosDefault() {
        assertThat(bind().percentiles()).hasSize(17).startsWith(1.0).endsWith(99.99);
        assertThat(bind("percentile_list", "99.9:50").percentiles()).containsExactly(50.0, 99.9);
        assertThatThrownBy(() -> bind("percentile_list", "50:101")).hasMessageContaining("percentile_list: expected at most 20");
    }

    @Test
    void aJobWithoutSizeRuntimeOrCountCoversTheRestOfTheDevice() {
        Node.MapNode m = Node.newMap(new Location("t", 1, 1));
        option(m, "rw", "read", new Location("t", 2, 5));
        option(m, "offset", "1m", new Location("t", 3, 5));
        assertThat(JobSection.bind(m, "job", "j", CAPACITY).size()).isEqualTo(CAPACITY - (1 << 20));
    }

    @Test
    void aliasesMayNotBothBeGiven() {
        assertThatThrownBy(() -> bind("rw", "read", "readwrite", "write")).hasMessageContaining("same option as rw");
    }

    @Test
    void theFactoryMeansTheSameAsTheOptions() {
        JobSpec viaOptions = bind("name", "x", "rw", "randread", "bs", "4k", "iodepth", "4", "size", "1g", "number_ios", "10");
        JobSpec direct = JobSpec.of("x", ReadWrite.RANDREAD, 4096, 1L << 30).withIodepth(4).withNumberIos(10);
        assertThat(direct).isEqualTo(viaOptions);
        assertThat(List.of(direct.ioengine())).containsExactly("libaio");
        JobSpec mixed = bind("name", "x", "rw", "randrw", "rwmixread", "70", "size", "1g", "offset", "1m", "runtime", "2");
        assertThat(JobSpec.of("x", ReadWrite.RANDRW, 4096, 1L << 30).withRwmixread(70).withOffset(1L << 20)
                .withRuntimeNs(2_000_000_000L)).isEqualTo(mixed);
    }
}
