package io.iopath.device.disk.disksim;

/**
 * A DiskSim parameter file that cannot be used, with the place at fault. The message reads
 * {@code FILE:LINE: PARAMETER: expected …, got …} (the parameter part is left out for pure
 * syntax errors), so the CLI can print it as one line and editors can jump to it.
 */
public final class ParameterFileException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String file;
    private final int line;
    private final String parameter;

    public ParameterFileException(String file, int line, String parameter, String problem) {
        super(file + ":" + line + ": " + (parameter == null || parameter.isEmpty() ? "" : parameter + ": ") + problem);
        this.file = file;
        this.line = line;
        this.parameter = parameter == null ? "" : parameter;
    }

    public static ParameterFileException expected(String file, int line, String parameter, String expected, String got) {
        return new ParameterFileException(file, line, parameter, "expected " + expected + ", got " + got);
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }

    /** The parameter at fault, or "" for a syntax error outside any parameter. */
    public String parameter() {
        return parameter;
    }
}
