package io.iopath.block.sched;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/** The registry from scheduler name to factory; adding a scheduler adds one line here. */
public final class Schedulers {
    private static final Map<String, Supplier<IoScheduler>> FACTORIES = new LinkedHashMap<>();

    static {
        FACTORIES.put("noop", Noop::new);
    }

    private Schedulers() {
    }

    public static Optional<IoScheduler> create(String name) {
        Supplier<IoScheduler> f = FACTORIES.get(name);
        return f == null ? Optional.empty() : Optional.of(f.get());
    }

    public static List<String> names() {
        return List.copyOf(FACTORIES.keySet());
    }
}
