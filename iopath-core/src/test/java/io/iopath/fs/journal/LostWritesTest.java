package io.iopath.fs.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Telling whether one of a file system's own writes was among those a power cut took from the drive's cache. */
class LostWritesTest {
    private final LostWrites lost = new LostWrites(List.of(
            new long[] {1000, 8, 500},     // acknowledged at 500 ns
            new long[] {2000, 64, 900},    // a merged request: 8 blocks
            new long[] {3000, 8, -1}));    // accepted, never acknowledged

    @Test
    void aWriteIsLostWhenALostWriteOverItsSectorsWasAcknowledgedWhileItWasOutstanding() {
        assertThat(lost.lost(1000, 8, 400, 600)).isTrue();
        assertThat(lost.lost(2024, 8, 800, 950)).as("one bio of a merged request").isTrue();
    }

    @Test
    void aLostWriteOfOtherSectorsOrAnotherTimeIsSomeoneElses() {
        assertThat(lost.lost(1008, 8, 400, 600)).as("the next block").isFalse();
        assertThat(lost.lost(1000, 8, 600, 700)).as("a later write of the same block, which reached the media").isFalse();
        assertThat(lost.lost(1000, 8, 100, 499)).as("an earlier one, completed before the lost one was acknowledged").isFalse();
        assertThat(lost.lost(3000, 8, 0, 10_000)).as("never acknowledged: not one of the completed writes").isFalse();
    }

    @Test
    void theEarliestAcknowledgementBoundsWhatNeedsChecking() {
        assertThat(lost.earliestAckNs()).isEqualTo(500);
        assertThat(new LostWrites(List.of(new long[] {0, 8})).earliestAckNs()).as("no times: nothing to tell").isEqualTo(Long.MAX_VALUE);
    }
}
