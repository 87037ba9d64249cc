package io.iopath.driver;

/**
 * The device_blocked episodes of one device, each from the refusal that started it to the run of
 * the request function that issued again. A run's figures are over the span from its first bio
 * queued to its last completed; an episode may outlast that span (a power failure cuts the run
 * while the device is still blocked, or while a command issued after the last completion is in
 * flight), so the totals are taken over a span, never over the whole simulated time: summed
 * over all episodes, the stall time can then never exceed the run's length.
 *
 * <p>Episodes are disjoint and in time order. Without a {@link RunSpan} every ended one is kept
 * (16 bytes), so any span's total is exact. With one, an ended episode [s, e] lying inside the
 * span so far — first queued ≤ s, s &lt; last completed, e ≤ last completed — is folded into sums
 * and forgotten. That is exact for every span [from, to] containing all spans reported so far
 * (in particular the run's final one, {@link RunSpan}: its start only moves earlier, its end only
 * later): there from ≤ s and e ≤ to, so the episode's overlap with [from, to] is e − s, and it
 * began within [from, to) since s &lt; to — the same count and time the kept episode would give.
 * The episodes not inside are kept, in two lists:
 * <ul>
 *   <li>{@link #recent}, those the span's end has not passed (e &gt; last completed, or s at it):
 *       the newest, in order; a queue, since the end passes the oldest first;</li>
 *   <li>{@link #early}, those the end has passed but which began before the span's start: the
 *       oldest, in order; a stack, since the start, moving earlier, reaches the newest first.</li>
 * </ul>
 * While the run counts bios both stay small: {@link #recent} holds the episodes since the latest
 * counted completion, {@link #early} those begun before every counted bio completed so far was
 * queued: while the run's first bio is in flight, the episodes since it was queued; once it has
 * completed, only those before (none when the run's IO starts with it). What
 * grows with its length is a phase of uncounted IO (flushes, trims) before the first counted bio
 * or after the last: whether such an episode is inside the final span depends on a start or an
 * end not known yet — the queue time of a counted bio that may still be in flight, or a
 * completion still to come — so forgetting it would need the driver to know every bio the run
 * will count. Nothing is approximated: what cannot be folded yet is kept.
 */
final class StallLog {
    private final Episodes recent = new Episodes();
    private final Episodes early = new Episodes();
    private long openSinceNs = -1;
    /** Every ended episode: for the whole-time totals. */
    private long endedEpisodes;
    private long endedNs;
    /** The folded episodes: their number, time, earliest start, latest start and latest end. */
    private long foldedEpisodes;
    private long foldedNs;
    private long foldedFirstStartNs = Long.MAX_VALUE;
    private long foldedLastStartNs = Long.MIN_VALUE;
    private long foldedLastEndNs = Long.MIN_VALUE;
    /** The run's span so far; null: nothing is folded. */
    private RunSpan span;
    /** The most episodes kept at once: a test's bound. */
    private int mostKept;

    /**
     * From now on the spans asked for contain every span {@code span} reports; episodes inside
     * one are folded into sums; null: none is folded from now on.
     */
    void foldWithin(RunSpan span) {
        this.span = span;
    }

    /** An episode begins at {@code nowNs}, unless one is open. */
    void begin(long nowNs) {
        if (openSinceNs < 0) {
            openSinceNs = nowNs;
        }
    }

    /** Whether an episode is open. */
    boolean open() {
        return openSinceNs >= 0;
    }

    /** The open episode ends at {@code nowNs}; nothing happens when none is open. */
    void end(long nowNs) {
        if (openSinceNs < 0) {
            return;
        }
        endedEpisodes++;
        endedNs += nowNs - openSinceNs;
        recent.addLast(openSinceNs, nowNs);
        openSinceNs = -1;
        fold();
        mostKept = Math.max(mostKept, kept());
    }

    /** Every episode so far, an open one included. */
    long episodes() {
        return endedEpisodes + (openSinceNs >= 0 ? 1 : 0);
    }

    /** The time blocked so far, an open episode up to {@code nowNs}. */
    long blockedNs(long nowNs) {
        return endedNs + (openSinceNs >= 0 ? nowNs - openSinceNs : 0);
    }

    /** Episodes that began within [{@code fromNs}, {@code toNs}); an open one counts, as if ending at {@code nowNs}. */
    long episodesWithin(long fromNs, long toNs) {
        fold();
        checkContainsFolded(fromNs, toNs);
        long n = foldedEpisodes + early.beganWithin(fromNs, toNs) + recent.beganWithin(fromNs, toNs);
        if (openSinceNs >= 0 && openSinceNs >= fromNs && openSinceNs < toNs) {
            n++;
        }
        return n;
    }

