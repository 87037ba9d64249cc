package io.iopath.report;

import io.iopath.result.VirtualResult;
import io.iopath.units.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * What a table of several guest runs (a sweep's terminal table and its page) shows of each one's
 * virtual disk after the guest's own columns: the guest jobs' IOPS and p99 as fio reports them,
 * the flushes through QEMU when there were any, and, with a power failure, the losses per level
 * (the figures of {@link VirtualRunText}).
 */
final class VirtualColumns {
    record Column(String header, Function<VirtualResult, String> cell) {
    }

    private VirtualColumns() {
    }

    static List<Column> of(List<VirtualResult> runs) {
        List<Column> c = new ArrayList<>();
        c.add(new Column("app IOPS", v -> f1(v.application().iops())));
        c.add(new Column("app clat p99 ms", v -> f1(Units.ms(v.application().p99Ns()))));
        if (any(runs, v -> v.guestFlushes() > 0 || v.hostFdatasyncs() > 0)) {
            c.add(new Column("guest flushes", v -> Long.toString(v.guestFlushes())));
            c.add(new Column("host fdatasyncs", v -> Long.toString(v.hostFdatasyncs())));
        }
        if (any(runs, v -> v.completedBeforeDurable() > 0)) {
            c.add(new Column("completed before durable", v -> Long.toString(v.completedBeforeDurable())));
        }
        if (any(runs, v -> v.powerLoss() != null)) {
            c.add(lost("guest acked lost", v -> v.powerLoss().guestAckedLost()));
            c.add(lost("guest flushed lost", v -> v.powerLoss().guestFlushedLost()));
            if (any(runs, v -> v.guest().filesystem() != null)) {
                c.add(lost("guest fsync'd blocks lost", v -> v.powerLoss().guestFsyncedBlocksLost()));
                c.add(lost("guest page cache lost", v -> v.powerLoss().guestPageCacheLost()));
            }
            c.add(lost("host page cache lost", v -> v.powerLoss().hostPageCacheLost()));
            c.add(lost("drive acked lost", v -> v.powerLoss().drive().acknowledgedLost()));
        }
        return c;
    }

    /** A loss column: empty for a run without a power failure. */
    private static Column lost(String header, ToLongFunction<VirtualResult> count) {
        return new Column(header, v -> v.powerLoss() == null ? "" : Long.toString(count.applyAsLong(v)));
    }

    private static boolean any(List<VirtualResult> runs, Predicate<VirtualResult> p) {
        return runs.stream().anyMatch(p);
    }

    private static String f1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
