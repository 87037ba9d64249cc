package io.iopath.device.disk.disksim;

/**
 * Which DiskSim read-hit classes the drive's cache allows.
 */
record CacheHitRules(
        boolean almostReadHits,
        boolean sneakyFullReadHits,
        boolean sneakyPartialReadHits,
        boolean sneakyIntermediateReadHits,
        boolean readHitsOnWriteData) {
}
