package io.iopath.workload.job;

/**
 * A raw NAND device as fio's mtd engine sees it through libmtd (mtd_dev_info: {@code eb_size},
 * {@code eb_cnt}, {@code subpage_size}; MEMGETBADBLOCK; reads, writes and MEMERASE64 on
 * /dev/mtdN); the assembly adapts the drive's flash to it, so workloads know nothing of drives.
 * Each operation starts at {@code nowNs} (or when the chip is free) and returns when it is done.
 */
public interface MtdDevice {
    long eraseBlockBytes();

    int eraseBlocks();

    int subpageBytes();

    boolean isBad(int eb);

    long read(long nowNs, long offset, long len);

    long program(long nowNs, long offset, long len);

    long erase(long nowNs, int eb);
}
