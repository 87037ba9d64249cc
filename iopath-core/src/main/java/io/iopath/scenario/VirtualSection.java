package io.iopath.scenario;

import io.iopath.device.disk.DriveSpec;
import io.iopath.fs.FsConfig;
import io.iopath.virt.Aio;
import io.iopath.virt.CacheMode;
import io.iopath.virt.QemuConfig;
import io.iopath.virt.VirtualDiskModel;
import io.iopath.workload.FileJobSpec;
import io.iopath.workload.JobSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads the {@code qemu:} and {@code guest:} sections of a virtual-disk scenario. {@code qemu}:
 * {@code cache} (a mode name) and the three booleans {@code writeback}, {@code direct},
 * {@code no_flush} that override it, {@code aio}, {@code device}, {@code queue_depth},
 * {@code latency}, and {@code volume} (the raw logical volume holding the image: {@code offset},
 * {@code size}) or, on a host with a {@code filesystem:}, {@code image} (the image file: {@code file},
 * {@code size}). {@code guest}: its own {@code host}, {@code memory}, {@code filesystem} and
 * {@code jobs}.
 */
final class VirtualSection {
    private VirtualSection() {
    }

    /**
     * @param hostFsBytes the host file system's size when it holds the image as a file
     *                    ({@code qemu.image}), or -1: the image is a raw volume ({@code qemu.volume})
     */
    static QemuConfig qemu(Fields q, long driveBytes, long hostFsBytes) {
        CacheMode mode = CacheMode.named(q.choice("cache", "writeback", CacheMode.NAMES)).orElseThrow();
        if (q.has("writeback")) {
            mode = mode.withWriteback(q.bool("writeback", mode.writeback()));
        }
        if (q.has("direct")) {
            mode = mode.withDirect(q.bool("direct", mode.direct()));
        }
        if (q.has("no_flush")) {
            mode = mode.withNoFlush(q.bool("no_flush", mode.noFlush()));
        }
        Aio aio = q.choice("aio", "threads", List.of("threads", "native")).equals("native") ? Aio.NATIVE : Aio.THREADS;
        if (aio == Aio.NATIVE && !mode.direct()) {
            // QEMU: "aio=native was specified, but it requires cache.direct=on"
            throw new ScenarioException(q.node("aio").location(), q.path() + ".aio",
                    "aio: native needs the host page cache bypassed (cache none or directsync, or direct: on); got cache "
                            + mode.label());
        }
        VirtualDiskModel device = VirtualDiskModel.named(q.choice("device", "virtio-blk", VirtualDiskModel.NAMES)).orElseThrow();
        int depth = (int) q.integer("queue_depth", device.defaultQueueDepth, 1, 1024);
        if (device == VirtualDiskModel.IDE_2008 && depth != 1) {
            throw new ScenarioException(q.node("queue_depth").location(), q.path() + ".queue_depth",
                    "expected 1: the 2008 IDE emulation takes one command at a time; got " + depth);
        }
        long latency = q.time("latency", QemuConfig.defaultLatencyNs(device, aio));
        long offset = 0;
        long size = driveBytes / 4096 * 4096;
        String imageFile = null;
        Fields v = q.child("volume");
        Fields image = q.child("image");
        if (hostFsBytes >= 0) {
            if (v != null) {
                throw new ScenarioException(q.node("volume").location(), q.path() + ".volume",
                        "the host has a filesystem: section, so the image is a file on it: give qemu.image (file, size), not a volume");
            }
            if (image == null) {
                throw new ScenarioException(q.location(), q.path() + ".image",
                        "expected the image file on the host's file system: image: {file: disk.img, size: 2g}");
            }
            imageFile = image.string("file", "disk.img");
            if (imageFile.isEmpty() || imageFile.contains("/")) {
                throw ScenarioException.expected(image.node("file").location(), image.path() + ".file",
                        "a file name in the host file system's root directory", "'" + imageFile + "'");
            }
            if (!image.has("size")) {
                throw new ScenarioException(image.location(), image.path() + ".size", "expected the image's size, such as 2g");
            }
            size = image.size("size", 0, 1L << 20);
            long max = Math.min(hostFsBytes * 9 / 10, 4L << 30);
            if (size % 4096 != 0 || size > max) {
                throw ScenarioException.expected(image.node("size").location(), image.path() + ".size",
                        "a multiple of 4 KiB of at most " + max + " bytes (9/10 of the host file system, ext3 here up to 4 GiB)",
                        String.valueOf(size));
            }
            image.finish();
        } else if (image != null) {
            throw new ScenarioException(q.node("image").location(), q.path() + ".image",
                    "an image file needs the host's file system: add a filesystem: section, or give qemu.volume for a raw volume");
        }
        if (v != null) {
            offset = v.size("offset", 0, 0);
            if (offset % 4096 != 0 || offset >= driveBytes) {
                throw ScenarioException.expected(v.node("offset").location(), v.path() + ".offset",
                        "a 4 KiB-aligned offset inside the drive's " + driveBytes + " bytes", String.valueOf(offset));
            }
            size = v.size("size", (driveBytes - offset) / 4096 * 4096, 1L << 20);
            if (size % 4096 != 0 || offset + size > driveBytes) {
                throw ScenarioException.expected(v.node("size").location(), v.path() + ".size",
                        "a multiple of 4 KiB that ends inside the drive (" + driveBytes + " bytes from offset " + offset + ")",
                        String.valueOf(size));
            }
            v.finish();
        }
        q.finish();
        return new QemuConfig(mode, aio, device, depth, latency, offset, size, imageFile);
    }

