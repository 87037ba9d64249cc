package io.iopath.workload.trace;

import io.iopath.workload.JobSpec;
import io.iopath.workload.trace.io.TraceReader;
import java.nio.file.Path;

/**
 * Where a trace replay reads its records from: the trace file itself ({@link #FILES}), or, for
 * a trace split by device, that device's records taken out of it beforehand
 * ({@link DeviceRecords}).
 */
@FunctionalInterface
public interface ReplaySource {
    /** The replay's trace file, read from its start (every device's records; the replay filters). */
    ReplaySource FILES = replay -> TraceFiles.open(Path.of(replay.file()), format(replay));

    /** A reader of {@code replay}'s records from the first. */
    TraceReader open(JobSpec.ReplaySpec replay);

    /** The replay's {@code format}, or null to detect it. */
    static TraceFormat format(JobSpec.ReplaySpec replay) {
        return replay.format() == null ? null : TraceFormat.byId(replay.format()).orElseThrow();
    }
}
