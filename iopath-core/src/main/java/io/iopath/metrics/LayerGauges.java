package io.iopath.metrics;

/**
 * What the layers hold at a moment, for the time series: requests the block layer has issued to
 * the driver and not seen complete, commands tagged at the drive, dirty extents in the drive's
 * write-back buffer, and the page cache's dirty and under-write-back bytes. The assembly
 * implements it over the layers it built (metrics imports none of them); a layer that is not
 * there answers -1 (no file system: no page cache). Called on every completion: it must not
 * allocate.
 */
public interface LayerGauges {
    /** No layer: every gauge -1. */
    LayerGauges NONE = new LayerGauges() {
        @Override
        public long blockInFlight() {
            return -1;
        }

        @Override
        public long driveTagged() {
            return -1;
        }

        @Override
        public long driveDirtyExtents() {
            return -1;
        }

        @Override
        public long pageCacheDirtyBytes() {
            return -1;
        }

        @Override
        public long pageCacheWritebackBytes() {
            return -1;
        }
    };

    long blockInFlight();

    long driveTagged();

    long driveDirtyExtents();

    long pageCacheDirtyBytes();

    long pageCacheWritebackBytes();
}
