package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.block.BlockQueue;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The host learns the device as Linux does: at attach the driver tells the queue the tag depth
 * and the cache state the drive reports (sd_revalidate_disk → blk_queue_write_cache), unless
 * {@code host.write_cache} / {@code host.fua} override it (sd's "temporary" cache_type).
 */
class WriteCacheAtAttachTest {
    private static final String JOBS = """
            jobs:
              - {name: r, rw: randread, number_ios: 10, size: 1g}
            """;

    private static BlockQueue queue(String yaml, String... overrides) {
        return new ScenarioRun(ScenarioReader.read("t.yaml", yaml + JOBS, List.of(overrides))).queue();
    }

    @ParameterizedTest
    @CsvSource({"on, true", "off, false"})
    void theQueueSeesTheDrivesWceAndFua(String driveCache, boolean wce) {
        for (String host : List.of("", "host:\n  scheduler: cfq\n")) {
            BlockQueue q = queue("drive:\n  preset: cheetah-15k5-146g\n  write_cache: " + driveCache + "\n" + host);
            assertThat(q.writeCache()).isEqualTo(wce);
            assertThat(q.fua()).isTrue(); // every drive model honours FUA
        }
        // the presets ship with WCE on
        assertThat(queue("").writeCache()).isTrue();
    }

    @Test
    void anExplicitHostSettingOverridesWhatTheDriveReports() {
        BlockQueue q = queue("", "drive.write_cache=on", "host.write_cache=off", "host.fua=off");
        assertThat(q.writeCache()).isFalse();
        assertThat(q.fua()).isFalse();
        assertThat(queue("", "drive.write_cache=off", "host.write_cache=on").writeCache()).isTrue();
    }

    @ParameterizedTest
    @CsvSource({"cfq, 32, 128", "mq-deadline, 32, 64", "mq-deadline, 256, 256", "none, 32, 32", "bfq, 4, 8"})
    void blkMqSizesItsRequestPoolFromTheTagDepthTheDriverGives(String scheduler, int depth, int nrRequests) {
        assertThat(queue("host:\n  scheduler: " + scheduler + "\n  queue_depth: " + depth + "\n").nrRequests())
                .isEqualTo(nrRequests);
    }
}
