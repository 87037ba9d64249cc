package io.iopath.block.sched;

import java.util.function.IntUnaryOperator;

/**
 * One sysfs attribute of an IO scheduler ({@code /sys/block/X/queue/iosched/NAME}): its name,
 * its kernel default and its unit.
 *
 * @param name        the sysfs name users type
 * @param unit        how the value is read and stored
 * @param defaultValue default in the unit (ms for times, as sysfs shows them)
 * @param jiffies     for times: the kernel's default as jiffies(HZ), used with HZ quantisation
 * @param source      where the default comes from
 */
record Tunable(String name, Unit unit, long defaultValue, IntUnaryOperator jiffies, String source) {
    public enum Unit {
        /** milliseconds in sysfs, nanoseconds inside iopath */
        MS,
        /** a count */
        COUNT,
        /** 0 or 1 */
        FLAG,
        /** KiB in sysfs, sectors inside */
        KIB,
        /** nanoseconds in sysfs (kyber's read_lat_nsec, write_lat_nsec) */
        NS
    }

    public static Tunable ms(String name, long ms, IntUnaryOperator jiffies, String source) {
        return new Tunable(name, Unit.MS, ms, jiffies, source);
    }

    public static Tunable count(String name, long v, String source) {
        return new Tunable(name, Unit.COUNT, v, null, source);
    }

    public static Tunable flag(String name, boolean v, String source) {
        return new Tunable(name, Unit.FLAG, v ? 1 : 0, null, source);
    }

    public static Tunable kib(String name, long kib, String source) {
        return new Tunable(name, Unit.KIB, kib, null, source);
    }

    public static Tunable ns(String name, long ns, String source) {
        return new Tunable(name, Unit.NS, ns, null, source);
    }
}
