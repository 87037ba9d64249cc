package io.iopath.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link StallLog} folding the episodes inside the run's span so far gives the same answers as
 * the log that keeps every episode (the algorithm before issue 16, kept here as
 * {@link Reference}), over random episode sequences and span evolutions: zero-length episodes,
 * episodes before the first counted bio, a span start moving earlier as an early-queued bio
 * completes late, an episode open at the end (a power cut), queries mid-run. And it keeps
 * exactly the episodes not inside the current span, so its memory is flat in a steady run.
 */
class StallLogTest {

    /** The run's span so far, from bios completed in any order. */
    static final class Span implements RunSpan {
        long first = Long.MAX_VALUE;
        long last;

        void completed(long queuedNs, long completedNs) {
            first = Math.min(first, queuedNs);
            last = Math.max(last, completedNs);
        }

        @Override
        public long firstQueuedNs() {
            return first;
        }

        @Override
        public long lastCompletedNs() {
            return last;
        }

        boolean any() {
            return first != Long.MAX_VALUE;
        }

        long from() {
            return any() ? first : 0;
        }

        long to() {
            return any() ? last : 0; // ScenarioRun: from + elapsed
        }
    }

    /** The log before issue 16: every episode kept. */
    static final class Reference {
        final List<long[]> ended = new ArrayList<>();
        long openSince = -1;

        void begin(long now) {
            if (openSince < 0) {
                openSince = now;
            }
        }

        void end(long now) {
            if (openSince >= 0) {
                ended.add(new long[] {openSince, now});
                openSince = -1;
            }
        }

        long episodesWithin(long from, long to) {
            long n = 0;
            for (long[] e : ended) {
                if (e[0] >= from && e[0] < to) {
                    n++;
                }
            }
            return n + (openSince >= 0 && openSince >= from && openSince < to ? 1 : 0);
        }

        long blockedNsWithin(long from, long to, long now) {
            long sum = 0;
            for (long[] e : ended) {
                sum += Math.max(0, Math.min(e[1], to) - Math.max(e[0], from));
            }
            return sum + (openSince >= 0 ? Math.max(0, Math.min(now, to) - Math.max(openSince, from)) : 0);
        }

        /** Ended episodes not inside the span: what the folding log must keep, no more. */
        int notInside(Span span) {
            int n = 0;
            for (long[] e : ended) {
                if (!(span.any() && e[0] >= span.first && e[0] < span.last && e[1] <= span.last)) {
                    n++;
                }
            }
            return n;
        }
    }

