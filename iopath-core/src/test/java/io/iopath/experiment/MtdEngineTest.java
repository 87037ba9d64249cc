package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.report.fio.FioText;
import io.iopath.result.FioResult;
import io.iopath.result.Result;
import io.iopath.scenario.FioJobFile;
import io.iopath.scenario.ScenarioException;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * fio's mtd engine (engines/mtd.c) on raw NAND: nandsim by default, the flash drive's chips raw
 * with --drive ssd-msr, where fio's and libmtd's alignment checks fail IOs with EINVAL.
 */
class MtdEngineTest {
    private record Run(ScenarioRun run, FioResult fio) {
        FioResult.Job job(String name) {
            return fio.jobs().stream().filter(j -> j.name().equals(name)).findFirst().orElseThrow();
        }
    }

    private static Run run(String fio, String... overrides) {
        ScenarioRun r = new ScenarioRun(ScenarioReader.read(FioJobFile.parse("mtd.fio", fio).tree(), List.of(overrides)));
        Result result = r.execute(p -> { });
        return new Run(r, r.fioResult(result, false));
    }

    /** fio's examples/mtd.fio. */
    private static final String MTD_FIO = "[global]\ngtod_reduce=1\nfilename=/dev/mtd0\nioengine=mtd\nignore_error=,EIO\n"
            + "blocksize=512,512,16384\nskip_bad=1\n[trim]\nstonewall\nrw=trim\n[write]\nstonewall\nrw=write\n"
            + "[trimwrite]\nstonewall\nblock_error_percentiles=1\nrw=trimwrite\nloops=4\n";

    @Test
    void mtdFioRunsOnNandsimBlockByBlock() {
        Run r = run(MTD_FIO);
        FioResult.Job trim = r.job("trim");
        assertThat(trim.stats().issuedTrim()).isEqualTo(8192); // 128 MiB of 16 KiB erase blocks
        assertThat(trim.stats().runtimeNs()).isEqualTo(8192 * 2_000_000L); // one erase each, 2 ms
        FioResult.Job write = r.job("write");
        assertThat(write.stats().issuedWrite()).isEqualTo(262_144);
        assertThat(write.stats().runtimeNs()).isEqualTo(262_144 * 220_000L); // a page program each: 200 + 20 µs
        FioResult.Job tw = r.job("trimwrite");
        // set_rw_ddir: a block is trimmed when the writes reach its predecessor's start, so each loop
        // erases all 8192 blocks and writes all pages but the last block's 31 after its first
        assertThat(tw.stats().issuedTrim()).isEqualTo(4 * 8192);
        assertThat(tw.stats().issuedWrite()).isEqualTo(4 * (262_144 - 31));
        assertThat(tw.blockTrims()).hasSize(8192).allMatch(t -> t == 4);
        // ignore_error=,EIO sets continue_on_error for writes: the error counts are shown
        assertThat(tw.error().continueOnError()).isTrue();
        assertThat(tw.error().count()).isZero();
        // the writes follow an erase of their block every time: no page programmed twice
        assertThat(r.run().nand().reprograms()).isZero();
        assertThat(r.run().nand().blocksErased()).isEqualTo(8192 + 4 * 8192);
        String text = FioText.render(r.fio());
        assertThat(text).contains("(T) 16.0KiB-16.0KiB, ioengine=mtd")
                .contains("  block lifetime percentiles :\n   | 1.00th=4, 5.00th=4, 10.00th=4, 20.00th=4, 30.00th=4, 40.00th=4, 50.00th=4,\n")
                .contains("        states               : unwritten=0, trimmed=8192, written=0, trim failure=0, write failure=0\n")
                .contains("     errors    : total=0, first_error=0/<Success>\n")
                .doesNotContain("clat").doesNotContain("bw (") // gtod_reduce
                .doesNotContain("Disk stats"); // a character device has no disk util
    }

    /** A write of pages never erased since their last program is carried out and counted, as the MTD layer does. */
    @Test
    void writingPagesTwiceWithoutAnEraseIsCountedNotRefused() {
        Run r = run("[global]\nioengine=mtd\nbs=512\nsize=64k\n[w1]\nrw=write\n[w2]\nstonewall\nrw=write\n");
        assertThat(r.job("w2").stats().write().ios()).isEqualTo(128);
        assertThat(r.run().nand().reprograms()).isEqualTo(128);
    }

