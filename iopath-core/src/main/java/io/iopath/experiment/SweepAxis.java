package io.iopath.experiment;

import java.util.List;

/**
 * One field a sweep varies and the values it takes, in order: {@code path} is a scenario field
 * as {@code --set} spells it ({@code host.scheduler}, {@code jobs[0].bs}), each value one
 * {@code --set path=value}. {@code option} is how the user gave the axis, which a refused value
 * is reported as: {@code --vary PATH=V1,V2,...} unless another option made it
 * ({@code reproduce riska2007 --depths 1,4}).
 */
public record SweepAxis(String path, List<String> values, String option) {
    public SweepAxis {
        path = path.trim();
        values = values.stream().map(String::trim).toList();
        String text = path + "=" + String.join(",", values);
        if (path.isEmpty() || values.isEmpty() || values.stream().anyMatch(String::isEmpty)) {
            throw new SweepException("expected PATH=V1,V2,..., got '" + text + "'");
        }
        option = option == null ? "--vary " + text : option;
    }

    /** An axis given as {@code --vary}. */
    public SweepAxis(String path, List<String> values) {
        this(path, values, null);
    }

    /** Reads {@code PATH=V1,V2,...}. */
    public static SweepAxis parse(String text) {
        int eq = text.indexOf('=');
        List<String> values = eq <= 0 ? List.of() : List.of(text.substring(eq + 1).split(",", -1));
        if (eq <= 0 || values.stream().anyMatch(String::isBlank)) {
            throw new SweepException("expected PATH=V1,V2,..., got '" + text + "'");
        }
        return new SweepAxis(text.substring(0, eq), values);
    }

    /** The path with list indices written one way: {@code jobs[0].bs} and {@code jobs.0.bs} are one field. */
    String field() {
        return path.replace("[", ".").replace("]", "");
    }

    /** The override that sets this axis to its {@code i}th value. */
    String override(int i) {
        return path + "=" + values.get(i);
    }
}