    static LongStream seeds() {
        return LongStream.rangeClosed(1, 400);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void answersAsTheLogThatKeepsEveryEpisode(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        StallLog log = new StallLog();
        Span span = new Span();
        log.foldWithin(span);
        Reference ref = new Reference();
        List<long[]> inFlight = new ArrayList<>(); // bios queued, not completed: {queuedNs}
        long now = rnd.nextInt(3) == 0 ? 0 : rnd.nextLong(1_000);
        int preSpan = rnd.nextInt(4) == 0 ? rnd.nextInt(40) : 0; // steps of uncounted IO before the first bio
        int steps = 50 + rnd.nextInt(1_500);
        int maxGap = 1 + rnd.nextInt(rnd.nextBoolean() ? 5 : 500); // small: many equal times
        for (int step = 0; step < steps; step++) {
            now += rnd.nextInt(4) == 0 ? 0 : rnd.nextLong(maxGap);
            switch (rnd.nextInt(6)) {
                case 0, 1 -> {
                    log.begin(now);
                    ref.begin(now);
                }
                case 2 -> {
                    boolean ending = log.open();
                    log.end(now);
                    ref.end(now);
                    if (ending) { // an end folds what the span so far now holds
                        assertThat(log.kept()).isEqualTo(ref.notInside(span));
                    }
                }
                case 3 -> {
                    if (step >= preSpan) {
                        inFlight.add(new long[] {now});
                    }
                }
                case 4 -> {
                    if (!inFlight.isEmpty()) { // any in-flight bio may complete: the oldest one late, so the span's start moves earlier
                        long[] bio = inFlight.remove(rnd.nextInt(inFlight.size()));
                        span.completed(bio[0], now);
                    }
                }
                default -> assertSameAnswers(log, ref, span, now, rnd);
            }
        }
        if (rnd.nextBoolean()) { // the run drains; otherwise a power cut leaves bios in flight and maybe an episode open
            for (long[] bio : inFlight) {
                now += rnd.nextLong(maxGap);
                span.completed(bio[0], now);
            }
        }
        assertSameAnswers(log, ref, span, now + rnd.nextLong(maxGap), rnd);
    }

    private static void assertSameAnswers(StallLog log, Reference ref, Span span, long now, SplittableRandom rnd) {
        long from = span.from();
        long to = span.to();
        assertThat(log.episodesWithin(from, to)).isEqualTo(ref.episodesWithin(from, to));
        assertThat(log.blockedNsWithin(from, to, now)).isEqualTo(ref.blockedNsWithin(from, to, now));
        long wideFrom = from - rnd.nextLong(100);
        long wideTo = to + rnd.nextLong(100); // any span containing the run's so far
        assertThat(log.episodesWithin(wideFrom, wideTo)).isEqualTo(ref.episodesWithin(wideFrom, wideTo));
        assertThat(log.blockedNsWithin(wideFrom, wideTo, now)).isEqualTo(ref.blockedNsWithin(wideFrom, wideTo, now));
        assertThat(log.episodes()).isEqualTo(ref.episodesWithin(Long.MIN_VALUE, Long.MAX_VALUE));
        assertThat(log.blockedNs(now)).isEqualTo(ref.blockedNsWithin(Long.MIN_VALUE, Long.MAX_VALUE, now));
        assertThat(log.kept()).isEqualTo(ref.notInside(span));
    }

    @Test
    void aSteadyRunKeepsAFewEpisodesHoweverMany() {
        // a queue-1 drive under host depth 4: each request is refused once, the device drains, issue resumes
        StallLog log = new StallLog();
        Span span = new Span();
        log.foldWithin(span);
        long now = 0;
        long queued = 0;
        for (int i = 0; i < 1_000_000; i++) {
            log.begin(now + 10);
            span.completed(queued, now + 900);
            log.end(now + 1_000);
            queued = now + 100;
            now += 1_000;
        }
        assertThat(log.episodes()).isEqualTo(1_000_000);
        assertThat(log.mostKept()).isLessThanOrEqualTo(2);
        assertThat(log.episodesWithin(span.from(), span.to())).isEqualTo(1_000_000);
        assertThat(log.blockedNsWithin(span.from(), span.to(), now)).isEqualTo(999_999L * 990 + 890); // the last outlasts the last completion
    }

    @Test
    void overTheWholeTimeNoEpisodeIsKept() {
        StallLog log = new StallLog();
        log.foldWithin(RunSpan.WHOLE_TIME);
        for (int i = 0; i < 100; i++) {
            log.begin(10L * i);
            log.end(10L * i + 5);
        }
        log.begin(1_000);
        assertThat(log.mostKept()).isZero();
        assertThat(log.episodes()).isEqualTo(101);
        assertThat(log.blockedNs(1_007)).isEqualTo(100 * 5 + 7);
        assertThat(log.episodesWithin(Long.MIN_VALUE, Long.MAX_VALUE)).isEqualTo(101);
        assertThat(log.blockedNsWithin(Long.MIN_VALUE, Long.MAX_VALUE, 1_007)).isEqualTo(507);
    }

    @Test
    void withoutASpanEveryEpisodeIsKept() {
        StallLog log = new StallLog();
        for (int i = 0; i < 100; i++) {
            log.begin(10L * i);
            log.end(10L * i + 5);
        }
        assertThat(log.kept()).isEqualTo(100);
        assertThat(log.episodesWithin(200, 400)).isEqualTo(20);
        assertThat(log.blockedNsWithin(203, 400, 1_000)).isEqualTo(2 + 19 * 5);
    }

    @Test
    void aSpanNarrowerThanTheRunsSoFarIsRefused() {
        StallLog log = new StallLog();
        Span span = new Span();
        log.foldWithin(span);
        span.completed(0, 100);
        log.begin(10);
        log.end(20);
        assertThat(log.kept()).isZero();
        assertThatThrownBy(() -> log.episodesWithin(15, 100)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> log.blockedNsWithin(0, 19, 100)).isInstanceOf(IllegalArgumentException.class);
        assertThat(log.blockedNsWithin(0, 100, 100)).isEqualTo(10);
    }
}
