package io.iopath.device.disk.disksim;

import io.iopath.device.disk.geometry.LbnMapping;
import io.iopath.device.disk.geometry.SparingScheme;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns parsed libparam blocks into iopath's typed DiskSim records. Parameters iopath maps are
 * read by their exact DiskSim names; everything else DiskSim knows lands in
 * {@code otherParameters} instead of failing.
 */
final class DiskSimMapper {
    private final ParamDocument document;

    DiskSimMapper(ParamDocument document) {
        this.document = document;
    }

    DiskSimConfig config() {
        Map<String, DiskSimDisk> disks = new LinkedHashMap<>();
        Map<String, DiskSimDriver> drivers = new LinkedHashMap<>();
        Map<String, DiskSimBus> buses = new LinkedHashMap<>();
        Map<String, DiskSimController> controllers = new LinkedHashMap<>();
        for (ParamBlock b : document.blocks()) {
            switch (b.type()) {
                case "disksim_disk" -> disks.put(b.name(), disk(b));
                case "disksim_iodriver" -> drivers.put(b.name(), driver(b));
                case "disksim_bus" -> buses.put(b.name(), bus(b));
                case "disksim_ctlr" -> controllers.put(b.name(), controller(b));
                default -> {
                    // kept in the document: stats switches, synthetic generators, logical organisations …
                }
            }
        }
        return new DiskSimConfig(document.file(), disks, drivers, buses, controllers, document);
    }

    /** The host path from the driver at the topology root to a disk instance. */
    static Optional<DiskSimHostPath> hostPath(DiskSimConfig config, String instance) {
        for (ParamDocument.TopologyNode root : config.document().topology()) {
            Optional<List<ParamDocument.TopologyNode>> path = root.pathTo(instance);
            if (path.isEmpty()) {
                continue;
            }
            DiskSimDriver driver = null;
            List<DiskSimBus> buses = new ArrayList<>();
            List<DiskSimController> ctlrs = new ArrayList<>();
            for (ParamDocument.TopologyNode node : path.get()) {
                String type = config.typeOf(node.name()).orElseThrow(() -> ParameterFileException.expected(node.file(),
                        node.line(), "topology", "an instantiated component", "\"" + node.name() + "\""));
                switch (node.type()) {
                    case "disksim_iodriver" -> driver = lookup(config.drivers(), type, node);
                    case "disksim_bus" -> buses.add(lookup(config.buses(), type, node));
                    case "disksim_ctlr" -> ctlrs.add(lookup(config.controllers(), type, node));
                    default -> {
                        // the disk itself
                    }
                }
            }
            if (driver == null) {
                return Optional.empty();
            }
            return Optional.of(new DiskSimHostPath(driver, buses, ctlrs));
        }
        return Optional.empty();
    }

    private static <T> T lookup(Map<String, T> defined, String type, ParamDocument.TopologyNode node) {
        T value = defined.get(type);
        if (value == null) {
            throw ParameterFileException.expected(node.file(), node.line(), "topology",
                    "a defined " + node.type() + " type", "\"" + type + "\"");
        }
        return value;
    }

