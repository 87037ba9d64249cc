package io.iopath.workload.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.request.Op;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * fio's zonemode=zbd (zbd.c) on a host-managed zoned drive, and zonemode=strided: what reaches
 * the drive. Zones of 1 MiB (2048 sectors) keep the runs short.
 */
class ZonedJobTest {
    private static final long ZONE = 2048;

    private static String scenario(String zoned, String... job) {
        StringBuilder y = new StringBuilder("name: t\nseed: 3\ndrive:\n  zoned: " + zoned
                + "\nhost:\n  queue_depth: 32\njobs:\n  - name: j\n");
        for (String l : job) {
            y.append("    ").append(l).append('\n');
        }
        return y.toString();
    }

    /** Replays the issued writes against the zone rules: each at its zone's write pointer, or after a reset at the zone start. */
    private static int checkAtWritePointer(List<JobHarness.Issue> io, long conventionalEnd) {
        Map<Long, Long> wp = new HashMap<>();
        int restarts = 0;
        for (JobHarness.Issue i : io) {
            if (i.op() != Op.WRITE || i.sector() < conventionalEnd) {
                continue;
            }
            long zone = i.sector() / ZONE;
            long expected = wp.getOrDefault(zone, zone * ZONE);
            if (i.sector() != expected) {
                assertThat(i.sector()).as("a write not at the write pointer must be a rewrite after a reset").isEqualTo(zone * ZONE);
                restarts++;
            }
            assertThat(i.sector() + i.sectors()).isLessThanOrEqualTo((zone + 1) * ZONE);
            wp.put(zone, i.sector() + i.sectors());
        }
        return restarts;
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2})
    void randomZbdWritesLandAtTheWritePointerAndFullZonesAreReset(int seed) {
        JobHarness h = JobHarness.runYaml(scenario("{zone_size: 1m, conventional_zones: 0, max_open_zones: 4}",
                "rw: randwrite", "bs: 64k", "size: 8m", "zonemode: zbd", "zonesize: 1m", "time_based: 1",
                "runtime: 2s", "ioengine: psync", "randseed: " + seed));
        int restarts = checkAtWritePointer(h.data(), 0);
        assertThat(h.data()).hasSizeGreaterThan(200); // 8 zones of 16 writes: the run fills and resets them
        assertThat(restarts).isPositive();
        BlockJob job = (BlockJob) h.run.workloads().get(0);
        assertThat(job.zoneResets()).isEqualTo(restarts);
        assertThat(job.stats().zoneResets).as("fio's write line: zone resets").isEqualTo(restarts);
        assertThat(job.ioError()).isNull();
    }

    @Test
    void maxOpenZonesKeepsTheWritesInThatManyZonesAtATime() {
        JobHarness h = JobHarness.runYaml(scenario("{zone_size: 1m, conventional_zones: 0}", "rw: randwrite", "bs: 64k",
                "size: 16m", "zonemode: zbd", "zonesize: 1m", "max_open_zones: 2", "ioengine: psync", "number_ios: 64"));
        // zones written and not yet full: never more than 2
        Map<Long, Long> written = new HashMap<>();
        Set<Long> open = new HashSet<>();
        for (JobHarness.Issue i : h.data()) {
            long zone = i.sector() / ZONE;
            long w = written.merge(zone, (long) i.sectors(), Long::sum);
            if (w >= ZONE) {
                open.remove(zone);
            } else {
                open.add(zone);
            }
            assertThat(open.size()).isLessThanOrEqualTo(2);
        }
        assertThat(h.data()).hasSize(64);
        checkAtWritePointer(h.data(), 0);
    }

    @Test
    void aWriteOffTheWritePointerFailsAndEndsTheJob() {
        // no zonemode: fio sends random offsets, the drive answers UNALIGNED WRITE COMMAND, fio stops the job (EIO)
        JobHarness h = JobHarness.runYaml(scenario("{zone_size: 1m, conventional_zones: 0}", "rw: randwrite", "bs: 4k",
                "size: 8m", "ioengine: psync", "number_ios: 100"));
        BlockJob job = (BlockJob) h.run.workloads().get(0);
        assertThat(job.ioError()).contains("Input/output error").contains("write offset=");
        assertThat(job.completed()).isLessThan(100);
        assertThat(job.notes()).anyMatch(n -> n.contains("Input/output error"));
    }

    @Test
    void resetThresholdAndFrequencyResetZonesBeforeTheyAreFull() {
        // zbd-rand-write-zone-reset-gc.fio's options on 8 small zones: past 70 % of the region written, every 8th write resets its zone
        JobHarness h = JobHarness.runYaml(scenario("{zone_size: 1m, conventional_zones: 0}", "rw: randwrite", "bs: 128k",
                "size: 8m", "zonemode: zbd", "zonesize: 1m", "zone_reset_threshold: 0.7", "zone_reset_frequency: 0.125",
                "time_based: 1", "runtime: 1s", "ioengine: psync"));
        int restarts = checkAtWritePointer(h.data(), 0);
        BlockJob job = (BlockJob) h.run.workloads().get(0);
        assertThat(job.zoneResets()).isEqualTo(restarts).isPositive();
        // at least one reset of a zone that was not full (8 writes of 128k fill a zone)
        Map<Long, Long> fill = new HashMap<>();
        boolean early = false;
        for (JobHarness.Issue i : h.data()) {
            long zone = i.sector() / ZONE;
            if (i.sector() == zone * ZONE && fill.getOrDefault(zone, 0L) > 0 && fill.get(zone) < ZONE) {
                early = true;
            }
            fill.put(zone, i.sector() == zone * ZONE ? i.sectors() : fill.getOrDefault(zone, 0L) + i.sectors());
        }
        assertThat(early).isTrue();
    }

    @Test
    void sequentialReadsStopAtTheWritePointer() {
        // write 2.5 zones, then read the 4 zones back with read_beyond_wp=0: only what was written
        JobHarness h = JobHarness.runYaml("name: t\nseed: 1\ndrive:\n  zoned: {zone_size: 1m, conventional_zones: 0}\njobs:\n"
                + "  - {name: w, rw: write, bs: 64k, size: 4m, io_size: 2560k, zonemode: zbd, zonesize: 1m, ioengine: psync}\n"
                + "  - {name: r, rw: read, bs: 64k, size: 4m, zonemode: zbd, zonesize: 1m, ioengine: psync, stonewall: 1}\n");
        List<JobHarness.Issue> reads = h.data().stream().filter(i -> i.op() == Op.READ).toList();
        long readSectors = reads.stream().mapToLong(JobHarness.Issue::sectors).sum();
        assertThat(readSectors).isEqualTo(2560 * 2);
        assertThat(reads).allMatch(i -> i.sector() + i.sectors() <= 2 * ZONE + ZONE / 2);
    }

    @Test
    void stridedReadsZonesizeThenSkips() {
        // disk-zone-profile.fio's shape: 256k read of every 1m + 256k... here zonesize 128k, zoneskip 384k
        JobHarness h = JobHarness.runJob(1, "rw: read", "bs: 64k", "size: 2m", "zonemode: strided", "zonesize: 128k",
                "zoneskip: 384k", "ioengine: psync");
        assertThat(h.data()).extracting(JobHarness.Issue::sector).startsWith(0L, 128L, 1024L, 1152L, 2048L, 2176L, 3072L, 3200L);
    }
}
