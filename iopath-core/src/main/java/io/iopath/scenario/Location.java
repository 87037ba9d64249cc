package io.iopath.scenario;

/** Where a configuration value came from: a file position, or a command-line override. */
record Location(String source, int line, int column) {
    /** A value given by {@code --set}; it has no line. */
    public static Location override(String assignment) {
        return new Location("--set " + assignment, 0, 0);
    }

    @Override
    public String toString() {
        return line > 0 ? source + ":" + line + ":" + column : source;
    }
}
