package io.iopath.device.flash;

/**
 * Raw NAND as the kernel's MTD layer shows it (/dev/mtdN, drivers/mtd/mtdchar.c): erase blocks of
 * pages, no translation layer. A page read is an array read into the chip's register and the page
 * out across its pins; a page write is the page in across the pins and its program; an erase
 * clears one whole block. The times are the flash drive's own ({@link FlashSpec}) or those of a
 * named chip ({@link #NANDSIM}).
 *
 * @param name          the preset the chip comes from
 * @param eraseBlocks   erase blocks of the device (mtd_dev_info {@code eb_cnt})
 * @param pagesPerBlock pages per erase block
 * @param pageBytes     one page's data bytes ({@code min_io_size}, the NAND {@code writesize})
 * @param subpageBytes  the smallest write libmtd accepts ({@code subpage_size}, oslib/libmtd.c
 *                      {@code mtd_write}: offset and length must be multiples of it)
 * @param pageReadNs    one page read: array read plus the page out across the pins
 * @param pageProgramNs one page write: the page in across the pins plus its program
 * @param blockEraseNs  one block erase
 */
public record NandChip(String name, int eraseBlocks, int pagesPerBlock, int pageBytes, int subpageBytes, long pageReadNs,
                       long pageProgramNs, long blockEraseNs) {
    public NandChip {
        if (eraseBlocks < 1 || pagesPerBlock < 1 || pageBytes < 1 || subpageBytes < 1 || pageBytes % subpageBytes != 0) {
            throw new IllegalArgumentException("NAND geometry: " + eraseBlocks + " blocks of " + pagesPerBlock + " pages of "
                    + pageBytes + " bytes, subpages of " + subpageBytes);
        }
    }

    /**
     * Linux's nandsim with its defaults (drivers/mtd/nand/raw/nandsim.c): ID bytes 0x98 0x39, which
     * nand_ids.c lists as "NAND 128MiB 1,8V 8-bit": 512-byte pages (16 bytes of OOB each), erase
     * size 0x4000 (16 KiB, 32 pages), 128 MiB, so 8192 blocks. Its delays as nandsim applies them
     * when loaded with {@code do_delays=1} ({@code do_state_action}, in whole microseconds, 8-bit
     * bus): a page read is {@code access_delay} 25 µs + {@code input_cycle} 50 ns × 512 / 1000 =
     * 25 µs (nandsim uses the input cycle for reads), a program {@code programm_delay} 200 µs +
     * {@code output_cycle} 40 ns × 512 / 1000 = 20 µs, an erase {@code erase_delay} 2 ms. (Its
     * default, {@code do_delays=0}, waits for nothing: the time is the CPU's copying.) Writes are
     * taken in whole pages: iopath models no subpage writes. No bad blocks: {@code badblocks=}
     * unset, and the bad-block table is built in memory (ns_init_module: nand_create_bbt).
     */
    public static final NandChip NANDSIM = new NandChip("nandsim", 8192, 32, 512, 512, 50_000, 220_000, 2_000_000);

    /**
     * The flash drive's chips seen raw: every block of every plane of every package one after
     * another (one MTD device), its pages whole (the summary page is the translation layer's, so
     * here every page holds data), read = page read + page out across the pins, write = page in +
     * program, erase = block erase (ssd_timing.c {@code ssd_issue_overlapped_ios}'s costs). Its
     * subpage is the page: the parameter file gives no subpage writes (a placeholder).
     */
    public static NandChip rawView(FlashSpec f) {
        long blocks = (long) f.elements() * f.planesPerElement() * f.blocksPerPlane();
        if (blocks > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("flash of " + blocks + " erase blocks is more than an MTD device here holds");
        }
        int page = f.sectorsPerPage() * 512;
        return new NandChip(f.name(), (int) blocks, f.pagesPerBlock(), page, page, f.pageReadNs() + f.pageXferNs(),
                f.pageXferNs() + f.pageProgramNs(), f.blockEraseNs());
    }

    /** The raw chip of a flash preset: nandsim's own for {@code nandsim}, else the drive's chips raw. */
    public static NandChip of(FlashSpec f) {
        return f.name().equals(NANDSIM.name) ? NANDSIM : rawView(f);
    }

    public long eraseBlockBytes() {
        return (long) pagesPerBlock * pageBytes;
    }

    public long sizeBytes() {
        return eraseBlockBytes() * eraseBlocks;
    }
}
