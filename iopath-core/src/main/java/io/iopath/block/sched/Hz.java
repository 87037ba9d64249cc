package io.iopath.block.sched;

import java.util.function.IntUnaryOperator;

/**
 * Kernel timer granularity. 2.6 keeps its tunables in jiffies (1/HZ s); sysfs shows them in ms.
 * With {@link #EXACT} iopath uses the millisecond values as they are; with HZ = 100, 250 or 1000
 * a default is the kernel's integer expression evaluated at that HZ, a user value is converted
 * with msecs_to_jiffies (rounding up), and timers fire on jiffy boundaries (block-layer.md §0).
 */
public final class Hz {
    public static final Hz EXACT = new Hz(0);

    private final int hz;

    private Hz(int hz) {
        this.hz = hz;
    }

    public static Hz of(int hz) {
        if (hz == 0) {
            return EXACT;
        }
        if (hz != 100 && hz != 250 && hz != 1000) {
            throw new IllegalArgumentException("HZ must be 100, 250 or 1000 (or 0 for exact milliseconds)");
        }
        return new Hz(hz);
    }

    public boolean quantised() {
        return hz != 0;
    }

    /** Nanoseconds of one jiffy; 0 when exact. */
    public long jiffyNs() {
        return hz == 0 ? 0 : 1_000_000_000L / hz;
    }

    /** A kernel default written as jiffies(HZ), e.g. {@code hz -> hz / 8}; exact: {@code ms}. */
    public long defaultNs(long ms, IntUnaryOperator jiffiesAtHz) {
        if (hz == 0) {
            return ms * 1_000_000L;
        }
        return jiffiesAtHz.applyAsInt(hz) * jiffyNs();
    }

    /** A value the user gave in ms: msecs_to_jiffies rounds up. */
    public long userNs(long ms) {
        if (hz == 0) {
            return ms * 1_000_000L;
        }
        long jiffies = (ms * hz + 999) / 1000;
        return jiffies * jiffyNs();
    }

    /**
     * Time from {@code fromNs} to {@code toNs} as the kernel measures it: in whole jiffies (as
     * ns) when quantised, else exactly.
     */
    public long elapsedNs(long fromNs, long toNs) {
        if (!quantised()) {
            return toNs - fromNs;
        }
        long j = jiffyNs();
        return (toNs / j - fromNs / j) * j;
    }

    /** A timer due at {@code atNs} fires at the next jiffy boundary (exact: at {@code atNs}). */
    public long timerNs(long atNs) {
        if (hz == 0) {
            return atNs;
        }
        long j = jiffyNs();
        return (atNs + j - 1) / j * j;
    }

    @Override
    public String toString() {
        return hz == 0 ? "exact" : hz + " Hz";
    }
}
