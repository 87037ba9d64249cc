package io.iopath.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.workload.JobSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fio job file shapes as fio reads them (init.c {@code __parse_jobs_ini}, parse.c
 * {@code strip_blank_end}, options.c {@code fio_option_dup_subs} / {@code fio_keyword_replace}):
 * each small file with the job it must become, or the error fio's rules give.
 */
class FioSyntaxTest {
    @TempDir
    Path dir;

    static JobSpec only(String text) {
        return jobs(text, Map.of()).get(0);
    }

    static List<JobSpec> jobs(String text, Map<String, String> env) {
        return ScenarioReader.read(FioJobFile.parse("t.fio", text, env).tree(), List.of()).jobs();
    }

    @Test
    void inlineCommentsEndTheValue() {
        JobSpec j = only("[a] ; the job\nrw=randread  # random\nbs=8k;eight\nnumber_ios=5\n");
        assertThat(j.rw().random).isTrue();
        assertThat(j.blockSize()).isEqualTo(8192);
    }

    @Test
    void environmentVariablesAndFiosKeywordsAreSubstituted() {
        JobSpec j = only("[a]\nioengine=libaio\niodepth=${UNSET}8\nsize=$pagesize\nnumber_ios=$ncpus\n");
        assertThat(jobs("[a]\nbs=${BS}\nnumber_ios=1\n", Map.of("BS", "16k")).get(0).blockSize()).isEqualTo(16384);
        assertThat(j.iodepth()).isEqualTo(8); // an unset variable is replaced by nothing, as fio does
        assertThat(j.size()).isEqualTo(4096);
        assertThat(j.numberIos()).isEqualTo(1);
    }

    @Test
    void ofAnOptionAndItsAliasTheLastOneWins() {
        assertThat(only("[global]\nblocksize=8k\n[a]\nbs=16k\nnumber_ios=1\n").blockSize()).isEqualTo(16384);
        assertThat(only("[a]\nbs=16k\nblocksize=32k\nnumber_ios=1\n").blockSize()).isEqualTo(32768);
        assertThat(only("[a]\nrw=read\nreadwrite=randwrite\nnumber_ios=1\n").rw().random).isTrue();
    }

    @Test
    void bsrangeTakesAColonAsWellAsADash() {
        JobSpec j = only("[a]\nbsrange=4k:16k\nnumber_ios=1\n");
        assertThat(j.blockSizes().read().min()).isEqualTo(4096);
        assertThat(j.blockSizes().read().max()).isEqualTo(16384);
    }

    @Test
    void percentagesOfTheDevice() {
        long device = only("[a]\n").size();
        JobSpec j = only("[a]\noffset=50%\nsize=25%\nnumber_ios=1\n");
        assertThat(j.offset()).isEqualTo(device / 2 / 512 * 512);
        assertThat(j.size()).isEqualTo(device / 4 / 512 * 512);
    }

    @Test
    void aJobWithoutAnEndCoversTheRestOfTheDevice() {
        JobSpec j = only("[a]\noffset=1g\n");
        assertThat(j.offset() + j.size()).isEqualTo(only("[a]\n").size());
    }

    @Test
    void includeReadsOptionsIntoTheCurrentSectionRelativeToTheFile() throws IOException {
        Files.writeString(dir.resolve("common.fio"), "bs=64k ; from the include\niodepth=4\n");
        Path job = dir.resolve("job.fio");
        Files.writeString(job, "[a]\ninclude common.fio\nnumber_ios=3\n");
        JobSpec j = ScenarioReader.read(FioJobFile.read(job).tree(), List.of()).jobs().get(0);
        assertThat(j.blockSize()).isEqualTo(65536);
        assertThat(j.iodepth()).isEqualTo(4);
    }

