package io.iopath.fs;

/**
 * What a system call on the file system costs the calling process in CPU time, beyond any IO it
 * waits for: the simulated process spends this long before the call takes effect. Without it, a
 * workload whose files all live in the page cache (Postmark's small working set) would run in no
 * simulated time at all.
 *
 * <p>The defaults ({@link #MEASURED}) were measured on the machine iopath was developed on (a 2-core
 * Xeon VM, Linux 6.18, ext4) with {@code tools/cpu-cost/syscall-cost.c}; its output is
 * {@code tools/cpu-cost/measured-2026-12-01.txt}. A 2007 host was several times slower: give the
 * scenario's {@code cpu:} section to model one.
 *
 * @param syscallNs      every call: entry, exit and the file descriptor (a 0-byte {@code pread}/{@code pwrite})
 * @param copyNsPerKib   read and write: copying the data to or from the page cache, per KiB
 * @param lookupNs       open, create, unlink, mkdir, rmdir: walking the name to its inode
 *                       (an {@code open}+{@code close} pair less two calls' fixed cost)
 * @param namespaceNs    create, unlink, mkdir, rmdir: changing the directory and the inode
 *                       (half a {@code creat}+{@code close}+{@code unlink} less three calls and two lookups)
 * @param truncateNs     ftruncate: changing the inode's size (an {@code ftruncate} of a file with no blocks
 *                       less a call's fixed cost); the blocks it frees and the pages it drops are the file system's
 */
public record CpuCost(long syscallNs, double copyNsPerKib, long lookupNs, long namespaceNs, long truncateNs) {
    /** No CPU time at all: calls take only the IO they wait for. */
    public static final CpuCost NONE = new CpuCost(0, 0, 0, 0, 0);

    /**
     * tools/cpu-cost/measured-2026-12-01.txt: fixed 88 ns (pread) and 109 ns (pwrite), so 100 ns;
     * copy 30 and 25 ns per KiB, so 27.5; open+close 624 ns, so 624 - 2 x 100 = 424 ns of lookup;
     * creat+close+unlink 8455 ns, so (8455 - 3 x 100 - 2 x 424) / 2 = 3654 ns per namespace change;
     * tools/cpu-cost/measured-2026-12-02.txt (the same tool, a day later): ftruncate 1311.8 ns less
     * that run's fixed pwrite 112.8 ns, so 1199 ns per size change.
     */
    public static final CpuCost MEASURED = new CpuCost(100, 27.5, 424, 3654, 1199);

    public CpuCost {
        if (syscallNs < 0 || copyNsPerKib < 0 || lookupNs < 0 || namespaceNs < 0 || truncateNs < 0 || Double.isNaN(copyNsPerKib)) {
            throw new IllegalArgumentException("CPU costs must not be negative");
        }
    }

    /** A read() or write() of {@code bytes}. */
    public long dataCallNs(long bytes) {
        return syscallNs + Math.round(bytes * copyNsPerKib / 1024);
    }

    /** An open() of an existing file (close() and fsync() are {@link #syscallNs}). */
    public long openNs() {
        return syscallNs + lookupNs;
    }

    /** A call that adds or removes a name: create, unlink, mkdir, rmdir. */
    public long namespaceCallNs() {
        return syscallNs + lookupNs + namespaceNs;
    }

    /** An ftruncate() (fio's ftruncate engine). */
    public long truncateCallNs() {
        return syscallNs + truncateNs;
    }

    public boolean isZero() {
        return syscallNs == 0 && copyNsPerKib == 0 && lookupNs == 0 && namespaceNs == 0 && truncateNs == 0;
    }
}
