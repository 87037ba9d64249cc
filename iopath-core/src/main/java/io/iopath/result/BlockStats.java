package io.iopath.result;
/**
 * What the block layer did in a run, in blkparse's summary terms.
 *
 * @param requestsAllocated requests obtained from the pool (G)
 * @param backMerges        bios back-merged (M)
 * @param frontMerges       bios front-merged (F)
 * @param requestMerges     request-to-request merges after a bio merge
 * @param plugs             queue (or task) plugs (P)
 * @param ioUnplugs         explicit unplugs traced (U)
 * @param timerUnplugs      unplug timer expiries (UT)
 * @param sleeps            times a process slept for a free request (S)
 * @param requeues          requests the driver handed back (R)
 * @param flushes           cache flush commands the block layer issued for barriers / PREFLUSH / FUA
 */
public record BlockStats(long requestsAllocated, long backMerges, long frontMerges, long requestMerges,
                         long plugs, long ioUnplugs, long timerUnplugs, long sleeps, long requeues, long flushes) {
    public long bioMerges() {
        return backMerges + frontMerges;
    }
}