    @Test
    void anIncludeMayNotOpenASection() throws IOException {
        Files.writeString(dir.resolve("bad.fio"), "[b]\n");
        Path job = dir.resolve("job.fio");
        Files.writeString(job, "[a]\ninclude bad.fio\n");
        assertThatThrownBy(() -> FioJobFile.read(job)).hasMessageContaining("no new sections in included files");
    }

    @Test
    void anOptionFioDoesNotKnowIsAnErrorWithFiosGuess() {
        assertThatThrownBy(() -> FioJobFile.parse("t.fio", "[a]\nnumber_ioss=4\n"))
                .hasMessage("t.fio:2:1: number_ioss: not a fio option (fio refuses it too: \"Bad option <number_ioss=4>\"); "
                        + "did you mean number_ios?");
        assertThatThrownBy(() -> FioJobFile.parse("t.fio", "[a]\nzzzzzzzz\n")).hasMessageNotContaining("did you mean");
    }

    @Test
    void anOptionThatWouldChangeTheWorkloadIsRefusedAtItsDefaultItIsIgnored() {
        assertThatThrownBy(() -> FioJobFile.parse("t.fio", "[a]\nverify_only\n"))
                .hasMessageStartingWith("t.fio:2:1: verify_only: changes the workload");
        assertThatThrownBy(() -> FioJobFile.parse("t.fio", "[a]\nfsync_on_close\n")).hasMessageContaining("fsync_on_close");
        assertThat(FioJobFile.parse("t.fio", "[a]\nrw_sequencer=sequential\nkb_base=1024\nnumber_ios=1\n").ignored())
                .containsExactly("rw_sequencer", "kb_base"); // sync=0 is bound now (sync is modelled)
        // on the drive (a block device named), a file option is still refused
        assertThatThrownBy(() -> FioJobFile.parse("t.fio", "[a]\nfilename=/dev/sdb\nend_fsync\n")).hasMessageContaining("end_fsync");
    }

    @Test
    void anOptionFioKnowsAndIopathNeedNotModelIsListedOnce() {
        FioJobFile f = FioJobFile.parse("t.fio", "[global]\nthread\n[a]\nnumber_ios=1\ncpus_allowed=0\n[b]\nnumber_ios=1\nthread=1\n");
        assertThat(f.ignored()).containsExactly("thread", "cpus_allowed");
    }

    @Test
    void ioschedulerBecomesTheHostsScheduler() {
        Scenario s = ScenarioReader.read(FioJobFile.parse("t.fio", "[a]\nioscheduler=bfq\nnumber_ios=1\n[b]\nioscheduler=bfq\nnumber_ios=1\n",
                Map.of()).tree(), List.of());
        assertThat(s.host().scheduler().name()).isEqualTo("bfq");
        assertThatThrownBy(() -> FioJobFile.parse("t.fio", "[a]\nioscheduler=bfq\n[b]\nioscheduler=none\n"))
                .hasMessageContaining("one IO scheduler; this file asks for 'bfq' and 'none'");
    }

    @Test
    void stonewallNewGroupAndWaitForAreBound() {
        List<JobSpec> j = jobs("[a]\nnumber_ios=1\n[b]\nstonewall\nnumber_ios=1\n[c]\nnew_group\nwait_for=a\nnumber_ios=1\n",
                Map.of());
        assertThat(j.get(0).control()).isEqualTo(JobSpec.Control.NONE);
        assertThat(j.get(1).control()).isEqualTo(new JobSpec.Control(true, false, null, 1, 0, 0, false));
        assertThat(j.get(2).control()).isEqualTo(new JobSpec.Control(false, true, "a", 1, 0, 0, false));
        assertThat(jobs("[a]\nnumber_ios=1\n[b]\nwait_for_previous=1\nnumber_ios=1\n", Map.of()).get(1).control().stonewall())
                .isTrue();
        assertThatThrownBy(() -> jobs("[a]\nwait_for=b\nnumber_ios=1\n[b]\nnumber_ios=1\n", Map.of()))
                .hasMessageContaining("wait_for: expected the name of an earlier job, got 'b'");
    }
}
