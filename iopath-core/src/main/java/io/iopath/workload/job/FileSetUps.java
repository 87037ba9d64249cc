package io.iopath.workload.job;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which of a run's files are being set up (created, laid out) and by whom, so that the jobs and
 * numjobs clones that name one file ({@code filename=}) set it up once: the first to get there
 * does it, the others wait for it and then open the file as it is. fio does the same per process
 * ({@code setup_files} in filesetup.c: a file that exists at its size is not laid out again).
 */
public final class FileSetUps {
    private final Map<String, List<Runnable>> pending = new HashMap<>();

    /**
     * Claims the set-up of {@code name}: true when the caller must do it (and then call
     * {@link #done}); false when another job is at it, in which case {@code ready} runs when it is done.
     */
    boolean claim(String name, Runnable ready) {
        List<Runnable> waiters = pending.get(name);
        if (waiters == null) {
            pending.put(name, new ArrayList<>());
            return true;
        }
        waiters.add(ready);
        return false;
    }

    /** Whether a set-up of {@code name} is under way. */
    boolean busy(String name) {
        return pending.containsKey(name);
    }

    /** The set-up of {@code name} is over: everyone waiting for it goes on. */
    void done(String name) {
        List<Runnable> waiters = pending.remove(name);
        if (waiters != null) {
            waiters.forEach(Runnable::run);
        }
    }
}
