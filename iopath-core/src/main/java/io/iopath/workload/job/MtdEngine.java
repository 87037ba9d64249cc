package io.iopath.workload.job;

import io.iopath.block.BioSink;
import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.sim.Simulator;

/**
 * fio's {@code mtd} engine (engines/mtd.c {@code fio_mtd_queue}) over a raw NAND device: a
 * synchronous engine whose queue call returns when the IO is done, past the block layer (an MTD
 * character device has none). An IO is cut at erase-block boundaries and each piece goes on its
 * own, the next one even after an error ("the error probably just pertains to that block"):
 * with {@code skip_bad} a piece on a bad block is skipped and the IO fails with EIO (fio_mtd_is_bad);
 * a read reads the pages it touches (libmtd {@code mtd_read}); a write must start and end on the
 * device's subpage size, else libmtd's {@code mtd_write} fails it with EINVAL before any ioctl; a
 * trim is an erase of the piece's block (libmtd {@code mtd_erase}, MEMERASE64), and a piece that
 * is not the whole block fails with EINVAL, yet the block is erased all the same (fio_mtd_queue
 * sets the error and goes on to the erase).
 *
 * <p>The IO ends with the last piece's error, as {@code io_u->error} is overwritten by each; the
 * job's {@code verror} is the first {@code td_verror} of the job (a later one does not replace it).
 */
public final class MtdEngine implements BioSink {
    private final Simulator sim;
    private final MtdDevice nand;
    private final boolean skipBad;
    /** The first failure's {@code td_verror} text without its error ({@code file:..., func=...}), or null. */
    private String firstFailure;
    private int firstErrno;

    public MtdEngine(Simulator sim, MtdDevice nand, boolean skipBad) {
        this.sim = sim;
        this.nand = nand;
        this.skipBad = skipBad;
    }

    @Override
    public void submit(Bio bio) {
        long offset = bio.sector * 512;
        long length = bio.sectors * 512L;
        long ebSize = nand.eraseBlockBytes();
        int sub = nand.subpageBytes();
        long t = sim.now();
        bio.queuedNs = t; // the MTD call takes it at once: no block layer, no queue (its run-table time is all D2C)
        int error = 0;
        for (long local = 0; local < length; ) {
            long at = offset + local;
            int eb = (int) (at / ebSize);
            long ebOffs = at % ebSize;
            long len = Math.min(length - local, ebSize - ebOffs);
            local += len;
            if (eb >= nand.eraseBlocks()) {
                // libmtd mtd_valid_erase_block, in whichever call the piece makes (fio stops at the device's end first)
                error = fail(EINVAL, bio.op == Op.READ ? "mtd_read" : bio.op == Op.WRITE ? "mtd_write" : "mtd_erase");
                continue;
            }
            if (skipBad && nand.isBad(eb)) {
                error = EIO; // fio_mtd_is_bad: "Silent failure--don't flood stderr"
                continue;
            }
            switch (bio.op) {
                case READ -> t = nand.read(t, at, len);
                case WRITE -> {
                    if (ebOffs % sub != 0 || len % sub != 0) {
                        error = fail(EINVAL, "mtd_write"); // mtd_write: "write offset/length ... is not aligned to ... min. I/O size"
                    } else {
                        t = nand.program(t, at, len);
                    }
                }
                case DISCARD -> {
                    if (ebOffs != 0 || len != ebSize) {
                        error = fail(EINVAL, "trim on MTD must be erase block-aligned");
                    }
                    t = nand.erase(t, eb);
                }
                default -> error = fail(ENOTSUP, "operation not supported on mtd");
            }
        }
        bio.error = -error;
        long done = t;
        sim.at(done, () -> bio.complete(done));
    }

    private static final int EIO = 5;
    private static final int EINVAL = 22;
    private static final int ENOTSUP = 95;

    private int fail(int errno, String func) {
        if (firstFailure == null) {
            firstFailure = "file:engines/mtd.c:" + line(func) + ", func=" + func;
            firstErrno = errno;
        }
        return errno;
    }

    /** The line of fio 3.33's engines/mtd.c whose td_verror names {@code func} (its __LINE__). */
    private static int line(String func) {
        return switch (func) {
            case "mtd_read" -> 113;
            case "mtd_write" -> 122;
            case "trim on MTD must be erase block-aligned" -> 129;
            case "mtd_erase" -> 135;
            default -> 141;
        };
    }

    /** The first td_verror's errno, 0 if none. */
    public int firstErrno() {
        return firstErrno;
    }

    /**
     * fio's {@code verror} after the first failure: td_verror's {@code file:FILE:LINE, func=FUNC,
     * error=TEXT}; null when nothing failed.
     */
    public String verror() {
        return firstFailure == null ? null
                : firstFailure + ", error=" + io.iopath.result.FioResult.Error.strerror(firstErrno);
    }

    /** A non-fatal error was counted (io_u.c io_completed: td_clear_error): the next failure's td_verror is kept again. */
    public void clearError() {
        firstFailure = null;
        firstErrno = 0;
    }
}
