package io.iopath.scenario;

import io.iopath.fs.CpuCost;
import io.iopath.units.Units;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the {@code cpu:} section: what each system call on the file system costs its process in CPU
 * time ({@link CpuCost}), every key defaulting to the measured value:
 *
 * <pre>
 * cpu:
 *   syscall_cost: 100ns         # every call
 *   copy_cost: 27.5ns/KiB       # read and write, per KiB copied
 *   lookup_cost: 424ns          # open, create, unlink, mkdir, rmdir
 *   namespace_cost: 3654ns      # create, unlink, mkdir, rmdir
 *   truncate_cost: 1199ns       # ftruncate (fio's ftruncate engine)
 * </pre>
 *
 * {@code cpu: none} (or every cost 0) charges nothing: calls take only the IO they wait for.
 */
final class CpuSection {
    private static final Pattern PER_KIB = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*(ns|us|µs|ms)\\s*/\\s*kib");
    private static final String PER_KIB_FORMAT = "a time per KiB such as 27.5ns/KiB";

    private CpuSection() {
    }

    static CpuCost bind(Node node, String path) {
        if (node instanceof Node.ScalarNode s && !s.isNull() && s.text().strip().equals("none")) {
            return CpuCost.NONE;
        }
        Fields f = new Fields(node, path);
        CpuCost m = CpuCost.MEASURED;
        long syscall = f.time("syscall_cost", m.syscallNs());
        double copy = m.copyNsPerKib();
        Node.ScalarNode c = f.scalar("copy_cost", PER_KIB_FORMAT);
        if (c != null) {
            Matcher x = PER_KIB.matcher(c.text().strip().toLowerCase(Locale.ROOT));
            if (!x.matches()) {
                throw ScenarioException.expected(c.location(), f.field("copy_cost"), PER_KIB_FORMAT, c.describe());
            }
            copy = Double.parseDouble(x.group(1)) * Units.timeUnitNs(x.group(2));
        }
        long lookup = f.time("lookup_cost", m.lookupNs());
        long namespace = f.time("namespace_cost", m.namespaceNs());
        long truncate = f.time("truncate_cost", m.truncateNs());
        f.finish();
        return new CpuCost(syscall, copy, lookup, namespace, truncate);
    }
}
