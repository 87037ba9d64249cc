package io.iopath.fs;

import io.iopath.fs.pagecache.VmSysctls;

/**
 * A file system on a partition of the drive, and the host memory its page cache lives in.
 *
 * @param type             the file system ({@code ext3}, {@code reiserfs}, {@code xfs})
 * @param partitionOffset  first byte of the partition on the drive (a multiple of 4 KiB)
 * @param partitionSize    bytes of the partition (the file system's size)
 * @param mountOptions     the {@code mount -o} string as written
 * @param options          the parsed ext3 options (the defaults for the other types, whose options
 *                         {@link #reiserfsOptions} and {@link #xfsOptions} parse)
 * @param dirIndex         the {@code dir_index} feature (mke2fs default on)
 * @param vm               host memory and vm.* sysctls
 */
public record FsConfig(String type, long partitionOffset, long partitionSize, String mountOptions,
                       MountOptions options, boolean dirIndex, VmSysctls vm) {
    public static final String EXT3 = "ext3";
    public static final String REISERFS = "reiserfs";
    public static final String XFS = "xfs";
    public static final java.util.List<String> TYPES = java.util.List.of(EXT3, REISERFS, XFS);

    /** ext3 with mke2fs and mount defaults on {@code size} bytes from {@code offset}, {@code memory} of RAM. */
    public static FsConfig ext3(long offset, long size, long memory) {
        return new FsConfig(EXT3, offset, size, "", MountOptions.DEFAULTS, true, VmSysctls.defaults(memory));
    }

    /** ReiserFS with mkreiserfs and mount defaults on {@code size} bytes from {@code offset}, {@code memory} of RAM. */
    public static FsConfig reiserfs(long offset, long size, long memory) {
        return new FsConfig(REISERFS, offset, size, "", MountOptions.DEFAULTS, true, VmSysctls.defaults(memory));
    }

    /** XFS with mkfs.xfs and mount defaults on {@code size} bytes from {@code offset}, {@code memory} of RAM. */
    public static FsConfig xfs(long offset, long size, long memory) {
        return new FsConfig(XFS, offset, size, "", MountOptions.DEFAULTS, true, VmSysctls.defaults(memory));
    }

    /**
     * The same with other mount options, checked for this type.
     *
     * @throws IllegalArgumentException for an option the type does not know or a bad value
     */
    public FsConfig withOptions(String mountOptions) {
        return new FsConfig(type, partitionOffset, partitionSize, mountOptions, checkOptions(type, mountOptions), dirIndex, vm);
    }

    /**
     * Checks {@code mountOptions} for file system {@code type}; returns the ext3 options (the
     * defaults for the other types, which parse theirs when they mount).
     *
     * @throws IllegalArgumentException for an option the type does not know or a bad value
     */
    public static MountOptions checkOptions(String type, String mountOptions) {
        switch (type) {
            case REISERFS -> ReiserOptions.parse(mountOptions);
            case XFS -> XfsOptions.parse(mountOptions);
            default -> {
                return MountOptions.parse(mountOptions);
            }
        }
        return MountOptions.DEFAULTS;
    }

    public ReiserOptions reiserfsOptions() {
        return ReiserOptions.parse(mountOptions);
    }

    public XfsOptions xfsOptions() {
        return XfsOptions.parse(mountOptions);
    }

    public FsConfig withVm(VmSysctls v) {
        return new FsConfig(type, partitionOffset, partitionSize, mountOptions, options, dirIndex, v);
    }

    public long blocks() {
        return partitionSize / 4096;
    }
}
