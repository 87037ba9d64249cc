package io.iopath.workload.trace;

import io.iopath.workload.trace.io.TraceReader;
import io.iopath.workload.trace.io.TraceRecord;
import io.iopath.block.BioSink;
import io.iopath.metrics.RunMetrics;
import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.sim.Simulator;
import io.iopath.sim.Timer;
import io.iopath.workload.JobSpec;
import io.iopath.workload.Workload;
import io.iopath.workload.job.BlockJob;
import io.iopath.metrics.fio.JobStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Replays a block trace onto the simulated drive, reading it one record at a time (constant
 * memory whatever its length).
 *
 * <p>Open loop (the default): each record is submitted at its recorded time divided by the
 * time scale, measured from the start of the run; a record earlier than the one before goes
 * out at once. Timing uses simulated time only, so there is none of fio's replay drift.
 * Closed loop ({@code replay_no_stall}): {@code iodepth} records outstanding, the next
 * submitted when one completes. DiskSim validate traces always replay closed loop at depth 1,
 * the next request {@code idle_after} after the previous completes (validation.md §4).
 *
 * <p>Addresses beyond the drive wrap modulo its capacity, or with {@code replay_beyond_capacity:
 * scale} are scaled by capacity / trace span (found by a first streaming pass). Either way the
 * run says how many requests were moved. {@code replay_device} keeps one trace device.
 */
public final class TraceReplay implements Workload {
    private final List<Runnable> onFinished = new java.util.ArrayList<>(1);
    private final Simulator sim;
    private final BioSink sink;
    private final RunMetrics metrics;
    private final JobSpec spec;
    private final JobSpec.ReplaySpec replay;
    private final int processId;
    private final BlockJob.BioIds ids;
    private final long capacitySectors;
    private final JobStats stats = new JobStats();
    private final Timer arrival;
    /** DiskSim validate: issues the next record once the idle time after a completion has passed. */
    private final Timer afterIdle;
    private final ReplaySource source;
    private TraceReader reader;
    /** The reader when it gives one device's records split out of the trace, else null. */
    private DeviceRecords.DeviceReader split;
    /** The reader's warnings (a truncated last line), kept once it is closed. */
    private List<String> readerWarnings = List.of();
    private TraceRecord next;
    private boolean closedLoop;
    private int depth;
    private long startNs;
    private long scaleSpanSectors;
    private long submitted;
    private long completed;
    private int inFlight;
    private long moved;
    private long skippedDevices;
    private long tooLarge;
    private boolean validate;
    /** Idle time after the request in flight (validate replays one request at a time). */
    private long idleAfterNs;
    /** The completion callbacks, made once rather than per bio. */
    private final io.iopath.request.BioCompletion onDone = this::done;
    private final io.iopath.request.BioCompletion onDoneThenIdle = this::doneThenIdle;

    public TraceReplay(Simulator sim, BioSink sink, RunMetrics metrics, JobSpec spec, int processId,
                       BlockJob.BioIds ids, long capacitySectors) {
        this(sim, sink, metrics, spec, processId, ids, capacitySectors, ReplaySource.FILES);
    }

    /** @param source where the records come from: the trace file, or its device's records split out ({@link DeviceRecords}) */
    public TraceReplay(Simulator sim, BioSink sink, RunMetrics metrics, JobSpec spec, int processId,
                       BlockJob.BioIds ids, long capacitySectors, ReplaySource source) {
        this.source = source;
        this.sim = sim;
        this.sink = sink;
        this.metrics = metrics;
        this.spec = spec;
        this.replay = spec.replay();
        this.processId = processId;
        this.ids = ids;
        this.capacitySectors = capacitySectors;
        this.arrival = sim.timer("replay." + spec.name(), this::arrive);
        this.afterIdle = sim.timer("replay." + spec.name() + ".idle", this::submitNext);
    }

    /** Starts now, or when {@code startdelay} from the start of the run has passed (as a job). */
    @Override
    public void start() {
        long wait = spec.startDelayNs() - sim.now();
        if (wait > 0) {
            sim.after(wait, this::begin);
        } else {
            begin();
        }
    }

    @Override
    public void whenFinished(Runnable r) {
        onFinished.add(r);
    }

    private void begin() {
        if (replay.beyondCapacity().equals("scale")) {
            scaleSpanSectors = spanSectors();
        }
        reader = source.open(replay);
        split = reader instanceof DeviceRecords.DeviceReader d ? d : null;
        validate = TraceFormat.of(reader) == TraceFormat.DISKSIM_VALIDATE;
        closedLoop = replay.closedLoop() || validate;
        depth = validate ? 1 : spec.iodepth();
        startNs = sim.now();
        stats.startedAt(startNs);
        next = read();
        if (closedLoop) {
            while (inFlight < depth && next != null) {
                submitNext();
            }
        } else {
            scheduleArrival();
        }
        closeIfDone();
    }

