package io.iopath.device.disk.disksim;

import java.util.Map;
import java.util.Set;

/**
 * The parameter names DiskSim 4.0 accepts in each block type iopath maps (from the shipped
 * {@code valid/} files and the spec's parameter tables). A name DiskSim knows but iopath does
 * not use is kept in {@code otherParameters}; a name DiskSim itself would reject (usually a typo)
 * is an error, so a misspelt optional parameter is never silently ignored.
 */
final class DiskSimVocabulary {
    private DiskSimVocabulary() {
    }

    private static final Map<String, Set<String>> KNOWN = Map.of(
            "disksim_bus", Set.of("type", "Arbitration type", "Arbitration time", "Read block transfer time",
                    "Write block transfer time", "Print stats"),
            "disksim_ctlr", Set.of("type", "Scale for delays", "Bulk sector transfer time", "Maximum queue length",
                    "Print stats", "Scheduler", "Cache", "Max per-disk pending count"),
            "disksim_iodriver", Set.of("type", "Constant access time", "Scheduler", "Use queueing in subsystem"),
            "disksim_ioqueue", Set.of("Scheduling policy", "Cylinder mapping strategy", "Write initiation delay",
                    "Read initiation delay", "Sequential stream scheme", "Maximum concat size",
                    "Overlapping request scheme", "Sequential stream diff maximum", "Scheduling timeout scheme",
                    "Timeout time/weight", "Timeout scheduling", "Scheduling priority scheme", "Priority scheduling"),
            "dm_disk", Set.of("Number of data surfaces", "Number of cylinders", "Block count", "Layout Model",
                    "Mechanical Model"),
            "dm_mech_g1", Set.of("Access time type", "Seek type", "Single cylinder seek time", "Average seek time",
                    "Constant seek time", "Full seek curve", "Full strobe seek time", "Add. write settling delay",
                    "HPL seek equation values", "First ten seek times", "Head switch time", "Rotation speed (in rpms)",
                    "Percent error in rpms"),
            "dm_layout_g1", Set.of("LBN-to-PBN mapping scheme", "Sparing scheme used", "Rangesize for sparing", "Zones"),
            "dm_layout_g1_zone", Set.of("First cylinder number", "Last cylinder number", "Blocks per track",
                    "Offset of first block", "Empty space at zone front", "Skew for track switch",
                    "Skew for cylinder switch", "Number of spares", "slips", "defects"),
            "disksim_disk", Set.of("Model", "Per-request overhead time", "Time scale for overheads",
                    "Bulk sector transfer time", "Hold bus entire read xfer", "Hold bus entire write xfer",
                    "Allow almost read hits", "Allow sneaky full read hits", "Allow sneaky partial read hits",
                    "Allow sneaky intermediate read hits", "Allow read hits on write data", "Allow write prebuffering",
                    "Preseeking level", "Never disconnect", "Print stats", "Avg sectors per cylinder",
                    "Max queue length", "Scheduler", "Number of buffer segments", "Maximum number of write segments",
                    "Segment size (in blks)", "Use separate write segment", "Low (write) water mark",
                    "High (read) water mark", "Set watermark by reqsize", "Calc sector by sector",
                    "Enable caching in buffer", "Buffer continuous read", "Minimum read-ahead (blks)",
                    "Maximum read-ahead (blks)", "Read-ahead over requested", "Read-ahead on idle hit",
                    "Read any free blocks", "Fast write level", "Immediate buffer read", "Immediate buffer write",
                    "Combine seq writes", "Stop prefetch in sector", "Disconnect write if seek",
                    "Write hit stop prefetch", "Read directly to buffer", "Immed transfer partial hit",
                    "Read hit over. after read", "Read hit over. after write", "Read miss over. after read",
                    "Read miss over. after write", "Write hit over. after read", "Write hit over. after write",
                    "Write miss over. after read", "Write miss over. after write", "Read completion overhead",
                    "Write completion overhead", "Data preparation overhead", "First reselect overhead",
                    "Other reselect overhead", "Read disconnect afterread", "Read disconnect afterwrite",
                    "Write disconnect overhead", "Extra write disconnect", "Extradisc command overhead",
                    "Extradisc disconnect overhead", "Extradisc inter-disconnect delay",
                    "Extradisc 2nd disconnect overhead", "Extradisc seek delta", "Minimum seek delay"));

    /** Fails on a parameter name DiskSim does not know for this block type, or on a repeated one. */
    static void check(ParamBlock block) {
        Set<String> known = KNOWN.get(block.type());
        java.util.HashSet<String> seen = new java.util.HashSet<>();
        for (Param p : block.params()) {
            if (known != null && !known.contains(p.key())) {
                throw ParameterFileException.expected(block.file(), p.line(), p.key(),
                        "a parameter DiskSim knows in " + block.type(), "an unknown name");
            }
            if (!seen.add(p.key())) {
                throw ParameterFileException.expected(block.file(), p.line(), p.key(), "each parameter once",
                        "a repeat");
            }
        }
    }
}
