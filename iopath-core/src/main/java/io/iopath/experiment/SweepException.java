package io.iopath.experiment;

/** A sweep that cannot be set up (a malformed or repeated axis): the user's to fix, in one line. */
public final class SweepException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SweepException(String message) {
        super(message);
    }
}
