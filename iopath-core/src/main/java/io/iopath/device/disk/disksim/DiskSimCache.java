package io.iopath.device.disk.disksim;

/**
 * The drive's segmented buffer. {@code enableCaching} is DiskSim's "Enable caching in buffer"
 * (0 off, 1 on; 2 in the HP C2490A file, meaning unverified).
 */
record DiskSimCache(
        int segments,
        int segmentSizeBlocks,
        int maxWriteSegments,
        boolean separateWriteSegment,
        int enableCaching,
        boolean readDirectlyToBuffer,
        boolean calcSectorBySector,
        boolean immediateBufferRead,
        boolean immediateBufferWrite,
        boolean immediateTransferPartialHit,
        CacheHitRules hits,
        ReadAhead readAhead,
        WriteCaching writes) {
}
