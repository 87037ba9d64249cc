package io.iopath.driver;

import java.util.Arrays;

/**
 * The device_blocked episodes of one device, each from the refusal that started it to the run of
 * the request function that issued again. A run's figures are over the span from its first bio
 * queued to its last completed; an episode may outlast that span (a power failure cuts the run
 * while the device is still blocked, or while a command issued after the last completion is in
 * flight), so the totals are taken over a span, never over the whole simulated time: summed
 * over all episodes, the stall time can then never exceed the run's length.
 *
 * <p>Episodes are disjoint and in time order; their bounds are kept in a growing array (one
 * pair per episode, which is rare next to the IOs), so a span's total is exact.
 */
final class StallLog {
    private long[] bounds = new long[32]; // start, end of each ended episode
    private int ended;
    private long openSinceNs = -1;

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
        if (2 * ended + 2 > bounds.length) {
            bounds = Arrays.copyOf(bounds, bounds.length * 2);
        }
        bounds[2 * ended] = openSinceNs;
        bounds[2 * ended + 1] = nowNs;
        ended++;
        openSinceNs = -1;
    }

    /** Episodes that began within [{@code fromNs}, {@code toNs}); an open one counts, as if ending at {@code nowNs}. */
    long episodesWithin(long fromNs, long toNs) {
        long n = 0;
        for (int i = 0; i < ended; i++) {
            if (bounds[2 * i] >= fromNs && bounds[2 * i] < toNs) {
                n++;
            }
        }
        if (openSinceNs >= 0 && openSinceNs >= fromNs && openSinceNs < toNs) {
            n++;
        }
        return n;
    }

    /** Time within [{@code fromNs}, {@code toNs}] the device was blocked, an open episode up to {@code nowNs}. */
    long blockedNsWithin(long fromNs, long toNs, long nowNs) {
        long sum = 0;
        for (int i = 0; i < ended; i++) {
            sum += overlap(bounds[2 * i], bounds[2 * i + 1], fromNs, toNs);
        }
        if (openSinceNs >= 0) {
            sum += overlap(openSinceNs, nowNs, fromNs, toNs);
        }
        return sum;
    }

    private static long overlap(long start, long end, long fromNs, long toNs) {
        return Math.max(0, Math.min(end, toNs) - Math.max(start, fromNs));
    }
}
