package io.iopath.workload.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.request.Op;
import io.iopath.scenario.FioJobFile;
import io.iopath.scenario.ScenarioException;
import io.iopath.scenario.ScenarioReader;
import io.iopath.workload.JobSpec;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** sprandom=1 bound from fio's examples/sprandom.fio and simulated as a block job (sprandom.c, io_u.c). */
class SpRandomJobTest {
    /** fio's examples/sprandom.fio at f5344384, run as its leading comment says (env FIO_BS=4096). */
    private static final String SPRANDOM_FIO = """
            [global]
            ioengine=libaio
            rw=randwrite
            bs=${FIO_BS}
            blockalign=${FIO_BS}
            direct=1
            norandommap=1
            iodepth=64
            [preconditioning]
            sprandom=1
            spr_op=0.15
            spr_num_regions=100
            """;

    @Test
    void fiosExampleBindsItsSettings() {
        FioJobFile f = FioJobFile.parse("sprandom.fio", SPRANDOM_FIO, Map.of("FIO_BS", "4096"));
        JobSpec j = ScenarioReader.read(f.tree(), List.of()).jobs().get(0);
        assertThat(j.distribution().kind()).isEqualTo(JobSpec.RandomDistribution.Kind.SPRANDOM);
        assertThat(j.distribution().spRandom()).isEqualTo(new JobSpec.RandomDistribution.SpRandom(0.15, 100, 0));
        assertThat(j.randomMap()).isFalse();
        assertThat(f.ignored()).doesNotContain("sprandom", "spr_op", "spr_num_regions");
    }

    @Test
    void fiosRequirementsAreChecked() {
        // init.c fixup_options: "sprandom requires random write, random_generator=lfsr, norandommap=1"
        assertThatThrownBy(() -> bind("rw=randread\nsprandom=1\n"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("sprandom: needs rw=randwrite");
        assertThatThrownBy(() -> bind("rw=randwrite\nnorandommap=0\nsprandom=1\n"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("norandommap: must be 1 with sprandom");
        assertThatThrownBy(() -> bind("rw=randwrite\nsprandom=1\nspr_op=1.5\n"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("spr_op: expected an over-provisioning fraction");
        // init.c sets norandommap itself when it is not given
        assertThat(bind("rw=randwrite\nsprandom=1\n").randomMap()).isFalse();
        assertThat(bind("rw=randwrite\nsprandom=0\n").distribution().kind()).isEqualTo(JobSpec.RandomDistribution.Kind.RANDOM);
    }

    private static JobSpec bind(String body) {
        FioJobFile f = FioJobFile.parse("x.fio", "[j]\nioengine=libaio\ndirect=1\nbs=4k\nsize=16m\n" + body);
        return ScenarioReader.read(f.tree(), List.of()).jobs().get(0);
    }

    /**
     * Simulated: every block of the region written, 4 KiB aligned inside it, and the job ends by
     * itself (SPRandom done) near the physical size, at most sprandom_init's io_size.
     */
    @Test
    void theJobWritesTheRegionOnceAndTheInvalidatedShareAgain() {
        long size = 16L << 20;
        JobHarness h = JobHarness.runJob(3, "rw: randwrite", "bs: 4k", "size: 16m", "iodepth: 16", "sprandom: 1",
                "spr_op: 0.2", "spr_num_regions: 10");
        BitSet seen = new BitSet();
        long writes = 0;
        for (JobHarness.Issue io : h.data()) {
            assertThat(io.op()).isEqualTo(Op.WRITE);
            long off = io.sector() * 512;
            assertThat(off % 4096).isZero();
            assertThat(off).isLessThan(size);
            for (long b = off / 4096; b < (off + io.sectors() * 512L) / 4096; b++) {
                seen.set((int) b);
                writes++;
            }
        }
        long blocks = size / 4096;
        assertThat(seen.cardinality()).isEqualTo((int) blocks);
        long physical = SpRandom.physicalSize(0.2, size, 4096) / 4096;
        assertThat(writes).isBetween(blocks + 1, physical);
        assertThat(h.stats().issuedWrite).isEqualTo(writes);
    }
}
