package io.iopath.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.block.OrderedBy;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code host.barrier: drain | tag}: how a 2.6 barrier keeps its order. */
class BarrierModeTest {
    @Test
    void drainIsTheDefaultAndTagIsAcceptedOnAScsiDriveWithThe26BlockLayer() {
        assertThat(ScenarioReader.read("t.yaml", HostSectionTest.JOBS, List.of()).host().barrier()).isEqualTo(OrderedBy.DRAIN);
        Scenario s = ScenarioReader.read("t.yaml", """
                drive:
                  preset: cheetah-15k5-146g
                host:
                  scheduler: deadline
                  barrier: tag
                """ + HostSectionTest.JOBS, List.of());
        assertThat(s.host().barrier()).isEqualTo(OrderedBy.TAG);
    }

    @Test
    void aSataNcqDriveHasNoOrderedTagsSoTagIsRejectedWithThePlace() {
        assertThatThrownBy(() -> ScenarioReader.read("t.yaml", """
                drive:
                  preset: laptop-7200-250g
                host:
                  scheduler: cfq
                  barrier: tag
                """ + HostSectionTest.JOBS, List.of()))
                .isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith("t.yaml:5:")
                .hasMessageContaining("host.barrier: tag needs ORDERED task attributes, which a sata-ncq drive does not have");
        // the same drive as if it were SCSI may
        assertThat(ScenarioReader.read("t.yaml", """
                drive:
                  preset: laptop-7200-250g
                  transport: scsi
                host:
                  scheduler: cfq
                  barrier: tag
                """ + HostSectionTest.JOBS, List.of()).host().barrier()).isEqualTo(OrderedBy.TAG);
    }

    @Test
    void tagNeedsThe26BarrierPath() {
        assertThatThrownBy(() -> ScenarioReader.read("t.yaml", "drive:\n  preset: cheetah-15k5-146g\n"
                + "host:\n  scheduler: mq-deadline\n  barrier: tag\n" + HostSectionTest.JOBS, List.of()))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("host.barrier: tag is a 2.6 barrier mode")
                .hasMessageContaining("plugging: legacy");
        assertThatThrownBy(() -> ScenarioReader.read("t.yaml", "drive:\n  preset: cheetah-15k5-146g\n"
                + "host:\n  scheduler: deadline\n  barrier: ordered\n" + HostSectionTest.JOBS, List.of()))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("host.barrier: expected one of drain, tag, got 'ordered'");
    }
}
