package io.iopath.device.disk.queue;

import io.iopath.request.Request;
import io.iopath.request.TaskAttribute;
import java.util.ArrayDeque;

/**
 * The task set's ordering rules (SAM-2 task attributes; disk-drive spec §9.2): which accepted
 * commands the drive may start now, and which it holds back.
 *
 * <ul>
 *   <li>SIMPLE: starts unless an older ORDERED task is still in the task set.</li>
 *   <li>ORDERED: starts only when every older task has completed; until it completes, no younger
 *       SIMPLE or ORDERED task starts.</li>
 *   <li>HEAD OF QUEUE: starts at once ("placed first in the task set"), ahead of held-back tasks;
 *       an ORDERED task waits for it only if the ORDERED one is younger.</li>
 * </ul>
 *
 * <p>Tasks are grouped in epochs: each ORDERED task opens a new one and belongs to it; SIMPLE and
 * HEAD OF QUEUE tasks join the youngest. An ORDERED task may start once every older epoch is
 * empty; held-back SIMPLE tasks once the running ORDERED one has completed. {@code oldest} is
 * kept at the first non-empty epoch, and every later one up to the youngest holds at least its
 * unfinished ORDERED task, so at most depth + 1 epochs are live and a ring of depth + 2
 * counters never mixes two of them: the gate is allocation-free. Held-back tasks wait in
 * arrival order: a task behind an ORDERED one can only start after it.
 */
final class TaskGate {
    private final ArrayDeque<Request> held = new ArrayDeque<>();
    /** Outstanding tasks (started or held) per epoch, indexed by epoch modulo its length. */
    private final int[] live;
    private long youngest;
    private long oldest;
    /** The ORDERED task that has started and not completed (at most one can). */
    private Request runningOrdered;

    TaskGate(int depth) {
        this.live = new int[depth + 2];
    }

    /**
     * A command was accepted into the task set, with {@code outstanding} older tasks still in
     * it. Returns whether it may start now; if not, {@link #next} hands it out later.
     */
    boolean admit(Request r, int outstanding) {
        TaskAttribute a = r.taskAttribute;
        if (a == TaskAttribute.ORDERED) {
            advanceOldest();
            youngest++;
            if (live[slot(youngest)] != 0) {
                throw new IllegalStateException("more live ordering epochs than the queue depth allows");
            }
        }
        r.taskEpoch = youngest;
        live[slot(youngest)]++;
        boolean start = switch (a) {
            case HEAD_OF_QUEUE -> true;
            case ORDERED -> held.isEmpty() && outstanding == 0;
            case SIMPLE -> held.isEmpty() && runningOrdered == null;
        };
        if (!start) {
            held.addLast(r);
        } else if (a == TaskAttribute.ORDERED) {
            runningOrdered = r;
        }
        return start;
    }

    /** A task completed (status went to the host). */
    void completed(Request r) {
        live[slot(r.taskEpoch)]--;
        if (r == runningOrdered) {
            runningOrdered = null;
        }
        advanceOldest();
    }

    /** Moves {@code oldest} past empty epochs (each epoch is passed once: amortised O(1)). */
    private void advanceOldest() {
        while (oldest < youngest && live[slot(oldest)] == 0) {
            oldest++;
        }
    }

    /** The oldest held-back task that may start now (removed from the held ones), or null. */
    Request next() {
        Request r = held.peekFirst();
        if (r == null) {
            return null;
        }
        if (r.taskAttribute == TaskAttribute.ORDERED) {
            if (oldest < r.taskEpoch) {
                return null; // an older task is still in the task set
            }
            runningOrdered = r;
        } else if (runningOrdered != null) {
            return null;
        }
        return held.pollFirst();
    }

    boolean holding() {
        return !held.isEmpty();
    }

    /** Tasks held back by an ORDERED one. */
    int held() {
        return held.size();
    }

    private int slot(long epoch) {
        return (int) (epoch % live.length);
    }
}
