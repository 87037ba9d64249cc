package io.iopath.device.disk.zoned;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** ZBC's rules for sequential-write-required zones, as {@link ZoneTable} applies them. */
class ZoneTableTest {
    /** 8 zones of 2048 sectors (1 MiB), the first conventional, capacity 1536 sectors, 2 open, 3 active. */
    private static ZoneTable table() {
        return new ZoneTable(new ZoneLayout(2048, 1536, 1, 2, 3), 8 * 2048);
    }

    @Test
    void aWriteMustStartAtTheWritePointerWhichItMoves() {
        ZoneTable t = table();
        assertThat(t.check(2048, 8)).isNull();
        t.write(2048, 8);
        assertThat(t.writePointer(1)).isEqualTo(2056);
        assertThat(t.condition(1)).isEqualTo(ZoneCondition.IMPLICIT_OPEN);
        assertThat(t.check(2048, 8)).isEqualTo(ZoneError.UNALIGNED_WRITE_COMMAND); // behind the pointer
        assertThat(t.check(2064, 8)).isEqualTo(ZoneError.UNALIGNED_WRITE_COMMAND); // ahead of it
        assertThat(t.check(2056, 8)).isNull();
    }

    @Test
    void aConventionalZoneTakesWritesAnywhereButNotAcrossIntoASequentialOne() {
        ZoneTable t = table();
        assertThat(t.check(100, 8)).isNull();
        assertThat(t.check(2040, 16)).isEqualTo(ZoneError.WRITE_BOUNDARY_VIOLATION);
        assertThat(t.sequential(0)).isFalse();
    }

    @Test
    void theZoneCapacityEndsTheZoneAndAFullZoneTakesNoWriteUntilReset() {
        ZoneTable t = table();
        assertThat(t.check(2048, 1600)).isEqualTo(ZoneError.WRITE_BOUNDARY_VIOLATION); // past the 1536-sector capacity
        t.write(2048, 1536);
        assertThat(t.condition(1)).isEqualTo(ZoneCondition.FULL);
        assertThat(t.openZones()).isZero();
        assertThat(t.check(2048 + 1536, 8)).isEqualTo(ZoneError.UNALIGNED_WRITE_COMMAND);
        t.reset(1);
        assertThat(t.condition(1)).isEqualTo(ZoneCondition.EMPTY);
        assertThat(t.writePointer(1)).isEqualTo(2048);
        assertThat(t.check(2048, 8)).isNull();
        assertThat(t.resets()).isEqualTo(1);
    }

    @Test
    void atTheOpenLimitTheLeastRecentlyWrittenOpenZoneIsClosedAndAtTheActiveLimitAWriteIsRefused() {
        ZoneTable t = table();
        t.write(1 * 2048, 8);
        t.write(2 * 2048, 8);
        t.write(1 * 2048 + 8, 8); // zone 1 written last
        t.write(3 * 2048, 8);     // a third open zone: zone 2 (least recent) is closed
        assertThat(t.condition(2)).isEqualTo(ZoneCondition.CLOSED);
        assertThat(t.condition(1)).isEqualTo(ZoneCondition.IMPLICIT_OPEN);
        assertThat(t.openZones()).isEqualTo(2);
        assertThat(t.activeZones()).isEqualTo(3);
        assertThat(t.check(4 * 2048, 8)).isEqualTo(ZoneError.INSUFFICIENT_ZONE_RESOURCES);
        assertThat(t.check(2 * 2048 + 8, 8)).isNull(); // a closed zone reopens without a new active one
        t.reset(3);
        assertThat(t.check(4 * 2048, 8)).isNull();
    }

    @Test
    void theHmSmrLayoutHasOnePercentConventionalZones() {
        ZoneLayout l = ZoneLayout.HM_SMR.forCapacity(1000L * ZoneLayout.SECTORS_256M);
        assertThat(l.conventionalZones()).isEqualTo(10);
        assertThat(l.zoneSectors()).isEqualTo(256L * 2048);
    }
}