    DiskSimDisk disk(ParamBlock block) {
        BlockReader r = new BlockReader(block);
        DiskSimModel model = model(r.block("Model", "dm_disk"));
        OverheadMatrix overheads = new OverheadMatrix(
                r.number("Read hit over. after read"), r.number("Read hit over. after write"),
                r.number("Read miss over. after read"), r.number("Read miss over. after write"),
                r.number("Write hit over. after read"), r.number("Write hit over. after write"),
                r.number("Write miss over. after read"), r.number("Write miss over. after write"));
        ExtraDisconnect extra = new ExtraDisconnect(r.flag("Extra write disconnect", false),
                r.number("Extradisc command overhead", 0), r.number("Extradisc disconnect overhead", 0),
                r.number("Extradisc inter-disconnect delay", 0), r.number("Extradisc 2nd disconnect overhead", 0),
                r.number("Extradisc seek delta", 0));
        ProtocolOverheads protocol = new ProtocolOverheads(r.number("Per-request overhead time", 0),
                r.number("Time scale for overheads", 1), r.number("Read completion overhead", 0),
                r.number("Write completion overhead", 0), r.number("Data preparation overhead", 0),
                r.number("First reselect overhead", 0), r.number("Other reselect overhead", 0),
                r.number("Read disconnect afterread", 0), r.number("Read disconnect afterwrite", 0),
                r.number("Write disconnect overhead", 0), extra, r.number("Minimum seek delay", 0));
        DiskInterface bus = new DiskInterface(r.number("Bulk sector transfer time"),
                r.flag("Hold bus entire read xfer", false), r.flag("Hold bus entire write xfer", false),
                r.flag("Never disconnect", false), r.number("Low (write) water mark", 0),
                r.number("High (read) water mark", 0), r.flag("Set watermark by reqsize", false));
        CacheHitRules hits = new CacheHitRules(r.flag("Allow almost read hits", false),
                r.flag("Allow sneaky full read hits", false), r.flag("Allow sneaky partial read hits", false),
                r.flag("Allow sneaky intermediate read hits", false), r.flag("Allow read hits on write data", false));
        ReadAhead readAhead = new ReadAhead(
                r.code("Buffer continuous read", ReadAheadMode::ofCode, "a read-ahead mode 0..4"),
                r.integer("Minimum read-ahead (blks)", 0), r.integer("Maximum read-ahead (blks)", 0),
                r.integer("Read-ahead over requested", 0), r.flag("Read-ahead on idle hit", false),
                r.flag("Read any free blocks", false), r.flag("Stop prefetch in sector", false),
                r.flag("Write hit stop prefetch", false));
        WriteCaching writes = new WriteCaching(
                r.code("Fast write level", FastWriteLevel::ofCode, "a fast write level 0..2"),
                r.flag("Combine seq writes", false), r.flag("Allow write prebuffering", false),
                r.flag("Disconnect write if seek", false));
        DiskSimCache cache = new DiskSimCache(r.integer("Number of buffer segments"), r.integer("Segment size (in blks)"),
                r.integer("Maximum number of write segments", 1), r.flag("Use separate write segment", false),
                r.integer("Enable caching in buffer", 1), r.flag("Read directly to buffer", false),
                r.flag("Calc sector by sector", false), r.flag("Immediate buffer read", false),
                r.flag("Immediate buffer write", false), r.flag("Immed transfer partial hit", false), hits, readAhead,
                writes);
        int maxQueue = r.integer("Max queue length");
        DiskSimScheduler scheduler = scheduler(r.block("Scheduler", "disksim_ioqueue"));
        return new DiskSimDisk(block.name(), model, overheads, protocol, bus, cache, maxQueue, scheduler,
                r.block().param("Preseeking level").isPresent()
                        ? r.code("Preseeking level", l -> l >= 0 && l <= 2 ? Optional.of(l) : Optional.empty(),
                                "a preseeking level 0..2")
                        : 0, r.integer("Avg sectors per cylinder", 0), r.unread());
    }

    DiskSimScheduler scheduler(ParamBlock block) {
        BlockReader r = new BlockReader(block);
        return new DiskSimScheduler(r.code("Scheduling policy", SchedulingPolicy::ofCode, "a scheduling policy 1..28"),
                r.integer("Cylinder mapping strategy", 0), r.number("Write initiation delay", 0),
                r.number("Read initiation delay", 0), r.integer("Sequential stream scheme", 0),
                r.integer("Maximum concat size", 0), r.integer("Overlapping request scheme", 0),
                r.integer("Sequential stream diff maximum", 0), r.integer("Scheduling timeout scheme", 0),
                r.number("Timeout time/weight", 0), r.integer("Timeout scheduling", 0),
                r.integer("Scheduling priority scheme", 0), r.integer("Priority scheduling", 0), r.unread());
    }

