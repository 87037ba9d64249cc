package io.iopath.block.sched;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The registry from scheduler name (as typed into {@code /sys/block/X/queue/scheduler}) to its
 * {@link SchedulerType}: blk-mq or not, elevator or not, aliases, sysfs attributes and factory.
 * Adding a scheduler adds one class and one line here.
 */
public final class Schedulers {
    private static final Map<String, SchedulerType> TYPES = new LinkedHashMap<>();
    private static final Map<String, SchedulerType> BY_ALIAS = new LinkedHashMap<>();

    static {
        register(SchedulerType.legacy("noop", Noop.TUNABLES, v -> new Noop()));
        register(SchedulerType.legacy("deadline", DeadlineCore.TUNABLES, Deadline::new));
        register(SchedulerType.legacy("anticipatory", Anticipatory.TUNABLES, Anticipatory::new).alias("as"));
        register(SchedulerType.legacy("cfq", Cfq.TUNABLES, Cfq::new));
        register(SchedulerType.mq("none", None.TUNABLES, v -> new None()).noElevator());
        register(SchedulerType.mq("mq-deadline", MqDeadline.TUNABLES, MqDeadline::new));
        register(SchedulerType.mq("kyber", Kyber.TUNABLES, Kyber::new));
        register(SchedulerType.mq("bfq", Bfq.TUNABLES, Bfq::new));
    }

    private Schedulers() {
    }

    private static void register(SchedulerType t) {
        TYPES.put(t.name(), t);
        for (String a : t.aliases()) {
            BY_ALIAS.put(a, t);
        }
    }

    /** The registry name for a name or alias (the 2.6 boot option {@code as} is anticipatory). */
    static String canonical(String name) {
        SchedulerType t = BY_ALIAS.get(name);
        return t == null ? name : t.name();
    }

    /** The scheduler of that name or alias, if there is one. */
    public static Optional<SchedulerType> find(String name) {
        return Optional.ofNullable(TYPES.get(canonical(name)));
    }

    /**
     * The scheduler of that name or alias.
     *
     * @throws IllegalArgumentException for an unknown name
     */
    public static SchedulerType type(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException(
                "unknown scheduler '" + name + "'" + io.iopath.units.Spelling.hint(name, names()) + "; expected one of "
                        + String.join(", ", names())));
    }

    /** The scheduler with kernel defaults and exact-millisecond timers. */
    public static Optional<IoScheduler> create(String name) {
        return find(name).map(t -> t.create(t.tunables().resolve(Map.of(), Hz.EXACT)));
    }

    /**
     * The scheduler with the given sysfs tunables (by name, as text).
     *
     * @throws IllegalArgumentException for an unknown scheduler, an unknown tunable or a bad value
     */
    public static IoScheduler create(String name, Map<String, String> tunables, Hz hz) {
        SchedulerType t = type(name);
        return t.create(t.tunables().resolve(tunables, hz));
    }

    /** @throws IllegalArgumentException for an unknown scheduler */
    public static TunableSet tunables(String name) {
        return type(name).tunables();
    }

    public static List<String> names() {
        return List.copyOf(TYPES.keySet());
    }

    /** Every name accepted: the registry names, then the aliases. */
    public static List<String> namesAndAliases() {
        List<String> all = new ArrayList<>(TYPES.keySet());
        all.addAll(BY_ALIAS.keySet());
        return List.copyOf(all);
    }
}
