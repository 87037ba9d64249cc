package io.iopath.experiment;

import io.iopath.result.PostmarkResult;
import io.iopath.result.Result;
import io.iopath.scenario.ScenarioReader;
import io.iopath.scenario.Scenario;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * Figures 15 and 16 of Riska, Larkby-Lahet and Riedel (USENIX ATC 2007): Postmark's transactions per
 * second over the IO scheduler and the drive's queue depth, for two drives, with the write cache off
 * (Figure 15) and on (Figure 16). One scenario file (examples/riska2007.yaml) run over a {@link SweepGrid}
 * by {@link Sweep}, so the points run in parallel and come out the same whatever the thread count.
 *
 * <p>The paper's findings are qualitative here ({@link #findings}): each is stated as the paper reports it,
 * with a test of it on the model's points that says how it was decided. Nothing in the model is tuned to
 * them.
 */
public final class Riska2007 {
    /**
     * The 18 GB and 300 GB Seagate SCSI drives: {@code seagate-18g-scsi} (the Riska et al. class, a 15K.5
     * stand-in) and {@code cheetah-15k5-300g} (Seagate's 300 GB SCSI drive of 2006-2007, of the same
     * family, from its datasheet; the 10K.7 300 GB preset borrows another maker's seek curves).
     */
    public static final List<String> DRIVES = List.of("seagate-18g-scsi", "cheetah-15k5-300g");
    public static final List<String> SCHEDULERS = List.of("noop", "deadline", "anticipatory", "cfq");
    public static final List<String> DEPTHS = List.of("1", "2", "4", "8", "16", "32", "64");
    /** Write cache off (Figure 15, write-through) then on (Figure 16, write-back). */
    public static final List<String> CACHE = List.of("off", "on");

    /** The table's columns. */
    public static final String CSV_HEADER = "figure,drive,scheduler,queue_depth,write_cache,tps";

    /** One point of the figures. */
    public record Point(int figure, String drive, String scheduler, int queueDepth, String writeCache, double tps,
                        Result result) {
        public PostmarkResult postmark() {
            return result.postmark().get(0);
        }
    }

    /**
     * A finding of the paper, and what the model's points give for it.
     *
     * @param flat whether the points it compares do not vary at all (max / min below 1.001): a finding about
     *             "close to" then holds only trivially, and one about a rise or a minimum cannot hold
     */
    public record Finding(String id, String paper, String test, String model, boolean holds, boolean flat) {
        /** "holds", "does not hold", or "holds only trivially (...)". */
        public String verdict() {
            return !holds ? "does not hold" + (flat ? " (the model's tps does not vary with depth, scheduler or cache)" : "")
                    : flat ? "holds only trivially: the model's tps does not vary with depth, scheduler or cache" : "holds";
        }
    }

    /** The grid of the experiment: which values of each axis to run. */
    public record Grid(List<String> drives, List<String> schedulers, List<String> depths, List<String> cache) {
        public static final Grid FULL = new Grid(DRIVES, SCHEDULERS, DEPTHS, CACHE);

        public int size() {
            return drives.size() * schedulers.size() * depths.size() * cache.size();
        }
    }

    private Riska2007() {
    }

    /** The grid over {@code scenario} with {@code overrides} first: write cache, drive, scheduler, depth. */
    public static SweepGrid<Scenario> grid(Path scenario, List<String> overrides, Grid g) {
        return SweepGrid.of(o -> ScenarioReader.read(scenario, o), overrides, List.of(
                new SweepAxis("drive.write_cache", g.cache()),
                new SweepAxis("drive.preset", g.drives()),
                new SweepAxis("host.scheduler", g.schedulers()),
                new SweepAxis("host.queue_depth", g.depths(), "--depths " + String.join(",", g.depths()))));
    }

    /** Runs every point, {@code jobs} at a time; the points in grid order. */
    public static List<Point> run(SweepGrid<Scenario> grid, int jobs, Sweep.Listener<Result> listener) {
        for (SweepGrid.Point<Scenario> p : grid.points()) {
            if (p.scenario().postmark().size() != 1) {
                throw new SweepException("riska2007: the scenario must have exactly one postmark: job, it has "
                        + p.scenario().postmark().size());
            }
        }
        List<Result> results = Sweep.run(grid, jobs, listener);
        List<Point> points = new ArrayList<>();
        for (SweepGrid.Point<Scenario> p : grid.points()) {
            Result r = results.get(p.index());
            String cache = p.values().get(0);
            points.add(new Point(cache.equals("off") ? 15 : 16, p.values().get(1), p.values().get(2),
                    Integer.parseInt(p.values().get(3)), cache, r.postmark().get(0).transactionsPerSecond(), r));
        }
        return points;
    }

