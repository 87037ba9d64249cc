package io.iopath.workload;

import io.iopath.request.LbaFormat;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A fio-style block job, with fio's option names and meanings (fio HOWTO.rst): the workload
 * layer's configuration record. The scenario reader binds both the scenario YAML's {@code jobs:}
 * entries and fio job files to it through one option binder, so the same options give the same run.
 *
 * @param name            job name
 * @param rw              read, write, randread, randwrite, randrw, rw (sequential mixed)
 * @param rwmixread       percentage of reads in a mixed job (fio default 50)
 * @param blockSize       the smallest block size of the job ({@code bs}, fio default 4k)
 * @param iodepth         IOs kept in flight by an asynchronous engine (fio default 1)
 * @param size            bytes of the region the job works in (default: the rest of the device)
 * @param offset          first byte of the region
 * @param numberIos       stop after this many IOs (0: no limit); never extends past {@code size}
 * @param runtimeNs       stop issuing after this much simulated time (0: no limit)
 * @param direct          O_DIRECT; buffered IO needs the page cache, which is not modelled yet
 * @param rwSuffix        the {@code rw=...:N} suffix: for random IO, a new random offset every N
 *                        IOs (sequential in between); for sequential IO, N bytes skipped after
 *                        each IO; 0 when absent
 * @param blockSizes      per-direction block size choice ({@code bs}, {@code bsrange}, {@code bssplit})
 * @param blockAlign      boundary random offsets are aligned to ({@code blockalign}; default min bs)
 * @param iodepthBatch    IOs submitted together ({@code iodepth_batch}, default 1)
 * @param numjobs         clones of this job, each a simulated process ({@code numjobs}, default 1)
 * @param ioengine        the engine name; sync engines keep one IO in flight per job
 * @param timeBased       keep going over the region until {@code runtime} ({@code time_based})
 * @param thinktimeNs     stall after every {@code thinktimeBlocks} IOs ({@code thinktime})
 * @param thinktimeBlocks IOs between stalls ({@code thinktime_blocks}, default 1)
 * @param rateBytes       bandwidth cap in bytes/s for reads and writes ({@code rate}; 0 = none)
 * @param rateIops        IOPS cap for reads and writes ({@code rate_iops}; 0 = none)
 * @param distribution    how random offsets are drawn ({@code random_distribution})
 * @param randomMap       touch every block once per pass (fio's default; {@code norandommap} turns it off)
 * @param randseed        seed of the job's random streams ({@code randseed}); -1 = derived from the scenario seed
 * @param fsyncEvery      a flush after every N writes ({@code fsync} / {@code fdatasync}; 0 = never)
 * @param startDelayNs    the job starts this late ({@code startdelay})
 * @param rampTimeNs      IOs completed this early are left out of the statistics ({@code ramp_time})
 * @param replay          a trace to replay instead of generating IO ({@code read_iolog}); null for synthetic jobs
 * @param percentiles     clat percentiles to report ({@code percentile_list}; fio's default list)
 * @param ioprio          the job's I/O priority as Linux encodes it ({@code io.iopath.request.IoPrio};
 *                        fio's {@code prioclass} and {@code prio}); 0 = not set (best effort 4)
 * @param writeBarrierEvery every Nth write is a barrier write, PREFLUSH | FUA ({@code write_barrier}; 0 = none)
 * @param control         when the job starts relative to the others, and its reporting group
 *                        ({@code stonewall}, {@code new_group}, {@code wait_for})
 * @param passthrough     the engine sends its commands to the drive past the block layer's
 *                        merging and IO scheduler (SCSI and NVMe pass-through: {@code sg},
 *                        {@code io_uring_cmd}; {@code libblkio}'s user-space drivers)
 * @param commands        what a pass-through engine sends for the job's IOs: the drive commands in
 *                        place of WRITE ({@code sg_write_mode}, {@code write_mode}) and FUA
 *                        ({@code readfua}, {@code writefua}); {@link Commands#PLAIN} otherwise
 */
public record JobSpec(
        String name,
        ReadWrite rw,
        int rwmixread,
        long blockSize,
        int iodepth,
        long size,
        long offset,
        long numberIos,
        long runtimeNs,
        boolean direct,
        long rwSuffix,
        BlockSizes blockSizes,
        long blockAlign,
        int iodepthBatch,
        int numjobs,
        String ioengine,
        boolean timeBased,
        long thinktimeNs,
        int thinktimeBlocks,
        List<Long> rateBytes,
        List<Long> rateIops,
        RandomDistribution distribution,
        boolean randomMap,
        long randseed,
        int fsyncEvery,
        long startDelayNs,
        long rampTimeNs,
        ReplaySpec replay,
        List<Double> percentiles,
        int ioprio,
        int writeBarrierEvery,
        Control control,
        boolean passthrough,
        Commands commands) {

    /**
     * Engines that submit one IO and wait for it (fio's default on Linux is psync); libzbc sends
     * each as a SCSI or ATA pass-through command (libzbc's SG_IO back ends: engines/libzbc.c opens
     * the device with ZBC_O_DRV_SCSI | ZBC_O_DRV_ATA, FIO_SYNCIO).
     */
    public static final List<String> SYNC_ENGINES = List.of("sync", "psync", "vsync", "pvsync", "pvsync2", "libcufile",
            "libhipfile", "sg", "libzbc");
    /** Engines that keep {@code iodepth} IOs in flight. */
    public static final List<String> ASYNC_ENGINES = List.of("libaio", "io_uring", "posixaio", "libblkio", "io_uring_cmd", "xnvme");

    /**
     * fio's ftruncate engine (engines/ftruncate.c {@code fio_ftruncate_queue}, FIO_SYNCIO |
     * FIO_FAKEIO): each write is {@code ftruncate(fd, io_u->offset)}, a sync is an fsync, any other
     * IO fails with EINVAL; a file job on a file system.
     */
    public static final String FTRUNCATE = "ftruncate";

    /** fio's file and directory operation engines (engines/fileoperations.c): one system call per file, no data. */
    public static final List<String> FILE_OP_ENGINES = List.of("filecreate", "filestat", "filedelete", "dircreate",
            "dirstat", "dirdelete");

    /** fio's default {@code percentile_list} ({@code options.c}). */
    public static final List<Double> DEFAULT_PERCENTILES = List.of(
            1.0, 5.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 90.0, 95.0, 99.0, 99.5, 99.9, 99.95, 99.99);

    /** A job whose engine sends plain READ and WRITE commands ({@link Commands#PLAIN}). */
    public JobSpec(String name, ReadWrite rw, int rwmixread, long blockSize, int iodepth, long size, long offset,
                   long numberIos, long runtimeNs, boolean direct, long rwSuffix, BlockSizes blockSizes, long blockAlign,
                   int iodepthBatch, int numjobs, String ioengine, boolean timeBased, long thinktimeNs, int thinktimeBlocks,
                   List<Long> rateBytes, List<Long> rateIops, RandomDistribution distribution, boolean randomMap,
                   long randseed, int fsyncEvery, long startDelayNs, long rampTimeNs, ReplaySpec replay,
                   List<Double> percentiles, int ioprio, int writeBarrierEvery, Control control, boolean passthrough) {
        this(name, rw, rwmixread, blockSize, iodepth, size, offset, numberIos, runtimeNs, direct, rwSuffix, blockSizes,
                blockAlign, iodepthBatch, numjobs, ioengine, timeBased, thinktimeNs, thinktimeBlocks, rateBytes, rateIops,
                distribution, randomMap, randseed, fsyncEvery, startDelayNs, rampTimeNs, replay, percentiles, ioprio,
                writeBarrierEvery, control, passthrough, Commands.PLAIN);
    }

    public JobSpec {
        rateBytes = List.copyOf(rateBytes);
        rateIops = List.copyOf(rateIops);
        percentiles = List.copyOf(percentiles);
    }

    /**
     * A job with fio's defaults and a fixed block size: an asynchronous engine (libaio) at iodepth
     * 1, O_DIRECT, once over {@code size} bytes from offset 0 (no IO count, no runtime); vary it
     * with the {@code with…} methods. (A scenario's job entries are bound from fio's
     * options instead.)
     */
    public static JobSpec of(String name, ReadWrite rw, long blockSize, long size) {
        return new JobSpec(name, rw, 50, blockSize, 1, size, 0, 0, 0, true, 0,
                BlockSizes.fixed(blockSize), blockSize, 1, 1, "libaio", false, 0, 1, List.of(0L, 0L), List.of(0L, 0L),
                RandomDistribution.UNIFORM, true, -1, 0, 0, 0, null, DEFAULT_PERCENTILES, 0, 0, Control.NONE, false, Commands.PLAIN);
    }

    /** The same job with iodepth = {@code n}: IOs kept in flight by an asynchronous engine. */
    public JobSpec withIodepth(int n) {
        return new JobSpec(name, rw, rwmixread, blockSize, n, size, offset, numberIos, runtimeNs, direct, rwSuffix,
                blockSizes, blockAlign, iodepthBatch, numjobs, ioengine, timeBased, thinktimeNs, thinktimeBlocks,
                rateBytes, rateIops, distribution, randomMap, randseed, fsyncEvery, startDelayNs, rampTimeNs, replay,
                percentiles, ioprio, writeBarrierEvery, control, passthrough, commands);
    }

    /** The same job with rwmixread = {@code n}: percentage of reads in a mixed job. */
    public JobSpec withRwmixread(int n) {
        return new JobSpec(name, rw, n, blockSize, iodepth, size, offset, numberIos, runtimeNs, direct, rwSuffix,
                blockSizes, blockAlign, iodepthBatch, numjobs, ioengine, timeBased, thinktimeNs, thinktimeBlocks,
                rateBytes, rateIops, distribution, randomMap, randseed, fsyncEvery, startDelayNs, rampTimeNs, replay,
                percentiles, ioprio, writeBarrierEvery, control, passthrough, commands);
    }

    /** The same job with offset = {@code n}: first byte of the region. */
    public JobSpec withOffset(long n) {
        return new JobSpec(name, rw, rwmixread, blockSize, iodepth, size, n, numberIos, runtimeNs, direct, rwSuffix,
                blockSizes, blockAlign, iodepthBatch, numjobs, ioengine, timeBased, thinktimeNs, thinktimeBlocks,
                rateBytes, rateIops, distribution, randomMap, randseed, fsyncEvery, startDelayNs, rampTimeNs, replay,
                percentiles, ioprio, writeBarrierEvery, control, passthrough, commands);
    }

    /**
     * Clone {@code clone} of a job with {@code offset_increment} (fio's {@code subjob_number}):
     * its region starts that many increments further and, as filesetup.c {@code setup_files} sizes
     * a file without {@code size} ({@code io_size = real_file_size - file_offset}), ends at the
     * device's end when it would run past it. A job bound without {@code size} has the rest of the
     * device from its first clone's offset, so each clone gets the rest from its own; with
     * {@code size} the binder has checked that every clone fits, so nothing is cut.
     */
    public JobSpec forClone(int clone, long capacityBytes) {
        if (control.offsetIncrement() == 0) {
            return this;
        }
        long start = offset + clone * control.offsetIncrement();
        long n = start + size > capacityBytes ? capacityBytes - start : size;
        return new JobSpec(name, rw, rwmixread, blockSize, iodepth, n, start, numberIos, runtimeNs, direct, rwSuffix,
                blockSizes, blockAlign, iodepthBatch, numjobs, ioengine, timeBased, thinktimeNs, thinktimeBlocks,
                rateBytes, rateIops, distribution, randomMap, randseed, fsyncEvery, startDelayNs, rampTimeNs, replay,
                percentiles, ioprio, writeBarrierEvery, control, passthrough, commands);
    }

    /** The same job with numberIos = {@code n}: stop after this many IOs (0: no limit). */
    public JobSpec withNumberIos(long n) {
        return new JobSpec(name, rw, rwmixread, blockSize, iodepth, size, offset, n, runtimeNs, direct, rwSuffix,
                blockSizes, blockAlign, iodepthBatch, numjobs, ioengine, timeBased, thinktimeNs, thinktimeBlocks,
                rateBytes, rateIops, distribution, randomMap, randseed, fsyncEvery, startDelayNs, rampTimeNs, replay,
                percentiles, ioprio, writeBarrierEvery, control, passthrough, commands);
    }

    /** The same job with runtimeNs = {@code n}: stop issuing after this much simulated time (0: no limit). */
    public JobSpec withRuntimeNs(long n) {
        return new JobSpec(name, rw, rwmixread, blockSize, iodepth, size, offset, numberIos, n, direct, rwSuffix,
                blockSizes, blockAlign, iodepthBatch, numjobs, ioengine, timeBased, thinktimeNs, thinktimeBlocks,
                rateBytes, rateIops, distribution, randomMap, randseed, fsyncEvery, startDelayNs, rampTimeNs, replay,
                percentiles, ioprio, writeBarrierEvery, control, passthrough, commands);
    }

    /** The same job with {@code control}: when it starts, and its reporting group. */
    public JobSpec withControl(Control c) {
        return new JobSpec(name, rw, rwmixread, blockSize, iodepth, size, offset, numberIos, runtimeNs, direct, rwSuffix,
                blockSizes, blockAlign, iodepthBatch, numjobs, ioengine, timeBased, thinktimeNs, thinktimeBlocks,
                rateBytes, rateIops, distribution, randomMap, randseed, fsyncEvery, startDelayNs, rampTimeNs, replay,
                percentiles, ioprio, writeBarrierEvery, c, passthrough, commands);
    }

    /**
     * What a pass-through engine sends for a job's IOs, past the plain READ and WRITE.
     *
     * @param writes   the drive commands sent for its writes, each with its share in percent
     *                 (fio's {@code write_mode=write/40:zeroes/30:…}, engines/io_uring.c
     *                 {@code str_write_mode_cb}; one entry of 100 for a single mode); a null
     *                 command is the plain WRITE; empty: every write is a plain WRITE
     * @param readFua  {@code readfua}: reads carry FUA (the CDB's or command's FUA bit)
     * @param writeFua {@code writefua}: plain writes and zone appends carry FUA
     * @param numRange  {@code num_range}: the ranges of one trim (1)
     * @param placement NVMe flexible data placement of the plain writes ({@code fdp=1}); null: none
     * @param format    the namespace's LBA format the job's metadata options imply ({@code
     *                  md_per_io_size}, an extended block size: scenario.ProtectionInfo);
     *                  {@link LbaFormat#PLAIN} without them
     * @param prAct     the commands' PRACT bit ({@code pi_act}; engines/io_uring.c's default 1)
     */
    public record Commands(List<Share> writes, boolean readFua, boolean writeFua, int numRange, Placement placement,
                           LbaFormat format, boolean prAct) {
        public static final Commands PLAIN = new Commands(List.of(), false, false);

        public Commands {
            writes = List.copyOf(writes);
            java.util.Objects.requireNonNull(format, "format");
        }

        public Commands(List<Share> writes, boolean readFua, boolean writeFua) {
            this(writes, readFua, writeFua, 1, null, LbaFormat.PLAIN, true);
        }

        /**
         * The bytes one sector of the job's offsets and block sizes counts (fio's {@code lba_ext},
         * else the 512-byte data size: engines/nvme.h {@code get_slba}, {@code get_nlb}): 520 on an
         * extended 512+8 format whose metadata crosses the bus, else 512.
         */
        public int hostSectorBytes() {
            return format.hostBlockBytes(prAct);
        }

        /** Bytes each 512-byte sector puts on the bus, data and metadata ({@link LbaFormat#busBytesPerBlock}). */
        public int busBytesPerSector() {
            return format.busBytesPerBlock(prAct);
        }

        public Commands(List<Share> writes, boolean readFua, boolean writeFua, int numRange) {
            this(writes, readFua, writeFua, numRange, null, LbaFormat.PLAIN, true);
        }

        /**
         * fio's data placement of a job's writes (dataplacement.c {@code dp_fill_dspec_data}):
         * each plain write carries the Data Placement directive (DTYPE 2h) and the next
         * placement identifier of {@code ids} in DSPEC (engines/nvme.c {@code fio_nvme_rw}).
         *
         * @param random  {@code plid_select=random}: an identifier drawn uniformly per write (fio's
         *                {@code fdp_state}); false: round robin ({@code roundrobin}, fio's default),
         *                from the first
         * @param ids     the placement identifiers, in order: those the drive's Reclaim Unit Handle
         *                Status lists at the indices {@code plids} gives (sorted, as fio sorts
         *                them), or all it lists (at most 128) when {@code plids} is not given
         * @param scheme  {@code plid_select=scheme}: the {@code dp_scheme} file's entries, in order
         *                (a write's identifier is the first entry's whose range holds its offset,
         *                else 0); null otherwise
         */
        public record Placement(boolean random, List<Integer> ids, List<SchemeEntry> scheme) {
            public Placement {
                ids = List.copyOf(ids);
                scheme = scheme == null ? null : List.copyOf(scheme);
                if (ids.isEmpty()) {
                    throw new IllegalArgumentException("data placement without placement identifiers");
                }
            }

            public Placement(boolean random, List<Integer> ids) {
                this(random, ids, null);
            }

            /** The identifier a write at byte {@code offset} carries under the scheme (dataplacement.c {@code dp_fill_dspec_data}). */
            public int schemeId(long offset) {
                for (SchemeEntry e : scheme) {
                    if (offset >= e.start() && offset < e.end()) {
                        return e.pid();
                    }
                }
                return 0; // "If the write offset is not affected by any scheme entry, 0(default RUH) will be assigned"
            }
        }

        /** One line of a {@code dp_scheme} file: writes at byte offsets [start, end) carry placement identifier {@code pid}. */
        public record SchemeEntry(long start, long end, int pid) {
        }

        /** One entry of the mix: a command (null: plain WRITE) and its percentage. */
        public record Share(io.iopath.request.DriveCommand command, int percent) {
        }

        /** Whether the writes draw their command from a mix (a random draw per write, fio's {@code wmode_state}). */
        public boolean mixed() {
            return writes.size() > 1;
        }

        /**
         * The command of a write whose draw is {@code draw} in [0, 100) (fio's
         * {@code fio_ioring_cmd_prep_write_split}: the first entry whose cumulative share exceeds
         * it); the single mode's command when not mixed; null for a plain WRITE.
         */
        public io.iopath.request.DriveCommand writeCommand(int draw) {
            if (writes.isEmpty()) {
                return null;
            }
            if (writes.size() == 1) {
                return writes.get(0).command();
            }
            int sum = 0;
            for (Share sh : writes) {
                sum += sh.percent();
                if (draw < sum) {
                    return sh.command();
                }
            }
            return null; // fio fails the IO with -EINVAL when the shares do not reach the draw; they add up to 100 here
        }
    }

    /**
     * fio's job ordering ({@code HOWTO.rst}, "Job description"; {@code init.c} and
     * {@code backend.c run_threads}): jobs start together unless one says otherwise.
     *
     * @param stonewall  wait until every job before this one has finished, then start; it also
     *                   begins a new reporting group ({@code stonewall}, alias {@code wait_for_previous})
     * @param newGroup   begin a new reporting group without waiting ({@code new_group})
     * @param waitFor    start when the named earlier job has finished ({@code wait_for}); null: none
     * @param loops      passes over the region ({@code loops}; 1)
     * @param ioSize     bytes to transfer, wrapping over the region as often as needed
     *                   ({@code io_size} / {@code io_limit}; 0: {@code size} × {@code loops})
     * @param offsetIncrement clone N starts at {@code offset} + N × this ({@code offset_increment}; 0)
     * @param verify     after the writes, read back every block written ({@code verify} other
     *                   than none, with {@code do_verify}=1; backend.c {@code do_verify})
     * @param verifyBacklog with verify: every this many logged writes, read them back before
     *                   writing on ({@code verify_backlog}; io_u.c {@code check_get_verify}); 0: only after the writes
     * @param poissonRate {@code rate_process=poisson}: the gaps between rate-limited IOs are
     *                   exponential with the rate's mean (backend.c {@code usec_for_io}), not equal
     * @param zoning     fio's {@code zonemode} and its options ({@link Zoning#NONE}: none)
     * @param flowId     the flow group ({@code flow_id}, 0)
     * @param flow       the job's weight in its flow group ({@code flow}; 0: no flow control)
     * @param flowSleepNs how long a job held back by flow control sleeps ({@code flow_sleep}, µs in fio; 0: it waits for the others)
     * @param experimentalVerify with verify: the read-back replays the job's offsets rather than a
     *                   history of its writes ({@code experimental_verify}; backend.c {@code do_verify}),
     *                   so it reads them in the order written even where offsets repeat
     * @param verifyBacklogBatch with verify_backlog: how many writes each batch reads back
     *                   ({@code verify_backlog_batch}; 0: {@code verify_backlog}, as io_u.c {@code check_get_verify})
     * @param exit       whom the job's end ends ({@code exitall}, {@code exit_what}, {@code exitall_on_error})
     * @param minRate    the rate below which the job fails ({@code rate_min}, {@code rate_iops_min}, {@code ratecycle})
     * @param syncIo     the files are opened O_SYNC or O_DSYNC ({@code sync}; filesetup.c {@code file_open} adds
     *                   {@code td->o.sync_io} to the open flags)
     */
    public record Control(boolean stonewall, boolean newGroup, String waitFor, int loops, long ioSize,
                          long offsetIncrement, boolean verify, int verifyBacklog, boolean poissonRate, Zoning zoning,
                          int flowId, int flow, long flowSleepNs, boolean experimentalVerify, int verifyBacklogBatch,
                          Exit exit, MinRate minRate, SyncIo syncIo, Mtd mtd) {
        public static final Control NONE = new Control(false, false, null, 1, 0, 0, false);

        public Control(boolean stonewall, boolean newGroup, String waitFor, int loops, long ioSize, long offsetIncrement,
                       boolean verify, int verifyBacklog, boolean poissonRate, Zoning zoning, int flowId, int flow,
                       long flowSleepNs, boolean experimentalVerify, int verifyBacklogBatch, Exit exit, MinRate minRate,
                       SyncIo syncIo) {
            this(stonewall, newGroup, waitFor, loops, ioSize, offsetIncrement, verify, verifyBacklog, poissonRate, zoning,
                    flowId, flow, flowSleepNs, experimentalVerify, verifyBacklogBatch, exit, minRate, syncIo, null);
        }

        public Control(boolean stonewall, boolean newGroup, String waitFor, int loops, long ioSize, long offsetIncrement,
                       boolean verify, int verifyBacklog, boolean poissonRate, Zoning zoning, int flowId, int flow,
                       long flowSleepNs) {
            this(stonewall, newGroup, waitFor, loops, ioSize, offsetIncrement, verify, verifyBacklog, poissonRate, zoning,
                    flowId, flow, flowSleepNs, false, 0, Exit.NONE, MinRate.NONE, SyncIo.NONE);
        }

        public Control(boolean stonewall, boolean newGroup, String waitFor, int loops, long ioSize, long offsetIncrement,
                       boolean verify, int verifyBacklog, boolean poissonRate, Zoning zoning) {
            this(stonewall, newGroup, waitFor, loops, ioSize, offsetIncrement, verify, verifyBacklog, poissonRate, zoning, 0, 0, 0);
        }

        public Control(boolean stonewall, boolean newGroup, String waitFor, int loops, long ioSize, long offsetIncrement,
                       boolean verify) {
            this(stonewall, newGroup, waitFor, loops, ioSize, offsetIncrement, verify, 0, false, Zoning.NONE);
        }

        /** Bytes the job transfers before it ends, when it is not time based. */
        public long bytesToTransfer(long size) {
            return ioSize > 0 ? ioSize : size * loops;
        }
    }

    /**
     * A job of fio's {@code mtd} engine (engines/mtd.c) on the drive's raw NAND, and its error
     * handling (td_error.c): {@code continue_on_error} bits per error type (0 read, 1 write, 2
     * verify; a trim's errors are of the write type, {@code td_error_type}) and each type's
     * {@code ignore_error} list (an empty list: fio's default, EIO and EILSEQ).
     *
     * @param skipBad         the engine's {@code skip_bad}: ask MEMGETBADBLOCK before each erase block
     * @param trimBytes       the trim block size ({@code bs=R,W,T}'s third, else the write one)
     * @param continueOnError error types the job goes on after ({@code continue_on_error}, or given by {@code ignore_error})
     * @param ignore          per error type, the errnos that do not stop it
     * @param blockInfos      {@code block_error_percentiles}: fio's trim histogram at the end
     * @param gtodReduce      {@code gtod_reduce}: no latency or bandwidth statistics (output only)
     */
    public record Mtd(boolean skipBad, long trimBytes, int continueOnError, List<List<Integer>> ignore, boolean blockInfos,
                      boolean gtodReduce) {
        public Mtd {
            ignore = List.copyOf(ignore);
        }

        /** td_error.c {@code td_non_fatal_error}: whether an IO of direction {@code ddir} failing with {@code errno} lets the job go on. */
        public boolean nonFatal(int ddir, int errno) {
            int type = errno == 84 ? 2 : ddir == 0 ? 0 : 1; // EILSEQ is a verify error; a trim's is a write's
            if ((continueOnError & (1 << type)) == 0) {
                return false;
            }
            List<Integer> list = ignore.get(type).isEmpty() ? List.of(5, 84) : ignore.get(type);
            return list.contains(errno);
        }
    }

    /**
     * fio's {@code exitall} family (options.c; backend.c {@code thread_main}'s end and
     * libfio.c {@code fio_terminate_threads}). {@code exitall} is one flag for the whole run
     * (options.c {@code str_exitall_cb} sets the global {@code exitall_on_terminate}), so a job
     * file's binder gives it to every job when any job has it.
     *
     * @param all     {@code exitall}: when any job ends, the jobs {@code what} names are terminated
     * @param what    which jobs: this job's reporting group (fio's default), those running, or all
     * @param onError {@code exitall_on_error}: the same, but only when this job ends with an error
     */
    public record Exit(boolean all, ExitWhat what, boolean onError) {
        public static final Exit NONE = new Exit(false, ExitWhat.GROUP, false);

        /** Whether this job's end terminates others: always with exitall, on an error with exitall_on_error. */
        public boolean terminatesOthers(boolean endedInError) {
            return all || onError && endedInError;
        }
    }

    /**
     * fio's {@code sync} (options.c: none or 0, sync or 1 for O_SYNC, dsync for O_DSYNC): each
     * write returns once its data (O_DSYNC) and the file's metadata (O_SYNC) are stable, which
     * Linux does after the write with the file system's fsync of the range written
     * ({@code generic_write_sync}: {@code vfs_fsync_range}, datasync for O_DSYNC), and for
     * O_DIRECT to a block device with a FUA write (block/fops.c {@code dio_bio_write_op}), which
     * the block layer turns into a write and a cache flush on a drive without FUA.
     */
    public enum SyncIo { NONE, SYNC, DSYNC }

    /** fio's {@code exit_what} values (options.c; libfio.c {@code fio_terminate_threads}). */
    public enum ExitWhat {
        /** {@code group}: the jobs of the ending job's reporting group, started or not (TERMINATE_GROUP). */
        GROUP,
        /** {@code stonewall}: the jobs running now; those waiting for a stonewall run after (TERMINATE_STONEWALL). */
        STONEWALL,
        /** {@code all}: every job, started or not (TERMINATE_ALL). */
        ALL
    }

    /**
     * fio's minimum rate (backend.c {@code check_min_rate} / {@code __check_min_rate}): per
     * direction, after a 2-second settle from the job's start, the bytes (or IOs) completed since
     * the last check over at least {@code ratecycle} ms; below the minimum the job fails with EIO.
     *
     * @param bytes   {@code rate_min} (alias {@code ratemin}), bytes/s for reads and writes (0: none)
     * @param iops    {@code rate_iops_min}, IOs/s for reads and writes (0: none)
     * @param cycleMs {@code ratecycle}, the window in ms (fio's default 1000)
     */
    public record MinRate(List<Long> bytes, List<Long> iops, long cycleMs) {
        public static final MinRate NONE = new MinRate(List.of(0L, 0L), List.of(0L, 0L), 1000);

        public MinRate {
            bytes = List.copyOf(bytes);
            iops = List.copyOf(iops);
        }

        public boolean checked() {
            return bytes.get(0) > 0 || bytes.get(1) > 0 || iops.get(0) > 0 || iops.get(1) > 0;
        }
    }

    /**
     * fio's zone options (HOWTO "zonemode" and below).
     *
     * @param mode            none, strided (IO in stripes of zonesize every zonerange + zoneskip) or zbd (a zoned block device)
     * @param zoneSize        {@code zonesize} (bytes; strided: bytes per stripe; zbd: must be the drive's zone size)
     * @param zoneRange       {@code zonerange} (strided; 0: zonesize)
     * @param zoneSkip        {@code zoneskip} (bytes skipped after each stripe)
     * @param zoneCapacity    {@code zonecapacity} (emulated zbd zones; 0: zonesize)
     * @param maxOpenZones    {@code max_open_zones} (0: the drive's limit, or none)
     * @param jobMaxOpenZones {@code job_max_open_zones} (0: none)
     * @param resetThreshold  {@code zone_reset_threshold} (share of the job's bytes written before resets start)
     * @param resetFrequency  {@code zone_reset_frequency} (0: never; else a reset every 1/frequency writes)
     * @param readBeyondWp    {@code read_beyond_wp} (reads above a write pointer are allowed)
     */
    public record Zoning(Mode mode, long zoneSize, long zoneRange, long zoneSkip, long zoneCapacity, int maxOpenZones,
                         int jobMaxOpenZones, double resetThreshold, double resetFrequency, boolean readBeyondWp) {
        public static final Zoning NONE = new Zoning(Mode.NONE, 0, 0, 0, 0, 0, 0, 0, 0, false);

        public enum Mode { NONE, STRIDED, ZBD }
    }

    public boolean asyncEngine() {
        return ASYNC_ENGINES.contains(ioengine);
    }

    /**
     * Whether a verify reads back the job's writes by offset, newest of a repeat only, rather
     * than in the order written: fio keeps its history in an rb-tree when offsets may repeat in
     * a pass (fio.h {@code fio_offset_overlap_risk}: random IO without the random map, a
     * sequential hole or step {@code rw=write:N}, {@code rw=randwrite:N}, {@code io_size}
     * larger than {@code size}); {@code experimental_verify} keeps no history but replays the
     * job's offsets (backend.c {@code do_verify}), so it reads them back in the order written.
     */
    public boolean verifyByOffset() {
        if (control.experimentalVerify()) {
            return false;
        }
        return rw.random && (!randomMap || rwSuffix > 1) || !rw.random && rwSuffix != 0 || control.ioSize() > size;
    }

    /** IOs in flight at most: iodepth for asynchronous engines, one for synchronous ones. */
    public int effectiveDepth() {
        return asyncEngine() ? iodepth : 1;
    }

    /**
     * Block sizes per direction: a fixed size, a range (multiples of its minimum, uniformly), or
     * a weighted split ({@code bssplit}).
     */
    /**
     * Block sizes per direction, as fio keeps {@code bs[DDIR_READ]}, {@code bs[DDIR_WRITE]},
     * {@code bs[DDIR_TRIM]}: {@code bs=r,w,t} (and bsrange, bssplit), the last one given
     * standing for the directions after it (parse.c {@code __handle_option}, options.c
     * {@code str_split_parse}). {@link #min()} and {@link #max()} are over reads and writes.
     */
    public record BlockSizes(Choice read, Choice write, Choice trim) {
        /** Trims of the write size, as fio's trims are unless {@code bs} gives a third size. */
        public BlockSizes(Choice read, Choice write) {
            this(read, write, write);
        }

        public static BlockSizes fixed(long bs) {
            return new BlockSizes(Choice.fixed(bs), Choice.fixed(bs));
        }

        public long min() {
            return Math.min(read.min(), write.min());
        }

        public long max() {
            return Math.max(read.max(), write.max());
        }

        /** One direction's choice; {@code splitSizes} non-empty means a weighted split. */
        public record Choice(long min, long max, List<Long> splitSizes, List<Integer> splitPercents) {
            public Choice {
                splitSizes = List.copyOf(splitSizes);
                splitPercents = List.copyOf(splitPercents);
            }

            public static Choice fixed(long bs) {
                return new Choice(bs, bs, List.of(), List.of());
            }

            /**
             * One IO's size, drawn from {@code r} (the job's {@code .bs} stream) only when there
             * is a choice: bssplit by its percentages, bsrange a multiple of the minimum uniformly
             * over the range (fio without bs_unaligned), a single size with no draw.
             */
            public long draw(SplittableRandom r) {
                if (!splitSizes.isEmpty()) {
                    int p = r.nextInt(100);
                    for (int i = 0; i < splitSizes.size(); i++) {
                        p -= splitPercents.get(i);
                        if (p < 0) {
                            return splitSizes.get(i);
                        }
                    }
                    return splitSizes.get(splitSizes.size() - 1);
                }
                if (min == max) {
                    return min;
                }
                long steps = max / min;
                return min * (1 + r.nextLong(steps));
            }
        }
    }

    /**
     * fio's {@code random_distribution}.
     *
     * @param zones for {@code zoned}: each zone's share of the accesses and of the region, in
     *              percent, in the order written (fio's {@code zone_split}); empty otherwise
     */
    public record RandomDistribution(Kind kind, double parameter, double center, List<Zone> zones, SpRandom spRandom) {
        public static final RandomDistribution UNIFORM = new RandomDistribution(Kind.RANDOM, 0, 0.5);

        public RandomDistribution {
            zones = List.copyOf(zones);
            if ((kind == Kind.SPRANDOM) != (spRandom != null)) {
                throw new IllegalArgumentException("sprandom settings go with Kind.SPRANDOM only");
            }
        }

        public RandomDistribution(Kind kind, double parameter, double center, List<Zone> zones) {
            this(kind, parameter, center, zones, null);
        }

        public RandomDistribution(Kind kind, double parameter, double center) {
            this(kind, parameter, center, List.of());
        }

        /** fio's {@code sprandom=1} (SanDisk's SPRandom preconditioning, sprandom.c) with these settings. */
        public static RandomDistribution spRandom(SpRandom settings) {
            return new RandomDistribution(Kind.SPRANDOM, 0, 0.5, List.of(), settings);
        }

        /** RANDOM … ZONED: fio's {@code random_distribution}; SPRANDOM: fio's {@code sprandom} writes. */
        public enum Kind { RANDOM, ZIPF, PARETO, NORMAL, ZONED, SPRANDOM }

        /**
         * fio's SPRandom options (options.c): {@code spr_op} over-provisioning as a fraction
         * (default 0.15), {@code spr_num_regions} (default 100), {@code spr_cs} the device cache
         * size in bytes (default 0: none).
         */
        public record SpRandom(double overProvisioning, int regions, long cacheBytes) {
        }

        /** One entry of {@code zoned:ACCESS/SIZE:…}: this share of the IOs goes to this share of the region. */
        public record Zone(int accessPercent, int sizePercent) {
        }
    }

    /**
     * Trace replay in place of generated IO.
     *
     * @param file             the trace ({@code read_iolog}); any format iopath reads
     * @param format           the format id, or null to detect it
     * @param closedLoop       issue with {@code iodepth} outstanding, ignoring recorded times
     *                         ({@code replay_no_stall}); validate traces also replay closed
     * @param timeScale        recorded times are divided by this ({@code replay_time_scale} / 100)
     * @param device           only this trace device (-1: all)
     * @param beyondCapacity   {@code wrap} or {@code scale} addresses beyond the drive
     */
    public record ReplaySpec(String file, String format, boolean closedLoop, double timeScale, long device,
                             String beyondCapacity) {
    }
}
