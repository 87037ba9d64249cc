package io.iopath.device.disk;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.Transport;
import org.junit.jupiter.api.Test;

class DriveSpecTest {
    /** A scenario changes settings one at a time; each change must keep the others. */
    @Test
    void eachSettingChangeKeepsTheOthers() {
        DriveSpec d = DriveHarness.laptop().withTransport(Transport.SATA_NCQ).withQueue(16, DriveScheduler.WPTF)
                .withAgingWeight(500).withWriteCache(false).withMaxDirtyAge(2_000_000_000L).withZeroLatency(true, false);
        assertThat(d.transport()).isEqualTo(Transport.SATA_NCQ);
        assertThat(d.maxQueueDepth()).isEqualTo(16);
        assertThat(d.scheduler()).isEqualTo(DriveScheduler.WPTF);
        assertThat(d.agingWeight()).isEqualTo(500);
        assertThat(d.cache().writeCache()).isFalse();
        assertThat(d.cache().maxDirtyAgeNs()).isEqualTo(2_000_000_000L);
        assertThat(d.cache().readOnArrival()).isTrue();
        assertThat(d.cache().writeOnArrival()).isFalse();
        assertThat(d.capacitySectors()).isEqualTo(DriveHarness.laptop().capacitySectors());
    }
}