    DiskSimModel model(ParamBlock block) {
        BlockReader r = new BlockReader(block);
        int surfaces = positive(r, "Number of data surfaces");
        int cylinders = positive(r, "Number of cylinders");
        long blocks = r.longValue("Block count");
        DiskSimMechanics mech = mechanics(r.block("Mechanical Model", "dm_mech_g1"));
        Param layoutParam = r.required("Layout Model");
        if (!(layoutParam.value() instanceof ParamBlock layoutBlock) || !layoutBlock.type().equals("dm_layout_g1")) {
            throw ParameterFileException.expected(layoutParam.value().file(), layoutParam.value().line(),
                    "Layout Model", "a dm_layout_g1 block (g2/g4 layouts are not supported)",
                    layoutParam.value().describe());
        }
        DiskSimLayout layout = layout(layoutBlock);
        return new DiskSimModel(block.name(), surfaces, cylinders, blocks, mech, layout, r.unread());
    }

    private static int positive(BlockReader r, String key) {
        int v = r.integer(key);
        if (v <= 0) {
            Param p = r.required(key);
            throw ParameterFileException.expected(p.value().file(), p.value().line(), key, "a positive integer",
                    p.value().describe());
        }
        return v;
    }

    DiskSimMechanics mechanics(ParamBlock block) {
        BlockReader r = new BlockReader(block);
        AccessTimeType access = r.optionalWord("Access time type").map(w -> AccessTimeType.ofName(w).orElseThrow(
                () -> bad(r, "Access time type", "constant, averageRotation or trackSwitchPlusRotation", "\"" + w + "\"")))
                .orElse(AccessTimeType.TRACK_SWITCH_PLUS_ROTATION);
        String seekName = r.word("Seek type");
        SeekType type = SeekType.ofName(seekName).orElseThrow(() -> bad(r, "Seek type",
                "constant, linear, curve, hpl, hplplus10 or extracted", "\"" + seekName + "\""));
        double single = r.number("Single cylinder seek time", Double.NaN);
        double full = r.number("Full strobe seek time", Double.NaN);
        DiskSimSeek seek = switch (type) {
            case CONSTANT -> new DiskSimSeek.Constant(r.number("Constant seek time"));
            case LINEAR -> new DiskSimSeek.Linear(req(r, single, "Single cylinder seek time"),
                    r.number("Average seek time"), req(r, full, "Full strobe seek time"));
            case CURVE -> new DiskSimSeek.Curve(req(r, single, "Single cylinder seek time"),
                    r.number("Average seek time"), req(r, full, "Full strobe seek time"));
            case HPL -> new DiskSimSeek.Hpl(hpl(r));
            case HPL_PLUS_10 -> new DiskSimSeek.HplPlus10(hpl(r), firstTen(r));
            case EXTRACTED -> new DiskSimSeek.Extracted(seekTable(r));
        };
        return new DiskSimMechanics(access, seek, single, full, r.number("Add. write settling delay", 0),
                r.number("Head switch time"), positiveNumber(r, "Rotation speed (in rpms)"),
                r.number("Percent error in rpms", 0), r.unread());
    }

    private static double req(BlockReader r, double value, String key) {
        return Double.isNaN(value) ? r.number(key) : value;
    }

    private static double positiveNumber(BlockReader r, String key) {
        double v = r.number(key);
        if (!(v > 0)) {
            Param p = r.required(key);
            throw ParameterFileException.expected(p.value().file(), p.value().line(), key, "a positive number",
                    p.value().describe());
        }
        return v;
    }

    private static HplEquation hpl(BlockReader r) {
        List<Double> v = r.numbers("HPL seek equation values");
        if (v.size() != 6) {
            throw bad(r, "HPL seek equation values", "6 numbers", v.size() + " numbers");
        }
        return new HplEquation(v.get(0), v.get(1), v.get(2), v.get(3), v.get(4), v.get(5));
    }

    private static List<Double> firstTen(BlockReader r) {
        List<Double> v = r.numbers("First ten seek times");
        if (v.size() != 10) {
            throw bad(r, "First ten seek times", "10 numbers", v.size() + " numbers");
        }
        return v;
    }

