package io.iopath.device.flash;

/**
 * An NVMe-style flash drive: its array of flash packages (DiskSim ssdmodel's "elements", each
 * with its own serial pins, i.e. a channel of its own), the planes and blocks in each, the page
 * read / program / block erase latencies, the over-provisioning and the garbage collector's
 * watermark, and the host link. Field meanings follow DiskSim's MSR SSD add-on
 * (ssdmodel/ssd_init.c {@code ssd_elem_export_size}, ssd_timing.c, ssd_clean.c); the figures of
 * the preset come from its parameter file ({@link FlashPresets}).
 *
 * @param name              preset or file name
 * @param elements          flash packages; host pages are striped over them one page at a time
 *                          (ssd_timing.c {@code ssd_choose_element}, "Element stride pages = 1")
 * @param planesPerElement  planes per package; blocks are striped over them ("Plane block mapping = 3")
 * @param blocksPerPlane    erase blocks per plane
 * @param pagesPerBlock     pages per block; the last holds the block's summary (DiskSim's OSR
 *                          layout), so {@code pagesPerBlock - 1} carry data
 * @param sectorsPerPage    512-byte sectors per page
 * @param reservePercent    blocks per plane held back from the exported capacity (over-provisioning)
 * @param minFreePercent    a plane is cleaned when its free blocks drop to this share of its blocks
 * @param pageReadNs        array read of one page into the package's register
 * @param pageProgramNs     program of one page
 * @param blockEraseNs      erase of one block
 * @param chipXferPsPerByte the package's serial pins, picoseconds per byte (page in or out)
 * @param busPsPerSector    the host link, picoseconds per sector (DiskSim's HBA bus "block transfer time")
 * @param maxQueue          commands the drive holds at once ("Max queue length")
 * @param startFull         every logical page mapped at power-on (DiskSim's
 *                          {@code ssd_element_metadata_init}); false: a fresh or sanitized
 *                          drive, nothing mapped
 * @param writeCachePages   a volatile write buffer of this many pages (0: none, as in DiskSim's model)
 * @param fdpHandles        NVMe flexible data placement (TP4146): the reclaim unit handles of its one reclaim
 *                          group, each with its own open block in every plane, so data written through
 *                          different handles never shares an erase block ({@link PageMappedFtl}); 0: no
 *                          FDP (DiskSim's model: one open block per plane)
 */
