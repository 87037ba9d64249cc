package io.iopath.durability;

import io.iopath.result.PowerLossReport;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The promise rule worked by hand (durability-and-virtualization spec §6): the power-failure
 * invariant test alone would also pass with a ledger that never promised anything.
 */
class DurabilityLedgerTest {

    @Test
    void aFlushPromisesExactlyTheWritesAcknowledgedBeforeItWasIssued() {
        DurabilityLedger ledger = new DurabilityLedger();
        WriteRecord before = ledger.accepted(0, 8);
        WriteRecord fua = ledger.accepted(8, 8);
        WriteRecord during = ledger.accepted(16, 8);
        WriteRecord unacked = ledger.accepted(24, 4);
        ledger.acknowledged(before, 10, false);
        ledger.acknowledged(fua, 11, true);
        long epoch = ledger.flushIssued();
        ledger.acknowledged(during, 12, false); // acknowledged after the FLUSH was issued
        ledger.flushCompleted(epoch);

        assertThat(before.promised()).isTrue();
        assertThat(fua.promised()).isTrue();
        assertThat(during.promised()).isFalse();
        assertThat(unacked.promised()).isFalse();

        PowerLossReport loss = ledger.powerFail(100);
        assertThat(loss.acknowledgedLost()).isEqualTo(3);
        assertThat(loss.promisedLost()).isEqualTo(2);
        assertThat(loss.acknowledgedLostBytes()).isEqualTo(3 * 8 * 512L);
        assertThat(loss.oldestLostAgeNs()).isEqualTo(90);
        assertThat(loss.inFlightLost()).isEqualTo(1);
        assertThat(ledger.volatileCount()).isZero();
        assertThat(ledger.promisedLostEver()).isEqualTo(2);
    }

    @Test
    void aWriteOnTheMediaLeavesTheLedgerWhereverItSits() {
        DurabilityLedger ledger = new DurabilityLedger();
        WriteRecord[] w = new WriteRecord[5];
        for (int i = 0; i < w.length; i++) {
            w[i] = ledger.accepted(i * 8L, 8);
            ledger.acknowledged(w[i], i, false);
        }
        ledger.onMedia(w[2], 50); // middle
        ledger.onMedia(w[0], 51); // oldest
        ledger.onMedia(w[4], 52); // newest
        ledger.onMedia(w[4], 53); // reported twice: nothing changes

        assertThat(w[2].durable()).isTrue();
        assertThat(ledger.volatileWrites()).containsExactly(w[1], w[3]);
        assertThat(ledger.volatileCount()).isEqualTo(2);
        WriteRecord later = ledger.accepted(64, 8);
        assertThat(ledger.volatileWrites()).containsExactly(w[1], w[3], later);

        PowerLossReport loss = ledger.powerFail(100);
        assertThat(loss.acknowledgedLost()).isEqualTo(2);
        assertThat(loss.inFlightLost()).isEqualTo(1);
    }

    @Test
    void aSupersededWriteStaysAtRiskUntilItsReplacementIsOnTheMedia() {
        DurabilityLedger ledger = new DurabilityLedger();
        WriteRecord a = ledger.accepted(0, 8);
        WriteRecord b = ledger.accepted(0, 8);
        WriteRecord other = ledger.accepted(64, 8);
        WriteRecord c = ledger.accepted(0, 16);
        WriteRecord d = ledger.accepted(8, 8);
        for (WriteRecord w : new WriteRecord[] {a, b, other, c, d}) {
            ledger.acknowledged(w, 1, false);
        }
        ledger.superseded(a, b);
        ledger.superseded(d, c);
        ledger.superseded(b, c); // b brings a along
        ledger.onMedia(other, 5);
        assertThat(ledger.volatileWrites()).containsExactly(a, b, c, d);
        assertThat(a.superseded()).isTrue();
        assertThat(c.superseded()).isFalse();

        ledger.onMedia(c, 9);
        assertThat(ledger.volatileCount()).isZero();
        assertThat(a.durableNs()).isEqualTo(9);
        assertThat(b.durableNs()).isEqualTo(9);
        assertThat(d.durableNs()).isEqualTo(9);
    }

    @Test
    void aPowerFailureBeforeTheReplacementLandsLosesBoth() {
        DurabilityLedger ledger = new DurabilityLedger();
        WriteRecord a = ledger.accepted(0, 8);
        WriteRecord b = ledger.accepted(0, 8);
        ledger.acknowledged(a, 1, false);
        ledger.acknowledged(b, 2, false);
        ledger.superseded(a, b);
        PowerLossReport loss = ledger.powerFail(10);
        assertThat(loss.acknowledgedLost()).isEqualTo(2);
        assertThat(loss.oldestLostAgeNs()).isEqualTo(9);
    }
}
