package io.iopath.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A fio job file's options as the user wrote them, for fio's JSON {@code "global options"} and
 * {@code "job options"} (fio keeps each section's {@code opt_list}: name as written, value after
 * {@code ${VAR}} substitution; a job's list holds only its own section's lines, init.c
 * {@code get_new_job} copies none from [global]).
 *
 * @param global the [global] section's options, in the order written
 * @param jobs   each job section's own options, by job name
 */
public record FioJobOptions(List<Option> global, Map<String, List<Option>> jobs) {
    public static final FioJobOptions NONE = new FioJobOptions(List.of(), Map.of());

    public FioJobOptions {
        global = List.copyOf(global);
        jobs = Collections.unmodifiableMap(new java.util.LinkedHashMap<>(jobs));
    }

    /** One option line; {@code value} is null for a bare flag (fio's JSON leaves those out). */
    public record Option(String name, String value) {
    }

    /** The job's own options, empty when it has none or the scenario is not a fio job file. */
    public List<Option> job(String name) {
        return jobs.getOrDefault(name, new ArrayList<>());
    }
}
