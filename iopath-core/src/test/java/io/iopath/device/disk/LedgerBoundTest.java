package io.iopath.device.disk;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.request.Flags;
import io.iopath.request.Op;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The durability ledger holds what a power cut could still lose, not every write of the run
 * (issue 16 item 4: memory flat in the run's length): a write leaves it when its data, or the
 * data of the write that overwrote it in the buffer, reaches the media. However many writes a
 * write-back drive takes, the ledger never holds more than its buffer's worth of them.
 */
class LedgerBoundTest {
    /**
     * {@code n} random 4 KiB writes at depth 8 over {@code spanSectors} (a small span overwrites
     * in the buffer: superseded writes wait in the ledger for the write that replaced them), a
     * FUA write every {@code fuaEvery} (0: none); the most writes the ledger held at once.
     */
    private static int mostInLedger(int n, long spanSectors, int fuaEvery, long seed) {
        DriveSpec spec = DriveHarness.laptop().withWriteCache(true);
        DriveHarness h = new DriveHarness(spec, seed);
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] most = {0};
        int[] issued = {0};
        Runnable next = () -> {
            issued[0]++;
            boolean fua = fuaEvery > 0 && issued[0] % fuaEvery == 0;
            h.submit(Op.WRITE, rnd.nextLong(spanSectors) & ~7L, 8, fua ? Flags.FUA : 0);
        };
        h.onDone = r -> {
            most[0] = Math.max(most[0], h.ledger.volatileCount());
            h.done.clear(); // the harness's own record of completions is not the drive's memory
            if (issued[0] < n) {
                next.run();
            }
        };
        for (int i = 0; i < 8; i++) {
            next.run();
        }
        h.sim.run();
        assertThat(h.ledger.volatileCount()).as("all on the media at the end").isZero();
        return most[0];
    }

    @ParameterizedTest(name = "span {0} sectors, FUA every {1}")
    @CsvSource({"200000000, 0", "4096, 0", "200000000, 64", "4096, 64"})
    void theLedgerHoldsNoMoreWritesInALongRunThanInAShortOne(long span, int fuaEvery) {
        int shorter = mostInLedger(2_000, span, fuaEvery, 11);
        int longer = mostInLedger(50_000, span, fuaEvery, 11);
        assertThat(longer).isLessThanOrEqualTo(256);
        assertThat(shorter).isLessThanOrEqualTo(256);
    }
}
