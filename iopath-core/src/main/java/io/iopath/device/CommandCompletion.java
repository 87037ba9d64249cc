package io.iopath.device;

import io.iopath.request.Request;

/** Called by the device when a command it accepted has completed. */
@FunctionalInterface
public interface CommandCompletion {
    void commandDone(Request command);
}
