package io.iopath.cli;

/** Input the user can fix (a missing file, a bad option value): reported in one line, exit 2. */
final class BadInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BadInputException(String message) {
        super(message);
    }
}