    /** Time within [{@code fromNs}, {@code toNs}] the device was blocked, an open episode up to {@code nowNs}. */
    long blockedNsWithin(long fromNs, long toNs, long nowNs) {
        fold();
        checkContainsFolded(fromNs, toNs);
        long sum = foldedNs + early.overlap(fromNs, toNs) + recent.overlap(fromNs, toNs);
        if (openSinceNs >= 0) {
            sum += overlap(openSinceNs, nowNs, fromNs, toNs);
        }
        return sum;
    }

    /** Episodes kept, not folded. */
    int kept() {
        return early.size() + recent.size();
    }

    /** The most episodes kept at once so far. */
    int mostKept() {
        return mostKept;
    }

    /** Folds the episodes now inside the span so far (see the class comment), oldest of {@link #recent} and newest of {@link #early} first. */
    private void fold() {
        if (span == null) {
            return;
        }
        long first = span.firstQueuedNs();
        long last = span.lastCompletedNs();
        if (first == Long.MAX_VALUE) {
            return; // no bio counted yet: no span
        }
        // early's episodes are all passed by the end (which never moves back): those the start reached are inside
        while (early.size() > 0 && early.lastStart() >= first) {
            fold(early.lastStart(), early.lastEnd());
            early.removeLast();
        }
        while (recent.size() > 0 && recent.firstEnd() <= last && recent.firstStart() < last) {
            if (recent.firstStart() >= first) {
                fold(recent.firstStart(), recent.firstEnd());
            } else {
                early.addLast(recent.firstStart(), recent.firstEnd()); // after every episode in early: they are in time order
            }
            recent.removeFirst();
        }
    }

    private void fold(long start, long end) {
        foldedEpisodes++;
        foldedNs += end - start;
        foldedFirstStartNs = Math.min(foldedFirstStartNs, start);
        foldedLastStartNs = Math.max(foldedLastStartNs, start);
        foldedLastEndNs = Math.max(foldedLastEndNs, end);
    }

    /** The folded sums are exact only for a span containing every folded episode (see the class comment). */
    private void checkContainsFolded(long fromNs, long toNs) {
        if (foldedEpisodes > 0 && (fromNs > foldedFirstStartNs || toNs <= foldedLastStartNs || toNs < foldedLastEndNs)) {
            throw new IllegalArgumentException("stalls asked for within [" + fromNs + ", " + toNs
                    + "], narrower than the run's span so far: episodes in [" + foldedFirstStartNs + ", " + foldedLastEndNs + "] are folded");
        }
    }

    private static long overlap(long start, long end, long fromNs, long toNs) {
        return Math.max(0, Math.min(end, toNs) - Math.max(start, fromNs));
    }

    /** Ended episodes in time order, a ring of (start, end) pairs: added at the end, removed at either. */
    private static final class Episodes {
        private long[] bounds = new long[32];
        private int head; // index of the first pair
        private int size;

        int size() {
            return size;
        }

        void addLast(long start, long end) {
            if (2 * size == bounds.length) {
                long[] grown = new long[bounds.length * 2];
                for (int i = 0; i < size; i++) {
                    grown[2 * i] = start(i);
                    grown[2 * i + 1] = end(i);
                }
                bounds = grown;
                head = 0;
            }
            int at = slot(size);
            bounds[at] = start;
            bounds[at + 1] = end;
            size++;
        }

        long firstStart() {
            return start(0);
        }

        long firstEnd() {
            return end(0);
        }

        long lastStart() {
            return start(size - 1);
        }

        long lastEnd() {
            return end(size - 1);
        }

        void removeFirst() {
            head = (head + 2) % bounds.length;
            size--;
        }

        void removeLast() {
            size--;
        }

        long beganWithin(long fromNs, long toNs) {
            long n = 0;
            for (int i = 0; i < size; i++) {
                if (start(i) >= fromNs && start(i) < toNs) {
                    n++;
                }
            }
            return n;
        }

        long overlap(long fromNs, long toNs) {
            long sum = 0;
            for (int i = 0; i < size; i++) {
                sum += StallLog.overlap(start(i), end(i), fromNs, toNs);
            }
            return sum;
        }

        private long start(int i) {
            return bounds[slot(i)];
        }

        private long end(int i) {
            return bounds[slot(i) + 1];
        }

        /** The index in {@link #bounds} of the {@code i}-th pair's start. */
        private int slot(int i) {
            return (head + 2 * i) % bounds.length;
        }
    }
}
