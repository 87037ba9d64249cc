package io.iopath.device.disk.mechanics;

/** Every non-zero seek takes the same time (DiskSim {@code constant}). */
public final class ConstantSeekCurve implements SeekCurve {
    private final long ns;

    public ConstantSeekCurve(long ns) {
        this.ns = ns;
    }

    @Override
    public long seekNs(int distanceCylinders) {
        return distanceCylinders == 0 ? 0 : ns;
    }
}
