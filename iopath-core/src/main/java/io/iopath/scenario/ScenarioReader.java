package io.iopath.scenario;

import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.device.disk.DriveSpec;
import io.iopath.device.disk.zoned.ZoneLayout;
import io.iopath.fs.CpuCost;
import io.iopath.fs.FsConfig;
import io.iopath.fs.pagecache.VmSysctls;
import io.iopath.workload.FileJobSpec;
import io.iopath.workload.JobSpec;
import io.iopath.workload.postmark.PostmarkJob;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads a scenario from YAML, applies command-line overrides, and validates every field. What it
 * returns can be run; what it cannot accept it rejects with a {@link ScenarioException}.
 */
public final class ScenarioReader {
    /** The built-in scenario that {@code iopath run} simulates without a file. */
    public static final String DEFAULT_RESOURCE = "/io/iopath/scenario/default.yaml";

    private ScenarioReader() {
    }

    public static Scenario read(Path file, List<String> overrides) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ScenarioException(new Location(file.toString(), 0, 0), "", "cannot read the file: " + e.getMessage());
        }
        return read(file.toString(), text, overrides);
    }

    public static Scenario readDefault(List<String> overrides) {
        try (InputStream in = ScenarioReader.class.getResourceAsStream(DEFAULT_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("built-in scenario missing from the jar: " + DEFAULT_RESOURCE);
            }
            return read("(built-in default scenario)", new String(in.readAllBytes(), StandardCharsets.UTF_8), overrides);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String defaultText() {
        try (InputStream in = ScenarioReader.class.getResourceAsStream(DEFAULT_RESOURCE)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException | NullPointerException e) {
            throw new IllegalStateException("built-in scenario missing from the jar", e);
        }
    }

    public static Scenario read(String source, String text, List<String> overrides) {
        return read(YamlTree.parse(source, text), overrides);
    }

    /** Reads a scenario tree built elsewhere (a fio job file becomes one); overrides apply as for YAML. */
    public static Scenario read(Node root, List<String> overrides) {
        for (String o : overrides) {
            Overrides.apply(root, o);
        }
        return bind(new Fields(root, ""), root.location().source(), ScenarioHash.of(root));
    }

    /** Whether the scenario text describes a guest on a virtual disk (it has a {@code guest:} section). */
    public static boolean isVirtual(String source, String text) {
        return YamlTree.parse(source, text) instanceof Node.MapNode m && m.entries().containsKey("guest");
    }

    public static VirtualScenario readVirtual(Path file, List<String> overrides) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ScenarioException(new Location(file.toString(), 0, 0), "", "cannot read the file: " + e.getMessage());
        }
        return readVirtual(file.toString(), text, overrides);
    }

    /**
     * Reads a guest-on-a-virtual-disk scenario: {@code name}, {@code seed}, the host's
     * {@code drive}, {@code host} (with {@code memory}: the host page cache) and
     * {@code power_failure}, then {@code qemu:} and {@code guest:} ({@link VirtualSection}).
     */
    public static VirtualScenario readVirtual(String source, String text, List<String> overrides) {
        return bindVirtual(YamlTree.parse(source, text), source, overrides);
    }

    /**
     * A virtual-disk scenario whose guest runs the {@code jobs:} of another scenario (a drive's):
     * {@code template} gives everything else; each node keeps its own file and line for errors.
     */
    public static VirtualScenario readVirtualWithJobsOf(String templateSource, String template, String jobsSource,
                                                        String jobsText, List<String> overrides) {
        Node root = YamlTree.parse(templateSource, template);
        Node jobsRoot = YamlTree.parse(jobsSource, jobsText);
        Node jobs = jobsRoot instanceof Node.MapNode m ? m.entries().get("jobs") : null;
        if (jobs == null) {
            throw new ScenarioException(jobsRoot.location(), "jobs", "expected a jobs: section to run in the guest");
        }
        if (!(root instanceof Node.MapNode map) || !(map.entries().get("guest") instanceof Node.MapNode guest)) {
            throw new ScenarioException(root.location(), "guest", "expected a guest: mapping for the jobs of " + jobsSource);
        }
        guest.put("jobs", ((Node.MapNode) jobsRoot).keyLocation("jobs"), jobs);
        return bindVirtual(root, templateSource, overrides);
    }

    private static VirtualScenario bindVirtual(Node root, String source, List<String> overrides) {
        for (String o : overrides) {
            Overrides.apply(root, o);
        }
        Fields f = new Fields(root, "");
        String name = f.string("name", "scenario");
        long seed = f.integer("seed", 1, Long.MIN_VALUE, Long.MAX_VALUE);
        DriveConfig driveConfig = bindDrive(f, source);
        if (driveConfig.flash() != null) {
            throw new ScenarioException(f.child("drive").location(), "drive.preset",
                    "a flash host drive under a virtual disk is not modelled yet (QEMU's image needs one of the disks here)");
        }
        DriveSpec drive = driveConfig.spec();
        if (driveConfig.zoned() != null) {
            throw new ScenarioException(f.child("drive").node("zoned").location(), "drive.zoned",
                    "a zoned host drive under a virtual disk is not modelled (QEMU's image needs a conventional drive or a file system)");
        }
        Fields hostFields = f.child("host");
        HostConfig host = HostConfig.of("noop");
        long memory = VmSysctls.DEFAULT_MEMORY;
        if (hostFields != null) {
            memory = hostFields.size("memory", VmSysctls.DEFAULT_MEMORY, 16L << 20);
            host = HostSection.bind(hostFields, drive.transport());
            hostFields.finish();
        }
        FsConfig hostFs = null;
        Fields fsFields = f.child("filesystem");
        if (fsFields != null) {
            hostFs = FileSystemSection.bind(fsFields, drive.capacitySectors() * 512L, memory, f.child("vm"));
            fsFields.finish();
            if (!hostFs.type().equals(FsConfig.EXT3)) {
                throw new ScenarioException(fsFields.node("type").location(), "filesystem.type",
                        "the image file lives on a host ext3 here (a preallocated file on " + hostFs.type()
                                + " is not modelled); give ext3, or drop filesystem: for a raw volume");
            }
        }
        if (f.has("jobs")) {
            throw new ScenarioException(f.node("jobs").location(), "jobs",
                    "a virtual-disk scenario's workload runs in the guest: move the jobs to guest.jobs");
        }
        long powerFailureAt = Scenario.NO_POWER_FAILURE;
        Fields pf = f.child("power_failure");
        if (pf != null) {
            powerFailureAt = pf.time("at", 0);
            if (powerFailureAt <= 0) {
                throw new ScenarioException(pf.location(), "power_failure.at", "expected a time after the start, such as 5s");
            }
            pf.finish();
        }
        Fields q = f.child("qemu");
        if (q == null) {
            throw new ScenarioException(f.location(), "qemu", "expected a qemu: section (cache, device, volume) beside guest:");
        }
        io.iopath.virt.QemuConfig qemu = VirtualSection.qemu(q, drive.capacitySectors() * 512L,
                hostFs == null ? -1 : hostFs.partitionSize());
        Fields g = f.child("guest");
        if (g == null) {
            throw new ScenarioException(f.location(), "guest", "expected a guest: section (its host, filesystem and jobs)");
        }
        VirtualSection.Guest guest = VirtualSection.guest(g, drive, qemu.volumeSizeBytes());
        f.finish();
        // the hash of the whole tree as run (qemu: and guest: included), as every output names it
        Scenario hostScenario = new Scenario(name, seed, driveConfig, host, List.of(), powerFailureAt, null, List.of(),
                ScenarioHash.of(root), CpuCost.NONE, List.of());
        return new VirtualScenario(hostScenario, hostFs == null ? VmSysctls.defaults(memory) : hostFs.vm(), hostFs, guest.host(), guest.filesystem(), guest.jobs(),
                guest.fileJobs(), qemu);
    }

    /** The {@code drive:} section: a preset or a DiskSim file, with overrides; the default preset without one. */
    private static DriveConfig bindDrive(Fields f, String source) {
        Fields driveFields = f.child("drive");
        if (driveFields == null) {
            return new DriveConfig(DrivePresets.DEFAULT, DrivePresets.find(DrivePresets.DEFAULT).orElseThrow());
        }
        DriveChoice choice = DriveChoice.bind(driveFields, source);
        if (choice.flash() != null) {
            if (driveFields.node("zoned") != null) {
                throw new ScenarioException(driveFields.node("zoned").location(), driveFields.path() + ".zoned",
                        "zones are a disk's here (host-managed SMR); the flash drive " + choice.name() + " is conventional "
                                + "(an NVMe zoned namespace on flash is not modelled)");
            }
            driveFields.finish();
            return new DriveConfig(choice.name(), null, null, choice.flash());
        }
        ZoneLayout zoned = zoned(driveFields, choice.spec().capacitySectors());
        driveFields.finish();
        return new DriveConfig(choice.name(), choice.spec(), zoned);
    }

    /**
     * {@code drive.zoned:} (docs/drive.md, "Zoned drives"): the drive becomes host-managed zoned,
     * with {@code zone_size} (256m), {@code zone_capacity} (the zone size), {@code conventional_zones}
     * (1 % of the zones), {@code max_open_zones} (128) and {@code max_active_zones} (0: none);
     * {@code zoned: hm-smr} takes all of {@link ZoneLayout#HM_SMR}.
     */
    private static ZoneLayout zoned(Fields d, long driveSectors) {
        Node n = d.node("zoned");
        if (n == null) {
            return null;
        }
        if (n instanceof Node.ScalarNode s) {
            if (!s.text().strip().equals("hm-smr")) {
                throw ScenarioException.expected(s.location(), d.path() + ".zoned", "hm-smr, or a mapping of zone_size, "
                        + "zone_capacity, conventional_zones, max_open_zones, max_active_zones", "'" + s.text() + "'");
            }
            return ZoneLayout.HM_SMR.forCapacity(driveSectors);
        }
        Fields z = d.child("zoned");
        ZoneLayout def = ZoneLayout.HM_SMR;
        long zoneBytes = z.size("zone_size", def.zoneSectors() * 512, 1L << 20);
        if (zoneBytes % 4096 != 0 || zoneBytes > driveSectors * 512) {
            throw new ScenarioException(z.node("zone_size").location(), z.path() + ".zone_size",
                    "expected a multiple of 4k no larger than the drive");
        }
        long capBytes = z.size("zone_capacity", zoneBytes, 4096);
        if (capBytes > zoneBytes || capBytes % 512 != 0) {
            throw new ScenarioException(z.node("zone_capacity").location(), z.path() + ".zone_capacity",
                    "expected at most the zone size (" + zoneBytes + " bytes), in whole sectors");
        }
        long zones = (driveSectors * 512 + zoneBytes - 1) / zoneBytes;
        int conventional = (int) z.integer("conventional_zones", -1, 0, zones - 1);
        int maxOpen = (int) z.integer("max_open_zones", def.maxOpenZones(), 0, zones);
        int maxActive = (int) z.integer("max_active_zones", def.maxActiveZones(), 0, zones);
        z.finish();
        return new ZoneLayout(zoneBytes / 512, capBytes / 512, conventional, maxOpen, maxActive).forCapacity(driveSectors);
    }

    /**
     * The bytes per 512-byte sector the drive's bus moves, from the jobs' LBA formats ({@link
     * io.iopath.workload.JobSpec.Commands#busBytesPerSector}): a namespace has one format (NVMe
     * Format NVM sets it for the namespace; fio reads it back, engines/nvme.c {@code
     * fio_nvme_get_info}), and a command's PRACT decides whether its PI crosses the bus, so every
     * job must move the same bytes per sector; {@code sofar} is the earlier jobs' (0: none yet).
     */
    private static int namespaceFormat(JobSpec job, Node item, String path, int sofar) {
        int b = job.commands().busBytesPerSector();
        if (sofar != 0 && b != sofar) {
            io.iopath.workload.JobSpec.Commands c = job.commands();
            throw new ScenarioException(item.location(), path, "puts " + b + " bytes per 512-byte sector on the bus (LBA format "
                    + ProtectionInfo.describe(c.format()) + ", pi_act=" + (c.prAct() ? 1 : 0) + ") where an earlier job puts "
                    + sofar + ": the jobs share one drive, "
                    + "formatted one way (give every job the same md_per_io_size per block, extended block size and pi_act)");
        }
        return b;
    }

    /**
     * fio's checks of a zonemode=zbd job against the device (zbd.c): on a zoned drive
     * {@code zonesize} must be its zone size ({@code parse_zone_info}) and {@code max_open_zones}
     * at most its limit ({@code zbd_set_max_write_zones}); on a conventional drive zones are
     * emulated and {@code zonesize} is mandatory ({@code init_zone_info}).
     */
    private static void zbdAgainstDrive(JobSpec job, Node item, String path, DriveConfig drive) {
        JobSpec.Zoning z = job.control().zoning();
        if (z.mode() != JobSpec.Zoning.Mode.ZBD) {
            return;
        }
        Node.MapNode m = (Node.MapNode) item;
        ZoneLayout layout = drive.zoned();
        if (layout == null) {
            if (z.zoneSize() == 0) {
                throw new ScenarioException(item.location(), path + ".zonesize", "zonemode=zbd on a conventional drive emulates "
                        + "zones and needs zonesize (fio: \"Specifying the zone size is mandatory for regular file/block device with "
                        + "--zonemode=zbd\"); or give the drive zones (drive.zoned, docs/drive.md)");
            }
            return;
        }
        long zoneBytes = layout.zoneSectors() * 512;
        if (z.zoneSize() != 0 && z.zoneSize() != zoneBytes) {
            Node at = m.entries().get("zonesize");
            throw new ScenarioException(at == null ? item.location() : at.location(), path + ".zonesize", "job parameter zonesize "
                    + z.zoneSize() + " does not match disk zone size " + zoneBytes + " (as fio refuses it)");
        }
        if (layout.maxOpenZones() > 0 && z.maxOpenZones() > layout.maxOpenZones()) {
            Node at = m.entries().get("max_open_zones");
            throw new ScenarioException(at == null ? item.location() : at.location(), path + ".max_open_zones",
                    "Specified --max_open_zones (" + z.maxOpenZones() + ") is larger than max (" + layout.maxOpenZones()
                            + "), the drive's open-zone limit (as fio refuses it)");
        }
    }

    private static Scenario bind(Fields f, String source, String hash) {
        if (f.has("guest")) {
            throw new ScenarioException(f.node("guest").location(), "guest",
                    "a guest on a virtual disk runs with 'iopath run FILE', 'iopath sweep FILE' or iopath-spark's sweep only"
                            + " (not yet with the other commands or a split replay; in a library: ScenarioReader.readVirtual)");
        }
        String name = f.string("name", "scenario");
        long seed = f.integer("seed", 1, Long.MIN_VALUE, Long.MAX_VALUE);

        DriveConfig driveConfig = bindDrive(f, source);
        long driveSectors = driveConfig.capacitySectors();

        Fields hostFields = f.child("host");
        HostConfig host = HostConfig.of("noop");
        long memory = VmSysctls.DEFAULT_MEMORY;
        boolean memoryGiven = false;
        if (hostFields != null) {
            memoryGiven = hostFields.has("memory");
            memory = hostFields.size("memory", VmSysctls.DEFAULT_MEMORY, 16L << 20); // the page cache lives in it
            host = HostSection.bind(hostFields, driveConfig.transport());
            hostFields.finish();
        }
        Fields vmFields = f.child("vm");
        Fields fsFields = f.child("filesystem");
        FsConfig filesystem = null;
        if (fsFields != null) {
            filesystem = FileSystemSection.bind(fsFields, driveSectors * 512L, memory, vmFields);
            fsFields.finish();
        } else if (vmFields != null) {
            throw new ScenarioException(vmFields.location(), "vm", "vm.* sets the page cache's write-back, which needs a filesystem: section");
        } else if (memoryGiven) {
            throw new ScenarioException(hostFields.location(), "host.memory", "host memory is the page cache's, which needs a filesystem: section");
        }
        if (vmFields != null) {
            vmFields.finish();
        }
        Node cpuNode = f.node("cpu");
        CpuCost cpu = filesystem == null ? CpuCost.NONE : CpuCost.MEASURED;
        if (cpuNode != null) {
            if (filesystem == null) {
                throw new ScenarioException(cpuNode.location(), "cpu", "cpu: is the CPU cost of system calls on a file"
                        + " system, which needs a filesystem: section (jobs on the drive are not charged)");
            }
            cpu = CpuSection.bind(cpuNode, "cpu");
        }

        long powerFailureAt = Scenario.NO_POWER_FAILURE;
        Fields pf = f.child("power_failure");
        if (pf != null) {
            if (!pf.has("at")) {
                pf.finish();
                throw new ScenarioException(pf.location(), "power_failure.at",
                        "expected the simulated time of the failure, such as 5s");
            }
            powerFailureAt = pf.time("at", 0);
            if (powerFailureAt <= 0) {
                throw new ScenarioException(pf.location(), "power_failure.at", "expected a time after the start, such as 5s");
            }
            if (driveConfig.flash() != null) {
                throw new ScenarioException(pf.location(), "power_failure", "a power failure on the flash drive "
                        + driveConfig.preset() + " is not modelled (what its write cache and mapping table lose; docs/flash.md)");
            }
            pf.finish();
        }

        Node jobsNode = f.node("jobs");
        if (jobsNode == null || (jobsNode instanceof Node.ListNode l && l.items().isEmpty())) {
            f.finish(); // a misspelt "jobs:" is reported as the unknown key it is, not as no jobs
            throw new ScenarioException(f.location(), "jobs", "expected at least one job");
        }
        if (!(jobsNode instanceof Node.ListNode jobList)) {
            throw ScenarioException.expected(jobsNode.location(), "jobs", "a list of jobs", jobsNode.describe());
        }
        long capacityBytes = driveSectors * 512L;
        List<JobSpec> jobs = new ArrayList<>();
        List<FileJobSpec> fileJobs = new ArrayList<>();
        List<PostmarkJob> postmark = new ArrayList<>();
        Set<String> names = new HashSet<>();
        int busBytes = 0; // per 512-byte sector, as the jobs' LBA format puts them on the bus; 0 until a job says
        for (int i = 0; i < jobList.items().size(); i++) {
            Node item = jobList.items().get(i);
            String path = "jobs[" + i + "]";
            if (PostmarkSection.isPostmark(item)) {
                if (filesystem == null) {
                    throw new ScenarioException(item.location(), path + ".postmark", "Postmark works on files: add a"
                            + " filesystem: section (such as 'filesystem: {type: ext3}')");
                }
                PostmarkJob pm = PostmarkSection.bind(item, path, "job" + i);
                if (!names.add(pm.name())) {
                    throw new ScenarioException(item.location(), path + ".name", "duplicate job name '" + pm.name() + "'");
                }
                postmark.add(pm);
                continue;
            }
            JobSpec job;
            if (filesystem != null) {
                JobSection.OnFiles bound = JobSection.bindOnFiles(item, path, "job" + i, filesystem.partitionSize());
                job = bound.job();
                fileJobs.add(bound.files());
            } else {
                io.iopath.device.flash.FlashSpec flash = driveConfig.flash();
                job = JobSection.bind(item, path, "job" + i, capacityBytes,
                        driveConfig.zoned() == null ? 0 : driveConfig.zoned().zoneSectors() * 512, driveConfig.discards(),
                        driveConfig.fdpHandles(),
                        flash == null ? null : io.iopath.device.flash.NandChip.of(flash),
                        flash != null && io.iopath.device.flash.FlashPresets.rawOnly(flash.name()));
            }
            if (!names.add(job.name())) {
                throw new ScenarioException(item.location(), path + ".name", "duplicate job name '" + job.name() + "'");
            }
            zbdAgainstDrive(job, item, path, driveConfig);
            if (!jobs.isEmpty() && (jobs.get(0).control().mtd() == null) != (job.control().mtd() == null)) {
                // one device is either /dev/mtdN (raw NAND) or the flash drive's block device, not both at once
                throw new ScenarioException(item.location(), path + ".ioengine", "expected the engine of the jobs before it: "
                        + "ioengine=mtd addresses the drive's chips raw, without the translation layer the other engines' IO "
                        + "goes through, so a scenario's jobs are all mtd or none");
            }
            String waitFor = job.control().waitFor();
            if (waitFor != null && (waitFor.equals(job.name()) || !names.contains(waitFor))) {
                // fio (init.c) looks the name up among the jobs defined before this one
                throw new ScenarioException(item.location(), path + ".wait_for", "expected the name of an earlier job, got '"
                        + waitFor + "'");
            }
            jobs.add(job);
            busBytes = namespaceFormat(job, item, path, busBytes);
        }
        f.finish();
        driveConfig = driveConfig.withBusBytesPerSector(busBytes == 0 ? 512 : busBytes);
        if (filesystem == null) {
            return new Scenario(name, seed, driveConfig, host, jobs, powerFailureAt, null, List.of(), hash,
                    CpuCost.NONE, List.of());
        }
        return new Scenario(name, seed, driveConfig, host, jobs, powerFailureAt, filesystem, fileJobs, hash,
                cpu, postmark);
    }
}
