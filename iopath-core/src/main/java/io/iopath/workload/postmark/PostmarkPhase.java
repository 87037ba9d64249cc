package io.iopath.workload.postmark;

/**
 * The parts of one Postmark run ({@code cli_run} in Postmark 1.53's {@code postmark.c}), in the order they
 * happen. Each starts where Postmark prints its progress message; {@link #OUT_OF_FILES} is the early end of
 * the transactions when no file is left ({@code run_transactions}), after which the deletion still runs.
 */
public enum PostmarkPhase {
    /** "Creating subdirectories...": {@code s0..s(S-1)} in each location, only when subdirectories > 1. */
    MKDIR("mkdir"),
    /** "Creating files...": the initial pool; Postmark's {@code start_time} is taken just before. */
    CREATE("create"),
    /** "Performing transactions": {@code t_start_time}. */
    TRANSACTIONS("transactions"),
    /** "out of files!": every file was deleted before the last transaction; no report is printed. */
    OUT_OF_FILES("out_of_files"),
    /** "Deleting files...": {@code t_end_time} was taken just before. */
    DELETE("delete"),
    /** "Deleting subdirectories...": {@code end_time} was taken just before. */
    RMDIR("rmdir");

    /** The name in a {@code postmark-seq v1} phase line. */
    public final String id;

    PostmarkPhase(String id) {
        this.id = id;
    }
}
