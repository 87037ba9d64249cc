package io.iopath.workload.postmark;

/** A Postmark configuration file line iopath cannot run: the message starts with {@code file:line:}. */
public final class PostmarkConfigException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public PostmarkConfigException(String where, String problem) {
        super(where + ": " + problem);
    }
}
