package io.iopath.workload.job;

/**
 * A file job's per-file phase (create, open, end_fsync, close, unlink): one system call per
 * file, file after file, run as a loop. While the calls complete at once (everything they need
 * is in memory), the next one is made in the same frame; a call that blocks in simulated time
 * ends the frame, and its completion, from the event that completes it, goes on with the loop.
 *
 * <p>Each call's continuation making the next call directly would nest one call per file on the
 * stack when nothing blocks: a few thousand cached files overflowed the default thread stack.
 * The order of everything is the same either way, because a continuation that runs at once is
 * the last thing its call does (the {@link io.iopath.fs.FileSystem} contract): the next call
 * begins after that call has returned rather than inside it, with nothing in between.
 */
final class FileLoop {
    /** The call for file {@code i}; it runs {@code next} when the call has completed (at once, or later). */
    interface Step {
        void call(int i, Runnable next);
    }

    private final int end;
    private final Step step;
    private final Runnable after;
    private final Runnable next = this::completed;
    private int i;
    /** The loop is in {@link #loop()}'s frame: a completion only marks the call done. */
    private boolean looping;
    private boolean completedAtOnce;

    private FileLoop(int from, int end, Step step, Runnable after) {
        this.i = from;
        this.end = end;
        this.step = step;
        this.after = after;
    }

    /** Runs {@code step} for files {@code from .. end-1} in turn, then {@code after}. */
    static void run(int from, int end, Step step, Runnable after) {
        new FileLoop(from, end, step, after).loop();
    }

    private void completed() {
        if (looping) {
            completedAtOnce = true;
            return;
        }
        i++; // the call blocked and has now completed: go on from here
        loop();
    }

    private void loop() {
        looping = true;
        while (i < end) {
            completedAtOnce = false;
            step.call(i, next);
            if (!completedAtOnce) {
                looping = false; // blocked: its completion resumes the loop
                return;
            }
            i++;
        }
        looping = false;
        after.run();
    }
}