    /** The guest's block layer, file system and jobs on a virtual disk of {@code diskBytes}. */
    record Guest(HostConfig host, long memory, FsConfig filesystem, List<JobSpec> jobs, List<FileJobSpec> fileJobs) {
    }

    static Guest guest(Fields g, DriveSpec hostDrive, long diskBytes) {
        Fields hostFields = g.child("host");
        HostConfig host = HostConfig.of("noop");
        long memory = io.iopath.fs.pagecache.VmSysctls.DEFAULT_MEMORY;
        if (hostFields != null) {
            memory = hostFields.size("memory", memory, 16L << 20);
            host = HostSection.bind(hostFields, hostDrive.transport());
            hostFields.finish();
        }
        Fields fsFields = g.child("filesystem");
        FsConfig fs = null;
        if (fsFields != null) {
            fs = FileSystemSection.bind(fsFields, diskBytes, memory, g.child("vm"));
            fsFields.finish();
        }
        Node jobsNode = g.node("jobs");
        if (!(jobsNode instanceof Node.ListNode jobList) || jobList.items().isEmpty()) {
            g.finish();
            throw new ScenarioException(jobsNode == null ? g.location() : jobsNode.location(), g.path() + ".jobs",
                    "expected a list of at least one job: the guest's workload");
        }
        List<JobSpec> jobs = new ArrayList<>();
        List<FileJobSpec> files = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < jobList.items().size(); i++) {
            Node item = jobList.items().get(i);
            String path = g.path() + ".jobs[" + i + "]";
            JobSpec job;
            if (fs != null) {
                JobSection.OnFiles bound = JobSection.bindOnFiles(item, path, "job" + i, fs.partitionSize());
                job = bound.job();
                files.add(bound.files());
            } else {
                job = JobSection.bind(item, path, "job" + i, diskBytes);
            }
            if (job.replay() != null) {
                throw new ScenarioException(item.location(), path, "trace replay in a guest is not modelled; give a job");
            }
            if (job.ioengine().equals("cpuio") || JobSpec.FILE_OP_ENGINES.contains(job.ioengine()) || job.passthrough()
                    || job.ioengine().equals(JobSpec.FTRUNCATE)) {
                Node engine = item instanceof Node.MapNode m && m.entries().get("ioengine") != null ? m.entries().get("ioengine") : item;
                throw new ScenarioException(engine.location(), path + ".ioengine", "ioengine=" + job.ioengine()
                        + " in a guest is not modelled; the guest's jobs read and write (sync or async engines)");
            }
            if (job.commands().format().metadataBytes() > 0) {
                // QEMU's virtual disk has 512-byte sectors and no metadata (no integrity profile)
                throw new ScenarioException(item.location(), path, "NVMe metadata (md_per_io_size, an extended block size) "
                        + "in a guest is not modelled: the virtual disk's sectors carry none");
            }
            if (!names.add(job.name())) {
                throw new ScenarioException(item.location(), path + ".name", "duplicate job name '" + job.name() + "'");
            }
            jobs.add(job);
        }
        g.finish();
        return new Guest(host, memory, fs, jobs, files);
    }
}
