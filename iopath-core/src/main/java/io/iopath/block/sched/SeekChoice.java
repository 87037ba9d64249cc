package io.iopath.block.sched;

import io.iopath.request.Request;

/**
 * The choice between two queued requests by the seek it costs from the head position
 * (as-iosched.c as_choose_req, copied by cfq_choose_req and bfq_choose_req): a forward seek
 * costs its distance, a backward seek of up to {@code backMax} sectors costs its distance times
 * {@code backPenalty}, a longer backward seek "wraps" and loses to any request that does not.
 * Ties go to the higher sector; two wrapping requests, to the lower one.
 */
final class SeekChoice {
    private SeekChoice() {
    }

    /** The cheaper of two distinct, non-null requests to reach from sector {@code last}. */
    static Request choose(Request rq1, Request rq2, long last, long backMax, long backPenalty) {
        long s1 = rq1.sector();
        long s2 = rq2.sector();
        boolean w1 = wraps(s1, last, backMax);
        boolean w2 = wraps(s2, last, backMax);
        if (!w1 && !w2) {
            long d1 = cost(s1, last, backPenalty);
            long d2 = cost(s2, last, backPenalty);
            if (d1 < d2) {
                return rq1;
            }
            if (d2 < d1) {
                return rq2;
            }
            return s1 >= s2 ? rq1 : rq2;
        }
        if (!w1) {
            return rq1;
        }
        if (!w2) {
            return rq2;
        }
        return s1 <= s2 ? rq1 : rq2;
    }

    /** A backward seek longer than {@code backMax}: the kernel's "wrap". */
    private static boolean wraps(long s, long last, long backMax) {
        return s < last && s + backMax < last;
    }

    /** The seek cost from {@code last} to {@code s} (one that does not wrap). */
    private static long cost(long s, long last, long backPenalty) {
        return s >= last ? s - last : (last - s) * backPenalty;
    }
}
