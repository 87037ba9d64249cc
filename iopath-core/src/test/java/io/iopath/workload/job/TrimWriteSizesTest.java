package io.iopath.workload.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.request.Op;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * fio's third block size ({@code bs=r,w,t}) on trims, and sequential trimwrite with trims and
 * writes of different sizes: each direction at its own sequential offset, a trim whenever the
 * last write started where the last trim did (io_u.c {@code set_rw_ddir}). The golden iolog is
 * real fio 3.33's (README.md beside it).
 */
class TrimWriteSizesTest {
    private static List<String> ops(JobHarness h) {
        List<String> ours = new ArrayList<>();
        for (JobHarness.Issue io : h.issues) {
            if (io.op() == Op.WRITE || io.op() == Op.DISCARD) {
                ours.add((io.op() == Op.WRITE ? "write " : "trim ") + io.sector() * 512 + " " + io.sectors() * 512L);
            }
        }
        return ours;
    }

    @Test
    void sequentialTrimWriteOfTwoSizesIssuesWhatRealFioIssues() {
        List<String> fio = FioIolog.ios("trimwrite-4k-8k.iolog");
        JobHarness h = JobHarness.runFio("[j]\nrw=trimwrite\nbs=4k,4k,8k\nsize=64k\nioengine=psync\ndirect=1\n");
        assertThat(fio).hasSize(8 + 15); // 8 trims of 8 KiB, and the writes but the last one (its trim would pass the end)
        assertThat(ops(h)).isEqualTo(fio);
    }

    @Test
    void theLastSizeGivenStandsForTrims() {
        // bs=4k,16k: reads 4 KiB, writes and trims 16 KiB (parse.c __handle_option)
        assertThat(ops(JobHarness.runFio("[j]\nrw=trim\nbs=4k,16k\nsize=64k\nioengine=psync\ndirect=1\n")))
                .containsExactly("trim 0 16384", "trim 16384 16384", "trim 32768 16384", "trim 49152 16384");
        assertThat(ops(JobHarness.runFio("[j]\nrw=randtrimwrite\nbs=4k,4k,8k\nsize=64k\nioengine=psync\ndirect=1\n")))
                .hasSize(16).allMatch(l -> l.endsWith(" 8192")); // randtrimwrite: the write takes its trim's offset and length
    }
}
