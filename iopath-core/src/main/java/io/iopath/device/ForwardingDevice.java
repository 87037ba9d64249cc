package io.iopath.device;

import io.iopath.request.Request;

/**
 * A device that passes every call to the one below it: the base of wrappers that watch or count
 * commands (trace taps, test meters) and override only what they look at.
 */
public abstract class ForwardingDevice implements BlockDevice {
    protected final BlockDevice below;

    protected ForwardingDevice(BlockDevice below) {
        this.below = below;
    }

    @Override
    public DeviceResponse submit(Request command) {
        return below.submit(command);
    }

    @Override
    public void setCompletionSink(CommandCompletion sink) {
        below.setCompletionSink(sink);
    }

    @Override
    public long capacitySectors() {
        return below.capacitySectors();
    }

    @Override
    public long busyNs() {
        return below.busyNs();
    }

    @Override
    public String name() {
        return below.name();
    }

    @Override
    public Transport transport() {
        return below.transport();
    }

    @Override
    public boolean discards() {
        return below.discards();
    }

    @Override
    public WriteCache writeCache() {
        return below.writeCache();
    }
}
