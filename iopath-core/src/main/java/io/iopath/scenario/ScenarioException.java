package io.iopath.scenario;

/**
 * A scenario that cannot be run, with the place and field at fault. Its message reads
 * {@code FILE:LINE:COLUMN: FIELD: expected …, got …}, the form compilers use, so editors can jump
 * to it.
 */
public final class ScenarioException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final Location location;
    private final String field;

    public ScenarioException(Location location, String field, String problem) {
        super(location + ": " + (field.isEmpty() ? "" : field + ": ") + problem);
        this.location = location;
        this.field = field;
    }

    public static ScenarioException expected(Location location, String field, String expected, String got) {
        return new ScenarioException(location, field, "expected " + expected + ", got " + got);
    }

    public Location location() {
        return location;
    }

    public String field() {
        return field;
    }
}
