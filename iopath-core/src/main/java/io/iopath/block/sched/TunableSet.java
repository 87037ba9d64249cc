package io.iopath.block.sched;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sysfs attributes of one scheduler, and their resolution from user text into simulator
 * units (ns for times, sectors for sizes). Unknown names and bad values are rejected with a
 * message that lists what is accepted.
 */
public final class TunableSet {
    private final Map<String, Tunable> byName = new LinkedHashMap<>();

    public TunableSet(Tunable... tunables) {
        for (Tunable t : tunables) {
            byName.put(t.name(), t);
        }
    }

    /** This set followed by more tunables (a scheduler that adds attributes to another's). */
    public TunableSet plus(Tunable... more) {
        Tunable[] all = byName.values().toArray(new Tunable[byName.size() + more.length]);
        System.arraycopy(more, 0, all, byName.size(), more.length);
        return new TunableSet(all);
    }

    public List<String> names() {
        return List.copyOf(byName.keySet());
    }

    public List<Tunable> all() {
        return List.copyOf(byName.values());
    }

    /** Values in simulator units, defaults where the user gave none. */
    public Values resolve(Map<String, String> user, Hz hz) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (Tunable t : byName.values()) {
            out.put(t.name(), internal(t, t.defaultValue(), hz, true));
        }
        for (Map.Entry<String, String> e : user.entrySet()) {
            Tunable t = byName.get(e.getKey());
            if (t == null) {
                throw new IllegalArgumentException("unknown tunable '" + e.getKey() + "'; expected one of "
                        + (byName.isEmpty() ? "(none: this scheduler has no tunables)" : String.join(", ", byName.keySet())));
            }
            long v;
            try {
                v = Long.parseLong(e.getValue().trim());
            } catch (NumberFormatException ex) {
                throw new IllegalArgumentException("tunable '" + t.name() + "': expected an integer ("
                        + unitWord(t.unit()) + "), got '" + e.getValue() + "'");
            }
            if (v < 0 || (t.unit() == Tunable.Unit.FLAG && v > 1)) {
                throw new IllegalArgumentException("tunable '" + t.name() + "': expected "
                        + (t.unit() == Tunable.Unit.FLAG ? "0 or 1" : "a non-negative integer (" + unitWord(t.unit()) + ")")
                        + ", got '" + e.getValue() + "'");
            }
            out.put(t.name(), internal(t, v, hz, false));
        }
        return new Values(out);
    }

    private static String unitWord(Tunable.Unit u) {
        return switch (u) {
            case MS -> "milliseconds";
            case NS -> "nanoseconds";
            case KIB -> "KiB";
            case FLAG -> "0 or 1";
            case COUNT -> "a count";
        };
    }

    private static long internal(Tunable t, long v, Hz hz, boolean isDefault) {
        return switch (t.unit()) {
            case MS -> isDefault && t.jiffies() != null ? hz.defaultNs(v, t.jiffies()) : hz.userNs(v);
            case NS -> v;
            case KIB -> v * 2;
            case COUNT, FLAG -> v;
        };
    }

    /** Resolved values by sysfs name. */
    public record Values(Map<String, Long> map) {
        public long get(String name) {
            Long v = map.get(name);
            if (v == null) {
                throw new IllegalStateException("no tunable " + name);
            }
            return v;
        }

        public int count(String name) {
            return (int) get(name);
        }

        public boolean flag(String name) {
            return get(name) != 0;
        }
    }
}
