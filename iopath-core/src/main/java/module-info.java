/**
 * iopath's simulator as a library: describe a run ({@code scenario}), run it or a sweep
 * ({@code experiment}), read its plain-data results ({@code result}) and print them
 * ({@code report}); read and write block traces by format name ({@code workload.trace}, its base
 * types in {@code workload.trace.io}). The layers' internals are not part of this surface; the
 * CLI and the JMH benchmarks, which assemble or time single layers, get them by qualified export
 * (both run on the class path today, where the module boundary does not apply; the names are
 * their jars' Automatic-Module-Name).
 */
module io.iopath.core {
    requires com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.dataformat.yaml;
    // HdrHistogram 2.2.2 has neither module-info nor Automatic-Module-Name: its name comes from
    // the jar's file name, which is stable across its releases (HdrHistogram-x.y.z.jar).
    requires HdrHistogram;
    requires org.jfree.jfreechart;
    requires org.jfree.svg;
    requires java.desktop;
    // bzip2 and xz traces (TraceFiles)
    requires org.apache.commons.compress;
    requires org.tukaani.xz;

    // What a library user needs.
    exports io.iopath.scenario;
    exports io.iopath.experiment;
    exports io.iopath.result;
    exports io.iopath.report;
    exports io.iopath.report.fio;
    exports io.iopath.report.postmark;
    exports io.iopath.units;
    exports io.iopath.files;
    exports io.iopath.workload;
    exports io.iopath.workload.trace;
    exports io.iopath.workload.trace.io;
    exports io.iopath.workload.postmark;
    exports io.iopath.validation;
    // Types the exported signatures above name: the drive catalogue and a drive's description
    // (Scenario's drive, `iopath drives`), the block layer's tracepoints and the blktrace log
    // (ScenarioRun's tracer, --blktrace).
    exports io.iopath.device.disk;
    exports io.iopath.device.disk.presets;
    exports io.iopath.device.flash;
    // DriveSpec names the buffer's and the bus's configuration (CacheConfig, ReadAhead, Overheads, BusProtocol).
    exports io.iopath.device.disk.cache;
    exports io.iopath.device.disk.bus;
    exports io.iopath.block;
    exports io.iopath.metrics.blktrace;
    // The file system a scenario mounts (FsConfig, its mount options and vm.* sysctls).
    exports io.iopath.fs;
    exports io.iopath.fs.pagecache;
    // The virtual disk a scenario describes (QemuConfig, cache modes, device models), and the
    // raw volume its image lives on.
    exports io.iopath.virt;
    exports io.iopath.fs.bdev;

    // Layer internals, for the CLI's bench command and the JMH benchmarks only.
    exports io.iopath.block.sched to io.iopath.cli, io.iopath.bench;
    exports io.iopath.device to io.iopath.cli, io.iopath.bench;
    exports io.iopath.device.disk.disksim to io.iopath.cli, io.iopath.bench;
    exports io.iopath.driver to io.iopath.cli, io.iopath.bench;
    exports io.iopath.durability to io.iopath.cli, io.iopath.bench;
    exports io.iopath.request to io.iopath.cli, io.iopath.bench;
    exports io.iopath.sim to io.iopath.cli, io.iopath.bench;
}
