package io.iopath.workload.job;

import java.util.ArrayList;
import java.util.List;

/**
 * fio's token-based flow control (flow.c): the jobs of one {@code flow_id} share a counter of
 * IOs, and a job whose share of it exceeds its share of the group's weight
 * ({@code flow_threshold_exceeded}: job count / group count > flow / total weight) is held back
 * until the others catch up. The group counter starts at 1 ({@code flow_get}); each job's
 * weight is added when the job is set up ({@code flow_init_job}) and its weight and count taken
 * away when it exits ({@code flow_exit_job}).
 */
public final class FlowGroup {
    private long counter = 1;
    private long totalWeight;
    private final List<Runnable> waiting = new ArrayList<>();

    /** flow_init_job: a job of this weight joins. */
    public void join(int weight) {
        totalWeight += weight;
    }

    /** flow_threshold_exceeded's test, for a job that has counted {@code jobCounter} IOs. */
    boolean exceeded(long jobCounter, int weight) {
        return (double) jobCounter / counter > (double) weight / totalWeight;
    }

    /** An IO of a job that was not held back: the shared counter grows, and held jobs look again. */
    void counted() {
        counter++;
        wakeWaiting();
    }

    /** A held job asks to be told when the counter or the weights change. */
    void await(Runnable r) {
        if (!waiting.contains(r)) {
            waiting.add(r);
        }
    }

    /** flow_exit_job: the job's IOs and weight leave the group. */
    void leave(long jobCounter, int weight) {
        counter -= jobCounter;
        totalWeight -= weight;
        wakeWaiting();
    }

    private void wakeWaiting() {
        if (waiting.isEmpty()) {
            return;
        }
        List<Runnable> w = new ArrayList<>(waiting);
        waiting.clear();
        w.forEach(Runnable::run);
    }
}
