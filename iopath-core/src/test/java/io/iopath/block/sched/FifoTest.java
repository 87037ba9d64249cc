package io.iopath.block.sched;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.request.Request;
import org.junit.jupiter.api.Test;

/** The schedulers' FIFO: a merge survivor takes the older request's place and stays in the FIFO. */
class FifoTest {
    private static Request write(long id, long sector) {
        return new Request(id, new Bio(id, Op.WRITE, sector, 8, 0, 1, b -> { }));
    }

    @Test
    void theSurvivorOfAMergeWithAnOlderRequestStaysWhenTheAbsorbedOneIsRemoved() {
        Fifo fifo = new Fifo();
        Request older = write(1, 1008);
        Request newer = write(2, 1000);
        fifo.add(older, 100);
        fifo.add(newer, 100);
        // as_merged_requests / cfq_merged_requests: newer absorbs older and takes its place, then
        // the scheduler removes the absorbed request from its lists
        fifo.mergedRequests(newer, older);
        assertThat(fifo.remove(older)).isFalse();
        assertThat(fifo.size()).isEqualTo(1);
        assertThat(fifo.head()).isSameAs(newer);
        assertThat(newer.fifoNs).isEqualTo(100);
        assertThat(fifo.remove(newer)).isTrue();
        assertThat(fifo.isEmpty()).isTrue();
    }
}
