package io.iopath.virt;

import java.util.List;
import java.util.Optional;

/**
 * QEMU's host caching of a virtual disk as its three booleans (qemu/qemu {@code qemu-options.hx},
 * {@code -drive cache=}: "a shortcut that sets the cache.direct and cache.no-flush options …, and
 * additionally cache.writeback"; durability-and-virtualization spec §7.1, §7.3).
 *
 * @param writeback the guest is shown a volatile write cache (WCE = 1) and a write completes when
 *                  the host accepted it; off: every guest write is made durable before it completes
 *                  (writethrough: FUA added to every write, {@code blk_co_pwritev_part} in
 *                  {@code block/block-backend.c}, emulated with a flush after the write)
 * @param direct    the image is opened O_DIRECT: the host page cache is bypassed
 * @param noFlush   guest flushes are ignored (completed at once)
 */
public record CacheMode(boolean writeback, boolean direct, boolean noFlush) {
    public static final CacheMode WRITEBACK = new CacheMode(true, false, false);
    public static final CacheMode NONE = new CacheMode(true, true, false);
    public static final CacheMode WRITETHROUGH = new CacheMode(false, false, false);
    public static final CacheMode DIRECTSYNC = new CacheMode(false, true, false);
    public static final CacheMode UNSAFE = new CacheMode(true, false, true);

    /** The mode names {@code cache=} accepts, in the order the QEMU manual lists them. */
    public static final List<String> NAMES = List.of("writeback", "none", "writethrough", "directsync", "unsafe");
    private static final List<CacheMode> MODES = List.of(WRITEBACK, NONE, WRITETHROUGH, DIRECTSYNC, UNSAFE);

    public static Optional<CacheMode> named(String name) {
        int i = NAMES.indexOf(name);
        return i < 0 ? Optional.empty() : Optional.of(MODES.get(i));
    }

    /** The mode's name, or the three booleans for a combination no name stands for. */
    public String label() {
        int i = MODES.indexOf(this);
        if (i >= 0) {
            return NAMES.get(i);
        }
        return "writeback=" + onOff(writeback) + ",direct=" + onOff(direct) + ",no-flush=" + onOff(noFlush);
    }

    private static String onOff(boolean b) {
        return b ? "on" : "off";
    }

    public CacheMode withWriteback(boolean b) {
        return new CacheMode(b, direct, noFlush);
    }

    public CacheMode withDirect(boolean b) {
        return new CacheMode(writeback, b, noFlush);
    }

    public CacheMode withNoFlush(boolean b) {
        return new CacheMode(writeback, direct, b);
    }
}
