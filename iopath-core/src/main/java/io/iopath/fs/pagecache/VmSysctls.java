package io.iopath.fs.pagecache;

/**
 * The memory and write-back tunables, with the names {@code /proc/sys/vm} gives them. Defaults
 * are 2.6.18's ({@code mm/page-writeback.c}: dirty_background_ratio 10, vm_dirty_ratio 40,
 * dirty_writeback_interval 5 s, dirty_expire_interval 30 s).
 *
 * @param memoryBytes           RAM of the host ({@code host.memory})
 * @param nonPageCacheBytes     memory the page cache cannot have: kernel, processes (spec §6.5, default 64 MiB)
 * @param dirtyRatio            {@code vm.dirty_ratio}: a writer blocks above this % of available pages
 * @param dirtyBackgroundRatio  {@code vm.dirty_background_ratio}: pdflush starts above this %
 * @param dirtyExpireCentisecs  {@code vm.dirty_expire_centisecs}: kupdate writes inodes dirty this long
 * @param dirtyWritebackCentisecs {@code vm.dirty_writeback_centisecs}: the kupdate period (0: off)
 * @param cpus                  online CPUs, for the rate-limit step (2.6.18: total_pages / (32 · cpus))
 */
public record VmSysctls(long memoryBytes, long nonPageCacheBytes, int dirtyRatio, int dirtyBackgroundRatio,
                        int dirtyExpireCentisecs, int dirtyWritebackCentisecs, int cpus) {
    public static final long DEFAULT_MEMORY = 512L << 20;
    public static final long DEFAULT_NON_PAGE_CACHE = 64L << 20;

    public static VmSysctls defaults(long memoryBytes) {
        return new VmSysctls(memoryBytes, Math.min(DEFAULT_NON_PAGE_CACHE, memoryBytes / 2), 40, 10, 3000, 500, 1);
    }

    /** Page-cache capacity C in 4 KiB pages (spec §2.9: RAM minus the non-page-cache footprint). */
    public long capacityPages() {
        return Math.max(64, (memoryBytes - nonPageCacheBytes) / 4096);
    }

    public long dirtyExpireNs() {
        return dirtyExpireCentisecs * 10_000_000L;
    }

    public long dirtyWritebackNs() {
        return dirtyWritebackCentisecs * 10_000_000L;
    }

    public VmSysctls withDirtyRatio(int r) {
        return new VmSysctls(memoryBytes, nonPageCacheBytes, r, dirtyBackgroundRatio, dirtyExpireCentisecs, dirtyWritebackCentisecs, cpus);
    }

    public VmSysctls withDirtyBackgroundRatio(int r) {
        return new VmSysctls(memoryBytes, nonPageCacheBytes, dirtyRatio, r, dirtyExpireCentisecs, dirtyWritebackCentisecs, cpus);
    }

    public VmSysctls withDirtyExpireCentisecs(int c) {
        return new VmSysctls(memoryBytes, nonPageCacheBytes, dirtyRatio, dirtyBackgroundRatio, c, dirtyWritebackCentisecs, cpus);
    }

    public VmSysctls withDirtyWritebackCentisecs(int c) {
        return new VmSysctls(memoryBytes, nonPageCacheBytes, dirtyRatio, dirtyBackgroundRatio, dirtyExpireCentisecs, c, cpus);
    }
}