    private SeekTable seekTable(BlockReader r) {
        Param p = r.required("Full seek curve");
        String name = r.word("Full seek curve");
        ParamSource here = document.sources().get(p.value().file());
        ParamSource target = here == null ? ParamSource.of(java.nio.file.Path.of(name)) : here.sibling(name);
        String text = target.read().orElseThrow(() -> ParameterFileException.expected(p.value().file(),
                p.value().line(), "Full seek curve", "an existing .seek file", target.displayName() + " (not found)"));
        return SeekTable.parse(target.displayName(), text);
    }

    DiskSimLayout layout(ParamBlock block) {
        BlockReader r = new BlockReader(block);
        LbnMapping mapping = r.optional("LBN-to-PBN mapping scheme").isPresent()
                ? r.code("LBN-to-PBN mapping scheme", DiskSimCodes::lbnMapping, "a mapping scheme 0..2") : LbnMapping.NORMAL;
        SparingScheme sparing = r.code("Sparing scheme used", DiskSimCodes::sparingScheme, "a sparing scheme 0..10");
        int range = r.integer("Rangesize for sparing", 1);
        List<DiskSimZone> zones = new ArrayList<>();
        for (ParamValue v : r.list("Zones")) {
            if (!(v instanceof ParamBlock z) || !z.type().equals("dm_layout_g1_zone")) {
                throw ParameterFileException.expected(v.file(), v.line(), "Zones", "a dm_layout_g1_zone block",
                        v.describe());
            }
            zones.add(zone(z));
        }
        if (zones.isEmpty()) {
            throw bad(r, "Zones", "at least one zone", "an empty list");
        }
        return new DiskSimLayout(mapping, sparing, range, zones, r.unread());
    }

    private static DiskSimZone zone(ParamBlock block) {
        BlockReader r = new BlockReader(block);
        int first = r.integer("First cylinder number");
        int last = r.integer("Last cylinder number");
        if (first < 0 || last < first) {
            throw bad(r, "Last cylinder number", "a cylinder >= First cylinder number " + first, String.valueOf(last));
        }
        int spt = positive(r, "Blocks per track");
        List<Long> slips = r.longs("slips");
        List<Long> rawDefects = r.longs("defects");
        if (rawDefects.size() % 2 != 0) {
            throw bad(r, "defects", "(defective, replacement) pairs", rawDefects.size() + " numbers");
        }
        List<DiskSimZone.Defect> defects = new ArrayList<>();
        for (int i = 0; i < rawDefects.size(); i += 2) {
            defects.add(new DiskSimZone.Defect(rawDefects.get(i), rawDefects.get(i + 1)));
        }
        return new DiskSimZone(first, last, spt, r.number("Offset of first block", 0),
                r.integer("Empty space at zone front", 0), r.number("Skew for track switch", 0),
                r.number("Skew for cylinder switch", 0), r.integer("Number of spares", 0), slips, defects);
    }

    DiskSimDriver driver(ParamBlock block) {
        BlockReader r = new BlockReader(block);
        return new DiskSimDriver(block.name(), r.integer("type", 1), r.number("Constant access time", 0),
                scheduler(r.block("Scheduler", "disksim_ioqueue")), r.flag("Use queueing in subsystem", true),
                r.unread());
    }

    DiskSimBus bus(ParamBlock block) {
        BlockReader r = new BlockReader(block);
        return new DiskSimBus(block.name(), r.integer("type", 1), r.integer("Arbitration type", 1),
                r.number("Arbitration time", 0), r.number("Read block transfer time", 0),
                r.number("Write block transfer time", 0), r.unread());
    }

    DiskSimController controller(ParamBlock block) {
        BlockReader r = new BlockReader(block);
        return new DiskSimController(block.name(), r.integer("type", 1), r.number("Scale for delays", 0),
                r.number("Bulk sector transfer time", 0), r.integer("Maximum queue length", 0), r.unread());
    }

    private static ParameterFileException bad(BlockReader r, String key, String expected, String got) {
        Param p = r.optional(key).orElse(null);
        String file = p == null ? r.block().file() : p.value().file();
        int line = p == null ? r.block().line() : p.value().line();
        return ParameterFileException.expected(file, line, key, expected, got);
    }
}
