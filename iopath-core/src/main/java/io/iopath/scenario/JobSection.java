package io.iopath.scenario;

import io.iopath.request.IoPrio;
import io.iopath.units.Units;
import io.iopath.workload.FileJobSpec;
import io.iopath.workload.JobSpec;
import io.iopath.workload.JobSpec.BlockSizes;
import io.iopath.workload.JobSpec.RandomDistribution;
import io.iopath.workload.ReadWrite;
import io.iopath.workload.trace.TraceFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Binds one job's fio options ({@code jobs[i]} of a scenario, or a {@code [jobname]} section of
 * a fio job file, which {@link FioJobFile} turns into the same tree) to a {@link JobSpec}, so an
 * option means the same thing, with the same default and the same error, wherever it is written.
 *
 * <p>Defaults are fio's (HOWTO.rst), except {@code ioengine} (the scenario's default is libaio,
 * an asynchronous engine; a fio job file gets fio's psync) and {@code direct} (1: iopath does not
 * model the page cache yet).
 *
 * <p>The options are read through {@link Fields} like every other section, but with fio's value
 * syntax ({@link Units#parseFioSize}, {@link Units#parseFioTime}: bare numbers in the option's
 * unit, a bare flag name meaning 1) and its own error wording, which differs from the scenario's
 * other sections in places (a size's lower bound in bytes, booleans as "1 or 0").
 */
final class JobSection {
    /** The unit of a bare number in {@code thinktime}. */
    private static final long MICROSECONDS = 1_000L;
    /** The unit of a bare number in {@code runtime}, {@code startdelay} and {@code ramp_time}. */
    private static final long SECONDS = 1_000_000_000L;

    /** What an option expects, for errors about a value that is not a scalar at all. */
    private static final Map<String, String> EXPECTED = Map.of(
            "rw", "one of " + String.join(", ", ReadWrite.names()) + " (with an optional :N)",
            "readwrite", "one of " + String.join(", ", ReadWrite.names()) + " (with an optional :N)",
            "bs", Units.SIZE_FORMAT,
            "size", Units.SIZE_FORMAT,
            "offset", Units.SIZE_FORMAT);

    /** Every option name this binder models; a fio job file reports any other as ignored. */
    static final Set<String> MODELLED = Set.of(
            "name", "rw", "readwrite", "rwmixread", "rwmixwrite", "bs", "blocksize", "bsrange", "blocksize_range",
            "bssplit", "blockalign", "ba", "iodepth", "iodepth_batch", "iodepth_batch_submit", "numjobs", "size",
            "offset", "direct", "buffered", "ioengine", "runtime", "timeout", "time_based", "number_ios", "thinktime",
            "thinktime_blocks", "rate", "rate_iops", "random_distribution", "norandommap", "randrepeat", "randseed",
            "fsync", "fdatasync", "startdelay", "ramp_time", "read_iolog", "replay_no_stall", "replay_time_scale",
            "trace_format", "replay_device", "replay_beyond_capacity", "percentile_list", "prio", "prioclass",
            "write_barrier", "stonewall", "wait_for_previous", "new_group", "wait_for", "loops", "io_size", "io_limit",
            "offset_increment", "verify", "do_verify", "libblkio_driver", "verify_backlog", "rate_process", "zonemode",
            "zonesize", "zonerange", "zoneskip", "zonecapacity", "max_open_zones", "zbd_max_open_zones",
            "job_max_open_zones", "zone_reset_threshold", "zone_reset_frequency", "read_beyond_wp", "flow", "flow_id",
            "flow_sleep", "fill_device", "experimental_verify", "verify_backlog_batch", "sg_write_mode", "write_mode",
            "cmd_type", "verify_bytchk", "readfua", "writefua", "num_range", "exitall", "exit_what", "exitall_on_error", "rate_min", "ratemin", "rate_iops_min", "ratecycle",
            "sync", "sprandom", "spr_op", "spr_num_regions", "spr_cs", "md_per_io_size", "pi_act", "pi_chk", "apptag",
            "apptag_mask", "fdp", "dataplacement", "data_placement", "plid_select", "fdp_pli_select", "plids", "fdp_pli",
            "dp_scheme", "xnvme_async", "xnvme_sync", "xnvme_be");

    /**
     * The engine the job's IO goes through: its {@code ioengine}, or for xNVMe the kernel
     * interface its {@code xnvme_async} / {@code xnvme_sync} choose (engines/xnvme.c hands them
     * to libxnvme's {@code xnvme_dev_open}): {@code io_uring_cmd} sends NVMe commands through the
     * kernel's generic char device (/dev/ng0n1) as fio's io_uring_cmd engine does; {@code
     * io_uring}, {@code libaio} and {@code psync} do block IO on /dev/nvme0n1 as fio's engines
     * of those names do. User-space drivers (xnvme_be=spdk, vfio) are past the kernel, refused
     * as before; with no interface named, libxnvme picks one itself, so the job is refused
     * asking for it.
     */
    private static final String XNVME_USER_SPACE = "a user-space NVMe library past the kernel, and iopath's host "
            + "reaches its drives through the kernel's block layer";

    private String xnvmeInterface(String ioengine) {
        for (String k : List.of("xnvme_async", "xnvme_sync", "xnvme_be")) {
            if (has(k) && !ioengine.equals("xnvme")) {
                throw problem(k, "only applies with ioengine=xnvme (an option of engines/xnvme.c)");
            }
        }
        if (!ioengine.equals("xnvme")) {
            return ioengine;
        }
        String be = text("xnvme_be", "linux").strip();
        String async = text("xnvme_async", "").strip();
        String sync = text("xnvme_sync", "").strip();
        if (!be.equals("linux")) {
            throw problem("xnvme_be", "expected linux (the kernel's interfaces), got '" + be + "': "
                    + XNVME_USER_SPACE);
        }
        if (!async.isEmpty() && !sync.isEmpty()) {
            throw problem("xnvme_sync", "give one of xnvme_async and xnvme_sync: iopath's job submits one way");
        }
        String kernel = switch (async.isEmpty() ? "sync:" + sync : async) {
            case "io_uring_cmd", "io_uring", "libaio" -> async;
            case "sync:psync" -> "psync";
            case "sync:" -> throw problem("ioengine", "ioengine=xnvme: name the interface libxnvme uses, which decides "
                    + "whether the IO goes through the kernel's block layer: xnvme_async=io_uring_cmd (NVMe commands on "
                    + "/dev/ng0n1), io_uring or libaio, or xnvme_sync=psync (block IO on /dev/nvme0n1)");
            default -> throw problem(async.isEmpty() ? "xnvme_sync" : "xnvme_async", "expected "
                    + (async.isEmpty() ? "psync" : "io_uring_cmd, io_uring or libaio") + " (the kernel interfaces iopath models), got '"
                    + (async.isEmpty() ? sync : async) + "'" + (async.equals("emu") || async.equals("thrpool") || async.equals("posix")
                    ? ": xNVMe's asynchronous emulation over its synchronous interface, not modelled yet"
                    : sync.equals("nvme") ? ": synchronous NVMe pass-through ioctls on /dev/ng0n1, not modelled yet"
                    : async.equals("vfio") || async.equals("nil") ? ": " + XNVME_USER_SPACE : ""));
        };
        for (String k : List.of("cmd_type", "write_mode", "verify_bytchk", "readfua", "writefua", "num_range")) {
            if (has(k)) {
                throw problem(k, "only applies with ioengine=io_uring_cmd (engines/xnvme.c has no " + k + ")");
            }
        }
        return kernel;
    }

    /** An engine iopath does not simulate is refused by name, before any option it would give its own meaning. */
    private void refuseEngine(String engine) {
        if (engine.equals("xnvme")) {
            return; // by the interface it uses: xnvmeInterface
        }
        if (REMOTE_ENGINES.contains(engine)) {
            throw problem("ioengine", "expected a local block IO engine, got '" + engine
                    + "': a network or remote engine, and iopath simulates a local disk");
        }
        String unmodelled = UNMODELLED_ENGINES.get(engine);
        if (unmodelled != null) {
            throw problem("ioengine", "expected an engine that reads and writes the block device, got '" + engine
                    + "': " + unmodelled + ", which iopath does not model");
        }
    }

    /** fio's engines whose IO goes over a network or to a remote store (engines/*.c). */
    private static final Set<String> REMOTE_ENGINES = Set.of("net", "netsplice", "rdma", "http", "rados", "rbd", "nbd",
            "nfs", "libiscsi", "gfapi", "gfapi_async", "libhdfs", "dfs", "ime_psync", "ime_psyncv", "ime_aio");

    /** Local fio engines whose IO is not block reads and writes through the block layer, and what they do instead. */
    private static final Map<String, String> UNMODELLED_ENGINES = Map.ofEntries(
            Map.entry("mmap", "memory-mapped IO (page faults and the page cache)"),
            Map.entry("splice", "IO through pipes and the page cache"),
            Map.entry("page_fault", "page faults on anonymous memory (engines/page_fault.c maps no file), no storage IO"),
            Map.entry("exec", "running another program (engines/exec.c), whose own IO iopath cannot know"),
            Map.entry("falloc", "fallocate(2) for every IO (engines/falloc.c: reads keep the size, writes extend, trims punch"
                    + " holes), a system call Linux gained in 2.6.23; the modelled 2.6.18 kernel has none (XFS's own"
                    + " XFS_IOC_RESVSP ioctl is another interface, which the engine does not use)"),
            Map.entry("e4defrag", "ext4's EXT4_IOC_MOVE_EXT, and iopath's file systems are ext3, ReiserFS and XFS"),
            Map.entry("dev-dax", "loads and stores to persistent memory (device DAX), no block IO"),
            Map.entry("libpmem", "loads and stores to persistent memory on a DAX file system, no block IO"),
            Map.entry("spdk", "a user-space NVMe driver past the kernel, and iopath's host reaches its drives through the kernel's block layer"),
            Map.entry("cpp_null", "fio's C++ example of the null engine: no IO"));

    /**
     * libblkio drivers (libblkio's docs, fio's engines/libblkio.c): {@code io_uring} submits to the
     * kernel's block layer; the others reach the device past it (a virtio-blk device driven from
     * user space through VFIO or vhost, or NVMe pass-through commands).
     */
    private static final Set<String> LIBBLKIO_DRIVERS = Set.of("io_uring", "nvme-io_uring", "virtio-blk-vfio-pci",
            "virtio-blk-vhost-user", "virtio-blk-vhost-vdpa");

    /** The names listed when an option is unknown: all of them, sorted, whichever were asked for. */
    private static final List<String> MODELLED_SORTED = List.copyOf(new TreeSet<>(MODELLED));

    /** fio's file options, for jobs on a scenario's file system (a fio job file's too, when it runs on one: FioJobFile). */
    static final Set<String> FILE_OPTIONS = Set.of("filename", "nrfiles", "filesize", "end_fsync", "create_on_open",
            "unlink", "invalidate");
    private static final List<String> ON_FILES_SORTED;

    static {
        TreeSet<String> all = new TreeSet<>(MODELLED);
        all.addAll(FILE_OPTIONS);
        ON_FILES_SORTED = List.copyOf(all);
    }

    private final Fields options;
    /** The engine the job's IO goes through ({@link #xnvmeInterface}: xnvme's kernel interface, else ioengine). */
    private String engine;
    /** The device's bytes as the job's offsets count them (an extended LBA's blocks include their metadata). */
    private long capacityBytes;
    /** The LBA format the job's metadata options imply ({@link #protectionInfo}), and its PRACT bit. */
    private io.iopath.request.LbaFormat lbaFormat = io.iopath.request.LbaFormat.PLAIN;
    private boolean prAct = true;
    /** Bytes per sector in the job's offsets and sizes: 512, or an extended LBA's data plus metadata (fio's lba_ext). */
    private int sectorBytes = ProtectionInfo.DATA_BYTES;
    /** The drive's flash seen raw, for ioengine=mtd (docs/flash.md, "Raw NAND"); null on a disk. */
    private io.iopath.device.flash.NandChip rawNand;
    /** The drive is only raw NAND (nandsim): jobs of other engines have no block device to run on. */
    private boolean rawOnly;
    private final boolean onFiles;
    private FileJobSpec files;
    /** The drive's zone size when it is zoned (drive.zoned), else 0: fio's unit of {@code 1z} without zonesize. */
    private long driveZoneBytes;
    /** Whether the drive carries out DISCARD (a flash drive: docs/flash.md); iopath's disks do not. */
    private boolean driveDiscards;
    /** The reclaim unit handles of the drive's flexible data placement (a flash drive with FDP: docs/flash.md); 0: none. */
    private int driveFdpHandles;

    private JobSection(Fields options, long capacityBytes, boolean onFiles) {
        this.options = options;
        this.capacityBytes = capacityBytes;
        this.onFiles = onFiles;
    }

    /** A job on a file system: its fio options and its files. */
    record OnFiles(JobSpec job, FileJobSpec files) {
    }

    /**
     * Binds a job of a scenario with a {@code filesystem:} section: it works on files
     * ({@code filename}, fio's default names otherwise), buffered ({@code direct=0}) or O_DIRECT.
     *
     * @param fsBytes the file system's size (a job's files must fit)
     */
    static OnFiles bindOnFiles(Node job, String path, String defaultName, long fsBytes) {
        if (!(job instanceof Node.MapNode)) {
            throw ScenarioException.expected(job.location(), path, "a mapping of job options", job.describe());
        }
        JobSection s = new JobSection(new Fields(job, path), fsBytes, true);
        JobSpec spec = s.bind(defaultName);
        return new OnFiles(spec, s.files);
    }

    /**
     * Binds one job. Unknown option names are an error (a typo must not fall back to a default);
     * fio job files drop the options iopath ignores before they get here.
     *
     * @param job   the job's mapping of options; its location is the job's, for errors about the
     *              job as a whole
     * @param path  field prefix in errors, e.g. {@code jobs[0]}
     */
    static JobSpec bind(Node job, String path, String defaultName, long capacityBytes) {
        return bind(job, path, defaultName, capacityBytes, 0);
    }

    /**
     * As {@link #bind(Node, String, String, long)} on a drive with zones of {@code driveZoneBytes}
     * (0: a conventional drive): a size in zones ({@code size=1z}) without {@code zonesize}
     * counts the drive's zones, as fio's zbd.c {@code zbd_recalc_options_with_zone_granularity}
     * does with the zone size the device reports.
     */
    static JobSpec bind(Node job, String path, String defaultName, long capacityBytes, long driveZoneBytes) {
        return bind(job, path, defaultName, capacityBytes, driveZoneBytes, false);
    }

    /** As {@link #bind(Node, String, String, long, long)}; {@code driveDiscards}: the drive has TRIM, so trims are simulated. */
    static JobSpec bind(Node job, String path, String defaultName, long capacityBytes, long driveZoneBytes, boolean driveDiscards) {
        return bind(job, path, defaultName, capacityBytes, driveZoneBytes, driveDiscards, 0, null, false);
    }

    /**
     * As {@link #bind(Node, String, String, long, long, boolean)} on a drive with flexible data
     * placement over {@code driveFdpHandles} reclaim unit handles (0: none), which {@code fdp=1} needs,
     * and on a flash drive whose chips an {@code ioengine=mtd} job addresses raw ({@code rawNand};
     * null on a disk); {@code rawOnly}: the drive is nothing but raw NAND (nandsim), so only mtd
     * jobs run on it.
     */
    static JobSpec bind(Node job, String path, String defaultName, long capacityBytes, long driveZoneBytes, boolean driveDiscards,
                        int driveFdpHandles, io.iopath.device.flash.NandChip rawNand, boolean rawOnly) {
        if (!(job instanceof Node.MapNode)) {
            throw ScenarioException.expected(job.location(), path, "a mapping of job options", job.describe());
        }
        JobSection s = new JobSection(new Fields(job, path), capacityBytes, false);
        s.driveZoneBytes = driveZoneBytes;
        s.driveDiscards = driveDiscards;
        s.driveFdpHandles = driveFdpHandles;
        s.rawNand = rawNand;
        s.rawOnly = rawOnly;
        return s.bind(defaultName);
    }

    private JobSpec bind(String defaultName) {
        String name = text("name", defaultName);
        refuseEngine(text("ioengine", "libaio").strip()); // first: what the engine does decides what rw= means (mtd's trim is an erase)
        boolean mtd = text("ioengine", "libaio").strip().equals("mtd");
        if (mtd && rawNand == null) {
            throw problem("ioengine", "ioengine=mtd reads, writes and erases raw NAND through the MTD layer (engines/mtd.c), "
                    + "and this drive is a disk: give a flash drive (--drive nandsim, Linux's nandsim chip, or --drive "
                    + io.iopath.device.flash.FlashPresets.MSR + ", its chips raw; docs/flash.md \"Raw NAND\")");
        }
        if (!mtd && rawOnly) {
            throw problem("ioengine", "expected ioengine=mtd: the drive nandsim is a raw NAND chip with no translation layer "
                    + "(an MTD device, /dev/mtdN), which only fio's mtd engine addresses (docs/flash.md \"Raw NAND\")");
        }
        if (mtd) {
            capacityBytes = rawNand.sizeBytes(); // fio_mtd_get_file_size: the MTD device's size (mtd_dev_info size)
        }
        engine = xnvmeInterface(text("ioengine", "libaio").strip());
        String rwText = text(alias("rw", "readwrite"), "read");
        ReadWrite rw;
        long rwSuffix = 0;
        {
            String rwKey = alias("rw", "readwrite");
            int colon = rwText.indexOf(':');
            String base = colon < 0 ? rwText.strip() : rwText.substring(0, colon).strip();
            if (base.equals("readwrite")) {
                base = "rw";
            }
            boolean pureTrim = base.equals("trim") || base.equals("randtrim");
            boolean trims = pureTrim || base.equals("trimwrite") || base.equals("randtrimwrite");
            boolean zbd = text("zonemode", "none").strip().equals("zbd");
            boolean zbdTrim = pureTrim && zbd;
            zoneResetSizes = zbdTrim;
            // zbdTrim: zbd.c zbd_do_io_u_trim, fio resets the trimmed zone's write pointer instead
            // of discarding; a trim on a file: os/os-linux.h os_trim's BLKDISCARD ioctl, which a
            // regular file refuses (ENOTTY), so the job fails at its first trim (FileJob)
            if (trims && !pureTrim && (onFiles || zbd)) {
                throw problem(rwKey, "rw=" + base + ": with zonemode=zbd or on a file only rw=trim and rw=randtrim are simulated");
            }
            if (trims && !onFiles && !zbd && !driveDiscards) {
                // fio sends discards (BLKDISCARD on a block device); the kernel refuses them with
                // EOPNOTSUPP when the queue has no discard support, as on every disk iopath models
                throw problem(rwKey, "rw=" + base + " needs a drive with TRIM (discard), and this drive is a disk "
                        + "without it: give a flash drive (--drive " + io.iopath.device.flash.FlashPresets.MSR
                        + ", docs/flash.md); a trace with discards replays them (read_iolog)");
            }
            if (!ReadWrite.names().contains(base)) {
                throw expected(rwKey, "one of " + String.join(", ", ReadWrite.names()) + " (with an optional :N)");
            }
            rw = ReadWrite.of(base);
            if (colon >= 0) {
                String suffix = rwText.substring(colon + 1).strip();
                try {
                    // options.c str_rw_cb: a sequential job's N is a signed size (negative: backwards)
                    boolean back = !rw.random && suffix.startsWith("-");
                    rwSuffix = rw.random ? Long.parseLong(suffix) : back ? -Units.parseFioSize(suffix.substring(1)) : Units.parseFioSize(suffix);
                } catch (IllegalArgumentException e) {
                    throw expected(rwKey, rw.random ? "rw=" + base + ":N with N a count of IOs" : "rw=" + base + ":N with N a size");
                }
                if (rw.random && rwSuffix < 1) {
                    throw expected(rwKey, "a positive :N");
                }
                if (rwSuffix < 0 && rwSuffix % sectorBytes != 0) {
                    throw expected(rwKey, "a backwards step (:-N) that is a multiple of " + sectorBytes + " bytes");
                }
            }
        }
        int rwmixread = 50;
        if (has("rwmixread")) {
            rwmixread = (int) integer("rwmixread", 50, 0, 100);
        } else if (has("rwmixwrite")) {
            rwmixread = 100 - (int) integer("rwmixwrite", 50, 0, 100);
        }
        options.node("rwmixwrite"); // known, but not read when rwmixread is given

        // before blockSizes(): an extended LBA's block size (data + metadata) is not a multiple of 512
        String piBsKey = alias("blocksize", "bs");
        boolean pi = has("md_per_io_size") || has("pi_chk") || has("pi_act") || has("apptag") || has("apptag_mask");
        boolean singleBs = !has(piBsKey) || !text(piBsKey, "").contains(",");
        if (pi && singleBs) {
            protectionInfo(has(piBsKey) ? size(piBsKey, 4096, 1) : 4096);
        }
        BlockSizes sizes = blockSizes();
        long minBs = sizes.min();
        if (pi && !singleBs) {
            protectionInfo(minBs);
        }
        long align = has(alias("blockalign", "ba")) ? size(alias("blockalign", "ba"), minBs, sectorBytes) : minBs;
        if (align % sectorBytes != 0) {
            throw expected(alias("blockalign", "ba"), "a multiple of " + sectorBytes + " bytes");
        }
        boolean fileOps = JobSpec.FILE_OP_ENGINES.contains(engine);
        boolean truncating = engine.equals(JobSpec.FTRUNCATE);
        if (!JobSpec.SYNC_ENGINES.contains(engine) && !JobSpec.ASYNC_ENGINES.contains(engine) && !fileOps
                && !engine.equals("cpuio") && !truncating && !engine.equals("mtd")) {
            throw expected("ioengine", "one of " + String.join(", ", JobSpec.SYNC_ENGINES) + " (synchronous), "
                    + String.join(", ", JobSpec.ASYNC_ENGINES) + " (asynchronous), "
                    + String.join(", ", JobSpec.FILE_OP_ENGINES) + " (file operations), ftruncate or cpuio (no IO)");
        }
        if (truncating && !onFiles) {
            throw problem("ioengine", "ioengine=ftruncate truncates a file to each write's offset: it needs a file system "
                    + "(add a filesystem: section to the scenario)");
        }
        if (fileOps && !onFiles) {
            throw problem("ioengine", "ioengine=" + engine + " makes file system calls: it needs a file system (add a "
                    + "filesystem: section to the scenario)");
        }
        boolean passthrough = engine.equals("sg") || engine.equals("io_uring_cmd") || engine.equals("libzbc");
        if (has("libblkio_driver") && !engine.equals("libblkio")) {
            throw problem("libblkio_driver", "only applies with ioengine=libblkio");
        }
        if (engine.equals("libblkio")) {
            String driver = text("libblkio_driver", "").strip();
            if (!LIBBLKIO_DRIVERS.contains(driver)) {
                throw expected("libblkio_driver", "one of " + String.join(", ", new TreeSet<>(LIBBLKIO_DRIVERS)));
            }
            passthrough = !driver.equals("io_uring");
        }
        if (passthrough && onFiles) {
            throw problem("ioengine", "ioengine=" + engine + " sends commands to the device itself, past the file "
                    + "system; give it the device (filename=/dev/...) in a job file of its own");
        }
        int iodepth = (int) integer("iodepth", 1, 1, 65536);
        int batch = (int) integer(alias("iodepth_batch", "iodepth_batch_submit"), 1, 1, 65536);
        if (batch > iodepth) {
            batch = iodepth; // fio caps iodepth_batch at iodepth
        }
        int numjobs = (int) integer("numjobs", 1, 1, 4096);

        long offset = offsetOption();
        long size = sizeOption(offset, minBs);
        // on files with filesize, size is the IO over the files, capped at their total (filesetup.c setup_files)
        if (offset + size > capacityBytes && !(onFiles && has("filesize"))) {
            // sizes such as 250g are binary (GiB), a datasheet's 250 GB decimal: say both, and how to ask for all
            throw problem("size", "expected a region that ends inside the drive (" + capacityBytes + " bytes, "
                    + Units.capacity(capacityBytes) + "), got " + size + " bytes (" + Units.capacity(size) + ") from offset "
                    + offset + (offset == 0 ? "; size: 100% is the whole drive" : "; leave size out to cover the drive from the offset,"
                    + " or give a share such as size: 50%"));
        }
        if (size < sizes.max()) {
            throw problem("size", "expected at least the largest block size (" + sizes.max() + " bytes), got " + size);
        }
        long numberIos = integer("number_ios", 0, 0, Long.MAX_VALUE);
        long runtime = time(alias("runtime", "timeout"), 0, SECONDS);
        boolean timeBased = bool("time_based", false);
        if (timeBased && runtime == 0) {
            throw problem("time_based", "needs runtime, to know when the job ends");
        }
        if (engine.equals("cpuio") && runtime == 0) {
            // engines/cpu.c fio_cpuio_init: "fio: cpuio engine requires runtime"; it does no IO to end by
            throw problem("ioengine", "ioengine=cpuio needs runtime: the job burns CPU and does no IO, so only its time ends it");
        }
        if (fileOps && (timeBased || loops() > 1)) {
            throw problem(timeBased ? "time_based" : "loops", "ioengine=" + engine + " makes one call per file; "
                    + "repeating them (time_based, loops) would create what exists or delete what is gone");
        }
        boolean direct = true;
        if (has("buffered")) {
            direct = !bool("buffered", false);
        }
        if (has("direct")) {
            direct = bool("direct", true);
        }
        if (!direct && !onFiles) {
            String key = has("direct") ? "direct" : "buffered";
            throw expected(key, "direct: 1 (buffered IO needs a file system: add a filesystem: section to the scenario)");
        }
        long thinktime = time("thinktime", 0, MICROSECONDS);
        int thinktimeBlocks = (int) integer("thinktime_blocks", 1, 1, Integer.MAX_VALUE);
        List<Long> rate = perDirection("rate", true);
        List<Long> rateIops = perDirection("rate_iops", false);
        RandomDistribution dist = bool("sprandom", false) ? spRandom() : distribution();
        // init.c fixup_options: sprandom sets norandommap (and refuses norandommap=0, in spRandom)
        boolean randomMap = dist.kind() != RandomDistribution.Kind.SPRANDOM && !bool("norandommap", false);
        boolean randrepeat = bool("randrepeat", true);
        long randseed = has("randseed") ? integer("randseed", 0, 0, Long.MAX_VALUE) : -1;
        if (!randrepeat && randseed < 0) {
            randseed = -1; // iopath is deterministic: streams derive from the scenario seed either way
        }
        int fsync = (int) integer("fsync", 0, 0, Integer.MAX_VALUE);
        int fdatasync = (int) integer("fdatasync", 0, 0, Integer.MAX_VALUE);
        int syncEvery = fsync == 0 ? fdatasync : fdatasync == 0 ? fsync : Math.min(fsync, fdatasync);
        int barrierEvery = (int) integer("write_barrier", 0, 0, Integer.MAX_VALUE);
        long startDelay = time("startdelay", 0, SECONDS);
        long rampTime = time("ramp_time", 0, SECONDS);
        JobSpec.ReplaySpec replay = replay();
        List<Double> percentiles = percentiles();
        int ioprio = ioprio();
        JobSpec.Control control = control();
        if ((control.exit().all() || control.exit().onError()) && (replay != null || fileOps)) {
            // the run terminates jobs that can stop issuing; a trace replay and the file operation engines cannot yet
            throw problem(control.exit().all() ? "exitall" : "exitall_on_error", "is simulated for jobs that read and write"
                    + " (and cpuio), not yet for " + (replay != null ? "a trace replay (read_iolog)" : "ioengine=" + engine));
        }
        if (truncating && control.verify()) {
            // engines/ftruncate.c fails every read with EINVAL, so fio's read-back of the writes would too
            throw problem("verify", "is not modelled with ioengine=ftruncate (its writes are truncates and its reads fail)");
        }
        JobSpec.Zoning zoning = control.zoning();
        if (engine.equals("libzbc") && zoning.mode() != JobSpec.Zoning.Mode.ZBD) {
            // libzbc's zbc_open takes only zoned devices; in a fio job file zonemode=zbd is what makes iopath's drive zoned
            throw problem("ioengine", "ioengine=libzbc talks to a zoned drive (ZBC / ZAC commands): give zonemode=zbd, "
                    + "which makes the simulated drive host-managed zoned");
        }
        JobSpec.Commands commands = commands(engine, zoning);
        if (onFiles && zoning.mode() != JobSpec.Zoning.Mode.NONE) {
            throw problem("zonemode", "is simulated for jobs on the drive, not yet for file jobs on a file system");
        }
        if (zoning.mode() == JobSpec.Zoning.Mode.ZBD && zoning.zoneSize() > 0) {
            // zbd.c zbd_zone_align_file_sizes: the offset up to a zone start, the end down to one
            long z = zoning.zoneSize();
            long first = (offset + z - 1) / z * z;
            long end = Math.min(offset + size, capacityBytes) / z * z;
            if (end <= first) {
                throw problem(has("size") ? "size" : "offset", "zonemode=zbd needs at least one whole zone of " + z
                        + " bytes in the region (fio: \"zone size too small\" / io_size smaller than a zone)");
            }
            offset = first;
            size = end - first;
        }
        if (rw.trims() && zoning.mode() == JobSpec.Zoning.Mode.ZBD) {
            // zbd.c zbd_verify_bs: a trim resets one whole zone, so its block size is the zone size
            JobSpec.BlockSizes.Choice t = sizes.write(); // fio's trim block size: the write one unless given
            long zone = zoning.zoneSize() > 0 ? zoning.zoneSize() : driveZoneBytes;
            String bsKey = has(alias("bsrange", "blocksize_range")) ? alias("bsrange", "blocksize_range")
                    : has("bssplit") ? "bssplit" : alias("bs", "blocksize");
            if (t.min() != t.max() || !t.splitSizes().isEmpty()) {
                throw problem(bsKey, "bsrange and bssplit are not allowed for trim with zonemode=zbd (fio: zbd.c zbd_verify_bs)");
            }
            if (zone > 0 && t.min() != zone) {
                throw problem(bsKey, "trim block size " + t.min() + " is not the zone size " + zone
                        + " (fio: zbd.c zbd_verify_bs; with zonemode=zbd a trim resets one zone)");
            }
        }
        if (control.offsetIncrement() > 0 && numjobs > 1) {
            // filesetup.c setup_files: a clone whose file_offset is past the device's real size fails
            // its set-up (err_offset: "NAME: you need to specify valid offset="); backend.c run_threads
            // reaps it unstarted and counts it in fio's exit status, and the other clones run
            // (ScenarioRun, FailedSetUp); the last clone that runs bounds the region
            long running = Math.min(numjobs, offset > capacityBytes ? 0 : (capacityBytes - offset) / control.offsetIncrement() + 1);
            long lastClone = offset + control.offsetIncrement() * Math.max(0, running - 1);
            if (!has("size")) {
                // filesetup.c setup_files: without size each clone has the rest of the device from its own
                // offset (io_size = real_file_size - file_offset); JobSpec.forClone cuts each clone's there
                size = capacityBytes - offset;
                if (capacityBytes - lastClone < sizes.max()) {
                    throw problem("offset_increment", "expected clones that start at least a block before the drive's end ("
                            + capacityBytes + " bytes), got the last of " + numjobs + " at " + lastClone);
                }
            } else if (size < sizes.max() || lastClone + size > capacityBytes) {
                throw problem("offset_increment", "expected clones that end inside the drive (" + capacityBytes
                        + " bytes), got the last of " + numjobs + " at " + lastClone + " with " + size + " bytes");
            }
        }
        // fill_device: on a block device fio writes to its end (size -1, capped by the device: init.c
        // fixup_options), which is a job's region without size; on a file system, until it is full
        boolean fill = bool("fill_device", false);
        if (onFiles && (control.poissonRate() || control.flow() > 0 || fill || control.ioSize() > 0)) {
            String k = control.poissonRate() ? "rate_process"
                    : control.flow() > 0 ? "flow" : fill ? "fill_device" : alias("io_size", "io_limit");
            throw problem(k, "is simulated for jobs on the drive, not yet for file jobs on a file system");
        }
        if (onFiles) {
            // issue 14: options that shape the workload are refused rather than dropped; FileJob
            // issues its calls at uniform offsets
            String k = dist.kind() == RandomDistribution.Kind.SPRANDOM ? "sprandom"
                    : rw.random && dist.kind() != RandomDistribution.Kind.RANDOM ? "random_distribution" : null;
            if (k != null) {
                throw problem(k, "is not modelled for jobs on a file system yet (it is for jobs on the drive)");
            }
        }
        if (onFiles) {
            size = fileOptions(name, numjobs, fsync, fdatasync, size, sizes.max());
        } else {
            for (String k : new TreeSet<>(FILE_OPTIONS)) {
                if (has(k)) {
                    throw problem(k, "needs a file system: add a filesystem: section to the scenario (without one, jobs run on the drive)");
                }
            }
        }
        options.finish(onFiles ? ON_FILES_SORTED : MODELLED_SORTED);
        if (onFiles && numberIos == 0 && runtime == 0 && !has("size") && !has("filesize") && replay == null) {
            throw new ScenarioException(options.location(), options.path(), "expected number_ios, runtime or size, to know when the job ends");
        }
        // no size, runtime or number_ios: the job covers the rest of the device once, as fio's
        // HOWTO says of size ("fio will use the full size of the given files or devices")
        JobSpec spec = new JobSpec(name, rw, rwmixread, minBs, iodepth, size, offset, numberIos, runtime, direct, rwSuffix, sizes,
                align, batch, numjobs, engine, timeBased, thinktime, thinktimeBlocks, rate, rateIops, dist, randomMap,
                randseed, syncEvery, startDelay, rampTime, replay, percentiles, ioprio, barrierEvery, control, passthrough,
                commands);
        return spec;
    }

    /**
     * The pass-through engines' command options: {@code sg_write_mode} (engines/sg.c), {@code
     * write_mode}, {@code cmd_type} and {@code verify_bytchk} (engines/io_uring.c), {@code readfua}
     * and {@code writefua} (both), each refused where fio's engine refuses it, with fio's words.
     */
    private JobSpec.Commands commands(String engine, JobSpec.Zoning zoning) {
        boolean sg = engine.equals("sg");
        boolean cmd = engine.equals("io_uring_cmd");
        if (has("sg_write_mode") && !sg) {
            throw problem("sg_write_mode", "only applies with ioengine=sg (an option of engines/sg.c)");
        }
        for (String k : List.of("write_mode", "cmd_type", "verify_bytchk")) {
            if (has(k) && !cmd) {
                throw problem(k, "only applies with ioengine=io_uring_cmd (an option of engines/io_uring.c)");
            }
        }
        for (String k : List.of("readfua", "writefua")) {
            if (has(k) && !sg && !cmd) {
                throw problem(k, "only applies with ioengine=sg or io_uring_cmd, whose commands carry the FUA bit");
            }
        }
        boolean readFua = bool("readfua", false);
        boolean writeFua = bool("writefua", false);
        List<JobSpec.Commands.Share> writes = new ArrayList<>();
        if (sg) {
            io.iopath.request.DriveCommand c = sgWriteMode(text("sg_write_mode", "write").strip());
            if (c != null) {
                writes.add(new JobSpec.Commands.Share(c, 100));
            }
        } else if (cmd) {
            String type = text("cmd_type", "nvme").strip();
            if (!type.equals("nvme") && !type.equals("bsg")) {
                throw expected("cmd_type", "nvme or bsg");
            }
            String bytchk = text("verify_bytchk", "0").strip();
            if (!List.of("0", "1", "3").contains(bytchk)) {
                throw expected("verify_bytchk", "0, 1 or 3");
            }
            writes = writeMode(text("write_mode", "write").strip(), type.equals("bsg"), bytchk);
            boolean verifyMode = writes.size() == 1 && writes.get(0).command() != null
                    && writes.get(0).command().verifiesOnly();
            if (type.equals("bsg") && verifyMode && writeFua) {
                throw problem("writefua", "is not supported with write_mode=verify for bsg (fio refuses it too)");
            }
            if (!bytchk.equals("0") && !(type.equals("bsg") && verifyMode)) {
                throw problem("verify_bytchk", "is only supported with write_mode=verify for bsg (fio refuses it too)");
            }
            boolean append = writes.stream().anyMatch(w -> w.command() == io.iopath.request.DriveCommand.ZONE_APPEND);
            if (append && zoning.mode() != JobSpec.Zoning.Mode.ZBD) {
                throw problem("write_mode", "zone_append requires zonemode=zbd (fio: \"io_uring_cmd with write_mode=zone_append requires zonemode=zbd\")");
            }
        }
        int numRange = numRange(engine);
        return new JobSpec.Commands(writes, readFua, writeFua, numRange, placement(engine), lbaFormat, prAct);
    }

    /**
     * NVMe flexible data placement ({@code fdp}, {@code dataplacement}, {@code plid_select},
     * {@code plids}, {@code dp_scheme}) as fio reads and sets it up: init.c {@code fixup_options}
     * ({@code fdp=1} is {@code dataplacement=fdp}, and refuses streams or none beside it);
     * filesetup.c {@code setup_files} → dataplacement.c {@code dp_init} → {@code init_ruh_info},
     * which fetches the drive's Reclaim Unit Handle Status through the engine ({@code
     * fdp_fetch_ruhs}: only io_uring_cmd with cmd_type=nvme, engines/io_uring.c {@code
     * fio_ioring_cmd_fetch_ruhs}, and xnvme have it) and fails the job when it cannot: an engine
     * without it, a drive without FDP (the IO Management Receive fails: engines/nvme.c {@code
     * fio_nvme_iomgmt_ruhs}, ENOTSUP), an index in {@code plids} past the handles. fio fails such a
     * job at set-up; iopath refuses it before the run, with fio's words.
     *
     * @return the writes' placement, or null without data placement
     */
    private JobSpec.Commands.Placement placement(String engine) {
        boolean fdp = bool("fdp", false);
        String typeKey = alias("dataplacement", "data_placement");
        String selectKey = alias("plid_select", "fdp_pli_select");
        String idsKey = alias("plids", "fdp_pli");
        String type = text(typeKey, "none").strip();
        if (!List.of("none", "fdp", "streams").contains(type)) {
            throw expected(typeKey, "none, fdp or streams");
        }
        String select = text(selectKey, "roundrobin").strip();
        if (!List.of("roundrobin", "random", "scheme").contains(select)) {
            throw expected(selectKey, "roundrobin, random or scheme");
        }
        List<Integer> indices = null;
        if (has(idsKey)) {
            try {
                indices = DataPlacement.indices(text(idsKey, ""));
            } catch (IllegalArgumentException e) {
                throw expected(idsKey, "placement ID indices such as 0,1,2-4 (fio: " + e.getMessage() + ")");
            }
        }
        java.nio.file.Path schemeFile = null;
        if (has("dp_scheme")) {
            // options.c str_dp_scheme_cb: the file must exist and be a regular file when the option is read
            String name = text("dp_scheme", "").strip();
            schemeFile = java.nio.file.Path.of(name); // fio opens it from where it runs
            if (!java.nio.file.Files.exists(schemeFile, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                throw problem("dp_scheme", "fio: lstat() error related to " + name);
            }
            if (!java.nio.file.Files.isRegularFile(schemeFile, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                throw problem("dp_scheme", "fio: " + name + " is not a file");
            }
        }
        if (fdp) {
            if (has(typeKey) && !type.equals("fdp")) {
                throw problem(typeKey, "fdp=1 is not compatible with dataplacement={streams, none} (fio: init.c fixup_options)");
            }
            type = "fdp";
        }
        if (type.equals("none")) {
            return null; // fio reads plids and plid_select but places nothing
        }
        String key = fdp ? "fdp" : typeKey;
        if (type.equals("streams")) {
            throw problem(typeKey, "dataplacement=streams writes with the NVMe Streams directive (DTYPE 1h), which iopath's "
                    + "drives do not have (the flash drive has flexible data placement: dataplacement=fdp, docs/flash.md)");
        }
        if (has("read_iolog")) {
            throw problem(key, "data placement of a replayed iolog's writes (iolog.c) is not simulated yet");
        }
        if (text("ioengine", "").strip().equals("xnvme") && !engine.equals("io_uring_cmd")) {
            throw problem(key, "xNVMe's block-layer interface (xnvme_async / xnvme_sync) sends plain reads and "
                    + "writes, which carry no placement directive; give xnvme_async=io_uring_cmd");
        }
        if (!engine.equals("io_uring_cmd")) {
            throw problem(key, "fio fails the job at set-up: \"engine (" + engine + ") lacks fetch ruhs\" (dataplacement.c "
                    + "fdp_ruh_info): only io_uring_cmd (cmd_type=nvme) and xnvme fetch the drive's Reclaim Unit Handle Status");
        }
        if (engine.equals("io_uring_cmd") && text("cmd_type", "nvme").strip().equals("bsg")) {
            throw problem(key, "fio fails the job at set-up: \"This cmd_type does not support fetch_ruhs\" (engines/io_uring.c "
                    + "fio_ioring_cmd_fetch_ruhs): FDP is NVMe's, give cmd_type=nvme");
        }
        if (driveFdpHandles == 0) {
            throw problem(key, "fio fails the job at set-up: \"fdp fetch ruhs failed\" (engines/nvme.c fio_nvme_iomgmt_ruhs: "
                    + "the drive has no flexible data placement, so its Reclaim Unit Handle Status cannot be read, ENOTSUP); "
                    + "give a flash drive with FDP (--drive ssd-msr-fdp, or drive.fdp_handles; docs/flash.md)");
        }
        // the drive's Reclaim Unit Handle Status lists handle i as placement identifier i (one reclaim group)
        List<Integer> ids = new ArrayList<>();
        if (indices == null) {
            for (int i = 0; i < Math.min(driveFdpHandles, DataPlacement.MAX_IDS); i++) {
                ids.add(i);
            }
        } else {
            for (int i : indices) {
                if (i >= driveFdpHandles) {
                    throw problem(idsKey, "fio fails the job at set-up: \"PID index " + i + " must be smaller than "
                            + driveFdpHandles + "\" (dataplacement.c init_ruh_info): the drive has " + driveFdpHandles
                            + " reclaim unit handles");
                }
                ids.add(i);
            }
        }
        List<JobSpec.Commands.SchemeEntry> scheme = null;
        if (select.equals("scheme")) {
            // dataplacement.c init_ruh_scheme
            if (schemeFile == null) {
                throw problem(selectKey, "fio fails the job at set-up: \"ruh scheme failed to open scheme file\": give dp_scheme");
            }
            try {
                scheme = DataPlacement.scheme(java.nio.file.Files.readString(schemeFile, java.nio.charset.StandardCharsets.ISO_8859_1));
            } catch (java.io.IOException e) {
                throw problem("dp_scheme", "fio: ruh scheme failed to open scheme file " + schemeFile);
            }
        }
        return new JobSpec.Commands.Placement(select.equals("random"), ids, scheme);
    }

    /**
     * {@code num_range}: the ranges of one trim (a multi-range NVMe Dataset Management). fio
     * (init.c {@code fixup_options}) refuses it above 1 with trimwrite ("trimwrite cannot be used
     * with multiple ranges") and with an engine without FIO_MULTI_RANGE_TRIM (only io_uring_cmd has
     * it: "can't use multiple ranges with IO engine"); with cmd_type=bsg fio's UNMAP carries one
     * block descriptor (engines/bsg.c), so iopath refuses it there; on a read or write job fio does
     * not use it.
     */
    private int numRange(String engine) {
        int n = (int) integer("num_range", 1, 1, 256);
        if (n == 1) {
            return 1;
        }
        String rw = text(alias("rw", "readwrite"), "read").strip();
        int colon = rw.indexOf(':');
        String base = colon < 0 ? rw : rw.substring(0, colon).strip();
        if (base.equals("trimwrite") || base.equals("randtrimwrite")) {
            throw problem("num_range", "trimwrite cannot be used with multiple ranges (fio: init.c fixup_options)");
        }
        if (!base.equals("trim") && !base.equals("randtrim")) {
            return 1; // fio fills multiple ranges only for trims
        }
        if (!engine.equals("io_uring_cmd")) {
            throw problem("num_range", "can't use multiple ranges with IO engine " + engine
                    + " (fio: only io_uring_cmd has FIO_MULTI_RANGE_TRIM)");
        }
        if (text("cmd_type", "nvme").strip().equals("bsg")) {
            throw problem("num_range", "cmd_type=bsg trims with SCSI UNMAP of one block descriptor (engines/bsg.c), "
                    + "so a trim of " + n + " ranges is not what fio sends; use cmd_type=nvme");
        }
        return n;
    }

    /** engines/sg.c's {@code sg_write_mode} values (their deprecated names too); null for plain WRITE. */
    private io.iopath.request.DriveCommand sgWriteMode(String v) {
        return switch (v) {
            case "write" -> null;
            case "write_and_verify", "verify" -> io.iopath.request.DriveCommand.WRITE_AND_VERIFY;
            case "write_same", "same" -> io.iopath.request.DriveCommand.WRITE_SAME;
            case "write_same_ndob" -> io.iopath.request.DriveCommand.WRITE_ZEROES;
            case "verify_bytchk_00" -> io.iopath.request.DriveCommand.VERIFY;
            case "verify_bytchk_01" -> io.iopath.request.DriveCommand.VERIFY_COMPARE;
            case "verify_bytchk_11" -> io.iopath.request.DriveCommand.VERIFY_COMPARE_ONE_BLOCK;
            case "write_stream" -> throw problem("sg_write_mode", "write_stream sends WRITE STREAM(16), a write to one of "
                    + "SBC-4's streams, which a disk does not have (iopath's drives are disks; they would refuse the opcode)");
            default -> throw expected("sg_write_mode", "one of write, write_and_verify, write_same, write_same_ndob, "
                    + "verify_bytchk_00, verify_bytchk_01, verify_bytchk_11 or write_stream");
        };
    }

    /**
     * io_uring_cmd's {@code write_mode} as engines/io_uring.c {@code str_write_mode_cb} reads it:
     * one mode, or {@code MODE/PCT:MODE/PCT…} (at least two entries, blank shares splitting what
     * is left evenly, rounded down, the shares adding up to 100 when none is blank).
     */
    private List<JobSpec.Commands.Share> writeMode(String v, boolean bsg, String bytchk) {
        List<JobSpec.Commands.Share> out = new ArrayList<>();
        if (!v.contains(":")) {
            io.iopath.request.DriveCommand c = writeModeCommand(v, bsg, bytchk);
            if (c != null) {
                out.add(new JobSpec.Commands.Share(c, 100));
            }
            return out;
        }
        if (bsg) {
            throw problem("write_mode", "a mix of commands is not supported for cmd_type=bsg (fio: \"Not Support Write mode in BSG io_uring_cmd\")");
        }
        List<io.iopath.request.DriveCommand> cmds = new ArrayList<>();
        List<Integer> pct = new ArrayList<>();
        int total = 0;
        int blank = 0;
        for (String entry : v.split(":", -1)) {
            int slash = entry.indexOf('/');
            if (slash < 0) {
                throw problem("write_mode", "missing '/' in entry: " + entry + " (fio refuses it too)");
            }
            cmds.add(writeModeCommand(entry.substring(0, slash).strip(), false, bytchk));
            String p = entry.substring(slash + 1).strip();
            if (p.isEmpty()) {
                pct.add(-1);
                blank++;
            } else {
                int n;
                try {
                    n = Integer.parseInt(p.replaceAll("[^0-9-].*$", "")); // atoi
                } catch (NumberFormatException e) {
                    n = 0;
                }
                if (n < 0) {
                    throw problem("write_mode", "percentage must not be negative: " + p + " (fio refuses it too)");
                }
                pct.add(n);
                total += n;
            }
            if (cmds.size() > 5) {
                throw problem("write_mode", "too many entries (max 5; fio refuses it too)");
            }
        }
        if (total > 100) {
            throw problem("write_mode", "percentages exceed 100% (fio refuses it too)");
        }
        if (blank == 0 && total != 100) {
            throw problem("write_mode", "percentages should add up to 100% (fio refuses it too)");
        }
        for (int i = 0; i < cmds.size(); i++) {
            out.add(new JobSpec.Commands.Share(cmds.get(i), pct.get(i) < 0 ? (100 - total) / blank : pct.get(i)));
        }
        return out;
    }

    private io.iopath.request.DriveCommand writeModeCommand(String mode, boolean bsg, String bytchk) {
        io.iopath.request.DriveCommand c = switch (mode) {
            case "write" -> null;
            case "uncor" -> io.iopath.request.DriveCommand.WRITE_UNCORRECTABLE;
            case "zeroes" -> io.iopath.request.DriveCommand.WRITE_ZEROES;
            case "verify" -> !bsg || bytchk.equals("0") ? io.iopath.request.DriveCommand.VERIFY
                    : bytchk.equals("1") ? io.iopath.request.DriveCommand.VERIFY_COMPARE
                    : io.iopath.request.DriveCommand.VERIFY_COMPARE_ONE_BLOCK;
            case "zone_append" -> io.iopath.request.DriveCommand.ZONE_APPEND;
            default -> throw expected("write_mode", "write, uncor, zeroes, verify or zone_append, or a mix such as write/60:zeroes/40");
        };
        if (bsg && c != null && !c.verifiesOnly()) {
            throw problem("write_mode", mode + " is not supported for cmd_type=bsg, only write and verify (fio: \"Not Support Write mode in BSG io_uring_cmd\")");
        }
        return c;
    }

    private long loops() {
        return integer("loops", 1, 1, 1_000_000);
    }

    /** {@code stonewall} (or {@code wait_for_previous}), {@code new_group}, {@code wait_for}. */
    private JobSpec.Control control() {
        String stonewallKey = alias("stonewall", "wait_for_previous");
        boolean stonewall = bool(stonewallKey, false);
        boolean newGroup = bool("new_group", false);
        String waitFor = has("wait_for") ? text("wait_for", "").strip() : null;
        if (waitFor != null && waitFor.isEmpty()) {
            throw expected("wait_for", "the name of an earlier job");
        }
        int loops = (int) integer("loops", 1, 1, 1_000_000);
        String ioSizeKey = alias("io_size", "io_limit");
        long ioSize = has(ioSizeKey) ? size(ioSizeKey, 0, 512) : 0;
        long increment = has("offset_increment") ? size("offset_increment", 0, 0) : 0;
        String verifyAs = has("verify") ? text("verify", "").strip() : "0";
        boolean verify = !verifyAs.equals("0") && !verifyAs.equals("none") && bool("do_verify", true);
        options.node("do_verify"); // known, and only read with verify
        int backlog = (int) integer("verify_backlog", 0, 0, Integer.MAX_VALUE);
        // experimental_verify: the read-back replays the job's offsets (backend.c do_verify);
        // it is read here whatever verify says, as fio accepts it alone
        boolean experimental = bool("experimental_verify", false);
        int batch = (int) integer("verify_backlog_batch", 0, 0, Integer.MAX_VALUE);
        String process = text("rate_process", "linear").strip();
        if (!process.equals("linear") && !process.equals("poisson")) {
            throw expected("rate_process", "linear or poisson");
        }
        boolean poisson = process.equals("poisson");
        if (poisson && perDirection("rate", true).equals(List.of(0L, 0L)) && perDirection("rate_iops", false).equals(List.of(0L, 0L))) {
            throw problem("rate_process", "poisson needs rate or rate_iops: the mean of its arrivals");
        }
        int flowId = (int) integer("flow_id", 0, 0, Integer.MAX_VALUE);
        int flow = (int) integer("flow", 0, 0, 1000); // FLOW_MAX_WEIGHT
        long flowSleep = time("flow_sleep", 0, MICROSECONDS);
        return new JobSpec.Control(stonewall, newGroup, waitFor, loops, ioSize, increment, verify,
                verify ? backlog : 0, poisson, zoning(), flowId, flow, flow == 0 ? 0 : flowSleep, verify && experimental,
                verify && backlog > 0 ? batch : 0, exit(), minRate(), syncIo(),
                text("ioengine", "libaio").strip().equals("mtd") ? mtd() : null);
    }

    /**
     * Options of fio's mtd engine jobs, read only for them (a job file's reader lists them as
     * ignored elsewhere): the engine's {@code skip_bad}, the trim block size ({@code bs=R,W,T}),
     * {@code continue_on_error} and {@code ignore_error} (options.c {@code str_ignore_error_cb}:
     * comma-separated read, write, verify lists of ':'-separated names or numbers; a non-empty
     * list sets that type's continue_on_error bit) and {@code block_error_percentiles}.
     */
    static final List<String> MTD_ONLY = List.of("skip_bad", "continue_on_error", "ignore_error", "block_error_percentiles",
            "gtod_reduce");

    private JobSpec.Mtd mtd() {
        boolean skipBad = has("skip_bad") && bool("skip_bad", false);
        String bsKey = alias("bs", "blocksize");
        long trim = 0;
        if (has(bsKey)) {
            String[] parts = split(text(bsKey, "4k"));
            String p = parts.length >= 3 ? parts[2] : parts.length == 2 ? parts[1] : parts[0];
            trim = p.isEmpty() ? 4096 : blockSizeValue(bsKey, p);
        }
        int bits = 0;
        if (has("continue_on_error")) {
            String v = text("continue_on_error", "none").strip().toLowerCase(java.util.Locale.ROOT);
            bits = switch (v) {
                case "none", "0" -> 0;
                case "read" -> 1;
                case "write" -> 2;
                case "io" -> 3;
                case "verify" -> 4;
                case "all", "1" -> 0xffff;
                default -> throw expected("continue_on_error", "one of none, read, write, io, verify, all, 0, 1");
            };
        }
        List<List<Integer>> ignore = new ArrayList<>(List.of(List.of(), List.of(), List.of()));
        if (has("ignore_error")) {
            String[] types = text("ignore_error", "").strip().split(",", -1);
            if (types.length > 3) {
                throw expected("ignore_error", "at most three lists (read, write, verify), separated by ','"); // options.c: "Illegal error type"
            }
            for (int t = 0; t < types.length; t++) {
                List<Integer> errs = new ArrayList<>();
                for (String e : types[t].split(":", -1)) {
                    String n = e.strip();
                    if (n.isEmpty()) {
                        break; // ignore_error_type stops at the first empty name
                    }
                    int errno = errnoNamed(n);
                    if (errno == 0) {
                        throw expected("ignore_error", "error names such as EIO or numbers (fio: \"Unknown error " + n
                                + ", please use number value\")");
                    }
                    errs.add(errno);
                }
                if (!errs.isEmpty()) {
                    bits |= 1 << t;
                    ignore.set(t, List.copyOf(errs));
                }
            }
        }
        options.node("block_error_percentiles");
        boolean blockInfos = has("block_error_percentiles") && bool("block_error_percentiles", false);
        boolean gtodReduce = has("gtod_reduce") && bool("gtod_reduce", false);
        return new JobSpec.Mtd(skipBad, trim, bits, ignore, blockInfos, gtodReduce);
    }

    /** options.c {@code str2error}: an errno by its name (Linux numbering) or number; 0 when unknown. */
    private static int errnoNamed(String n) {
        if (!n.startsWith("E")) {
            try {
                return Math.abs(n.startsWith("0x") || n.startsWith("0X") ? Integer.parseInt(n.substring(2), 16) : Integer.parseInt(n));
            } catch (NumberFormatException e) {
                return 0;
            }
        }
        return switch (n) {
            case "EPERM" -> 1;
            case "ENOENT" -> 2;
            case "EIO" -> 5;
            case "ENXIO" -> 6;
            case "EBADF" -> 9;
            case "EAGAIN", "EWOULDBLOCK" -> 11;
            case "ENOMEM" -> 12;
            case "EACCES" -> 13;
            case "EFAULT" -> 14;
            case "EBUSY" -> 16;
            case "ENODEV" -> 19;
            case "EINVAL" -> 22;
            case "ENOTTY" -> 25;
            case "EFBIG" -> 27;
            case "ENOSPC" -> 28;
            case "EROFS" -> 30;
            case "EILSEQ" -> 84;
            case "EOPNOTSUPP" -> 95;
            case "ETIMEDOUT" -> 110;
            case "EUCLEAN" -> 117;
            case "EBADMSG" -> 74;
            default -> 0;
        };
    }

    /** fio's {@code sync}: none / 0, sync / 1 (O_SYNC), dsync (O_DSYNC); a bare flag is 1. */
    private JobSpec.SyncIo syncIo() {
        if (!has("sync")) {
            return JobSpec.SyncIo.NONE;
        }
        String v = text("sync", "").strip().toLowerCase(java.util.Locale.ROOT);
        return switch (v) {
            case "none", "0", "false", "off" -> JobSpec.SyncIo.NONE;
            case "", "sync", "1", "true", "on" -> JobSpec.SyncIo.SYNC;
            case "dsync" -> JobSpec.SyncIo.DSYNC;
            default -> throw expected("sync", "none (0), sync (1: O_SYNC) or dsync (O_DSYNC)");
        };
    }

    /** fio's {@code exitall}, {@code exit_what} (options.c: group, stonewall, all; default group) and {@code exitall_on_error}. */
    private JobSpec.Exit exit() {
        boolean all = bool("exitall", false);
        boolean onError = bool("exitall_on_error", false);
        String whatText = text("exit_what", "group").strip();
        JobSpec.ExitWhat what = switch (whatText) {
            case "group" -> JobSpec.ExitWhat.GROUP;
            case "stonewall" -> JobSpec.ExitWhat.STONEWALL;
            case "all" -> JobSpec.ExitWhat.ALL;
            default -> throw expected("exit_what", "group, stonewall or all");
        };
        return new JobSpec.Exit(all, what, onError);
    }

    /**
     * fio's {@code rate_min} (alias {@code ratemin}), {@code rate_iops_min} and {@code ratecycle}
     * (ms, default 1000), checked as init.c {@code fixup_options} does: a minimum in bytes and one
     * in IOs are exclusive (as {@code rate} and {@code rate_iops}), and a minimum above its rate is
     * an error.
     */
    private JobSpec.MinRate minRate() {
        String key = alias("rate_min", "ratemin");
        List<Long> bytes = perDirection(key, true);
        List<Long> iops = perDirection("rate_iops_min", false);
        long cycle = integer("ratecycle", 1000, 1, Integer.MAX_VALUE);
        List<Long> rate = perDirection("rate", true);
        List<Long> rateIops = perDirection("rate_iops", false);
        if (!bytes.equals(List.of(0L, 0L)) && !iops.equals(List.of(0L, 0L))) {
            throw problem("rate_iops_min", "and " + key + " are exclusive (fio: \"rate and rate_iops are mutually exclusive\")");
        }
        for (int d = 0; d < 2; d++) {
            if (rate.get(d) > 0 && rate.get(d) < bytes.get(d) || rateIops.get(d) > 0 && rateIops.get(d) < iops.get(d)) {
                throw problem(rate.get(d) > 0 && rate.get(d) < bytes.get(d) ? key : "rate_iops_min",
                        "is above the job's rate for " + (d == 0 ? "reads" : "writes") + " (fio: \"minimum rate exceeds rate\")");
            }
        }
        return new JobSpec.MinRate(bytes, iops, cycle);
    }

    /**
     * fio's {@code zonemode} and the zone options (init.c {@code fixup_options}: zonesize
     * without zonemode means strided; strided needs zonesize; zonerange defaults to zonesize).
     */
    private JobSpec.Zoning zoning() {
        String modeText = has("zonemode") ? text("zonemode", "none").strip() : null;
        long zoneSize = has("zonesize") ? size("zonesize", 0, 0) : 0;
        long range = has("zonerange") ? size("zonerange", 0, 0) : 0;
        long skip = has("zoneskip") ? size("zoneskip", 0, 0) : 0;
        long capacity = has("zonecapacity") ? size("zonecapacity", 0, 0) : 0;
        String maxKey = alias("max_open_zones", "zbd_max_open_zones");
        int maxOpen = (int) integer(maxKey, 0, 0, 4096); // ZBD_MAX_WRITE_ZONES
        int jobMaxOpen = (int) integer("job_max_open_zones", 0, 0, 4096);
        double threshold = fraction("zone_reset_threshold");
        double frequency = fraction("zone_reset_frequency");
        boolean beyond = bool("read_beyond_wp", false);
        JobSpec.Zoning.Mode mode;
        if (modeText == null) {
            mode = zoneSize > 0 ? JobSpec.Zoning.Mode.STRIDED : JobSpec.Zoning.Mode.NONE;
        } else {
            mode = switch (modeText) {
                case "none" -> JobSpec.Zoning.Mode.NONE;
                case "strided" -> JobSpec.Zoning.Mode.STRIDED;
                case "zbd" -> JobSpec.Zoning.Mode.ZBD;
                default -> throw expected("zonemode", "none, strided or zbd");
            };
        }
        if (mode == JobSpec.Zoning.Mode.NONE) {
            return JobSpec.Zoning.NONE;
        }
        if (mode == JobSpec.Zoning.Mode.STRIDED && zoneSize == 0) {
            throw problem("zonemode", "strided needs zonesize (fio: \"--zonesize must be specified when using --zonemode=strided\")");
        }
        if (mode == JobSpec.Zoning.Mode.STRIDED && text(alias("rw", "readwrite"), "read").strip().startsWith("rand")) {
            throw problem("zonemode", "strided with random IO (random offsets inside each zonerange) is not modelled yet; sequential IO is");
        }
        if (mode == JobSpec.Zoning.Mode.STRIDED && range == 0) {
            range = zoneSize;
        }
        if (capacity > 0 && zoneSize > 0 && capacity > zoneSize) {
            throw problem("zonecapacity", "is larger than zonesize (fio: \"job parameter zonecapacity ... is larger than zone size\")");
        }
        if (mode == JobSpec.Zoning.Mode.ZBD) {
            boolean direct = has("direct") ? bool("direct", true) : !(has("buffered") && bool("buffered", false));
            if (!direct) {
                throw problem(has("direct") ? "direct" : "buffered", "zonemode=zbd writes need direct=1 (fio: \"Using direct I/O is mandatory for writing to ZBD drives\")");
            }
            if (zoneSize > 0 && zoneSize % 512 != 0) {
                throw expected("zonesize", "a multiple of 512 bytes");
            }
        }
        return new JobSpec.Zoning(mode, zoneSize, range, skip, capacity, maxOpen, jobMaxOpen, threshold, frequency, beyond);
    }

    /** A value in [0, 1] such as 0.7 (zone_reset_threshold, zone_reset_frequency); 0 when absent. */
    private double fraction(String key) {
        if (!has(key)) {
            return 0;
        }
        try {
            double v = Double.parseDouble(text(key, "0").strip());
            if (v >= 0 && v <= 1) {
                return v;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw expected(key, "a fraction from 0 to 1, such as 0.7");
    }

    /**
     * filename, nrfiles, filesize, end_fsync, create_on_open, unlink, invalidate; returns the
     * job's total size (fio: {@code size} is the total over the files, {@code filesize} each one).
     */
    private long fileOptions(String name, int numjobs, int fsync, int fdatasync, long size, long maxBs) {
        int nrfiles = (int) integer("nrfiles", 1, 1, 1_000_000);
        List<String> names;
        if (has("filename")) {
            names = new java.util.ArrayList<>();
            for (String n : text("filename", "").split(":")) {
                String t = n.strip();
                while (t.startsWith("/")) {
                    t = t.substring(1);
                }
                if (t.isEmpty() || t.contains("/")) {
                    throw expected("filename", "file names in the file system's root, ':'-separated, such as data.0:data.1");
                }
                names.add(t);
            }
        } else {
            names = FileJobSpec.defaultNames(name, 0, nrfiles);
        }
        if (has("read_iolog")) {
            // t/jobs/t0031: an iolog replayed on a named file; iopath replays traces on the drive
            throw problem("read_iolog", "replays a trace on the file system's files, which iopath does not simulate yet; "
                    + "with direct=1 and a /dev/ filename it replays on the drive");
        }
        if (!has("size") && !has("filesize")) {
            throw problem("filesize", "expected size or filesize: how large the job's files are");
        }
        long fileSize = has("filesize") ? size("filesize", 0, 4096) : size / names.size();
        // filesetup.c setup_files: "if (!o->size || (total_size && o->size > total_size)) o->size = total_size"
        long total = has("size") ? Math.min(size, fileSize * names.size()) : fileSize * names.size();
        if (fileSize < maxBs) {
            throw problem("filesize", "expected at least the largest block size (" + maxBs + " bytes), got " + fileSize);
        }
        // named files are shared by the clones; fio's default names are each clone's own
        long copies = has("filename") ? 1 : Math.max(1, numjobs);
        if (fileSize * names.size() * copies > capacityBytes * 9 / 10) {
            throw problem(has("filesize") ? "filesize" : "size", "the job's files (" + fileSize * names.size() * copies
                    + " bytes) do not fit in the file system (" + capacityBytes + " bytes)");
        }
        boolean endFsync = bool("end_fsync", false);
        boolean createOnOpen = bool("create_on_open", false);
        boolean unlink = bool("unlink", false);
        boolean invalidate = bool("invalidate", true);
        files = new FileJobSpec(names, fileSize, fsync, fdatasync, endFsync, createOnOpen, unlink, invalidate, has("filename"));
        return total;
    }

    /**
     * fio's {@code prioclass} (0 none, 1 RT, 2 BE, 3 IDLE) and {@code prio} (0..7, 0 highest),
     * combined as fio does (str_prio_cb / ioprio_value): {@code prio} alone means best effort,
     * {@code prioclass} alone means level 0 of that class; neither leaves the job at class NONE,
     * which the schedulers treat as best effort 4, as the kernel does for nice 0.
     */
    private int ioprio() {
        boolean hasClass = has("prioclass");
        boolean hasLevel = has("prio");
        int cls = (int) integer("prioclass", IoPrio.CLASS_NONE, IoPrio.CLASS_NONE, IoPrio.CLASS_IDLE);
        int level = (int) integer("prio", 0, 0, IoPrio.LEVELS - 1);
        if (!hasClass && !hasLevel) {
            return IoPrio.NONE;
        }
        if (cls == IoPrio.CLASS_NONE && hasLevel) {
            cls = IoPrio.CLASS_BE;
        }
        return IoPrio.of(cls, level);
    }

    /** {@code percentile_list=1:50:99.9}: up to 20 values in (0, 100], as fio allows. */
    private List<Double> percentiles() {
        if (!has("percentile_list")) {
            return JobSpec.DEFAULT_PERCENTILES;
        }
        String[] parts = text("percentile_list", "").strip().split(":");
        List<Double> out = new ArrayList<>();
        for (String p : parts) {
            double v;
            try {
                v = Double.parseDouble(p.strip());
            } catch (NumberFormatException e) {
                throw expected("percentile_list", "percentages separated by ':', such as 50:99:99.9");
            }
            if (!(v > 0 && v <= 100) || out.size() == 20) {
                throw expected("percentile_list", "at most 20 percentages in (0, 100]");
            }
            out.add(v);
        }
        java.util.Collections.sort(out);
        return out;
    }

    private JobSpec.ReplaySpec replay() {
        if (!has("read_iolog")) {
            for (String k : List.of("replay_no_stall", "replay_time_scale", "trace_format", "replay_device", "replay_beyond_capacity")) {
                if (has(k)) {
                    throw problem(k, "only applies with read_iolog (a trace to replay)");
                }
            }
            return null;
        }
        String file = text("read_iolog", null).strip();
        String format = has("trace_format") ? text("trace_format", null).strip() : null;
        if (format != null && !TraceFormat.byId(format).isPresent()) {
            throw expected("trace_format", "one of " + String.join(", ", TraceFormat.ids()));
        }
        boolean noStall = bool("replay_no_stall", false);
        long percent = integer("replay_time_scale", 100, 1, 1_000_000);
        long device = has("replay_device") ? integer("replay_device", -1, 0, Integer.MAX_VALUE) : -1;
        String beyond = text("replay_beyond_capacity", "wrap").strip();
        if (!beyond.equals("wrap") && !beyond.equals("scale")) {
            throw expected("replay_beyond_capacity", "wrap or scale");
        }
        return new JobSpec.ReplaySpec(file, format, noStall, percent / 100.0, device, beyond);
    }

    /** The job's trims are zone resets (rw=trim / randtrim with zonemode=zbd): block sizes up to a zone's. */
    private boolean zoneResetSizes;

    private BlockSizes blockSizes() {
        String bsKey = alias("bs", "blocksize");
        String rangeKey = alias("bsrange", "blocksize_range");
        long[] fixed = {4096, 4096, 4096};
        if (has(bsKey)) {
            String[] parts = split(text(bsKey, "4k"));
            for (int d = 0; d < 3; d++) {
                String p = parts[Math.min(d, parts.length - 1)];
                if (parts.length > 1 && d < parts.length && parts[d].isEmpty()) {
                    continue; // "bs=,8k": reads keep the default
                }
                fixed[d] = blockSizeValue(bsKey, p);
            }
        }
        BlockSizes.Choice[] choice = {BlockSizes.Choice.fixed(fixed[0]), BlockSizes.Choice.fixed(fixed[1]), BlockSizes.Choice.fixed(fixed[2])};
        if (has(rangeKey)) {
            String[] parts = split(text(rangeKey, ""));
            for (int d = 0; d < 3; d++) {
                String p = parts[Math.min(d, parts.length - 1)];
                if (p.isEmpty()) {
                    continue;
                }
                int dash = p.indexOf('-');
                if (dash < 0) {
                    throw expected(rangeKey, "MIN-MAX such as 4k-64k (per direction: read,write,trim)");
                }
                long lo = blockSizeValue(rangeKey, p.substring(0, dash));
                long hi = blockSizeValue(rangeKey, p.substring(dash + 1));
                if (hi < lo) {
                    throw expected(rangeKey, "MIN-MAX with MIN <= MAX");
                }
                choice[d] = new BlockSizes.Choice(lo, hi, List.of(), List.of());
            }
        }
        if (has("bssplit")) {
            String[] parts = split(text("bssplit", ""));
            for (int d = 0; d < 3; d++) {
                String p = parts[Math.min(d, parts.length - 1)];
                if (p.isEmpty()) {
                    continue;
                }
                choice[d] = bssplit(p);
            }
        }
        return new BlockSizes(choice[0], choice[1], choice[2]);
    }

    private BlockSizes.Choice bssplit(String p) {
        List<Long> sizes = new ArrayList<>();
        List<Integer> pct = new ArrayList<>();
        int given = 0;
        int unspecified = 0;
        for (String entry : p.split(":")) {
            int slash = entry.indexOf('/');
            String s = slash < 0 ? entry : entry.substring(0, slash);
            sizes.add(blockSizeValue("bssplit", s));
            if (slash < 0 || entry.substring(slash + 1).isBlank()) {
                pct.add(-1);
                unspecified++;
            } else {
                int v;
                try {
                    v = Integer.parseInt(entry.substring(slash + 1).strip());
                } catch (NumberFormatException e) {
                    throw expected("bssplit", "SIZE/PERCENT entries separated by ':', such as 4k/30:64k/70");
                }
                if (v < 0 || v > 100) {
                    throw expected("bssplit", "percentages from 0 to 100");
                }
                pct.add(v);
                given += v;
            }
        }
        if (given > 100 || (unspecified == 0 && given != 100)) {
            throw expected("bssplit", "percentages that add up to 100, got " + given);
        }
        // fio shares what is left equally among entries without a percentage.
        int left = 100 - given;
        int seen = 0;
        for (int i = 0; i < pct.size(); i++) {
            if (pct.get(i) < 0) {
                seen++;
                int share = left / unspecified + (seen <= left % unspecified ? 1 : 0);
                pct.set(i, share);
            }
        }
        long min = sizes.stream().mapToLong(Long::longValue).min().orElseThrow();
        long max = sizes.stream().mapToLong(Long::longValue).max().orElseThrow();
        return new BlockSizes.Choice(min, max, sizes, pct);
    }

    private long blockSizeValue(String key, String text) {
        long v;
        try {
            v = Units.parseFioSize(text);
        } catch (IllegalArgumentException e) {
            throw expectedSize(key, Units.SIZE_FORMAT);
        }
        // a bio's size is capped; a zbd trim sends none (a zone reset), and its size is a zone's
        long cap = zoneResetSizes ? 4L << 30 : 64L << 20;
        if (v < sectorBytes || v % sectorBytes != 0 || v > cap) {
            throw expected(key, "a multiple of " + sectorBytes + " bytes up to " + (zoneResetSizes ? "4g (a trim under zonemode=zbd resets a zone)" : "64m"));
        }
        return v;
    }

    private long offsetOption() {
        if (!has("offset")) {
            return 0;
        }
        String t = text("offset", "0").strip();
        long offset;
        try {
            // options.c str_offset_cb: 0% is a start_offset_percent of 0, the drive's start
            offset = t.endsWith("%") ? (isZeroPercent(t) ? 0 : percentOf(t)) : t.endsWith("z") ? zones("offset", t) : Units.parseFioSize(t);
        } catch (IllegalArgumentException e) {
            throw expectedSize("offset", Units.SIZE_FORMAT);
        }
        if (offset % sectorBytes != 0 || offset >= capacityBytes) {
            throw expected("offset", "a sector-aligned offset inside the drive's " + capacityBytes + " bytes");
        }
        return offset;
    }

    private long sizeOption(long offset, long minBs) {
        if (!has("size")) {
            return capacityBytes - offset;
        }
        String t = text("size", "").strip();
        long size;
        try {
            size = t.endsWith("%") ? percentOf(t) : t.endsWith("z") ? zones("size", t) : Units.parseFioSize(t);
        } catch (IllegalArgumentException e) {
            throw expectedSize("size", Units.SIZE_FORMAT);
        }
        if (size < minBs) {
            throw expected("size", "at least one block (" + minBs + " bytes)");
        }
        return size;
    }

    /**
     * fio's zone-unit sizes ({@code offset=524z}, {@code size=8z}): a count of zones of
     * {@code zonesize} (options.c ZONE_BASE_VAL, zbd_recalc_options_with_zone_granularity).
     */
    private long zones(String key, String t) {
        long n = Long.parseLong(t.substring(0, t.length() - 1).strip());
        if (!has("zonesize") && driveZoneBytes > 0 && text("zonemode", "none").strip().equals("zbd")) {
            return n * driveZoneBytes;
        }
        if (!has("zonesize")) {
            throw problem(key, "a size in zones ('" + t + "') needs zonesize");
        }
        return n * size("zonesize", 0, 4096);
    }

    private static boolean isZeroPercent(String t) {
        return Double.parseDouble(t.substring(0, t.length() - 1).strip()) == 0;
    }

    private long percentOf(String t) {
        double pct = Double.parseDouble(t.substring(0, t.length() - 1).strip());
        if (!(pct > 0 && pct <= 100)) {
            throw new IllegalArgumentException();
        }
        return (long) (capacityBytes * pct / 100) / sectorBytes * sectorBytes;
    }

    private List<Long> perDirection(String key, boolean isSize) {
        if (!has(key)) {
            return List.of(0L, 0L);
        }
        String[] parts = split(text(key, ""));
        long[] v = new long[2];
        for (int d = 0; d < 2; d++) {
            String p = parts[Math.min(d, parts.length - 1)];
            if (p.isEmpty()) {
                continue;
            }
            try {
                v[d] = isSize ? Units.parseFioSize(p) : Long.parseLong(p.strip());
            } catch (IllegalArgumentException e) {
                throw expected(key, isSize ? "a bandwidth such as 10m (bytes/s; per direction: read,write)"
                        : "IOs per second such as 100 (per direction: read,write)");
            }
            if (v[d] < 0) {
                throw expected(key, "a positive value");
            }
        }
        return List.of(v[0], v[1]);
    }

    /**
     * {@code sprandom=1} (SanDisk's SPRandom preconditioning, sprandom.c; workload.job.SpRandom):
     * init.c {@code fixup_options} needs random writes and norandommap (set when not given);
     * {@code random_distribution} does not apply to its writes (io_u.c {@code get_next_rand_offset}
     * asks sprandom first). Reads with it (randrw) would be drawn uniformly by fio; iopath refuses
     * the mix rather than give both directions one generator.
     */
    private RandomDistribution spRandom() {
        String rw = text(alias("rw", "readwrite"), "read").strip();
        if (!rw.equals("randwrite")) {
            throw problem("sprandom", "needs rw=randwrite (fio: \"sprandom requires random write\"; iopath does not mix it"
                    + " with reads), got rw=" + rw);
        }
        if (has("norandommap") && !bool("norandommap", true)) {
            throw problem("norandommap", "must be 1 with sprandom (fio: \"sprandom requires norandommap=1\")");
        }
        if (has("random_distribution")) {
            text("random_distribution", "random"); // read, and overridden: sprandom draws the writes
        }
        double op;
        try {
            op = Double.parseDouble(text("spr_op", "0.15").strip());
        } catch (NumberFormatException e) {
            throw expected("spr_op", "an over-provisioning fraction such as 0.15");
        }
        if (!(op > 0 && op < 1)) {
            throw expected("spr_op", "an over-provisioning fraction above 0 and below 1, such as 0.15");
        }
        int regions = (int) integer("spr_num_regions", 100, 1, 1_000_000);
        long cache = size("spr_cs", 0, 0);
        return RandomDistribution.spRandom(new RandomDistribution.SpRandom(op, regions, cache));
    }

    private RandomDistribution distribution() {
        String t = text("random_distribution", "random").strip();
        if (t.startsWith("zoned:") || t.startsWith("zoned_abs:")) {
            return zonedDistribution(t);
        }
        String[] p = t.split(":");
        try {
            return switch (p[0]) {
                case "random" -> {
                    if (p.length != 1) {
                        throw new IllegalArgumentException();
                    }
                    yield RandomDistribution.UNIFORM;
                }
                case "zipf" -> {
                    double theta = Double.parseDouble(p[1]);
                    if (p.length != 2 || !(theta > 0) || theta == 1.0 || theta > 100) {
                        throw new IllegalArgumentException();
                    }
                    yield new RandomDistribution(RandomDistribution.Kind.ZIPF, theta, 0.5);
                }
                case "pareto" -> {
                    double h = Double.parseDouble(p[1]);
                    if (p.length != 2 || !(h > 0 && h < 1)) {
                        throw new IllegalArgumentException();
                    }
                    yield new RandomDistribution(RandomDistribution.Kind.PARETO, h, 0.5);
                }
                case "normal", "gauss" -> {
                    double dev = Double.parseDouble(p[1]);
                    double center = p.length > 2 ? Double.parseDouble(p[2]) : 0.5;
                    if (p.length > 3 || !(dev > 0 && dev <= 100) || !(center >= 0 && center <= 1)) {
                        throw new IllegalArgumentException();
                    }
                    yield new RandomDistribution(RandomDistribution.Kind.NORMAL, dev, center);
                }
                default -> throw new IllegalArgumentException();
            };
        } catch (RuntimeException e) {
            throw expected("random_distribution",
                    "random, zipf:THETA (THETA > 0, not 1), pareto:H (0 < H < 1) or normal:DEV[:CENTER] (DEV in % of the region)");
        }
    }

    /**
     * {@code zoned:ACCESS/SIZE:…} as fio parses it (options.c {@code split_parse_ddir},
     * {@code zone_split_ddir}): entries up to the first empty one; a size of 0 or none is
     * missing, and the missing ones share what the others leave equally (rounded down); the
     * access shares must add up to exactly 100 and the sizes to at most 100.
     */
    private RandomDistribution zonedDistribution(String t) {
        String key = "random_distribution";
        if (t.startsWith("zoned_abs:")) {
            throw problem(key, "zoned_abs (zones of absolute sizes) is not modelled; zoned:ACCESS/SIZE% is");
        }
        String body = t.substring("zoned:".length());
        if (body.contains(",")) {
            throw problem(key, "per-direction zoned splits (READ,WRITE) are not modelled; give one split for both");
        }
        List<int[]> entries = new ArrayList<>();
        for (String entry : body.split(":", -1)) {
            if (entry.isEmpty()) {
                break; // split_parse_ddir stops at an empty entry
            }
            int slash = entry.indexOf('/');
            String a = slash < 0 ? entry : entry.substring(0, slash);
            int access;
            int size = -1;
            try {
                access = Integer.parseInt(a.strip());
                if (slash >= 0) {
                    String sz = entry.substring(slash + 1).strip();
                    int v = sz.isEmpty() ? 0 : Integer.parseInt(sz.replaceAll("[^0-9].*$", "")); // atoi
                    size = v > 100 ? 100 : v == 0 ? -1 : v;
                }
            } catch (NumberFormatException e) {
                throw expected(key, "zoned:ACCESS/SIZE:… with whole percentages, such as zoned:60/10:30/20:10/70");
            }
            if (access < 0 || access > 255) {
                throw expected(key, "access percentages from 0 to 100");
            }
            entries.add(new int[] {access, size});
            if (entries.size() == 256) {
                break; // ZONESPLIT_MAX
            }
        }
        int perc = 0;
        int sperc = 0;
        int sMissing = 0;
        for (int[] e : entries) {
            perc += e[0];
            if (e[1] < 0) {
                sMissing++;
            } else {
                sperc += e[1];
            }
        }
        if (perc > 100 || sperc > 100) {
            throw problem(key, "zone_split percentages add to more than 100% (fio refuses it too)");
        }
        if (perc < 100) {
            throw problem(key, "access percentages don't add up to 100 for zoned random distribution (got=" + perc
                    + "; fio refuses it too)");
        }
        List<RandomDistribution.Zone> zones = new ArrayList<>();
        for (int[] e : entries) {
            // fio's quirk kept: a lone entry without a size gets (100 - 100) / 1 = 0, its first block only
            int size = e[1] >= 0 ? e[1] : (sMissing == 1 && entries.size() == 1 ? 0 : (100 - sperc) / sMissing);
            zones.add(new RandomDistribution.Zone(e[0], size));
        }
        return new RandomDistribution(RandomDistribution.Kind.ZONED, 0, 0.5, zones);
    }

    /**
     * The NVMe metadata and protection information options ({@link ProtectionInfo}): read with
     * fio's checks and the LBA format they imply, which the job's commands carry ({@link
     * JobSpec.Commands#format}) and the drive is formatted with (docs/drive.md, "LBA formats with
     * metadata"). They are the io_uring, io_uring_cmd and xnvme engines' options (engines/io_uring.c,
     * engines/xnvme.c); with another engine fio does not know them ("Bad option"). An extended
     * LBA whose metadata the host moves makes the job's offsets and sizes count data plus
     * metadata ({@link #sectorBytes}), as fio's do. {@code pi_chk}'s checks always pass (no
     * corruption is modelled) and cost no simulated time: the host's guard and tag work is CPU,
     * which a job on the drive is not charged for.
     */
    private void protectionInfo(long bs) {
        String given = null;
        for (String k : List.of("md_per_io_size", "pi_chk", "pi_act", "apptag", "apptag_mask")) {
            if (has(k) && given == null) {
                given = k;
            }
        }
        if (given == null) {
            return;
        }
        boolean cmd = engine.equals("io_uring_cmd"); // xnvme's too (xnvmeInterface)
        if (!cmd && !engine.equals("io_uring")) {
            throw problem(given, "only applies with ioengine=io_uring, io_uring_cmd or xnvme (an option of engines/io_uring.c "
                    + "and engines/xnvme.c; fio: \"Bad option <" + given + "=" + text(given, "").strip() + ">\")");
        }
        if (onFiles) {
            throw problem(given, "metadata goes with IO to the device, not to files on a file system");
        }
        if (text("ioengine", "").strip().equals("xnvme") && !cmd) {
            throw problem(given, "with ioengine=xnvme needs NVMe commands to carry the metadata (xnvme_async=io_uring_cmd), "
                    + "not block IO through " + engine);
        }
        long md = size("md_per_io_size", 0, 0);
        prAct = bool("pi_act", true); // engines/io_uring.c and xnvme.c: pi_act's default is 1
        ProtectionInfo.checks(text("pi_chk", ""));
        tag("apptag", 0x1234);
        long appMask = tag("apptag_mask", 0xffff); // both defaults: engines/io_uring.c's option table
        if (!cmd && md != 0 && appMask != 0xffff) {
            // engines/io_uring.c fio_ioring_init
            throw problem("apptag_mask", "must be 0xffff with ioengine=io_uring (fio: \"io_uring with metadata requires an "
                    + "apptag_mask of 0xffff\")");
        }
        try {
            lbaFormat = ProtectionInfo.format(bs, md);
        } catch (IllegalArgumentException e) {
            throw problem(md != 0 ? "md_per_io_size" : alias("blocksize", "bs"), e.getMessage());
        }
        if (lbaFormat.extended() && !cmd) {
            throw problem(alias("blocksize", "bs"), "block size " + bs + " is an extended LBA's (data and metadata in one "
                    + "buffer), which only NVMe commands address (io_uring_cmd, xnvme); a block device's IO is whole "
                    + ProtectionInfo.DATA_BYTES + "-byte sectors, its metadata in a separate buffer (md_per_io_size)");
        }
        sectorBytes = lbaFormat.hostBlockBytes(prAct);
        if (sectorBytes != ProtectionInfo.DATA_BYTES) {
            // fio's real_file_size: the namespace's blocks times lba_ext (engines/io_uring.c fio_ioring_cmd_get_file_size)
            capacityBytes = capacityBytes / ProtectionInfo.DATA_BYTES * sectorBytes;
        }
        String verify = text("verify", "none").strip();
        if (sectorBytes != ProtectionInfo.DATA_BYTES && lbaFormat.piType() > 0 && !verify.equals("none") && !verify.equals("0")) {
            // engines/io_uring.c fio_ioring_open_nvme: data->ms && data->pi_type && data->lba_ext
            throw problem("verify", "cannot be used on an extended LBA with protection information (fio: \"for extended LBA, "
                    + "verify cannot be used when E2E data protection is enabled\")");
        }
        if (sectorBytes != ProtectionInfo.DATA_BYTES && text("zonemode", "none").strip().equals("zbd")) {
            throw problem("zonemode", "zonemode=zbd on an extended LBA format (zones counted in data plus metadata) is not modelled");
        }
    }

    /** A 16-bit tag as fio's {@code FIO_OPT_INT} reads it: decimal or 0x hex. */
    private long tag(String key, long dflt) {
        Node.ScalarNode v = scalar(key);
        if (v == null) {
            return dflt;
        }
        try {
            long t = Long.decode(v.text().strip());
            if (t >= 0 && t <= 0xffff) {
                return t;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw expected(key, "a 16-bit tag such as 0x1234");
    }

    // ---- scalar helpers -------------------------------------------------------------------

    private boolean has(String key) {
        return options.has(key);
    }

    private String alias(String key, String other) {
        options.node(key);
        options.node(other);
        if (has(key) && has(other)) {
            throw problem(other, "is the same option as " + key + "; give only one");
        }
        return has(other) ? other : key;
    }

    private static String[] split(String text) {
        return text.strip().split(",", -1);
    }

    private String text(String key, String fallback) {
        Node.ScalarNode v = scalar(key);
        return v == null ? fallback : v.text();
    }

    /** The option's value, which must be a scalar (fio values are: e.g. {@code bssplit: 4k/50:64k/50}). */
    private Node.ScalarNode scalar(String key) {
        return options.scalar(key, EXPECTED.getOrDefault(key, "a single value"));
    }

    private long integer(String key, long fallback, long min, long max) {
        Node.ScalarNode v = scalar(key);
        if (v == null) {
            return fallback;
        }
        String expected = Fields.integerExpected(min, max);
        long n;
        try {
            n = Long.parseLong(v.text().strip());
        } catch (NumberFormatException e) {
            throw expected(key, expected);
        }
        if (n < min || n > max) {
            throw expected(key, expected);
        }
        return n;
    }

    private long size(String key, long fallback, long min) {
        Node.ScalarNode v = scalar(key);
        if (v == null) {
            return fallback;
        }
        long n;
        try {
            n = Units.parseFioSize(v.text());
        } catch (IllegalArgumentException e) {
            throw expectedSize(key, "a size such as 512, 4k or 1m");
        }
        if (n < min) {
            throw expected(key, "a size of at least " + min);
        }
        return n;
    }

    private long time(String key, long fallback, long bareUnitNs) {
        Node.ScalarNode v = scalar(key);
        if (v == null) {
            return fallback;
        }
        try {
            return Units.parseFioTime(v.text(), bareUnitNs);
        } catch (IllegalArgumentException e) {
            throw expected(key, "a time such as 30 (" + unitName(bareUnitNs) + "), 500us, 6ms or 2m");
        }
    }

    private static String unitName(long unitNs) {
        return unitNs == SECONDS ? "seconds" : unitNs == MICROSECONDS ? "microseconds" : unitNs + " ns";
    }

    private boolean bool(String key, boolean fallback) {
        Node.ScalarNode v = scalar(key);
        if (v == null) {
            return fallback;
        }
        if (v.text().isEmpty()) {
            return true; // fio: a bare option name in a job file sets a flag
        }
        return switch (v.text().strip().toLowerCase(Locale.ROOT)) {
            case "1", "true", "on", "yes" -> true;
            case "0", "false", "off", "no" -> false;
            default -> throw expected(key, "1 or 0 (true or false)");
        };
    }

    /** Where an error about {@code key} points: its value, or the job when it was not given. */
    private Location at(String key) {
        Node v = options.peek(key);
        return v == null ? options.location() : v.location();
    }

    private ScenarioException expected(String key, String what) {
        return expected(key, what, false);
    }

    /** As {@link #expected(String, String)} for an option whose value is a size: a leading minus is named. */
    private ScenarioException expectedSize(String key, String what) {
        return expected(key, what, true);
    }

    /**
     * "a negative size" only where a size was expected: a negative iodepth, time or count is
     * shown as written, not called a size.
     */
    private ScenarioException expected(String key, String what, boolean size) {
        Node v = options.peek(key);
        String got = v == null ? "nothing"
                : !(v instanceof Node.ScalarNode s) || s.isNull() ? v.describe()
                : size && s.text().strip().startsWith("-") ? "a negative size '" + s.text() + "'" : "'" + s.text() + "'";
        return ScenarioException.expected(at(key), options.field(key), what, got);
    }

    private ScenarioException problem(String key, String what) {
        return new ScenarioException(at(key), options.field(key), what);
    }
}
