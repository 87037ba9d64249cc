package io.iopath.cli;

import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.device.disk.DriveSpec;
import java.io.PrintWriter;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "drives", mixinStandardHelpOptions = true,
        description = "Lists the drive presets (built-in and imported from DiskSim) with their key numbers.")
final class DrivesCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "%-22s %9s %9s %7s %5s %6s %6s %8s %6s %5s %-5s  %s%n",
                "preset", "capacity", "", "rpm", "surf", "cyls", "zones", "avgseek", "cache", "queue", "sched",
                "description");
        for (DriveSpec d : DrivePresets.all()) {
            out.printf(Locale.ROOT, "%-22s %7.1fGB %6.1fGiB %7.0f %5d %6d %6d %6.2fms %6s %5d %-5s  %s%n",
                    d.name(), d.capacitySectors() * 512 / 1e9, d.capacitySectors() * 512 / (double) (1L << 30), d.rpm(), d.geometry().surfaces(),
                    d.geometry().cylinders(), d.geometry().zones().size(), d.averageSeekMs(),
                    bufferSize(d.cacheBytes()), d.maxQueueDepth(), d.scheduler().label(),
                    d.description());
        }
        out.println("capacity in decimal GB (10^9 bytes, as datasheets count) and binary GiB (2^30 bytes, as a job's"
                + " size: 250g counts); size: 100% in a job is the whole drive");
        out.println();
        out.printf(Locale.ROOT, "%-22s %9s %9s %8s %6s %6s %6s %7s %7s %7s %5s  %s%n", "flash (TRIM)", "capacity", "",
                "packages", "planes", "blocks", "pages", "read", "program", "erase", "queue", "description");
        for (String n : io.iopath.device.flash.FlashPresets.names()) {
            io.iopath.device.flash.FlashSpec f = io.iopath.device.flash.FlashPresets.find(n).orElseThrow();
            out.printf(Locale.ROOT, "%-22s %7.1fGB %6.1fGiB %8d %6d %6d %6d %5.0fus %5.0fus %5.1fms %5d  %s%n",
                    f.name(), f.capacitySectors() * 512 / 1e9, f.capacitySectors() * 512 / (double) (1L << 30), f.elements(),
                    f.planesPerElement(), f.blocksPerPlane(), f.pagesPerBlock(), f.pageReadNs() / 1e3, f.pageProgramNs() / 1e3,
                    f.blockEraseNs() / 1e6, f.maxQueue(), "DiskSim SSD add-on's validation SSD (ssdmodel/valid), "
                            + f.reservePercent() + " % reserved, greedy cleaning"
                            + (f.fdp() ? ", flexible data placement over " + f.fdpHandles() + " reclaim unit handles (a placeholder)" : "")
                            + "; docs/flash.md");
        }
        out.flush();
    }

    /** Buffer size for the listing, in the config's units; DiskSim's segment sizes rarely make whole megabytes. */
    static String bufferSize(long bytes) {
        if (bytes >= 1 << 20) {
            double m = bytes / (double) (1 << 20);
            return String.format(Locale.ROOT, m == Math.rint(m) ? "%.0fm" : "%.1fm", m);
        }
        return bytes == 0 ? "0" : String.format(Locale.ROOT, "%.0fk", bytes / 1024.0);
    }
}
