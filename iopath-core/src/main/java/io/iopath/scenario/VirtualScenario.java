package io.iopath.scenario;

import io.iopath.fs.FsConfig;
import io.iopath.fs.pagecache.VmSysctls;
import io.iopath.virt.QemuConfig;
import io.iopath.workload.FileJobSpec;
import io.iopath.workload.JobSpec;
import java.util.List;

/**
 * A guest on a virtual disk, fully described: the host (its drive, block layer and driver, its
 * memory for the image's page cache, the power failure), QEMU, and the guest's own block layer,
 * optional file system and jobs.
 *
 * @param host          name, seed, drive, host block layer and driver, power failure (no jobs, no file system)
 * @param hostVm        the host's memory and vm.* sysctls (the page cache QEMU's buffered IO goes through)
 * @param hostFs        the host's file system holding the image file ({@code filesystem:}), or null: a raw volume
 * @param guestHost     the guest's block layer and driver ({@code guest.host})
 * @param guestFs       the guest's file system on its virtual disk, or null: jobs on the disk
 * @param guestJobs     the guest's jobs
 * @param guestFileJobs with a guest file system, each job's files
 * @param qemu          the QEMU process between them
 */
public record VirtualScenario(Scenario host, VmSysctls hostVm, FsConfig hostFs, HostConfig guestHost, FsConfig guestFs,
                              List<JobSpec> guestJobs, List<FileJobSpec> guestFileJobs, QemuConfig qemu) {
    public VirtualScenario {
        guestJobs = List.copyOf(guestJobs);
        guestFileJobs = List.copyOf(guestFileJobs);
        if (guestFs != null && guestFileJobs.size() != guestJobs.size()) {
            throw new IllegalArgumentException("a guest file system needs the files of every job");
        }
        if ((hostFs == null) != (qemu.imageFile() == null)) {
            throw new IllegalArgumentException("an image file needs a host file system, and a host file system an image file");
        }
        long room = hostFs == null ? host.drive().spec().capacitySectors() * 512L : hostFs.partitionSize();
        if (qemu.volumeOffsetBytes() + qemu.volumeSizeBytes() > room) {
            throw new IllegalArgumentException("the image ends beyond " + (hostFs == null ? "the drive" : "the host file system"));
        }
    }

    public VirtualScenario withQemu(QemuConfig q) {
        return new VirtualScenario(host, hostVm, hostFs, guestHost, guestFs, guestJobs, guestFileJobs, q);
    }

    public VirtualScenario withPowerFailureAt(long ns) {
        return new VirtualScenario(host.withPowerFailureAt(ns), hostVm, hostFs, guestHost, guestFs, guestJobs, guestFileJobs, qemu);
    }

    public VirtualScenario withHost(Scenario h) {
        return new VirtualScenario(h, hostVm, hostFs, guestHost, guestFs, guestJobs, guestFileJobs, qemu);
    }
}
