package io.iopath.block.sched;

/**
 * What a scheduler knows of one process's IO pattern (as_io_context in as-iosched.c, whose
 * arithmetic cfq_io_context and bfq_queue copy): when its last request completed, where its last
 * request ended, and decaying means of its think time and seek distance in the kernel's fixed
 * point (samples and totals scaled by 256, decay 7/8).
 */
class IoHistory {
    long lastEndRequest;
    long lastRequestPos;
    long ttimeTotal;
    long ttimeSamples;
    long ttimeMean;
    long seekTotal;
    long seekSamples;
    long seekMean;

    /** as_update_thinktime / cfq_update_io_thinktime. */
    final void addThinkTime(long ttime) {
        ttimeSamples = (7 * ttimeSamples + 256) / 8;
        ttimeTotal = (7 * ttimeTotal + 256 * ttime) / 8;
        ttimeMean = (ttimeTotal + 128) / ttimeSamples;
    }

    /**
     * as_update_seekdist / cfq_update_io_seektime: the distance is first capped at four times the
     * mean plus 1 GiB (while there are few samples) or 64 MiB, so one long seek cannot swamp it.
     */
    final void addSeekDistance(long sdist) {
        if (seekSamples <= 60) {
            sdist = Math.min(sdist, seekMean * 4 + 2L * 1024 * 1024);
        } else {
            sdist = Math.min(sdist, seekMean * 4 + 2L * 1024 * 64);
        }
        seekSamples = (7 * seekSamples + 256) / 8;
        seekTotal = (7 * seekTotal + 256 * sdist) / 8;
        seekMean = (seekTotal + seekSamples / 2) / seekSamples;
    }
}