public record FlashSpec(String name, int elements, int planesPerElement, int blocksPerPlane, int pagesPerBlock,
                        int sectorsPerPage, int reservePercent, double minFreePercent, long pageReadNs, long pageProgramNs,
                        long blockEraseNs, long chipXferPsPerByte, long busPsPerSector, int maxQueue,
                        boolean startFull, int writeCachePages, int fdpHandles) {
    /**
     * The most reclaim unit handles the model takes: fio takes at most 128 placement IDs
     * (dataplacement.h {@code FIO_MAX_DP_IDS}), as QEMU's NVMe device does ({@code NVME_FDP_MAXPIDS}).
     */
    public static final int MAX_FDP_HANDLES = 128;

    /** A drive without flexible data placement. */
    public FlashSpec(String name, int elements, int planesPerElement, int blocksPerPlane, int pagesPerBlock,
                     int sectorsPerPage, int reservePercent, double minFreePercent, long pageReadNs, long pageProgramNs,
                     long blockEraseNs, long chipXferPsPerByte, long busPsPerSector, int maxQueue,
                     boolean startFull, int writeCachePages) {
        this(name, elements, planesPerElement, blocksPerPlane, pagesPerBlock, sectorsPerPage, reservePercent, minFreePercent,
                pageReadNs, pageProgramNs, blockEraseNs, chipXferPsPerByte, busPsPerSector, maxQueue, startFull,
                writeCachePages, 0);
    }

    public FlashSpec {
        if (elements < 1 || planesPerElement < 1 || blocksPerPlane < 2 || pagesPerBlock < 2 || sectorsPerPage < 1) {
            throw new IllegalArgumentException("flash geometry must be positive: " + elements + " elements, "
                    + planesPerElement + " planes, " + blocksPerPlane + " blocks per plane, " + pagesPerBlock
                    + " pages per block, " + sectorsPerPage + " sectors per page");
        }
        long physical = (long) elements * planesPerElement * blocksPerPlane * pagesPerBlock;
        if (elements > 4096 || planesPerElement > 4096 || blocksPerPlane > (1 << 24) || pagesPerBlock > 65_536
                || sectorsPerPage > 4096 || physical > MAX_PAGES) {
            // the translation layer keeps a map entry per page (9 bytes a flash page, in memory)
            throw new IllegalArgumentException("flash of " + elements + " x " + planesPerElement + " x " + blocksPerPlane + " x "
                    + pagesPerBlock + " pages is more than this model holds in memory (at most " + MAX_PAGES + " pages)");
        }
        if (pageReadNs < 0 || pageProgramNs < 0 || blockEraseNs < 0 || chipXferPsPerByte < 0 || busPsPerSector < 0
                || chipXferPsPerByte > 1_000_000_000L || busPsPerSector > 1_000_000_000_000L) {
            throw new IllegalArgumentException("flash latencies must be non-negative (and below a second a byte): read "
                    + pageReadNs + " ns, program " + pageProgramNs + " ns, erase " + blockEraseNs + " ns, pins "
                    + chipXferPsPerByte + " ps/byte, link " + busPsPerSector + " ps/sector");
        }
        if (reservePercent < 0 || reservePercent >= 100 || !(minFreePercent >= 0) || minFreePercent > 100) {
            throw new IllegalArgumentException("reserve " + reservePercent + " % and minimum free " + minFreePercent + " % out of range");
        }
        int reserved = reservePercent * blocksPerPlane / 100; // the accessors see no fields yet
        int low = (int) Math.floor(blocksPerPlane * minFreePercent / 100.0);
        if (fdpHandles < 0 || fdpHandles > MAX_FDP_HANDLES) {
            throw new IllegalArgumentException("flexible data placement with " + fdpHandles
                    + " reclaim unit handles: expected 0 (none) to " + MAX_FDP_HANDLES);
        }
        int open = Math.max(1, fdpHandles); // each handle holds an open block in every plane
        if (reserved < 2 || low + 1 + open > reserved) {
            // the cleaner needs a free block to copy into and room above its watermark: else it
            // could run out of blocks mid-clean (DiskSim's "Yuck! we couldn't generate enough free pages")
            throw new IllegalArgumentException("over-provisioning of " + reserved
                    + " blocks per plane leaves the cleaner no room above its watermark of " + low
                    + (fdpHandles > 1 ? " and the open blocks of " + fdpHandles + " reclaim unit handles" : ""));
        }
        if (maxQueue < 1) {
            throw new IllegalArgumentException("maxQueue " + maxQueue);
        }
    }

    /** ssd_init.c {@code ssd_elem_export_size}: the reserve is whole blocks of each plane, rounded down. */
    public int reservedBlocksPerPlane() {
        return reservePercent * blocksPerPlane / 100;
    }

    public int blocksPerElement() {
        return planesPerElement * blocksPerPlane;
    }

    public int dataPagesPerBlock() {
        return pagesPerBlock - 1;
    }

    /** Logical pages of one element: the usable blocks' data pages (ssd_elem_export_size). */
    public long logicalPagesPerElement() {
        return (long) (blocksPerPlane - reservedBlocksPerPlane()) * planesPerElement * dataPagesPerBlock();
    }

    public long logicalPages() {
        return logicalPagesPerElement() * elements;
    }

    public long capacitySectors() {
        return logicalPages() * sectorsPerPage;
    }

    /** ssd_clean.h {@code LOW_WATERMARK_PER_PLANE}: cleaning starts at or below this many free blocks. */
    public int lowWatermarkPerPlane() {
        return (int) Math.floor(blocksPerPlane * minFreePercent / 100.0);
    }

    /** Moving one page in or out of a package (ssd_timing.c {@code ssd_data_transfer_cost}). */
    public long pageXferNs() {
        return xferNs(sectorsPerPage);
    }

    /**
     * Moving {@code sectors} across a package's pins: each sector carries its 16 bytes of
     * out-of-band metadata with it (ssd.h {@code SSD_BYTES_PER_SECTOR} = 512 + 16).
     */
    public long xferNs(int sectors) {
        return sectors * PIN_BYTES_PER_SECTOR * chipXferPsPerByte / 1000;
    }

    /** The most flash pages the model holds (its map takes about 9 bytes a page: 1 GiB at this size). */
    public static final long MAX_PAGES = 1L << 27;

    /** ssd.h: {@code SSD_DATA_BYTES_PER_SECTOR} + {@code SSD_MDATA_BYTES_PER_SECTOR}. */
    public static final long PIN_BYTES_PER_SECTOR = 512 + 16;

    /** The host link's time for {@code sectors}. */
    public long busNs(long sectors) {
        return sectors * busPsPerSector / 1000;
    }

    /**
     * The same drive formatted with metadata on the host link: {@code busBytes} per 512-byte
     * sector (request.LbaFormat), the link's time per sector grown by {@code busBytes / 512}.
     * The chips' transfers are kept: they already move {@link #PIN_BYTES_PER_SECTOR}, the
     * page's spare area holding a sector's metadata (DiskSim ssd.h), and 16 bytes hold fio's 8 or 16.
     */
    public FlashSpec withBusBytesPerSector(int busBytes) {
        if (busBytes == 512) {
            return this;
        }
        return new FlashSpec(name, elements, planesPerElement, blocksPerPlane, pagesPerBlock, sectorsPerPage, reservePercent,
                minFreePercent, pageReadNs, pageProgramNs, blockEraseNs, chipXferPsPerByte,
                (busPsPerSector * busBytes + 256) / 512, maxQueue, startFull, writeCachePages, fdpHandles);
    }

    public FlashSpec withWriteCachePages(int pages) {
        return new FlashSpec(name, elements, planesPerElement, blocksPerPlane, pagesPerBlock, sectorsPerPage, reservePercent,
                minFreePercent, pageReadNs, pageProgramNs, blockEraseNs, chipXferPsPerByte, busPsPerSector, maxQueue,
                startFull, pages, fdpHandles);
    }

    public FlashSpec withStartFull(boolean full) {
        return new FlashSpec(name, elements, planesPerElement, blocksPerPlane, pagesPerBlock, sectorsPerPage, reservePercent,
                minFreePercent, pageReadNs, pageProgramNs, blockEraseNs, chipXferPsPerByte, busPsPerSector, maxQueue,
                full, writeCachePages, fdpHandles);
    }

    public FlashSpec withMaxQueue(int depth) {
        return new FlashSpec(name, elements, planesPerElement, blocksPerPlane, pagesPerBlock, sectorsPerPage, reservePercent,
                minFreePercent, pageReadNs, pageProgramNs, blockEraseNs, chipXferPsPerByte, busPsPerSector, depth,
                startFull, writeCachePages, fdpHandles);
    }

    /** The same drive with flexible data placement over {@code handles} reclaim unit handles (0: none). */
    public FlashSpec withFdpHandles(int handles) {
        return new FlashSpec(name, elements, planesPerElement, blocksPerPlane, pagesPerBlock, sectorsPerPage, reservePercent,
                minFreePercent, pageReadNs, pageProgramNs, blockEraseNs, chipXferPsPerByte, busPsPerSector, maxQueue,
                startFull, writeCachePages, handles);
    }

    /** Whether the drive has flexible data placement enabled (a Reclaim Unit Handle Status to report). */
    public boolean fdp() {
        return fdpHandles > 0;
    }
}
