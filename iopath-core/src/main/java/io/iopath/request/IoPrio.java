package io.iopath.request;

/**
 * I/O priorities as Linux encodes them (include/linux/ioprio.h, 2.6.20 and today): a class in
 * the bits above {@link #CLASS_SHIFT} and a level 0..7 (0 highest) below. The value 0 is class
 * NONE, "not set": a scheduler then treats the process as best effort at level
 * {@code (nice + 20) / 5} = 4 for nice 0 ({@code task_nice_ioprio}), which is every process in
 * iopath unless its job sets {@code prioclass} / {@code prio} (fio's options, ionice's -c / -n).
 */
public final class IoPrio {
    public static final int CLASS_SHIFT = 13;
    public static final int CLASS_NONE = 0;
    public static final int CLASS_RT = 1;
    public static final int CLASS_BE = 2;
    public static final int CLASS_IDLE = 3;
    /** IOPRIO_BE_NR: levels 0..7 in the RT and BE classes. */
    public static final int LEVELS = 8;
    /** task_nice_ioprio for nice 0: (0 + 20) / 5. */
    public static final int NORM = 4;
    /** Not set (IOPRIO_CLASS_NONE): the default of every bio. */
    public static final int NONE = 0;

    private IoPrio() {
    }

    /** IOPRIO_PRIO_VALUE(class, level). */
    public static int of(int ioClass, int level) {
        if (ioClass < CLASS_NONE || ioClass > CLASS_IDLE || level < 0 || level >= LEVELS) {
            throw new IllegalArgumentException("bad ioprio class " + ioClass + " level " + level);
        }
        return ioClass << CLASS_SHIFT | level;
    }

    /** IOPRIO_PRIO_CLASS: the class as set (may be NONE). */
    public static int ioClass(int ioprio) {
        return ioprio >>> CLASS_SHIFT;
    }

    /** IOPRIO_PRIO_DATA: the level as set. */
    public static int data(int ioprio) {
        return ioprio & ((1 << CLASS_SHIFT) - 1);
    }

    /** The class a scheduler uses: NONE means best effort. */
    public static int effectiveClass(int ioprio) {
        int c = ioClass(ioprio);
        return c == CLASS_NONE ? CLASS_BE : c;
    }

    /**
     * The level a scheduler uses (cfq_init_prio_data, bfq_set_next_ioprio_data): NONE → the nice
     * level 4, IDLE → 7, else the level as set.
     */
    public static int effectiveLevel(int ioprio) {
        return switch (ioClass(ioprio)) {
            case CLASS_NONE -> NORM;
            case CLASS_IDLE -> LEVELS - 1;
            default -> data(ioprio);
        };
    }

    /**
     * ioprio_best (fs/ioprio.c): the higher of two priorities, NONE counting as BE; within one
     * class the numerically smaller value.
     */
    public static int best(int a, int b) {
        int ac = effectiveClass(a);
        int bc = effectiveClass(b);
        if (ac == bc) {
            return Math.min(a, b);
        }
        return ac > bc ? b : a;
    }

    /** As ionice prints it: {@code none}, {@code rt/0}, {@code be/4}, {@code idle}. */
    public static String describe(int ioprio) {
        return switch (ioClass(ioprio)) {
            case CLASS_NONE -> "none";
            case CLASS_RT -> "rt/" + data(ioprio);
            case CLASS_BE -> "be/" + data(ioprio);
            default -> "idle";
        };
    }
}
