package io.iopath.fs;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.scenario.FioJobFile;
import io.iopath.scenario.Scenario;
import io.iopath.scenario.ScenarioReader;
import io.iopath.workload.JobSpec;
import io.iopath.workload.job.BlockJob;
import io.iopath.workload.job.FileJob;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * fio's ftruncate engine on a file job: the truncates a job issues against real fio 3.33's, as
 * strace saw them (resources io/iopath/workload/ftruncate/: small.fio and small.strace.txt, with
 * the command that made it). The sequential job's offsets are fio's exactly; the random job's
 * come from iopath's random stream, not fio's tausworthe generator, so only their count, range
 * and alignment can match.
 */
class FtruncateEngineTest {
    private static final String DIR = "/io/iopath/workload/ftruncate/";

    private static String resource(String name) throws IOException {
        try (InputStream in = FtruncateEngineTest.class.getResourceAsStream(DIR + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The ftruncate offsets real fio's job {@code pid} made, in order. */
    private static List<Long> fioOffsets(String strace, String pid) {
        List<Long> out = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^" + pid + " ftruncate\\(\\d+, (\\d+)\\)\\s+= 0$").matcher(strace);
        while (m.find()) {
            out.add(Long.parseLong(m.group(1)));
        }
        return out;
    }

    /** Runs job {@code j} of the file alone on ext3 and returns the sizes it truncated its file to, in order. */
    private static List<Long> iopathOffsets(Scenario s, int j) {
        FsRig rig = new FsRig(FsConfig.ext3(0, 1L << 30, 512L << 20));
        List<Long> sizes = new ArrayList<>();
        FileSystem recording = (FileSystem) Proxy.newProxyInstance(FileSystem.class.getClassLoader(),
                new Class<?>[] {FileSystem.class}, (proxy, method, args) -> {
                    if (method.getName().equals("truncate")) {
                        sizes.add((Long) args[1]);
                    }
                    try {
                        return method.invoke(rig.mounted, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        JobSpec spec = s.jobs().get(j);
        boolean[] done = {false};
        FileJob job = new FileJob(rig.sim, recording, spec, s.fileJobs().get(j).forClone(spec.name(), 0, 1), FsRig.APP,
                new BlockJob.BioIds(), -1, CpuCost.MEASURED, () -> done[0] = true);
        job.start();
        rig.runUntil(60_000_000_000L);
        assertThat(done[0]).as(spec.name() + " finished").isTrue();
        assertThat(job.errno()).isZero();
        return sizes;
    }

    @Test
    void theJobsTruncateAsRealFioDoes() throws IOException {
        String strace = resource("small.strace.txt");
        Scenario s = ScenarioReader.read(FioJobFile.parse("small.fio", resource("small.fio")).tree(), List.of());
        assertThat(s.jobs()).extracting(JobSpec::ioengine).containsOnly("ftruncate");

        List<Long> grow = fioOffsets(strace, "24431");
        assertThat(grow).hasSize(16);
        assertThat(iopathOffsets(s, 0)).containsExactlyElementsOf(grow);

        List<Long> fioRand = fioOffsets(strace, "24433");
        List<Long> rand = iopathOffsets(s, 1);
        assertThat(rand).hasSameSizeAs(fioRand);
        for (List<Long> offsets : List.of(fioRand, rand)) {
            assertThat(offsets).allMatch(o -> o % 4096 == 0 && o >= 0 && o <= (64 << 10) - 4096);
        }
    }

    /** The engine's reads fail at once with EINVAL (fio_ftruncate_queue), and the job ends there. */
    @Test
    void aReadFailsWithEinval() {
        Scenario s = ScenarioReader.read(FioJobFile.parse("r.fio",
                "[r]\nioengine=ftruncate\nfilename=f\nsize=64k\nbs=4k\nrw=randrw\n").tree(), List.of());
        FsRig rig = new FsRig(FsConfig.ext3(0, 1L << 30, 512L << 20));
        JobSpec spec = s.jobs().get(0);
        FileJob job = new FileJob(rig.sim, rig.mounted, spec, s.fileJobs().get(0).forClone(spec.name(), 0, 1), FsRig.APP,
                new BlockJob.BioIds(), -1, CpuCost.MEASURED, () -> { });
        job.start();
        rig.runUntil(60_000_000_000L);
        assertThat(job.errno()).isEqualTo(22);
        assertThat(job.verror()).isEqualTo("file:ioengines.c:399, func=td_io_queue, error=Invalid argument");
        assertThat(job.stats().read.ios).isZero();
    }
}
