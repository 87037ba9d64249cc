package io.iopath.experiment;

import io.iopath.workload.JobSpec;
import io.iopath.workload.Workload;
import java.util.List;

/**
 * fio's {@code exitall} family between a run's jobs. At the end of a job's thread (backend.c
 * {@code thread_main}: {@code if (exitall_on_terminate || (o->exitall_error && td->error))})
 * fio calls {@code fio_terminate_threads(td->groupid, td->o.exit_what)} (libfio.c), which marks
 * for termination, by the ending job's {@code exit_what}:
 * <ul>
 *   <li>{@code group} (the default): every job of its reporting group, started or not;</li>
 *   <li>{@code stonewall}: every job whose runstate is at least TD_RUNNING, i.e. running past its
 *       set-up and ramp; the jobs still waiting for a stonewall run after;</li>
 *   <li>{@code all}: every job, started or not.</li>
 * </ul>
 * A marked job that has not started never runs ({@code run_threads} reaps it); a running one stops
 * issuing, its IOs in flight complete, and it ends — and, since {@code exitall} is one flag for the
 * whole run (options.c {@code str_exitall_cb}), its own end terminates by its own {@code exit_what}
 * in turn. A job's failure (a minimum rate not met) terminates with {@code exitall_on_error}; fio
 * does that at the failure and again at the thread's end, iopath at the end, once the failed job's
 * IOs in flight have completed.
 *
 * <p>Sleeping jobs (thinktime, a rate's wait) stop at once; fio's {@code usec_sleep} (time.c)
 * notices {@code td->terminate} after at most about a second of its sleep.
 */
final class ExitAll {
    private ExitAll() {
    }

    /** A trace replay and the file operation engines cannot be terminated yet (their jobs refuse exitall). */
    private static boolean terminable(Workload w) {
        // a job reaped at set-up never reaches thread_main's end, where fio terminates the others
        return w.spec().replay() == null && !JobSpec.FILE_OP_ENGINES.contains(w.spec().ioengine()) && !w.failedSetUp();
    }

    /**
     * Wires the run's workloads (in process order, as fio's {@code for_each_td}); must be called
     * before anything else waits for them, so a terminated job is marked before a stonewall
     * behind it starts it.
     */
    static void wire(List<Workload> workloads) {
        boolean exitAll = workloads.stream().anyMatch(w -> w.spec().control().exit().all());
        boolean onError = workloads.stream().anyMatch(w -> w.spec().control().exit().onError());
        if (!exitAll && !onError) {
            return;
        }
        int[] groups = FioResults.groupIds(workloads);
        for (int i = 0; i < workloads.size(); i++) {
            Workload ending = workloads.get(i);
            int group = groups[i];
            if (!terminable(ending)) {
                continue;
            }
            ending.whenFinished(() -> {
                JobSpec.Exit exit = ending.spec().control().exit();
                if (!exitAll && !(exit.onError() && ending.error() != null)) {
                    return;
                }
                for (int j = 0; j < workloads.size(); j++) {
                    Workload other = workloads.get(j);
                    if (other == ending || !terminable(other)) {
                        continue;
                    }
                    boolean marked = switch (exit.what()) {
                        case GROUP -> groups[j] == group;
                        case STONEWALL -> other.running();
                        case ALL -> true;
                    };
                    if (marked) {
                        other.terminate();
                    }
                }
            });
        }
    }
}
