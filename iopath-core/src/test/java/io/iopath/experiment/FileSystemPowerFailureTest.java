package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.fs.FsPowerLoss;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 11 item 7: at a power cut with the drive's write cache on, ext3 with barrier=1 never
 * loses data an fsync returned for when the fsync committed (a write that allocated, grew the file
 * or moved its mtime to a new second); with the 2.6 default barrier=0 it can. The same for
 * ReiserFS (barrier=flush against the default barrier=none) and XFS (barriers, the default,
 * against nobarrier). 2.6.18's ext3 fsync of overwrites within one second commits nothing and
 * flushes nothing ({@link #anExt3FsyncOfOverwritesWithinASecondCommitsAndFlushesNothing}).
 */
class FileSystemPowerFailureTest {
    private static final String RUN = """
            name: pf
            seed: 1
            drive:
              write_cache: on
            host:
              memory: 256m
            filesystem:
              size: 10g
            power_failure:
              at: 8s
            jobs:
              - name: db
                rw: randwrite
                bs: 4k
                ioengine: psync
                direct: 0
                filename: db.0
                filesize: 64m
                fsync: 8
                runtime: 30s
                time_based: 1
              - name: log
                rw: write
                bs: 64k
                direct: 0
                filename: log.0
                filesize: 256m
            """;

    private static FsPowerLoss loss(String options, String at) {
        return loss("ext3", options, at);
    }

    private static FsPowerLoss loss(String type, String options, String at) {
        ScenarioRun run = new ScenarioRun(ScenarioReader.read("s.yaml", RUN,
                List.of("filesystem.type=" + type, "filesystem.options=" + options, "power_failure.at=" + at)));
        run.execute(p -> { });
        return run.fileSystemPowerLoss().orElseThrow();
    }

    /**
     * ReiserFS with barrier=flush never leaves a committed transaction torn, on the 2.6 block layer
     * (which orders the commit, submitted at once as a barrier, after the log) and on blk-mq (which
     * orders nothing, so the commit waits for the log): blk-mq with the write cache on or off tore
     * transaction 1 when the commit did not wait (seeds 14 and 23 among these).
     */
    @Test
    void reiserFsBarriersNeverTearATransactionOnAnyBlockLayer() {
        for (String scheduler : List.of("cfq", "deadline", "none", "mq-deadline", "kyber", "bfq")) {
            for (String cache : List.of("on", "off")) {
                for (String seed : List.of("14", "23")) {
                    for (String at : List.of("700ms", "2s")) {
                        ScenarioRun run = new ScenarioRun(ScenarioReader.read("s.yaml", RUN, List.of("filesystem.type=reiserfs",
                                "filesystem.options=barrier=flush", "host.scheduler=" + scheduler, "drive.write_cache=" + cache,
                                "seed=" + seed, "jobs[0].fsync=1", "power_failure.at=" + at)));
                        run.execute(p -> { });
                        FsPowerLoss loss = run.fileSystemPowerLoss().orElseThrow();
                        assertThat(loss.journal().violations()).as("%s, write cache %s, seed %s, cut at %s", scheduler, cache, seed, at)
                                .isZero();
                        assertThat(loss.fsyncedBlocksLost()).isZero();
                    }
                }
            }
        }
    }

    /**
     * O_DIRECT overwrites each followed by fsync, ReiserFS with barrier=flush: every fsync ends in a
     * cache flush (the commit's barrier, or reiserfs_sync_file's blkdev_issue_flush when it had none
     * after the data), so nothing an fsync returned for is lost. The write awaiting its fsync at the
     * cut holds new data for a block an earlier fsync had promised: it counted as lost fsync'd data
     * when O_DIRECT writes did not take the block's promise back (1 block at every cut here).
     */
    @Test
    void directOverwritesTakeTheirBlocksPromiseBackUntilTheNextFsync() {
        for (String scheduler : List.of("cfq", "deadline", "none", "mq-deadline")) {
            for (String seed : List.of("1", "2")) {
                for (String at : List.of("700ms", "2s", "8s")) {
                    ScenarioRun run = new ScenarioRun(ScenarioReader.read("s.yaml", RUN, List.of("filesystem.type=reiserfs",
                            "filesystem.options=barrier=flush", "host.scheduler=" + scheduler, "seed=" + seed,
                            "jobs[0].direct=1", "jobs[0].fsync=1", "power_failure.at=" + at)));
                    run.execute(p -> { });
                    assertThat(run.fileSystemPowerLoss().orElseThrow().fsyncedBlocksLost())
                            .as("%s, seed %s, cut at %s", scheduler, seed, at).isZero();
                }
            }
        }
    }

    /**
     * 2.6.18: write(2) dirties the inode only when file_update_time moves mtime to a new second
     * (ext3's timestamps are whole seconds), and ext3_sync_file starts a commit only for a dirty
     * inode, with no flush of its own. So a file laid out first, then overwritten 4 KiB at a time
     * with an fsync after each write, commits about once a second however many fsyncs there are,
     * and with the write cache on a cut can lose blocks those fsyncs returned for even with
     * barrier=1; ReiserFS with barrier=flush (reiserfs_sync_file flushes when its commit put no
     * barrier after the data) loses none at the same cuts.
     */
    @Test
    void anExt3FsyncOfOverwritesWithinASecondCommitsAndFlushesNothing() {
        String overwrites = """
                name: overwrite-fsync
                seed: 1
                drive:
                  write_cache: on
                host:
                  memory: 256m
                filesystem:
                  type: ext3
                  size: 10g
                  options: barrier=1
                power_failure:
                  at: 8s
                jobs:
                  - name: layout
                    rw: write
                    bs: 64k
                    direct: 0
                    filename: db.0
                    filesize: 1m
                  - name: db
                    stonewall: 1
                    rw: randwrite
                    bs: 4k
                    ioengine: psync
                    direct: 0
                    filename: db.0
                    filesize: 1m
                    fsync: 1
                    runtime: 10s
                    time_based: 1
                """;
        long ext3Lost = 0;
        for (String at : List.of("6s", "7s", "8s")) {
            ScenarioRun run = new ScenarioRun(ScenarioReader.read("s.yaml", overwrites, List.of("power_failure.at=" + at)));
            var fs = run.execute(p -> { }).filesystem();
            long seconds = Long.parseLong(at.replace("s", ""));
            assertThat(fs.fsyncs()).as("cut at %s", at).isGreaterThan(100 * seconds);
            // one commit a second from the mtime change, one for the layout's allocations, kjournald's timer
            assertThat(fs.journalCommits()).as("cut at %s", at).isLessThanOrEqualTo(seconds + 3);
            ext3Lost += run.fileSystemPowerLoss().orElseThrow().fsyncedBlocksLost();
            ScenarioRun reiser = new ScenarioRun(ScenarioReader.read("s.yaml", overwrites, List.of("power_failure.at=" + at,
                    "filesystem.type=reiserfs", "filesystem.options=barrier=flush")));
            reiser.execute(p -> { });
            assertThat(reiser.fileSystemPowerLoss().orElseThrow().fsyncedBlocksLost()).as("reiserfs, cut at %s", at).isZero();
        }
        assertThat(ext3Lost).as("ext3 with barriers loses fsync'd overwrites at some cut").isPositive();
    }

    /**
     * XFS (2.6.18 {@code xfs_write}) changes the inode's times for an O_DIRECT write as for a
     * buffered one, so the fsync after it logs the core synchronously: a barrier log write after
     * the data. With barriers nothing an fsync returned for is lost (16 blocks at the 8 s cut when
     * O_DIRECT writes left the core clean and fsync forced a log already on disk).
     */
    @Test
    void xfsDirectOverwritesWithBarriersKeepTheirFsyncs() {
        for (String seed : List.of("1", "2")) {
            for (String at : List.of("2s", "8s")) {
                ScenarioRun run = new ScenarioRun(ScenarioReader.read("s.yaml", RUN, List.of("filesystem.type=xfs",
                        "filesystem.options=barrier", "seed=" + seed, "jobs[0].direct=1", "jobs[0].fsync=1", "power_failure.at=" + at)));
                run.execute(p -> { });
                assertThat(run.fileSystemPowerLoss().orElseThrow().fsyncedBlocksLost()).as("seed %s, cut at %s", seed, at).isZero();
            }
        }
    }

    /**
     * With the drive's write cache off a completed write is on the media, so no cut loses data an
     * fsync returned for, in any data mode. data=journal's fsync'd data is in a committed
     * transaction of the log until its checkpoint writes it home: a home write cut in flight loses
     * nothing, the log's replay restores it (counted lost before the journal's copy was looked at:
     * seed 145, cut at 3 s, fdatasync).
     */
    @Test
    void withTheWriteCacheOffNoCutLosesFsyncedDataInAnyDataMode() {
        String overwrites = """
                name: cache-off
                seed: 145
                drive: {write_cache: off}
                host: {memory: 256m, scheduler: deadline}
                filesystem: {type: ext3, size: 10g, options: barrier=1}
                power_failure: {at: 3s}
                jobs:
                  - {name: layout, rw: write, bs: 64k, direct: 0, filename: db.0, filesize: 1m}
                  - {name: db, stonewall: 1, rw: randwrite, bs: 4k, ioengine: psync, direct: 0, filename: db.0, filesize: 1m,
                     fdatasync: 1, runtime: 10s, time_based: 1}
                """;
        for (String data : List.of("ordered", "journal", "writeback")) {
            for (String sync : List.of("fsync", "fdatasync")) {
                for (String at : List.of("1500ms", "3s", "5200ms")) {
                    ScenarioRun run = new ScenarioRun(ScenarioReader.read("s.yaml", overwrites.replace("fdatasync: 1", sync + ": 1"),
                            List.of("filesystem.options=barrier=1,data=" + data, "power_failure.at=" + at)));
                    run.execute(p -> { });
                    FsPowerLoss loss = run.fileSystemPowerLoss().orElseThrow();
                    assertThat(loss.fsyncedBlocksLost()).as("data=%s, %s, cut at %s", data, sync, at).isZero();
                    assertThat(loss.journal().violations()).as("data=%s, %s, cut at %s", data, sync, at).isZero();
                }
            }
        }
    }

    /** The report's "barriers" is each file system's own option, not ext3's reading of the option text. */
    @Test
    void theReportSaysWhetherEachFileSystemHadBarriers() {
        for (String[] t : new String[][] {{"ext3", "barrier=1", "barrier=0"}, {"reiserfs", "barrier=flush", "barrier=none"},
                {"xfs", "barrier", "nobarrier"}}) {
            for (int off = 0; off < 2; off++) {
                ScenarioRun run = new ScenarioRun(ScenarioReader.read("s.yaml", RUN,
                        List.of("filesystem.type=" + t[0], "filesystem.options=" + t[1 + off], "power_failure.at=2s")));
                assertThat(run.execute(p -> { }).powerLoss().fileSystem().barriers()).as("%s %s", t[0], t[1 + off])
                        .isEqualTo(off == 0);
            }
        }
    }

    @Test
    void barriersKeepFsyncedData() {
        long lostWithout = 0;
        for (String at : List.of("5s", "6500ms", "8s", "9500ms")) {
            FsPowerLoss withBarrier = loss("barrier=1", at);
            FsPowerLoss without = loss("barrier=0", at);
            assertThat(withBarrier.fsyncedBlocksLost()).as("barrier=1, cut at " + at).isZero();
            lostWithout += without.fsyncedBlocksLost();
        }
        assertThat(lostWithout).as("barrier=0 with the write cache on loses fsync'd data at some cut").isPositive();
    }

    @Test
    void reiserfsBarrierFlushKeepsFsyncedData() {
        long lostWithout = 0;
        long buffered = 0;
        for (String at : List.of("5s", "6500ms", "8s", "9500ms")) {
            FsPowerLoss withBarrier = loss("reiserfs", "barrier=flush", at);
            FsPowerLoss without = loss("reiserfs", "barrier=none", at);
            assertThat(withBarrier.fsyncedBlocksLost()).as("barrier=flush, cut at " + at).isZero();
            lostWithout += without.fsyncedBlocksLost();
            buffered += without.bufferedPagesLost();
        }
        assertThat(lostWithout).as("barrier=none with the write cache on loses fsync'd data at some cut").isPositive();
        assertThat(buffered).as("buffered pages are counted at the cut").isPositive();
    }

    @Test
    void xfsBarriersKeepFsyncedData() {
        long lostWithout = 0;
        for (String at : List.of("5s", "6500ms", "8s", "9500ms")) {
            FsPowerLoss withBarrier = loss("xfs", "barrier", at);
            FsPowerLoss without = loss("xfs", "nobarrier", at);
            assertThat(withBarrier.fsyncedBlocksLost()).as("barrier (default), cut at " + at).isZero();
            lostWithout += without.fsyncedBlocksLost();
        }
        assertThat(lostWithout).as("nobarrier with the write cache on loses fsync'd data at some cut").isPositive();
    }
}
