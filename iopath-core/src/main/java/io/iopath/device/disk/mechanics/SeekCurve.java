package io.iopath.device.disk.mechanics;

/** Time to move the actuator across a number of cylinders, settle included. */
public interface SeekCurve {
    /** Seek time in nanoseconds for a distance in cylinders; zero distance costs nothing. */
    long seekNs(int distanceCylinders);
}
