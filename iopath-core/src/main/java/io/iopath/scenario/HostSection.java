package io.iopath.scenario;

import io.iopath.block.OrderedBy;
import io.iopath.block.Plugging;
import io.iopath.block.sched.Hz;
import io.iopath.block.sched.SchedulerType;
import io.iopath.block.sched.Schedulers;
import io.iopath.block.sched.TunableSet;
import io.iopath.driver.CacheOverride;
import io.iopath.driver.QueueFullHandling;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads the {@code host:} section: scheduler and its sysfs tunables, queue and driver settings. */
final class HostSection {
    /** The {@code plugging:} names, in the order errors list them. */
    private static final List<String> PLUGGING = Arrays.stream(Plugging.values()).map(Plugging::yamlName).toList();

    private HostSection() {
    }

    /**
     * @param transport the drive's link (barrier ordering by tag needs its task attributes);
     *              its write cache and FUA the driver learns from the drive itself, at attach
     */
    static HostConfig bind(Fields h, io.iopath.device.Transport transport) {
        SchedulerType scheduler = Schedulers.type(h.choice("scheduler", "noop", Schedulers.namesAndAliases()));
        int hz = (int) h.integer("hz", 0, 0, 1000);
        if (hz != 0 && hz != 100 && hz != 250 && hz != 1000) {
            throw ScenarioException.expected(h.node("hz").location(), h.path() + ".hz", "0 (exact), 100, 250 or 1000", String.valueOf(hz));
        }
        Map<String, String> tunables = tunables(h, scheduler.name(), Hz.of(hz));
        int depth = (int) h.integer("queue_depth", HostConfig.DEFAULT_QUEUE_DEPTH, 1, 256);
        int maxKb = (int) h.integer("max_sectors_kb", HostConfig.DEFAULT_MAX_SECTORS_KB, 4, 32768);
        int nr = (int) h.integer("nr_requests", 0, 0, 65536);
        if (nr != 0 && nr < 4) {
            throw ScenarioException.expected(h.node("nr_requests").location(), h.path() + ".nr_requests",
                    "0 (the default) or at least 4 (BLKDEV_MIN_RQ)", String.valueOf(nr));
        }
        Plugging plugging = Plugging.of(h.choice("plugging", HostConfig.defaultPlugging(scheduler).yamlName(), PLUGGING));
        QueueFullHandling driver = QueueFullHandling.of(
                h.choice("driver", HostConfig.defaultDriver(scheduler).yamlName(), QueueFullHandling.names()));
        // Left out, the driver takes what the drive reports at attach; an explicit write_cache that
        // contradicts the drive is cache_type's "temporary write through / back" (sd: the kernel's
        // view changes, the drive's WCE does not); see docs/schedulers.md. (node() consumes the
        // key either way, so an unknown key's error still lists write_cache and fua.)
        CacheOverride wce = h.node("write_cache") != null
                ? CacheOverride.forced(h.bool("write_cache", false)) : CacheOverride.AS_REPORTED;
        CacheOverride fua = h.node("fua") != null ? CacheOverride.forced(h.bool("fua", true)) : CacheOverride.AS_REPORTED;
        OrderedBy barrier = barrier(h, plugging, transport);
        return new HostConfig(scheduler, depth, maxKb, tunables, nr, plugging, driver, hz, wce, fua, barrier);
    }

    /**
     * {@code barrier: drain | tag}. Tag ordering is a mode of the 2.6 barrier path, and needs a
     * drive whose commands carry task attributes; anything else is rejected rather than quietly
     * run as drain, since the run would not show what was asked for. (A 2.6 kernel would have
     * fallen back: a driver chose a TAG mode only for a device with ordered tags, and libata's
     * devices had none.)
     */
    private static OrderedBy barrier(Fields h, Plugging plugging, io.iopath.device.Transport transport) {
        OrderedBy barrier = OrderedBy.of(h.choice("barrier", HostConfig.DEFAULT_BARRIER.yamlName(), OrderedBy.names()));
        if (barrier == OrderedBy.TAG) {
            if (!transport.hasTaskAttributes()) {
                throw new ScenarioException(h.node("barrier").location(), h.path() + ".barrier",
                        "tag needs ORDERED task attributes, which a " + transport.label()
                                + " drive does not have (NCQ commands carry none); use drain, or drive.transport: scsi");
            }
            if (plugging != Plugging.LEGACY) {
                throw new ScenarioException(h.node("barrier").location(), h.path() + ".barrier",
                        "tag is a 2.6 barrier mode (QUEUE_ORDERED_TAG) and needs the 2.6 block layer (plugging: legacy);"
                                + " with " + plugging.yamlName() + " plugging flushes go through blk-flush, which orders nothing");
            }
        }
        return barrier;
    }

    private static Map<String, String> tunables(Fields h, String scheduler, Hz hz) {
        Node n = h.node("tunables");
        Map<String, String> out = new LinkedHashMap<>();
        if (n == null) {
            return out;
        }
        String path = h.path() + ".tunables";
        if (!(n instanceof Node.MapNode map)) {
            throw ScenarioException.expected(n.location(), path, "a mapping of sysfs names to values", n.describe());
        }
        TunableSet set = Schedulers.tunables(scheduler);
        for (Map.Entry<String, Node> e : map.entries().entrySet()) {
            String key = e.getKey();
            if (!set.names().contains(key)) {
                throw new ScenarioException(map.keyLocation(key), path + "." + key,
                        "unknown tunable for " + scheduler + io.iopath.units.Spelling.hint(key, set.names()) + "; expected one of "
                                + (set.names().isEmpty() ? "nothing (" + scheduler + " has no tunables)" : String.join(", ", set.names())));
            }
            if (!(e.getValue() instanceof Node.ScalarNode s) || s.isNull()) {
                throw ScenarioException.expected(e.getValue().location(), path + "." + key, "a number", e.getValue().describe());
            }
            Map<String, String> one = Map.of(key, s.text().trim());
            try {
                set.resolve(one, hz);
            } catch (IllegalArgumentException ex) {
                String msg = ex.getMessage();
                int colon = msg.indexOf(": ");
                throw new ScenarioException(s.location(), path + "." + key, colon >= 0 ? msg.substring(colon + 2) : msg);
            }
            out.put(key, s.text().trim());
        }
        return out;
    }
}
