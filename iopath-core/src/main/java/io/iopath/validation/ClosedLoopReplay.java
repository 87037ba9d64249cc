package io.iopath.validation;

import java.util.function.Consumer;

/**
 * DiskSim's closed-loop replay of a validate trace (validation.md §4): one request outstanding
 * at a time, FCFS, one drive. Request 0 is issued at t = 0; request i+1 is issued
 * {@code idle_after_i} after request i completes. The measured column never drives the
 * simulation; it is only carried along for comparison.
 *
 * <p>The drive is plugged in as a {@link ServiceModel}: given a request and the simulated time
 * it is issued, it returns how long the request takes from issue to completion (driver, bus,
 * controller and drive together).
 */
public final class ClosedLoopReplay {

    /** The simulated response time of one request issued at {@code issueNs}. */
    @FunctionalInterface
    public interface ServiceModel {
        long responseNs(ValidateRequest request, long issueNs);
    }

    /** One replayed request: issue and completion in simulated ns, and the measured time. */
    public record Replayed(ValidateRequest request, long issueNs, long completionNs) {
        public long simulatedNs() {
            return completionNs - issueNs;
        }

        public double simulatedMs() {
            return simulatedNs() / 1e6;
        }

        public double measuredMs() {
            return request.serviceTimeMs();
        }
    }

    private final ServiceModel model;
    private long nextIssueNs;

    public ClosedLoopReplay(ServiceModel model) {
        this.model = model;
    }

    /** Replays the next request of the trace (call in trace order). */
    public Replayed replay(ValidateRequest request) {
        long issue = nextIssueNs;
        long response = model.responseNs(request, issue);
        if (response < 0) {
            throw new IllegalStateException("service model returned a negative response time for request "
                    + request.index() + ": " + response + " ns");
        }
        long completion = issue + response;
        nextIssueNs = completion + request.idleAfterNs();
        return new Replayed(request, issue, completion);
    }

    /** Replays a whole trace file, streaming, and collects the two response-time columns. */
    public static Comparison run(java.nio.file.Path trace, ServiceModel model) {
        ClosedLoopReplay replay = new ClosedLoopReplay(model);
        Comparison.Builder out = new Comparison.Builder();
        ValidateTraceReader.forEach(trace, r -> out.add(replay.replay(r)));
        return out.build();
    }

    /** Replays requests from any source, reporting each one. */
    public static void run(Iterable<ValidateRequest> requests, ServiceModel model, Consumer<Replayed> sink) {
        ClosedLoopReplay replay = new ClosedLoopReplay(model);
        for (ValidateRequest r : requests) {
            sink.accept(replay.replay(r));
        }
    }
}
