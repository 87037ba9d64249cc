package io.iopath.device.disk.queue;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The write-ordering count ({@link CommandScheduler#countConflicts}: one unsigned compare for
 * the overlap) against its definition, {@link MediaJob#conflicts} on every other idle job, over
 * seeded random queues: adjacent, overlapping, nested and far extents, zero-sector jobs, reads,
 * writes, destages, active jobs and tombstones.
 */
class ConflictCountTest {

    @Test
    void countIsTheNumberOfIdleOverlappingJobsWhereOneWrites() {
        SplittableRandom rnd = new SplittableRandom(42);
        MediaJob.Kind[] kinds = MediaJob.Kind.values();
        int conflicting = 0;
        for (int c = 0; c < 50_000; c++) {
            JobList list = new JobList();
            int n = rnd.nextInt(40);
            long span = rnd.nextInt(3) == 0 ? 1L << 40 : 64; // far apart, or crowded
            for (int i = 0; i < n; i++) {
                list.add(job(rnd, kinds, span));
            }
            for (int i = 0; i < n / 3; i++) {
                MediaJob o = list.items[rnd.nextInt(list.end)];
                if (o != null) {
                    list.remove(o);
                }
            }
            MediaJob j = rnd.nextInt(4) == 0 && list.end > 0 && list.items[0] != null ? list.items[0] : job(rnd, kinds, span);
            int expected = 0;
            for (int i = 0; i < list.end; i++) {
                MediaJob o = list.items[i];
                if (o != null && o != j && !o.active && j.conflicts(o)) {
                    expected++;
                }
            }
            conflicting += expected;
            assertThat(CommandScheduler.countConflicts(j, list)).isEqualTo(expected);
        }
        assertThat(conflicting).isGreaterThan(10_000);
    }

    private static MediaJob job(SplittableRandom rnd, MediaJob.Kind[] kinds, long span) {
        MediaJob j = new MediaJob();
        j.kind = kinds[rnd.nextInt(kinds.length)];
        j.lba = rnd.nextLong(span);
        j.sectors = rnd.nextInt(10) == 0 ? 0 : 1 + rnd.nextInt(rnd.nextBoolean() ? 8 : 256);
        j.active = rnd.nextInt(8) == 0;
        return j;
    }
}
