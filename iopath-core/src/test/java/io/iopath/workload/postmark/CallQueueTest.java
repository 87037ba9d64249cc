package io.iopath.workload.postmark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/** A process that makes Postmark's calls one at a time, through the queue, makes the same calls. */
class CallQueueTest {
    static String throughTheQueue(PostmarkConfig config, int[] most) {
        CallQueue queue = new CallQueue();
        StringBuilder out = new StringBuilder();
        PostmarkSeqWriter writer = new PostmarkSeqWriter(out);
        Postmark pm = new Postmark(config, queue);
        while (pm.step()) {
            most[0] = Math.max(most[0], queue.remaining());
            while (queue.replayNext(writer)) {
                // one call at a time, as a simulated process would after each completion
            }
            assertThat(queue.isEmpty()).isTrue();
        }
        assertThat(pm.done()).isTrue();
        return out.toString();
    }

    @Test
    void stepByStepThroughTheQueueIsTheRealBinarysSequence() throws IOException {
        String seq = throughTheQueue(PostmarkSequenceTest.config("subdirs-locations"), new int[1]);
        assertThat(seq).isEqualTo(PostmarkSequenceTest.resource("subdirs-locations.seq"));
    }

    @Test
    void stepsOfHundredsOfCallsGrowTheQueue() {
        PostmarkConfig.Builder b = PostmarkConfig.DEFAULTS.toBuilder();
        b.bufferedIo = false;
        b.writeBlockSize = 10;
        b.readBlockSize = 10;
        b.fileSizeLow = 1000;
        b.fileSizeHigh = 2000;
        b.simultaneous = 10;
        b.transactions = 20;
        int[] most = new int[1];
        String seq = throughTheQueue(b.build(), most);
        assertThat(most[0]).isGreaterThan(200);
        assertThat(seq).isEqualTo(PostmarkSequenceTest.sequence(b.build()));
    }
}
