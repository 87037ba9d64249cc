package io.iopath.device.disk.disksim;

import java.util.List;
import java.util.Optional;

/**
 * The figures of an {@code ssdmodel_ssd} block of a DiskSim parameter file (the MSR SSD
 * add-on's, ssdmodel/ssd.c {@code ssdmodel_ssd_loadparams}, its modules/ssdmodel_ssd_param
 * table) and of the bus it sits on, as written: times in ms, the chip transfer in ms per byte
 * ("Chip xfer latency": ssd_timing.c {@code ssd_data_transfer_cost} multiplies it by bytes), the
 * bus in ms per sector. Only the configuration iopath's flash model follows is accepted: the
 * OSR write policy, greedy cleaning in the foreground, copy-back, one parallel unit per
 * package, per-package allocation, full plane striping, an element stride of one page;
 * anything else is refused with the file, line and parameter.
 */
public record DiskSimSsd(String file, int elements, int planesPerPackage, int blocksPerPlane, int pagesPerBlock,
                         int pageSectors, int reservePercent, double minFreeBlocksPercent, double pageReadMs,
                         double pageWriteMs, double blockEraseMs, double chipXferMsPerByte, double busMsPerSector,
                         int maxQueue) {

    /** The first {@code ssdmodel_ssd} of a {@code .parv}, with the bus its first instance hangs from. */
    public static DiskSimSsd read(ParamSource source) {
        ParamDocument doc = LibParamParser.parse(source);
        List<ParamBlock> ssds = doc.blocksOfType("ssdmodel_ssd");
        String file = source.displayName();
        if (ssds.isEmpty()) {
            throw new ParameterFileException(file, 0, "ssdmodel_ssd", "expected an ssdmodel_ssd block (DiskSim's SSD add-on), got none");
        }
        ParamBlock ssd = ssds.get(0);
        BlockReader r = new BlockReader(ssd);
        require(r, "Write policy", 2, "2 (osr)");
        require(r, "Cleaning policy", 2, "2 (greedy, wear-agnostic)");
        require(r, "Plane block mapping", 3, "3 (full striping)");
        require(r, "Copy back", 1, "1 (copy-back enabled)");
        require(r, "Number of parallel units", 1, "1 (the whole package)");
        require(r, "Allocation pool logic", 1, "1 (each package)");
        require(r, "Elements per gang", 1, "1");
        require(r, "Cleaning in background", 0, "0 (cleaning in the foreground)");
        require(r, "Element stride pages", 1, "1");
        int planes = r.integer("Planes per package");
        int blocksPerPlane = r.integer("Blocks per plane");
        int blocksPerElement = r.integer("Blocks per element");
        if (blocksPerElement != planes * blocksPerPlane) {
            Param p = r.required("Blocks per element");
            throw new ParameterFileException(file, p.line(), "Blocks per element", "expected Planes per package x Blocks per plane = "
                    + planes * blocksPerPlane + ", got " + blocksPerElement);
        }
        double bus = busMsPerSector(doc, ssd);
        return new DiskSimSsd(file, r.integer("Flash chip elements"), planes, blocksPerPlane, r.integer("Pages per block"),
                r.integer("Page size"), r.integer("Reserve pages percentage"), r.number("Minimum free blocks percentage"),
                r.number("Page read latency"), r.number("Page write latency"), r.number("Block erase latency"),
                r.number("Chip xfer latency"), bus, r.integer("Max queue length"));
    }

    private static void require(BlockReader r, String key, int value, String expected) {
        Param p = r.required(key);
        int got = r.integer(key);
        if (got != value) {
            throw new ParameterFileException(r.block().file(), p.line(), key, "expected " + expected
                    + " (the configuration iopath's flash model follows, docs/flash.md), got " + got);
        }
    }

    /** The "Read block transfer time" of the bus directly above the first instance of this SSD type (0 when none). */
    private static double busMsPerSector(ParamDocument doc, ParamBlock ssd) {
        for (ParamDocument.Instantiation in : doc.instantiations()) {
            if (!in.typeName().equals(ssd.name())) {
                continue;
            }
            for (String name : in.names()) {
                for (ParamDocument.TopologyNode root : doc.topology()) {
                    Optional<List<ParamDocument.TopologyNode>> path = root.pathTo(name);
                    if (path.isEmpty() || path.get().size() < 2) {
                        continue;
                    }
                    ParamDocument.TopologyNode bus = path.get().get(path.get().size() - 2);
                    String busType = typeOf(doc, bus.name());
                    Optional<ParamBlock> block = busType == null ? Optional.empty() : doc.block(busType);
                    if (block.isPresent()) {
                        return new BlockReader(block.get()).number("Read block transfer time", 0);
                    }
                }
            }
        }
        return 0;
    }

    private static String typeOf(ParamDocument doc, String instance) {
        for (ParamDocument.Instantiation in : doc.instantiations()) {
            if (in.names().contains(instance)) {
                return in.typeName();
            }
        }
        return null;
    }
}