    /** {@code table.csv}: one row per point, in grid order. */
    public static String csv(List<Point> points) {
        StringBuilder sb = new StringBuilder(CSV_HEADER).append('\n');
        for (Point p : points) {
            sb.append(String.format(Locale.ROOT, "%d,%s,%s,%d,%s,%.2f%n", p.figure(), p.drive(), p.scheduler(),
                    p.queueDepth(), p.writeCache(), p.tps()));
        }
        return sb.toString();
    }

    /** Simulated Postmark transactions, summed over every point. */
    public static long transactions(List<Point> points) {
        long n = 0;
        for (Point p : points) {
            n += p.postmark().transactions();
        }
        return n;
    }

    /**
     * The paper's findings (a)-(d) and what the points give. A finding that needs points the grid does not
     * have (a single drive, one cache mode) says so and does not hold.
     */
    public static List<Finding> findings(List<Point> points) {
        boolean flat = isFlat(points.stream().filter(p -> p.drive().equals(points.get(0).drive())).toList());
        for (String drive : distinct(points, Point::drive)) {
            flat &= isFlat(points.stream().filter(p -> p.drive().equals(drive)).toList());
        }
        List<Finding> out = new ArrayList<>();
        for (Finding f : List.of(findingA(points), findingB(points), findingC(points), findingD(points))) {
            out.add(new Finding(f.id(), f.paper(), f.test(), f.model(), f.holds(), flat));
        }
        return out;
    }

    private static Finding findingA(List<Point> points) {
        String paper = "with write-through (cache off), deeper queues raise throughput, more for the 300 GB drive than for the 18 GB";
        String test = "per drive, the mean over schedulers of tps at the deepest queue / tps at depth 1, both above 1, the 300 GB's higher";
        List<String> drives = distinct(points, Point::drive);
        StringBuilder model = new StringBuilder();
        double[] gain = new double[drives.size()];
        boolean rises = true;
        for (int d = 0; d < drives.size(); d++) {
            String drive = drives.get(d);
            gain[d] = meanGain(points, p -> p.writeCache().equals("off") && p.drive().equals(drive));
            rises &= gain[d] > 1;
            model.append(model.length() == 0 ? "" : "; ").append(drive).append(String.format(Locale.ROOT, " x%.3f", gain[d]));
        }
        int big = drives.indexOf("cheetah-15k5-300g");
        int small = drives.indexOf("seagate-18g-scsi");
        if (big < 0 || small < 0 || Double.isNaN(gain[big]) || Double.isNaN(gain[small])) {
            return new Finding("a", paper, test, model + " (needs both drives and cache off)", false, false);
        }
        return new Finding("a", paper, test, model.toString(), rises && gain[big] > gain[small], false);
    }

    private static Finding findingB(List<Point> points) {
        String paper = "with write-back (cache on), depth 1 is best or close to it";
        String test = "per drive and scheduler with cache on, tps at depth 1 >= 95 % of its best; holds for most of them";
        int close = 0;
        int curves = 0;
        double worst = Double.POSITIVE_INFINITY;
        for (List<Point> curve : curves(points, "on")) {
            Point one = atDepth(curve, 1);
            if (one == null) {
                continue;
            }
            double best = curve.stream().mapToDouble(Point::tps).max().orElse(0);
            double ratio = one.tps() / best;
            worst = Math.min(worst, ratio);
            curves++;
            close += ratio >= 0.95 ? 1 : 0;
        }
        if (curves == 0) {
            return new Finding("b", paper, test, "no write-back curve with depth 1 in the grid", false, false);
        }
        return new Finding("b", paper, test, String.format(Locale.ROOT, "%d of %d curves; depth 1 at worst %.1f %% of the best",
                close, curves, 100 * worst), close * 2 > curves, false);
    }

