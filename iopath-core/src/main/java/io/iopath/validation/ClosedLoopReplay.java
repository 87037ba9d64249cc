package io.iopath.validation;

import io.iopath.workload.trace.TraceFiles;
import io.iopath.workload.trace.TraceFormat;
import io.iopath.workload.trace.io.TraceReader;
import io.iopath.workload.trace.io.TraceRecord;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * DiskSim's closed-loop replay of a validate trace (validation.md §4): one request outstanding
 * at a time, FCFS, one drive. Request 0 is issued at t = 0; request i+1 is issued
 * {@code idle_after_i} after request i completes. The measured column
 * ({@link TraceRecord#serviceNs()}) never drives the simulation; it is only carried along for
 * comparison, and the record's own {@code timeNs} (the measured drive's timeline) is ignored.
 *
 * <p>The drive is plugged in as a {@link ServiceModel}: given a request and the simulated time
 * it is issued, it returns how long the request takes from issue to completion (driver, bus,
 * controller and drive together).
 */
final class ClosedLoopReplay {

    /** The simulated response time of one request issued at {@code issueNs}. */
    @FunctionalInterface
    public interface ServiceModel {
        long responseNs(TraceRecord request, long issueNs);
    }

    /** One replayed request: issue and completion in simulated ns, and the measured time. */
    public record Replayed(TraceRecord request, long issueNs, long completionNs) {
        public long simulatedNs() {
            return completionNs - issueNs;
        }

        public double simulatedMs() {
            return simulatedNs() / 1e6;
        }

        public double measuredMs() {
            return request.serviceNs() / 1e6;
        }
    }

    private final ServiceModel model;
    private long nextIssueNs;
    private long index;

    public ClosedLoopReplay(ServiceModel model) {
        this.model = model;
    }

    /** Replays the next request of the trace (call in trace order). */
    public Replayed replay(TraceRecord request) {
        if (request.serviceNs() < 0 || request.idleNs() < 0) {
            throw new IllegalArgumentException("request " + index + " has no measured service and idle time:"
                    + " closed-loop replay needs a DiskSim validate trace");
        }
        long issue = nextIssueNs;
        long response = model.responseNs(request, issue);
        if (response < 0) {
            throw new IllegalStateException("service model returned a negative response time for request "
                    + index + ": " + response + " ns");
        }
        long completion = issue + response;
        nextIssueNs = completion + request.idleNs();
        index++;
        return new Replayed(request, issue, completion);
    }

    /**
     * Replays a validate trace file (plain or gzip), streaming, and collects the two
     * response-time columns. A malformed line throws
     * {@link io.iopath.workload.trace.io.TraceFormatException} naming file, line and field.
     */
    public static Comparison run(Path trace, ServiceModel model) {
        ClosedLoopReplay replay = new ClosedLoopReplay(model);
        Comparison.Builder out = new Comparison.Builder();
        try (TraceReader in = TraceFiles.open(trace, TraceFormat.DISKSIM_VALIDATE)) {
            for (TraceRecord r = in.next(); r != null; r = in.next()) {
                out.add(replay.replay(r));
            }
        }
        return out.build();
    }

    /** Replays requests from any source, reporting each one. */
    public static void run(Iterable<TraceRecord> requests, ServiceModel model, Consumer<Replayed> sink) {
        ClosedLoopReplay replay = new ClosedLoopReplay(model);
        for (TraceRecord r : requests) {
            sink.accept(replay.replay(r));
        }
    }
}
