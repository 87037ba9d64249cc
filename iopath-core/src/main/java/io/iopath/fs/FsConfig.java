package io.iopath.fs;

import io.iopath.fs.pagecache.VmSysctls;

/**
 * A file system on a partition of the drive, and the host memory its page cache lives in.
 *
 * @param type             the file system ({@code ext3})
 * @param partitionOffset  first byte of the partition on the drive (a multiple of 4 KiB)
 * @param partitionSize    bytes of the partition (the file system's size)
 * @param mountOptions     the {@code mount -o} string as written
 * @param options          the parsed ext3 options
 * @param dirIndex         the {@code dir_index} feature (mke2fs default on)
 * @param vm               host memory and vm.* sysctls
 */
public record FsConfig(String type, long partitionOffset, long partitionSize, String mountOptions,
                       MountOptions options, boolean dirIndex, VmSysctls vm) {
    public static final String EXT3 = "ext3";

    /** ext3 with mke2fs and mount defaults on {@code size} bytes from {@code offset}, {@code memory} of RAM. */
    public static FsConfig ext3(long offset, long size, long memory) {
        return new FsConfig(EXT3, offset, size, "", MountOptions.DEFAULTS, true, VmSysctls.defaults(memory));
    }

    public FsConfig withOptions(String mountOptions) {
        return new FsConfig(type, partitionOffset, partitionSize, mountOptions, MountOptions.parse(mountOptions), dirIndex, vm);
    }

    public FsConfig withVm(VmSysctls v) {
        return new FsConfig(type, partitionOffset, partitionSize, mountOptions, options, dirIndex, v);
    }

    public long blocks() {
        return partitionSize / 4096;
    }
}
