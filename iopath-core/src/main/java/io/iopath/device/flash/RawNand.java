package io.iopath.device.flash;

/**
 * One raw NAND device behind the kernel's MTD layer: what each page read, page program and block
 * erase costs, and what the chip holds. The NAND core takes the chip for one operation at a time
 * (nand_base.c {@code nand_get_device}), so operations of several callers queue one after another.
 *
 * <p>NAND programming can only clear bits, so a page is written once between erases; neither the
 * MTD layer nor the NAND core checks it (mtdchar_write → mtd_write → nand_write_oob programs what
 * it is given): the device keeps, per page, whether it was programmed since its block's erase, and
 * counts programs of a page already programmed ({@link #reprograms}) instead of refusing them.
 * Erase counts are kept per block (nandsim's {@code erase_block_wear}). A fresh device has no bad
 * blocks (no source gives a factory bad-block table for these chips).
 */
public final class RawNand {
    private final NandChip chip;
    /** Pages programmed since their block's last erase, a bit a page. */
    private final long[] programmed;
    private final int[] erases;
    private long busyUntilNs;
    private long pagesRead;
    private long pagesProgrammed;
    private long blocksErased;
    private long reprograms;

    public RawNand(NandChip chip) {
        this.chip = chip;
        long pages = (long) chip.eraseBlocks() * chip.pagesPerBlock();
        this.programmed = new long[(int) ((pages + 63) >>> 6)];
        this.erases = new int[chip.eraseBlocks()];
    }

    public NandChip chip() {
        return chip;
    }

    /** MEMGETBADBLOCK: whether erase block {@code eb} is marked bad; none is on a fresh device. */
    public boolean isBad(int eb) {
        return false;
    }

    /**
     * Reads {@code len} bytes at {@code offset}, starting at {@code nowNs}: each page it touches is
     * read whole (nand_do_read_ops reads a partial page into the chip's buffer). Returns the time
     * the read is done.
     */
    public long read(long nowNs, long offset, long len) {
        long first = offset / chip.pageBytes();
        long last = (offset + len - 1) / chip.pageBytes();
        long pages = len <= 0 ? 0 : last - first + 1;
        pagesRead += pages;
        return take(nowNs, pages * chip.pageReadNs());
    }

    /** Programs the whole pages of {@code [offset, offset + len)} (page-aligned: the caller checked). */
    public long program(long nowNs, long offset, long len) {
        long first = offset / chip.pageBytes();
        long pages = (len + chip.pageBytes() - 1) / chip.pageBytes();
        for (long p = first; p < first + pages; p++) {
            int w = (int) (p >>> 6);
            long bit = 1L << (p & 63);
            if ((programmed[w] & bit) != 0) {
                reprograms++;
            }
            programmed[w] |= bit;
        }
        pagesProgrammed += pages;
        return take(nowNs, pages * chip.pageProgramNs());
    }

    /** Erases block {@code eb}: every page of it may be programmed again. */
    public long erase(long nowNs, int eb) {
        long first = (long) eb * chip.pagesPerBlock();
        for (long p = first; p < first + chip.pagesPerBlock(); p++) {
            programmed[(int) (p >>> 6)] &= ~(1L << (p & 63));
        }
        erases[eb]++;
        blocksErased++;
        return take(nowNs, chip.blockEraseNs());
    }

    /** Whether page {@code page} was programmed since its block's last erase. */
    public boolean isProgrammed(long page) {
        return (programmed[(int) (page >>> 6)] & (1L << (page & 63))) != 0;
    }

    public int eraseCount(int eb) {
        return erases[eb];
    }

    private long take(long nowNs, long ns) {
        long start = Math.max(nowNs, busyUntilNs);
        busyUntilNs = start + ns;
        return busyUntilNs;
    }

    public long pagesRead() {
        return pagesRead;
    }

    public long pagesProgrammed() {
        return pagesProgrammed;
    }

    public long blocksErased() {
        return blocksErased;
    }

    /** Programs of a page already programmed since its block's erase (NAND would AND the data in). */
    public long reprograms() {
        return reprograms;
    }
}
