package io.iopath.workload.job;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** fio's verify history kept as its rb-tree (iolog.c log_io_piece, verify.c get_next_verify, io_u.c check_get_verify). */
class VerifyLogTest {
    private static final int K = 1024;

    @Test
    void aWriteRemovesEveryPieceItsBytesOverlapInFlightOrNot() {
        VerifyLog log = new VerifyLog(true, true);
        log.log(0, 0, 8 * K, 1);
        log.log(0, 4 * K, 8 * K, 2); // overlaps [0, 8k): the first leaves the tree
        assertThat(log.remaining()).isEqualTo(1);
        log.log(0, 16 * K, 4 * K, 3);
        log.log(0, 12 * K, 8 * K, 4); // [12k, 20k) overlaps [16k, 20k), only touches [4k, 12k)
        log.log(1, 12 * K, 8 * K, 5); // another file: no overlap
        assertThat(log.remaining()).isEqualTo(3);
        assertThat(log.logged()).isEqualTo(5);
        log.completed(3); // overlapped while in flight: nothing to mark
        assertThat(log.oldestDone()).isFalse();
    }

    @Test
    void aReadTakesTheFirstPieceByFileAndOffsetWhoseWriteHasCompleted() {
        VerifyLog log = new VerifyLog(true, true);
        log.log(1, 0, 4 * K, 1);
        log.log(0, 32 * K, 4 * K, 2);
        log.log(0, 8 * K, 4 * K, 3);
        log.completed(1);
        log.completed(2);
        // by offset the first is file 0 at 8k, still in flight: get_next_verify walks on (rb_next)
        int a = log.take();
        assertThat(log.file(a)).isZero();
        assertThat(log.offset(a)).isEqualTo(32 * K);
        log.completed(3);
        int b = log.take();
        assertThat(log.offset(b)).isEqualTo(8 * K);
        int c = log.take();
        assertThat(log.file(c)).isEqualTo(1);
        assertThat(log.hasNext()).isFalse();
    }

    @Test
    void aBatchBegunWhileNothingHasCompletedWaitsWhateverTheBacklogBecomes() {
        // check_get_verify sets td->verify_batch when io_hist_len is a multiple of verify_backlog,
        // even when get_next_verify then finds nothing; the next IOs keep trying
        VerifyLog log = new VerifyLog(true, false);
        log.log(0, 0, 4 * K, 1);
        log.log(0, 4 * K, 4 * K, 2);
        assertThat(log.backlogDue(2, 0, false)).isFalse(); // 2 % 2 == 0, but the oldest is in flight
        log.log(0, 8 * K, 4 * K, 3);
        log.completed(1);
        assertThat(log.backlogDue(2, 0, false)).isTrue(); // 3 logged, not a multiple: the batch goes on
        log.take();
        assertThat(log.backlogDue(2, 0, false)).isFalse(); // the next oldest is in flight
        log.completed(2);
        assertThat(log.backlogDue(2, 0, false)).isTrue(); // the second of the batch
        log.take();
        assertThat(log.backlogDue(2, 0, false)).isFalse(); // batch over, 1 left: not a multiple
    }
}
