package io.iopath.metrics.blktrace;

/** Where the block layer and driver send blktrace events. */
public interface BlkTraceSink {
    /** A sink that discards everything: the default, so tracing costs nothing when off. */
    BlkTraceSink NONE = new BlkTraceSink() {
        @Override
        public boolean enabled() {
            return false;
        }

        @Override
        public void event(long timeNs, int pid, BlkAction action, String rwbs, long sector, int sectors,
                          long payload, String command) {
        }
    };

    /** False when events are discarded, so emitters can skip building their fields. */
    default boolean enabled() {
        return true;
    }

    void event(long timeNs, int pid, BlkAction action, String rwbs, long sector, int sectors, long payload, String command);
}
