package io.iopath.cli;

import io.iopath.device.disk.DrivePresets;
import io.iopath.device.disk.DriveSpec;
import java.util.Locale;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "drives", mixinStandardHelpOptions = true, description = "Lists the built-in drive presets.")
final class DrivesCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "%-20s %9s %6s %6s %8s %6s  %s%n",
                "preset", "capacity", "rpm", "seek", "cache", "queue", "description");
        for (DriveSpec d : DrivePresets.all()) {
            out.printf(Locale.ROOT, "%-20s %7.0fGB %6.0f %4.1fms %6dMB %6d  %s%n",
                    d.name(), d.capacitySectors() * 512 / 1e9, d.rpm(), d.seekRead().averageNs() / 1e6,
                    d.cacheBytes() >> 20, d.maxQueueDepth(), d.description());
        }
    }
}
