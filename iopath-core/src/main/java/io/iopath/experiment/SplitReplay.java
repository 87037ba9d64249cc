package io.iopath.experiment;

import io.iopath.block.BlockTracepoints;
import io.iopath.metrics.RunMetrics;
import io.iopath.result.Result;
import io.iopath.scenario.Scenario;
import io.iopath.workload.JobSpec;
import io.iopath.workload.trace.DeviceRecords;
import io.iopath.workload.trace.ReplaySource;
import io.iopath.workload.trace.TraceFiles;
import io.iopath.workload.trace.io.TraceReader;
import io.iopath.workload.trace.io.TraceRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * A multi-device trace replayed as one simulation per device: the scenario's replay job keeps one
 * trace device ({@code replay_device}) per run, so each device gets its own drive, host stack and
 * clock, as the volumes of an MSR Cambridge server or the disks of a DiskSim ascii trace had. The
 * runs are the points of a {@link SweepGrid} over {@code jobs[K].replay_device}, one per device
 * the trace holds, in ascending device number; {@link Sweep} runs them on a thread pool (and the
 * Spark module as Spark tasks), and each run is the same as replaying that device's records alone.
 */
public final class SplitReplay {
    /** The label column of a split replay's reports. */
    public static final String DEVICE_COLUMN = "device";

    /**
     * What a scenario's split replay runs.
     *
     * @param job     the index of the replay job in the scenario's {@code jobs}
     * @param trace   its trace file
     * @param devices every device number the trace holds, ascending
     */
    public record Plan(int job, String trace, List<Integer> devices) {
        public Plan {
            devices = List.copyOf(devices);
        }

        /** The sweep axis: the replay job's {@code replay_device} over every device. */
        public SweepAxis axis() {
            return new SweepAxis("jobs[" + job + "].replay_device", devices.stream().map(String::valueOf).toList());
        }
    }

    private SplitReplay() {
    }

    /**
     * The replay job of {@code scenario} and the devices of its trace, found by one streaming pass
     * over the trace.
     *
     * @throws SweepException unless the scenario has exactly one job that replays a trace, and
     *                        that job replays every device of it
     */
    public static Plan plan(Scenario scenario) {
        int job = replayJob(scenario);
        JobSpec.ReplaySpec replay = scenario.jobs().get(job).replay();
        TreeSet<Integer> devices = new TreeSet<>();
        try (TraceReader reader = TraceFiles.open(Path.of(replay.file()), ReplaySource.format(replay))) {
            for (TraceRecord r = reader.next(); r != null; r = reader.next()) {
                devices.add(r.device());
            }
        }
        return plan(job, replay, new ArrayList<>(devices));
    }

    private static Plan plan(int job, JobSpec.ReplaySpec replay, List<Integer> devices) {
        if (devices.isEmpty()) {
            throw new SweepException(replay.file() + ": the trace has no records to split");
        }
        return new Plan(job, replay.file(), devices);
    }

    /** The index of the scenario's one replay job, which must replay every device. */
    private static int replayJob(Scenario scenario) {
        List<Integer> replaying = new ArrayList<>();
        for (int i = 0; i < scenario.jobs().size(); i++) {
            if (scenario.jobs().get(i).replay() != null) {
                replaying.add(i);
            }
        }
        if (replaying.size() != 1) {
            throw new SweepException("splitting by device needs exactly one job that replays a trace (read_iolog); "
                    + scenario.name() + " has " + replaying.size());
        }
        int job = replaying.get(0);
        JobSpec.ReplaySpec replay = scenario.jobs().get(job).replay();
        if (replay.device() >= 0) {
            throw new SweepException("jobs[" + job + "].replay_device is " + replay.device()
                    + ": splitting by device replays every device; leave replay_device out");
        }
        return job;
    }

    /**
     * The grid of a split replay: {@code reader} reads the scenario with {@code overrides}, then
     * once per device with its {@code replay_device} set as well.
     */
    public static SweepGrid<Scenario> grid(Function<List<String>, Scenario> reader, List<String> overrides) {
        Plan plan = plan(reader.apply(List.copyOf(overrides)));
        return SweepGrid.of(reader, overrides, List.of(plan.axis()));
    }

    /**
     * A split replay run on this machine: the trace read once, each device's records written to
     * a file of their own under a temporary directory ({@link DeviceRecords}), where the grid's
     * runs read them; the grid and every result are those of {@link #grid}. Close it to remove
     * the files.
     */
    public static Local local(Function<List<String>, Scenario> reader, List<String> overrides) {
        Scenario scenario = reader.apply(List.copyOf(overrides));
        int job = replayJob(scenario);
        JobSpec.ReplaySpec replay = scenario.jobs().get(job).replay();
        Path dir;
        try {
            dir = Files.createTempDirectory("iopath-split-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        DeviceRecords records;
        try {
            records = DeviceRecords.split(Path.of(replay.file()), ReplaySource.format(replay), dir);
        } catch (RuntimeException e) {
            deleteQuietly(dir);
            throw e;
        }
        try {
            Plan plan = plan(job, replay, records.devices());
            return new Local(SweepGrid.of(reader, overrides, List.of(plan.axis())), records);
        } catch (RuntimeException e) {
            records.close();
            throw e;
        }
    }

    private static void deleteQuietly(Path dir) {
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException ignored) {
            // a temporary directory: the system's clean-up will take it
        }
    }

    /** The grid of a split replay and its devices' records; {@link #run} runs it. */
    public static final class Local implements AutoCloseable {
        private final SweepGrid<Scenario> grid;
        private final DeviceRecords records;

        private Local(SweepGrid<Scenario> grid, DeviceRecords records) {
            this.grid = grid;
            this.records = records;
        }

        public SweepGrid<Scenario> grid() {
            return grid;
        }

        /**
         * Runs every device, {@code jobs} at a time, as {@link Sweep#run} the grid's points; results in
         * grid order, each without its time series' points ({@link io.iopath.result.TimeSeries#withoutPoints}): the
         * split's reports table and compare the devices and chart none over time, and every
         * device's result is held until the last one ends, so the points (up to 65 536 a device)
         * would make the heap grow with the trace's length and its number of devices.
         */
        public List<Result> run(int jobs, Sweep.Listener<Result> listener) {
            return Sweep.run(grid, jobs, listener, s -> new ScenarioRun(s, BlockTracepoints.NONE, RunMetrics.DEFAULT_INTERVAL_NS,
                    records).withoutTimeSeriesPoints().execute(p -> { }));
        }

        /** Removes the devices' record files. */
        @Override
        public void close() {
            records.close();
        }
    }
}
