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

    /**
     * What separates a repeated section's name from its occurrence in the job's key: fio allows
     * one name for several sections (separate jobs), iopath keys a job (random streams, results,
     * logs, {@code wait_for}) by a unique name. {@code #} starts a comment in a job file, so no
     * section name written there contains it.
     */
    public static final char REPEAT = '#';

    /** The key of the {@code occurrence}-th section (1 the first) named {@code section}: the first keeps its name. */
    public static String key(String section, int occurrence) {
        return occurrence <= 1 ? section : section + REPEAT + occurrence;
    }

    /** The section name a job's key stands for, as fio reports it. */
    public static String section(String key) {
        int i = key.lastIndexOf(REPEAT);
        return i > 0 && i + 1 < key.length() && key.substring(i + 1).chars().allMatch(Character::isDigit) ? key.substring(0, i) : key;
    }

    /** The job's own options, empty when it has none or the scenario is not a fio job file. */
    public List<Option> job(String name) {
        return jobs.getOrDefault(name, new ArrayList<>());
    }
}
