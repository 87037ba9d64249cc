package io.iopath.report;

import io.iopath.result.DirectionStats;
import io.iopath.result.Result;
import io.iopath.units.Units;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A sweep's terminal table, in Markdown: the varied parameters, then only the figures that say
 * something about these runs. A direction's columns appear when some run had IOs in it (a
 * write-only sweep shows no {@code read IOPS 0.0}); totals when both directions did; flush
 * latency when there were flushes; the drive's queue depths and QUEUE FULL when they differ
 * between runs or are not zero; the power failure's losses when the scenario has one.
 */
public final class SweepTable {
    private record Column(String header, Function<Result, String> cell) {
    }

    private SweepTable() {
    }

    public static String render(List<String> labelColumns, List<LabelledResult> runs) {
        List<Column> columns = columns(runs);
        List<List<String>> cells = new ArrayList<>();
        for (LabelledResult run : runs) {
            cells.add(columns.stream().map(c -> c.cell().apply(run.result())).toList());
        }
        return markdown(labelColumns, runs.stream().map(LabelledResult::labels).toList(),
                columns.stream().map(Column::header).toList(), cells);
    }

    /**
     * A sweep of a guest on a virtual disk: the guest's columns as {@link #render} chooses them (its
     * block layer's view, the virtual disk as its drive), then the virtual disk's ({@link VirtualColumns}).
     */
    public static String renderVirtual(List<String> labelColumns, List<LabelledVirtualResult> runs) {
        List<LabelledResult> guests = runs.stream().map(LabelledVirtualResult::guest).toList();
        List<Column> columns = columns(guests);
        List<VirtualColumns.Column> virtual = VirtualColumns.of(runs.stream().map(LabelledVirtualResult::result).toList());
        List<String> headers = new ArrayList<>(columns.stream().map(Column::header).toList());
        virtual.forEach(c -> headers.add(c.header()));
        List<List<String>> cells = new ArrayList<>();
        for (LabelledVirtualResult run : runs) {
            List<String> row = new ArrayList<>();
            columns.forEach(c -> row.add(c.cell().apply(run.result().guest())));
            virtual.forEach(c -> row.add(c.cell().apply(run.result())));
            cells.add(row);
        }
        return markdown(labelColumns, runs.stream().map(LabelledVirtualResult::labels).toList(), headers, cells);
    }

    private static String markdown(List<String> labelColumns, List<List<String>> labels, List<String> headers,
                                   List<List<String>> cells) {
        StringBuilder sb = new StringBuilder("|");
        StringBuilder rule = new StringBuilder("|");
        for (String c : labelColumns) {
            sb.append(' ').append(c).append(" |");
            rule.append("---|");
        }
        for (String h : headers) {
            sb.append(' ').append(h).append(" |");
            rule.append("---:|");
        }
        sb.append('\n').append(rule).append('\n');
        for (int i = 0; i < labels.size(); i++) {
            sb.append('|');
            for (String l : labels.get(i)) {
                sb.append(' ').append(l).append(" |");
            }
            for (String c : cells.get(i)) {
                sb.append(' ').append(c).append(" |");
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static List<Column> columns(List<LabelledResult> runs) {
        List<Result> results = runs.stream().map(LabelledResult::result).toList();
        boolean reads = results.stream().anyMatch(r -> r.read().ios() > 0);
        boolean writes = results.stream().anyMatch(r -> r.write().ios() > 0);
        List<Column> c = new ArrayList<>();
        if (reads) {
            direction(c, "read", Result::read);
        }
        if (writes) {
            direction(c, "write", Result::write);
        }
        if (reads && writes || !reads && !writes) {
            c.add(new Column("total IOPS", r -> f1(r.total().iops())));
            c.add(new Column("total MB/s", r -> f2(Units.megabytes(r.total().bandwidthBytesPerS()))));
        }
        if (results.stream().anyMatch(r -> r.flush().count() > 0)) {
            c.add(new Column("flush p99 ms", r -> r.flush().count() == 0 ? "" : f1(Units.ms(r.flush().latency().p99()))));
        }
        Column queueFull = new Column("QUEUE FULL", r -> Long.toString(r.queueFulls()));
        if (results.stream().anyMatch(r -> r.queueFulls() > 0)) {
            c.add(queueFull);
        }
        Column tagged = new Column("drive tagged", r -> r.driveQueue() == null ? "" : f1(r.driveQueue().meanTagged()));
        Column effective = new Column("drive effective", r -> r.driveQueue() == null ? "" : f1(r.driveQueue().meanEffective()));
        for (Column q : List.of(tagged, effective)) {
            if (varies(results, q) && results.stream().anyMatch(r -> r.driveQueue() != null)) {
                c.add(q);
            }
        }
        if (results.stream().anyMatch(r -> r.powerLoss() != null)) {
            Predicate<Result> has = r -> r.powerLoss() != null;
            c.add(new Column("acked writes lost", r -> has.test(r) ? Long.toString(r.powerLoss().acknowledgedLost()) : ""));
            c.add(new Column("promised lost", r -> has.test(r) ? Long.toString(r.powerLoss().promisedLost()) : ""));
            if (results.stream().anyMatch(r -> r.powerLoss() != null && r.powerLoss().fileSystem() != null)) {
                c.add(new Column("fsync'd blocks lost", r -> has.test(r) && r.powerLoss().fileSystem() != null
                        ? Long.toString(r.powerLoss().fileSystem().fsyncedBlocksLost()) : ""));
            }
            if (results.stream().anyMatch(r -> r.powerLoss() != null && r.powerLoss().journal() != null)) {
                c.add(new Column("journal violations", r -> has.test(r) && r.powerLoss().journal() != null
                        ? Long.toString(r.powerLoss().journal().violations()) : ""));
            }
        }
        return c;
    }

    private static void direction(List<Column> c, String name, Function<Result, DirectionStats> d) {
        c.add(new Column(name + " IOPS", r -> f1(d.apply(r).iops())));
        c.add(new Column(name + " MB/s", r -> f2(Units.megabytes(d.apply(r).bandwidthBytesPerS()))));
        c.add(new Column(name + " mean ms", r -> f1(Units.ms(d.apply(r).latency().mean()))));
        c.add(new Column(name + " p99 ms", r -> f1(Units.ms(d.apply(r).latency().p99()))));
    }

    private static boolean varies(List<Result> results, Column c) {
        Set<String> v = new HashSet<>();
        for (Result r : results) {
            v.add(c.cell().apply(r));
        }
        return v.size() > 1;
    }

    private static String f1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static String f2(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
