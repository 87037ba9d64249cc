package io.iopath.device.disk;

import io.iopath.request.Request;

/**
 * Watches the drive's decisions, for monitors in tests and tools: when a command starts (passes
 * the task set's ordering rules) and when the mechanism starts a piece of media work. Called
 * inside the drive's event handling; it must not submit commands.
 */
interface DriveObserver {
    DriveObserver NONE = new DriveObserver() {
    };

    /** The drive began processing a command: it passed the ORDERED / HEAD OF QUEUE rules. */
    default void taskStarted(Request command, long nowNs) {
    }

    /** The command completed: its status goes to the host (before any command it held back starts). */
    default void taskCompleted(Request command, long nowNs) {
    }

    /** The mechanism started media work: a host command's ({@code command}), or a destage (null). */
    default void mediaStarted(Request command, long nowNs) {
    }
}
