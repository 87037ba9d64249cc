package io.iopath.virt;

import io.iopath.request.Flags;
import io.iopath.request.Op;
import io.iopath.request.Request;

/**
 * QEMU's block backend for one virtual disk: a guest command becomes host file IO on the image
 * (spec §7.3). Reads and writes go through the host page cache, or O_DIRECT with
 * {@code cache.direct}; a write with FUA — every write when the guest is not shown a write cache
 * ({@code cache.writeback=off}: writethrough, directsync) — is followed by fdatasync before it
 * completes ({@code blk_co_pwritev_part} adds {@code BDRV_REQ_FUA}; the file driver has no FUA and
 * emulates it with a flush; in 2008 this was O_DSYNC, the same guarantee); a guest flush is
 * fdatasync, which reaches the physical drive as FLUSH CACHE, unless {@code cache.no-flush}
 * ignores it (then the FUA emulation's flush is skipped too: {@code bdrv_co_flush} returns at once).
 */
final class QemuBlock {
    /** Told when a command is done; {@code stamp}: the data stamp of a write, 0 for anything else. */
    interface Done {
        void done(long stamp);
    }

    private final CacheMode cache;
    private final HostImage image;
    private final MediaVersions media;
    private final int pid;
    private long fdatasyncs;

    QemuBlock(CacheMode cache, HostImage image, MediaVersions media, int pid) {
        this.cache = cache;
        this.image = image;
        this.media = media;
        this.pid = pid;
    }

    void handle(Request rq, Done done) {
        long offset = rq.sector() * 512L;
        long length = rq.sectors() * 512L;
        switch (rq.op) {
            case READ -> {
                if (cache.direct()) {
                    image.direct(false, offset, length, pid, () -> done.done(0));
                } else {
                    image.read(offset, length, pid, () -> done.done(0));
                }
            }
            case WRITE -> {
                boolean fua = Flags.has(rq.flags(), Flags.FUA) || !cache.writeback();
                Runnable write = () -> write(offset, length, fua, done);
                if (Flags.has(rq.flags(), Flags.PREFLUSH)) {
                    flush(write);
                } else {
                    write.run();
                }
            }
            case FLUSH -> flush(() -> done.done(0));
            default -> done.done(0); // discard: the raw volume keeps its blocks
        }
    }

    private void write(long offset, long length, boolean fua, Done done) {
        long[] stamp = {0};
        Runnable written = () -> {
            if (fua) {
                flush(() -> done.done(stamp[0]));
            } else {
                done.done(stamp[0]);
            }
        };
        if (cache.direct()) {
            stamp[0] = media.stamp();
            image.direct(true, offset, length, pid, written);
        } else {
            image.write(offset, length, pid, () -> stamp[0] = media.stamp(), written);
        }
    }

    private void flush(Runnable then) {
        if (cache.noFlush()) {
            then.run();
            return;
        }
        fdatasyncs++;
        image.fdatasync(pid, then);
    }

    long fdatasyncs() {
        return fdatasyncs;
    }
}