    private static Finding findingC(List<Point> points) {
        String paper = "with write-back, the minimum is often at depth 4, not 16: the drive's effective queue overflows and it answers QUEUE FULL";
        String test = "per drive and scheduler with cache on, the depth of the lowest tps; QUEUE FULL answers counted over those points";
        int atFour = 0;
        int curves = 0;
        StringBuilder where = new StringBuilder();
        long queueFulls = 0;
        for (List<Point> curve : curves(points, "on")) {
            Point min = curve.get(0);
            for (Point p : curve) {
                if (p.tps() < min.tps()) {
                    min = p;
                }
                queueFulls += p.result().queueFulls();
            }
            curves++;
            atFour += min.queueDepth() == 4 ? 1 : 0;
            where.append(where.length() == 0 ? "" : ", ").append(min.queueDepth());
        }
        if (curves == 0) {
            return new Finding("c", paper, test, "no write-back curve in the grid", false, false);
        }
        return new Finding("c", paper, test, String.format(Locale.ROOT, "minimum at depth 4 in %d of %d curves (depths %s);"
                + " %d QUEUE FULL answers", atFour, curves, where, queueFulls), atFour * 2 >= curves && queueFulls > 0, false);
    }

    private static Finding findingD(List<Point> points) {
        String paper = "write-through at a deep queue comes close to the best write-back throughput";
        String test = "per drive, the best tps with cache off at the deepest queue >= 90 % of the best tps with cache on";
        StringBuilder model = new StringBuilder();
        boolean holds = true;
        int drives = 0;
        for (String drive : distinct(points, Point::drive)) {
            int deepest = points.stream().filter(p -> p.drive().equals(drive)).mapToInt(Point::queueDepth).max().orElse(0);
            double off = best(points, p -> p.drive().equals(drive) && p.writeCache().equals("off") && p.queueDepth() == deepest);
            double on = best(points, p -> p.drive().equals(drive) && p.writeCache().equals("on"));
            if (off <= 0 || on <= 0) {
                continue;
            }
            drives++;
            holds &= off >= 0.9 * on;
            model.append(model.length() == 0 ? "" : "; ").append(String.format(Locale.ROOT,
                    "%s: %.0f at depth %d off vs %.0f on (%.1f %%)", drive, off, deepest, on, 100 * off / on));
        }
        if (drives == 0) {
            return new Finding("d", paper, test, "needs both cache modes in the grid", false, false);
        }
        return new Finding("d", paper, test, model.toString(), holds, false);
    }

    /** Mean over the schedulers of tps at the deepest queue over tps at depth 1, among the points {@code which}. */
    private static double meanGain(List<Point> points, Predicate<Point> which) {
        List<Point> some = points.stream().filter(which).toList();
        int deepest = some.stream().mapToInt(Point::queueDepth).max().orElse(0);
        double sum = 0;
        int n = 0;
        for (String s : distinct(some, Point::scheduler)) {
            double one = best(some, p -> p.scheduler().equals(s) && p.queueDepth() == 1);
            double deep = best(some, p -> p.scheduler().equals(s) && p.queueDepth() == deepest);
            if (one > 0 && deep > 0 && deepest > 1) {
                sum += deep / one;
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    /** Whether the points' tps are all the same (within 0.1 %). */
    private static boolean isFlat(List<Point> points) {
        double lo = points.stream().mapToDouble(Point::tps).min().orElse(0);
        double hi = points.stream().mapToDouble(Point::tps).max().orElse(0);
        return lo > 0 && hi / lo < 1.001;
    }

    private static double best(List<Point> points, Predicate<Point> which) {
        return points.stream().filter(which).mapToDouble(Point::tps).max().orElse(0);
    }

    /** The curves (one per drive and scheduler) of a cache mode, each in order of depth. */
    private static List<List<Point>> curves(List<Point> points, String cache) {
        List<List<Point>> out = new ArrayList<>();
        for (String drive : distinct(points, Point::drive)) {
            for (String s : distinct(points, Point::scheduler)) {
                List<Point> curve = points.stream().filter(p -> p.writeCache().equals(cache) && p.drive().equals(drive)
                        && p.scheduler().equals(s)).sorted(java.util.Comparator.comparingInt(Point::queueDepth)).toList();
                if (!curve.isEmpty()) {
                    out.add(curve);
                }
            }
        }
        return out;
    }

    private static Point atDepth(List<Point> curve, int depth) {
        return curve.stream().filter(p -> p.queueDepth() == depth).findFirst().orElse(null);
    }

    private static List<String> distinct(List<Point> points, java.util.function.Function<Point, String> f) {
        return points.stream().map(f).distinct().toList();
    }
}
