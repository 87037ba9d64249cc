package io.iopath.experiment;

import io.iopath.result.Result;
import io.iopath.scenario.Scenario;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Runs the points of a {@link SweepGrid} on a pool of threads and returns their results in grid
 * order. Each run owns its simulator, its random streams and every layer object, and the
 * scenarios are read before any run starts, so a result does not depend on what runs beside it:
 * the results, and what the listener is told, are the same whatever the number of threads.
 *
 * <p>Runs start in grid order, at most {@code jobs} at a time. If one fails, no further run
 * starts, those already going finish, and the failure of the earliest failed point in grid order
 * is thrown; every point before it has been reported finished.
 */
public final class Sweep<S, R> {
    /** Told of the runs as the sweep goes ({@code R}: a run's result); calls never overlap. */
    public interface Listener<R> {
        /** The run of {@code point} is about to start. Called in grid order, on the caller's thread. */
        default void started(SweepGrid.Point<?> point) {
        }

        /**
         * The run of {@code point} and of every point before it have finished. Called in grid
         * order, on the thread that completed the last of them.
         */
        default void finished(SweepGrid.Point<?> point, R result) {
        }
    }

    private final SweepGrid<S> grid;
    private final int jobs;
    private final Function<S, R> runner;
    private final Object lock = new Object();
    private final List<R> results;
    private final Throwable[] failures;
    /** The next point to report finished: every point before it has been. */
    private int reported;
    private boolean failed;
    private Throwable listenerFailure;

    private Sweep(SweepGrid<S> grid, int jobs, Function<S, R> runner) {
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs: expected at least 1, got " + jobs);
        }
        this.grid = grid;
        this.jobs = jobs;
        this.runner = runner;
        this.results = new ArrayList<>(Collections.nCopies(grid.size(), null));
        this.failures = new Throwable[grid.size()];
    }

    /** The number of cores, the default number of runs at a time. */
    public static int defaultJobs() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** Runs every point, {@code jobs} at a time, and returns the results in grid order. */
    public static List<Result> run(SweepGrid<Scenario> grid, int jobs, Listener<Result> listener) {
        return run(grid, jobs, listener, ScenarioRun::run);
    }

    /** As {@link #run(SweepGrid, int, Listener)} with another way to run a point's scenario (a guest's, a test's). */
    public static <S, R> List<R> run(SweepGrid<S> grid, int jobs, Listener<R> listener, Function<S, R> runner) {
        return new Sweep<>(grid, jobs, runner).execute(listener);
    }

    private List<R> execute(Listener<R> listener) {
        int threads = Math.max(1, Math.min(jobs, grid.size()));
        ExecutorService pool = Executors.newFixedThreadPool(threads, daemonThreads());
        Semaphore slots = new Semaphore(threads);
        try {
            for (SweepGrid.Point<S> p : grid.points()) {
                slots.acquireUninterruptibly();
                synchronized (lock) {
                    if (failed) {
                        slots.release();
                        break;
                    }
                    listener.started(p);
                }
                pool.execute(() -> {
                    try {
                        R r = null;
                        Throwable t = null;
                        try {
                            r = runner.apply(p.scenario());
                        } catch (Throwable e) { // kept for the caller, in grid order
                            t = e;
                        }
                        done(p, r, t, listener);
                    } finally {
                        slots.release();
                    }
                });
            }
            slots.acquireUninterruptibly(threads); // every run started has finished
        } finally {
            pool.shutdown();
        }
        awaitQuietly(pool);
        synchronized (lock) {
            if (listenerFailure != null) {
                throw rethrow(listenerFailure);
            }
            for (Throwable t : failures) {
                if (t != null) {
                    throw rethrow(t);
                }
            }
            return new ArrayList<>(results);
        }
    }

    /** Records a run's outcome and reports, in grid order, every point now finished. */
    private void done(SweepGrid.Point<S> p, R r, Throwable t, Listener<R> listener) {
        synchronized (lock) {
            if (t != null) {
                failures[p.index()] = t;
                failed = true;
                return;
            }
            results.set(p.index(), r);
            try {
                while (reported < results.size() && results.get(reported) != null) {
                    listener.finished(grid.points().get(reported), results.get(reported));
                    reported++;
                }
            } catch (Throwable e) {
                listenerFailure = e;
                failed = true;
            }
        }
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof Error e) {
            throw e;
        }
        return t instanceof RuntimeException r ? r : new IllegalStateException(t);
    }

    private static void awaitQuietly(ExecutorService pool) {
        boolean interrupted = false;
        while (true) {
            try {
                if (pool.awaitTermination(1, TimeUnit.DAYS)) {
                    break;
                }
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static ThreadFactory daemonThreads() {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "iopath-sweep-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
