package io.iopath.block.sched;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.request.Request;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** as_choose_req's rule, shared by AS, CFQ and BFQ, on hand-computed cases. */
class SeekChoiceTest {
    private static final long BACK_MAX = 1000;
    private static final long PENALTY = 2;

    private static Request at(long sector) {
        return new Request(sector, new Bio(sector, Op.READ, sector, 8, 0, 1, b -> { }));
    }

    /** Head at 10 000: forward cost = distance, backward (≤ 1000 back) = 2 × distance, else wrap. */
    @ParameterizedTest(name = "{0} vs {1} -> {2}")
    @CsvSource({
            "10100, 10200, 10100", // both forward: the nearer
            "10300, 9900, 9900",   // forward 300 vs backward 100 × 2 = 200
            "10100, 9900, 10100",  // forward 100 vs backward 200
            "10200, 9900, 10200",  // a tie of 200: the higher sector
            "9900, 10200, 10200",  // the same tie, the other way round
            "8000, 20000, 20000",  // 8000 is 2000 back: it wraps and loses to any non-wrapping one
            "8000, 8500, 8000",    // both wrap: the lower sector
            "9000, 8000, 9000"})   // exactly BACK_MAX back does not wrap
    void choosesTheCheaperSeek(long s1, long s2, long chosen) {
        Request rq1 = at(s1);
        Request rq2 = at(s2);
        assertThat(SeekChoice.choose(rq1, rq2, 10_000, BACK_MAX, PENALTY).sector()).isEqualTo(chosen);
    }

    @Test
    void theChoiceDoesNotDependOnArgumentOrder() {
        for (long s1 = 7_000; s1 <= 13_000; s1 += 250) {
            for (long s2 = 7_000; s2 <= 13_000; s2 += 250) {
                if (s1 == s2) {
                    continue;
                }
                Request a = at(s1);
                Request b = at(s2);
                assertThat(SeekChoice.choose(a, b, 10_000, BACK_MAX, PENALTY))
                        .as("%d vs %d", s1, s2)
                        .isSameAs(SeekChoice.choose(b, a, 10_000, BACK_MAX, PENALTY));
            }
        }
    }
}
