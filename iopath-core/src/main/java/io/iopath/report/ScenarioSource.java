package io.iopath.report;

import java.util.List;

/**
 * The scenario as a report shows it: a short name of where it came from (a file name, not a
 * path, so reports do not depend on the directory), the overrides given on the command line,
 * and the YAML as run with those overrides applied (the scenario layer writes it;
 * a report only shows the text).
 */
public record ScenarioSource(String name, List<String> overrides, String yamlAsRun) {
    public ScenarioSource {
        overrides = List.copyOf(overrides);
    }
}