    /** A first pass over the trace for its highest address, for scaling. */
    private long spanSectors() {
        long max = 0;
        try (TraceReader r = source.open(replay)) {
            for (TraceRecord rec = r.next(); rec != null; rec = r.next()) {
                if (replay.device() < 0 || rec.device() == replay.device()) {
                    max = Math.max(max, rec.sector() + rec.sectors());
                }
            }
        }
        return max;
    }

    private TraceRecord read() {
        while (true) {
            TraceRecord r = reader.next();
            if (split != null) {
                skippedDevices += split.otherDevicesBefore(); // as the filter below would have, record by record
            }
            if (r == null || replay.device() < 0 || r.device() == replay.device()) {
                return r;
            }
            skippedDevices++;
        }
    }

    private long arrivalNs(TraceRecord r) {
        return startNs + Math.round(r.timeNs() / replay.timeScale());
    }

    private void scheduleArrival() {
        if (next != null) {
            arrival.scheduleAt(Math.max(sim.now(), arrivalNs(next)));
        }
    }

    private void arrive() {
        long now = sim.now();
        while (next != null && arrivalNs(next) <= now) {
            submitNext();
        }
        scheduleArrival();
        closeIfDone();
    }

    private void submitNext() {
        TraceRecord r = next;
        next = read();
        long sectors = r.sectors();
        if (sectors > capacitySectors || sectors > Integer.MAX_VALUE) {
            tooLarge++;
            sectors = Math.min(capacitySectors, Integer.MAX_VALUE) / 8 * 8;
        }
        long sector = r.sector();
        if (r.op() == Op.FLUSH) {
            sector = 0;
            sectors = 0;
        } else if (scaleSpanSectors > capacitySectors) {
            long scaled = (long) (sector * ((double) capacitySectors / scaleSpanSectors));
            if (scaled != sector) {
                moved++;
            }
            sector = Math.min(scaled, capacitySectors - sectors);
        } else if (sector + sectors > capacitySectors) {
            moved++;
            sector = sector % capacitySectors;
            if (sector + sectors > capacitySectors) {
                sector = capacitySectors - sectors;
            }
        }
        idleAfterNs = r.idleNs();
        Bio bio = new Bio(ids.next(), r.op(), sector, (int) sectors, r.flags(), processId, spec.ioprio(),
                validate ? onDoneThenIdle : onDone);
        submitted++;
        inFlight++;
        stats.submitted(r.op(), inFlight);
        stats.committed();
        bio.submittedNs = sim.now();
        sink.submit(bio);
    }

    private void done(Bio bio) {
        inFlight--;
        completed++;
        metrics.bioCompleted(bio, stats);
        if (closedLoop && next != null) {
            submitNext();
        }
        closeIfDone();
    }

    private void doneThenIdle(Bio bio) {
        inFlight--;
        completed++;
        metrics.bioCompleted(bio, stats);
        if (next != null) {
            afterIdle.scheduleAfter(Math.max(0, idleAfterNs));
        }
        closeIfDone();
    }

    private void closeIfDone() {
        if (next == null && reader != null) {
            readerWarnings = reader.warnings();
            reader.close();
        }
        if (next == null && inFlight == 0 && !onFinished.isEmpty()) {
            List<Runnable> waiting = new java.util.ArrayList<>(onFinished);
            onFinished.clear();
            waiting.forEach(Runnable::run);
        }
    }

    @Override
    public long completed() {
        return completed;
    }

    @Override
    public JobSpec spec() {
        return spec;
    }

    @Override
    public int processId() {
        return processId;
    }

    @Override
    public JobStats stats() {
        return stats;
    }

    @Override
    public List<String> notes() {
        List<String> notes = new ArrayList<>(readerWarnings);
        String mode = validate ? "closed loop at depth 1 with the trace's idle times (DiskSim validate)"
                : closedLoop ? "closed loop, " + depth + " outstanding"
                : String.format(Locale.ROOT, "open loop at recorded times x %.3g", 1 / replay.timeScale());
        notes.add("replay " + spec.name() + ": " + submitted + " requests from " + replay.file() + ", " + mode);
        if (moved > 0) {
            notes.add("replay " + spec.name() + ": " + moved + " requests beyond the drive's " + capacitySectors
                    + " sectors were " + (scaleSpanSectors > capacitySectors ? "scaled by capacity / trace span" : "wrapped modulo capacity"));
        }
        if (tooLarge > 0) {
            notes.add("replay " + spec.name() + ": " + tooLarge + " requests larger than the drive were shortened");
        }
        if (skippedDevices > 0) {
            notes.add("replay " + spec.name() + ": " + skippedDevices + " records of devices other than " + replay.device() + " skipped");
        }
        return notes;
    }
}
