package io.iopath.scenario;

import io.iopath.fs.FsConfig;
import io.iopath.fs.MountOptions;
import io.iopath.fs.pagecache.VmSysctls;
import java.util.List;

/**
 * Reads the {@code filesystem:} section (type, the partition's offset and size on the drive, the
 * mount options as {@code mount -o} spells them for that type, mke2fs's {@code dir_index}), with
 * {@code host.memory} and the {@code vm:} sysctls the page cache takes its size and thresholds from.
 */
final class FileSystemSection {
    private static final List<String> TYPES = FsConfig.TYPES;

    private FileSystemSection() {
    }

    static FsConfig bind(Fields f, long driveBytes, long memoryBytes, Fields vm) {
        String type = f.choice("type", FsConfig.EXT3, TYPES);
        long offset = f.size("offset", 0, 0);
        if (offset % 4096 != 0 || offset >= driveBytes) {
            throw ScenarioException.expected(f.node("offset").location(), f.path() + ".offset",
                    "a 4 KiB-aligned offset inside the drive's " + driveBytes + " bytes", String.valueOf(offset));
        }
        long size = f.size("size", driveBytes - offset, 8L << 20);
        if (offset + size > driveBytes) {
            throw ScenarioException.expected(f.node("size").location(), f.path() + ".size",
                    "a partition that ends inside the drive (" + driveBytes + " bytes from offset " + offset + ")", String.valueOf(size));
        }
        size = size / 4096 * 4096;
        String opts = f.string("options", "");
        MountOptions parsed;
        try {
            parsed = FsConfig.checkOptions(type, opts);
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(f.node("options").location(), f.path() + ".options", e.getMessage());
        }
        boolean dirIndex = f.bool("dir_index", true);
        VmSysctls sysctls = VmSysctls.defaults(memoryBytes);
        if (vm != null) {
            sysctls = new VmSysctls(memoryBytes, sysctls.nonPageCacheBytes(),
                    (int) vm.integer("dirty_ratio", 40, 1, 100),
                    (int) vm.integer("dirty_background_ratio", 10, 0, 100),
                    (int) vm.integer("dirty_expire_centisecs", 3000, 1, 8_640_000),
                    (int) vm.integer("dirty_writeback_centisecs", 500, 0, 8_640_000), 1);
        }
        return new FsConfig(type, offset, size, opts, parsed, dirIndex, sysctls);
    }
}
