package io.iopath.sim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RandomStreamsTest {

    @Test
    void theSameSeedAndNameGiveTheSameStream() {
        var a = new RandomStreams(42).stream("job.randread.offset");
        var b = new RandomStreams(42).stream("job.randread.offset");
        for (int i = 0; i < 100; i++) {
            assertThat(a.nextLong()).isEqualTo(b.nextLong());
        }
    }

    @Test
    void aStreamDoesNotDependOnWhichOtherStreamsExist() {
        RandomStreams one = new RandomStreams(7);
        long alone = one.stream("drive.spindle").nextLong();
        RandomStreams two = new RandomStreams(7);
        two.stream("job.a").nextLong();
        two.stream("job.b").nextLong();
        assertThat(two.stream("drive.spindle").nextLong()).isEqualTo(alone);
    }

    @Test
    void differentNamesAndDifferentSeedsGiveDifferentStreams() {
        long base = new RandomStreams(7).stream("x").nextLong();
        assertThat(new RandomStreams(7).stream("y").nextLong()).isNotEqualTo(base);
        assertThat(new RandomStreams(8).stream("x").nextLong()).isNotEqualTo(base);
    }
}
