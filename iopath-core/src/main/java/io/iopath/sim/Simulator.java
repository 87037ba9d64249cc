package io.iopath.sim;

/**
 * The discrete-event kernel: a simulated clock in nanoseconds and the queue of pending timers.
 *
 * <p>Single-threaded by design: one run is one thread, and parallelism comes from running
 * independent scenarios side by side. Determinism follows from ordering equal-time events by
 * scheduling order and from drawing every random number from a {@link RandomStreams} stream.
 */
public final class Simulator {
    private final EventQueue queue = new EventQueue();
    private final RandomStreams randoms;
    private long now;
    private boolean stopped;
    private long eventsFired;

    public Simulator(long seed) {
        this.randoms = new RandomStreams(seed);
    }

    /** Current simulated time in nanoseconds. */
    public long now() {
        return now;
    }

    public RandomStreams randoms() {
        return randoms;
    }

    /** A reusable timer; schedule it as often as needed. */
    public Timer timer(String name, Runnable action) {
        return new Timer(this, name, action);
    }

    /** One-shot convenience: run {@code action} at {@code atNs}. Allocates; keep it off hot paths. */
    public Timer at(long atNs, Runnable action) {
        Timer t = new Timer(this, "at", action);
        schedule(t, atNs);
        return t;
    }

    /** One-shot convenience: run {@code action} after {@code delayNs}. */
    public Timer after(long delayNs, Runnable action) {
        return at(now + delayNs, action);
    }

    void schedule(Timer t, long atNs) {
        if (t.simulator != this) {
            throw new IllegalArgumentException("timer " + t.name + " belongs to another simulator");
        }
        if (atNs < now) {
            throw new IllegalArgumentException(
                    "timer " + t.name + " scheduled in the past: " + atNs + " < now " + now);
        }
        queue.add(t, atNs);
    }

    void cancel(Timer t) {
        queue.remove(t);
    }

    /** Runs events until the queue is empty or {@link #stop()} is called. */
    public void run() {
        runUntil(Long.MAX_VALUE);
    }

    /**
     * Runs every event at a time not after {@code endNs}, then sets the clock to {@code endNs}
     * if the run was not stopped earlier and {@code endNs} is finite.
     */
    public void runUntil(long endNs) {
        stopped = false;
        while (!stopped) {
            Timer next = queue.peek();
            if (next == null || next.timeNs > endNs) {
                if (endNs != Long.MAX_VALUE && endNs > now) {
                    now = endNs;
                }
                return;
            }
            queue.poll();
            now = next.timeNs;
            eventsFired++;
            next.action.run();
        }
    }

    /** Makes {@link #run()} return after the event that is firing now. */
    public void stop() {
        stopped = true;
    }

    public int pendingEvents() {
        return queue.size();
    }

    public long eventsFired() {
        return eventsFired;
    }
}
