package io.iopath.fs.mount;

import io.iopath.block.BioSink;
import io.iopath.fs.FileSystem;
import io.iopath.fs.FsConfig;
import io.iopath.fs.FsPids;
import io.iopath.fs.ext3.Ext3;
import io.iopath.fs.reiserfs.ReiserFs;
import io.iopath.fs.xfs.Xfs;
import io.iopath.request.Bio;
import io.iopath.sim.Simulator;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/** mkfs of the configured type on the partition, then mount: {@code filesystem.type} chooses the file system. */
public final class Mkfs {
    private Mkfs() {
    }

    /**
     * @param deviceDone sees each bio of the file system and the page cache when it completes
     */
    public static FileSystem mount(Simulator sim, BioSink sink, FsConfig config, FsPids pids, LongSupplier ids,
                                   Consumer<Bio> deviceDone) {
        return switch (config.type()) {
            case FsConfig.EXT3 -> new Ext3(sim, sink, config, pids, ids, deviceDone);
            case FsConfig.REISERFS -> new ReiserFs(sim, sink, config, pids, ids, deviceDone);
            case FsConfig.XFS -> new Xfs(sim, sink, config, pids, ids, deviceDone);
            default -> throw new IllegalArgumentException("unknown file system type '" + config.type() + "'; expected "
                    + String.join(", ", FsConfig.TYPES));
        };
    }

    /** The names blktrace shows for the kernel threads a file system's IO is issued as: journal thread, flusher, reclaim. */
    public static String journalThread(String type) {
        return switch (type) {
            case FsConfig.REISERFS -> "reiserfs/0";
            case FsConfig.XFS -> "xfslogd/0";
            default -> "kjournald";
        };
    }
}
