package io.iopath.request;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IoPrioTest {
    static int parse(String s) {
        return switch (s) {
            case "none" -> IoPrio.NONE;
            case "idle" -> IoPrio.of(IoPrio.CLASS_IDLE, 0);
            default -> IoPrio.of(s.startsWith("rt") ? IoPrio.CLASS_RT : IoPrio.CLASS_BE, s.charAt(3) - '0');
        };
    }

    /**
     * fs/ioprio.c ioprio_best: NONE counts as best effort; RT > BE > IDLE; within a class the
     * lower raw value, so NONE (0) wins over any explicit best-effort level, as in the kernel.
     */
    @ParameterizedTest(name = "best({0}, {1}) = {2}")
    @CsvSource({"rt/3,be/0,rt/3", "be/0,rt/7,rt/7", "be/2,be/5,be/2", "idle,be/7,be/7", "none,be/4,none",
            "none,be/2,none", "idle,none,none", "rt/0,rt/1,rt/0", "idle,idle,idle"})
    void bestIsTheKernels(String a, String b, String best) {
        assertThat(IoPrio.describe(IoPrio.best(parse(a), parse(b)))).isEqualTo(best);
        assertThat(IoPrio.best(parse(a), parse(b))).isEqualTo(IoPrio.best(parse(b), parse(a)));
    }

    /** What the schedulers use: NONE is best effort 4 (nice 0); the idle class is level 7. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"none,2,4", "rt/0,1,0", "be/7,2,7", "idle,3,7"})
    void effectiveClassAndLevel(String p, int cls, int level) {
        assertThat(IoPrio.effectiveClass(parse(p))).isEqualTo(cls);
        assertThat(IoPrio.effectiveLevel(parse(p))).isEqualTo(level);
    }

    /** A request's ioprio starts as its first bio's and keeps ioprio_best over back, front and request merges. */
    @ParameterizedTest(name = "{0} + {1} + {2}")
    @CsvSource({"be/4,rt/2,idle,rt/2", "idle,idle,be/6,be/6", "none,be/1,be/3,none", "be/5,be/1,be/3,be/1"})
    void mergesKeepTheBest(String first, String back, String front, String best) {
        Request rq = new Request(1, new Bio(1, Op.READ, 100, 8, 0, 1, parse(first), b -> { }));
        rq.backMerge(new Bio(2, Op.READ, 108, 8, 0, 2, parse(back), b -> { }));
        Request other = new Request(2, new Bio(3, Op.READ, 116, 8, 0, 3, parse(front), b -> { }));
        rq.absorb(other);
        assertThat(IoPrio.describe(rq.ioprio())).isEqualTo(best);
    }
}
