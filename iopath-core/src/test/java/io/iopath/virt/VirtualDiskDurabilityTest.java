package io.iopath.virt;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.IssueTap;
import io.iopath.durability.WriteRecord;
import io.iopath.experiment.VirtualRun;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.result.VirtualPowerLoss;
import io.iopath.result.VirtualResult;
import io.iopath.scenario.ScenarioReader;
import io.iopath.scenario.VirtualScenario;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * What each QEMU cache mode promises a guest at a power failure of the host (spec §6.2, §7.1,
 * §7.3), over seeded guest workloads and cut times.
 */
class VirtualDiskDurabilityTest {
    static VirtualScenario scenario(String file, String... overrides) {
        try (InputStream in = VirtualDiskDurabilityTest.class.getResourceAsStream(file)) {
            return ScenarioReader.readVirtual(file, new String(in.readAllBytes(), StandardCharsets.UTF_8), List.of(overrides));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static VirtualPowerLoss cut(String file, String mode, String device, boolean driveCache, long seed, long cutMs) {
        VirtualResult r = new VirtualRun(scenario(file, "seed=" + seed, "qemu.cache=" + mode, "qemu.device=" + device,
                "drive.write_cache=" + (driveCache ? "on" : "off"), "power_failure.at=" + cutMs + "ms")).execute();
        return r.powerLoss();
    }

    @Test
    void aWriteTheGuestSawFlushedIsNeverLostUnlessFlushesAreIgnored() {
        Random cuts = new Random(13);
        long ackedLostSomewhere = 0;
        int runs = 0;
        for (String mode : List.of("writethrough", "directsync", "writeback", "none")) {
            for (String file : List.of("guest-ext3-fsync.yaml", "guest-4k-rw.yaml")) {
                for (long seed = 1; seed <= 6; seed++) {
                    long at = 200 + cuts.nextInt(2600);
                    VirtualPowerLoss loss = cut(file, mode, "virtio-blk", true, seed, at);
                    String what = mode + " " + file + " seed " + seed + " cut at " + at + " ms";
                    assertThat(loss.guestFlushedLost()).as(what).isZero();
                    if (mode.equals("writethrough") || mode.equals("directsync")) {
                        // the disk shows no write cache: every write it completed was on the media. Under
                        // writeback and none the guest's 2.6.18 ext3 keeps only what its fsyncs flushed: an
                        // fsync of an inode unchanged since its last commit sends no flush (ext3_sync_file)
                        assertThat(loss.guestFsyncedBlocksLost()).as(what).isZero();
                    }
                    ackedLostSomewhere += loss.guestAckedLost();
                    runs++;
                }
            }
        }
        assertThat(runs).isEqualTo(48);
        // the cuts did hit writes in flight in some cache: the guarantee was tested, not trivially met
        assertThat(ackedLostSomewhere).isPositive();
    }

    /**
     * writeback is safe "as long as your guest OS makes sure to correctly flush disk caches": the
     * same guest file systems, instantiated on the virtual disk, with their 2.6 barrier defaults.
     */
    @Test
    void writebackKeepsFsyncsOnlyOfAGuestFileSystemThatFlushes() {
        VirtualResult xfs = new VirtualRun(scenario("guest-ext3-fsync.yaml", "guest.filesystem.type=xfs",
                "guest.filesystem.options=", "qemu.cache=writeback")).execute();
        assertThat(xfs.guestFlushes()).isPositive(); // XFS: barriers on by default
        assertThat(xfs.powerLoss().guestFsyncedBlocksLost()).isZero();
        VirtualResult reiser = new VirtualRun(scenario("guest-ext3-fsync.yaml", "guest.filesystem.type=reiserfs",
                "guest.filesystem.options=", "qemu.cache=writeback")).execute();
        assertThat(reiser.guestFlushes()).isZero(); // ReiserFS: barrier=none by default
        assertThat(reiser.powerLoss().guestFsyncedBlocksLost()).isPositive();
        assertThat(reiser.powerLoss().guestFlushedLost()).isZero(); // the disk promised nothing: it was never asked
    }

    @Test
    void unsafeLosesWhatTheGuestHadFlushed() {
        VirtualPowerLoss loss = cut("guest-ext3-fsync.yaml", "unsafe", "virtio-blk", true, 1, 2000);
        assertThat(loss.guestFlushedLost()).isPositive();
        assertThat(loss.guestFsyncedBlocksLost()).isPositive();
        assertThat(loss.hostPageCacheLost()).isPositive(); // where it was: the host page cache
    }

    @Test
    void aGuestThatNeverFlushesLosesAcknowledgedWritesOnCacheNoneWithTheDriveCacheOn() {
        VirtualPowerLoss on = cut("guest-4k-rw.yaml", "none", "ide-2008", true, 1, 2000);
        assertThat(on.guestAckedLost()).isPositive();
        // the IDE emulation showed no write cache: the guest took every completion as durable
        assertThat(on.guestFlushedLost()).isEqualTo(on.guestAckedLost());
        assertThat(on.drive().acknowledgedLost()).isPositive(); // where it was: the drive's cache
        VirtualPowerLoss off = cut("guest-4k-rw.yaml", "none", "ide-2008", false, 1, 2000);
        assertThat(off.guestAckedLost()).isZero();
        // the same guest with virtio-blk's flush is told of the cache, and its fsyncs are kept
        VirtualPowerLoss virtio = cut("guest-ext3-fsync.yaml", "none", "virtio-blk", true, 1, 2000);
        assertThat(virtio.guestFlushedLost()).isZero();
        VirtualPowerLoss ide = cut("guest-ext3-fsync.yaml", "none", "ide-2008", true, 1, 2000);
        assertThat(ide.guestFlushedLost()).isPositive();
    }

    /**
     * writethrough and directsync: at every write the virtual disk completes to the guest, the
     * drive's ledger holds nothing of it in the volatile cache, the host page cache holds it
     * clean, and the media version covers it.
     */
    @Test
    void writethroughAndDirectsyncCompleteAGuestWriteOnlyWhenItIsOnTheMedia() {
        for (String mode : List.of("writethrough", "directsync")) {
            for (String file : List.of("guest-ext3-fsync.yaml", "guest-4k-rw.yaml")) {
                for (long seed = 1; seed <= 4; seed++) {
                    VirtualRun run = new VirtualRun(scenario(file, "seed=" + seed, "qemu.cache=" + mode,
                            "drive.write_cache=on", "power_failure.at=2500ms"));
                    long volume = run.virtualDisk().config().volumeOffsetBytes() / 512;
                    List<String> early = new ArrayList<>();
                    int[] checked = {0};
                    run.guestTap().setListener(new IssueTap.Listener() {
                        @Override
                        public void issued(Request rq, long nowNs) {
                        }

                        @Override
                        public void completed(Request rq, long nowNs) {
                            if (rq.op != Op.WRITE) {
                                return;
                            }
                            checked[0]++;
                            long s = volume + rq.sector();
                            for (WriteRecord w : run.ledger().volatileWrites()) {
                                if (w.sector < s + rq.sectors() && s < w.sector + w.sectors) {
                                    early.add(rq + " at " + nowNs + " overlaps volatile " + w.sector + "+" + w.sectors);
                                }
                            }
                        }
                    });
                    VirtualResult r = run.execute();
                    assertThat(early).as(mode + " " + file + " seed " + seed).isEmpty();
                    assertThat(r.completedBeforeDurable()).as(mode + " " + file + " seed " + seed).isZero();
                    assertThat(checked[0]).isPositive();
                }
            }
        }
        // the same check sees writeback's early completions
        VirtualResult wb = new VirtualRun(scenario("guest-4k-rw.yaml", "qemu.cache=none", "drive.write_cache=on")).execute();
        assertThat(wb.completedBeforeDurable()).isPositive();
    }
}
