package io.iopath.fs.pagecache;

/**
 * {@code get_dirty_limits} and the rate-limit step of 2.6.18 {@code mm/page-writeback.c} (spec
 * §2.1–2.2), for a host with no mapped or anonymous pages in the way (unmapped = 100 %).
 */
public final class DirtyLimits {
    /** Pages: pdflush's background write-out starts above this many dirty pages. */
    public final long background;
    /** Pages: a writer blocks in balance_dirty_pages while dirty + writeback exceed this. */
    public final long dirty;
    /** Pages dirtied between calls of balance_dirty_pages ({@code ratelimit_pages}). */
    public final int ratelimit;
    /** Pages balance_dirty_pages writes before it gives up ("done our duty"): 1.5 × ratelimit. */
    public final int writeChunk;

    public DirtyLimits(VmSysctls vm) {
        long available = vm.capacityPages();
        int unmapped = 100;
        int dirtyRatio = Math.max(5, Math.min(vm.dirtyRatio(), unmapped / 2));
        int bgRatio = vm.dirtyBackgroundRatio();
        if (bgRatio >= dirtyRatio) {
            bgRatio = dirtyRatio / 2;
        }
        this.background = bgRatio * available / 100;
        this.dirty = dirtyRatio * available / 100;
        long rl = available / (32L * Math.max(1, vm.cpus()));
        this.ratelimit = (int) Math.max(16, Math.min(1024, rl));
        this.writeChunk = ratelimit * 3 / 2;
    }
}
