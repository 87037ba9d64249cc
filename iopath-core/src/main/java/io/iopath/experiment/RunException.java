package io.iopath.experiment;

/**
 * A scenario that ran but asked for something the run could not give: a power failure at a time
 * when the run was already over. The user can fix it (the message says how), so the command
 * line reports it in one line with exit status 2, as it does bad input.
 */
public final class RunException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public RunException(String message) {
        super(message);
    }
}
