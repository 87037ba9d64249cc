package io.iopath.block.sched;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The registry from scheduler name (as typed into {@code /sys/block/X/queue/scheduler}) to its
 * sysfs attributes and factory; adding a scheduler adds one line here.
 */
public final class Schedulers {
    private record Entry(TunableSet tunables, Function<TunableSet.Values, IoScheduler> factory) {
    }

    private static final Map<String, Entry> ENTRIES = new LinkedHashMap<>();

    static {
        ENTRIES.put("noop", new Entry(Noop.TUNABLES, v -> new Noop()));
        ENTRIES.put("deadline", new Entry(DeadlineCore.TUNABLES, Deadline::new));
        ENTRIES.put("anticipatory", new Entry(Anticipatory.TUNABLES, Anticipatory::new));
        ENTRIES.put("cfq", new Entry(Cfq.TUNABLES, Cfq::new));
        ENTRIES.put("none", new Entry(None.TUNABLES, v -> new None()));
        ENTRIES.put("mq-deadline", new Entry(MqDeadline.TUNABLES, MqDeadline::new));
        ENTRIES.put("kyber", new Entry(Kyber.TUNABLES, Kyber::new));
        ENTRIES.put("bfq", new Entry(Bfq.TUNABLES, Bfq::new));
    }

    private Schedulers() {
    }

    /** Accepts the 2.6 boot-option alias {@code as} for anticipatory. */
    public static String canonical(String name) {
        return "as".equals(name) ? "anticipatory" : name;
    }

    /** The scheduler with kernel defaults and exact-millisecond timers. */
    public static Optional<IoScheduler> create(String name) {
        return Optional.ofNullable(ENTRIES.get(canonical(name))).map(e -> e.factory().apply(e.tunables().resolve(Map.of(), Hz.EXACT)));
    }

    /**
     * The scheduler with the given sysfs tunables (by name, as text).
     *
     * @throws IllegalArgumentException for an unknown scheduler, an unknown tunable or a bad value
     */
    public static IoScheduler create(String name, Map<String, String> tunables, Hz hz) {
        Entry e = ENTRIES.get(canonical(name));
        if (e == null) {
            throw new IllegalArgumentException("unknown scheduler '" + name + "'; expected one of " + String.join(", ", names()));
        }
        return e.factory().apply(e.tunables().resolve(tunables, hz));
    }

    public static TunableSet tunables(String name) {
        Entry e = ENTRIES.get(canonical(name));
        if (e == null) {
            throw new IllegalArgumentException("unknown scheduler '" + name + "'");
        }
        return e.tunables();
    }

    public static List<String> names() {
        return List.copyOf(ENTRIES.keySet());
    }
}
