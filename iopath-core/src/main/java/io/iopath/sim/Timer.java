package io.iopath.sim;

/**
 * A reusable, cancellable event: an action that fires at a simulated time.
 *
 * <p>Components keep their timers and re-arm them, so the event loop allocates nothing per
 * event. A timer is pending from {@link #scheduleAt} until it fires or is cancelled; re-arming a
 * pending timer moves it.
 */
public final class Timer {
    final Simulator simulator;
    final Runnable action;
    final String name;
    long timeNs;
    long sequence;
    int heapIndex = -1;

    Timer(Simulator simulator, String name, Runnable action) {
        this.simulator = simulator;
        this.name = name;
        this.action = action;
    }

    /** Fires the action at absolute simulated time {@code atNs}, which must not be in the past. */
    public void scheduleAt(long atNs) {
        simulator.schedule(this, atNs);
    }

    /** Fires the action {@code delayNs} after the current simulated time. */
    public void scheduleAfter(long delayNs) {
        simulator.schedule(this, simulator.now() + delayNs);
    }

    /** Removes the timer from the event queue; does nothing if it is not pending. */
    public void cancel() {
        simulator.cancel(this);
    }

    public boolean isPending() {
        return heapIndex >= 0;
    }

    /** The time it will fire at; meaningful only while pending. */
    public long timeNs() {
        return timeNs;
    }

    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return isPending() ? name + "@" + timeNs : name + "(idle)";
    }
}