    /** On ssd-msr's chips (4 KiB pages, 256 KiB blocks) mtd.fio's writes and trims are misaligned: EINVAL ends the jobs. */
    @Test
    void onTheFlashDrivesChipsMisalignedIosFailWithEinval() {
        Run r = run(MTD_FIO, "drive.preset=ssd-msr");
        FioResult.Job trim = r.job("trim");
        assertThat(trim.error().errno()).isEqualTo(22);
        assertThat(trim.error().verror()).isEqualTo("file:engines/mtd.c:129, func=trim on MTD must be erase block-aligned, error=Invalid argument");
        assertThat(trim.stats().issuedTrim()).isEqualTo(1);
        assertThat(trim.stats().trim().ios()).isZero();
        // fio_mtd_queue erases the block all the same
        assertThat(r.run().nand().eraseCount(0)).isEqualTo(1);
        FioResult.Job write = r.job("write");
        assertThat(write.error().verror()).isEqualTo("file:engines/mtd.c:122, func=mtd_write, error=Invalid argument");
        assertThat(r.run().nand().pagesProgrammed()).isZero(); // libmtd refuses before any ioctl
        // 32 GiB of 16 KiB trim blocks: more than fio's 8192 block infos, the set-up fails
        assertThat(r.run().workloads().get(2).failedSetUp()).isTrue();
    }

    /** ignore_error=,EINVAL: the misaligned writes are counted and the job goes on (td_non_fatal_error). */
    @Test
    void ignoredErrorsAreCountedAndTheJobGoesOn() {
        Run r = run("[w]\nioengine=mtd\nrw=write\nbs=512\nsize=1m\nignore_error=,EINVAL\n", "drive.preset=ssd-msr");
        FioResult.Job w = r.job("w");
        assertThat(w.error().errno()).isZero();
        assertThat(w.error().count()).isEqualTo(2048);
        assertThat(w.error().firstError()).isEqualTo(22);
        assertThat(w.stats().issuedWrite()).isEqualTo(2048);
        assertThat(w.stats().write().ios()).isZero(); // failed IOs are not accounted
        // EIO listed for writes does not cover EINVAL, and reads' list is empty: fatal
        Run fatal = run("[w]\nioengine=mtd\nrw=write\nbs=512\nsize=1m\nignore_error=,EIO\n", "drive.preset=ssd-msr");
        assertThat(fatal.job("w").error().errno()).isEqualTo(22);
        assertThat(fatal.job("w").stats().issuedWrite()).isEqualTo(1);
    }

    /** Aligned whole pages on ssd-msr's chips: a write is a page program plus its transfer. */
    @Test
    void alignedPageWritesOnTheChipsRawTakeTheProgramAndTransfer() {
        Run r = run("[w]\nioengine=mtd\nrw=write\nbs=4k\nsize=1m\n", "drive.preset=ssd-msr");
        FioResult.Stats s = r.job("w").stats();
        assertThat(s.write().ios()).isEqualTo(256);
        assertThat(s.write().clat().min()).isEqualTo(305_600);
        assertThat(s.write().clat().max()).isEqualTo(305_600);
    }

    @Test
    void mtdJobsDoNotMixWithJobsThroughTheTranslationLayer() {
        assertThatThrownBy(() -> run("[a]\nioengine=mtd\nrw=write\nsize=1m\n[b]\nioengine=psync\nrw=write\nsize=1m\n",
                "drive.preset=ssd-msr")).isInstanceOf(ScenarioException.class).hasMessageContaining("all mtd or none");
    }

    @Test
    void aDiskRefusesTheMtdEngineAndNandsimRefusesOtherEngines() {
        assertThatThrownBy(() -> run("[w]\nioengine=mtd\nrw=write\n", "drive.preset=laptop-7200-250g"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("ioengine=mtd reads, writes and erases raw NAND");
        assertThatThrownBy(() -> run("[w]\nioengine=psync\nrw=write\n", "drive.preset=nandsim"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("the drive nandsim is a raw NAND chip");
    }
}
