package io.iopath.workload.trace;

import io.iopath.workload.trace.io.TraceRecord;
import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.block.BlkAction;
import io.iopath.request.Op;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Trace out counts and writes each request once, however often the driver requeues it. */
class TraceOutTest {
    @TempDir
    Path dir;

    @Test
    void aDriverReissueAfterARequeueIsNotANewRequest() {
        Path file = dir.resolve("out.iolog");
        try (TraceOut out = new TraceOut(file, TraceFormat.IOLOG3)) {
            out.event(10_000, 1, BlkAction.D, "R", 100, 8, 0, "j");
            out.event(20_000, 1, BlkAction.D, "R", 300, 8, 0, "j");
            out.event(30_000, 1, BlkAction.R, "R", 100, 8, 0, "j");
            out.event(40_000, 1, BlkAction.R, "R", 100, 8, 0, "j"); // requeued twice
            out.event(50_000, 1, BlkAction.D, "R", 100, 8, 0, "j"); // re-issue
            out.event(60_000, 1, BlkAction.D, "W", 200, 8, 0, "j"); // a new request
            out.event(70_000, 1, BlkAction.D, "R", 100, 8, 0, "j"); // second re-issue
            out.event(80_000, 1, BlkAction.D, "R", 100, 8, 0, "j"); // nothing pending: new again
            assertThat(out.written()).isEqualTo(4);
            out.commit();
        }
        List<TraceRecord> records = TraceReadersTest.readAll(TraceFiles.open(file, TraceFormat.IOLOG3));
        assertThat(records).extracting(TraceRecord::timeNs).containsExactly(10_000L, 20_000L, 60_000L, 80_000L);
        assertThat(records).extracting(TraceRecord::op).containsExactly(Op.READ, Op.READ, Op.WRITE, Op.READ);
    }
}
