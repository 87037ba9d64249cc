package io.iopath.device.disk.queue;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The job list keeps arrival order through removals and compactions, and stays dense enough to walk. */
class JobListTest {

    @Test
    void keepsArrivalOrderAndFewTombstonesOverRandomAddsAndRemovals() {
        SplittableRandom rnd = new SplittableRandom(16);
        JobList list = new JobList();
        List<MediaJob> reference = new ArrayList<>();
        int maxLive = 0;
        for (int step = 0; step < 200_000; step++) {
            int target = step % 50_000 < 25_000 ? 16 : 1 + rnd.nextInt(64); // a steady queue, then bursts
            if (reference.size() < target && rnd.nextInt(3) > 0 || reference.isEmpty()) {
                MediaJob j = new MediaJob();
                j.seq = step;
                list.add(j);
                reference.add(j);
                // after an add, at most a quarter of the live count are tombstones (plus the one just added)
                assertThat(list.end - list.live).isLessThanOrEqualTo(list.live / 4 + 1);
            } else {
                list.remove(reference.remove(rnd.nextInt(reference.size())));
            }
            maxLive = Math.max(maxLive, reference.size());
            if (step % 97 == 0) {
                List<MediaJob> walked = new ArrayList<>();
                for (int i = 0; i < list.end; i++) {
                    if (list.items[i] != null) {
                        assertThat(list.items[i].index).isEqualTo(i);
                        walked.add(list.items[i]);
                    }
                }
                assertThat(walked).containsExactlyElementsOf(reference);
                assertThat(list.size()).isEqualTo(reference.size());
                assertThat(list.first()).isSameAs(reference.isEmpty() ? null : reference.get(0));
            }
        }
        assertThat(maxLive).isGreaterThan(16);
    }
}
