package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.block.BlkAction;
import io.iopath.metrics.blktrace.BlkEvent;
import io.iopath.metrics.blktrace.BlkTraceLog;
import io.iopath.scenario.FioJobFile;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** fio's sync=1 / dsync: O_SYNC / O_DSYNC writes (generic_write_sync; block/fops.c dio_bio_write_op). */
class SyncIoTest {
    private record Outcome(ScenarioRun run, List<BlkEvent> events) {
    }

    private static Outcome run(String fio) {
        BlkTraceLog log = new BlkTraceLog();
        ScenarioRun r = new ScenarioRun(ScenarioReader.read(FioJobFile.parse("sync.fio", fio).tree(), List.of()), log);
        r.execute(p -> { });
        return new Outcome(r, log.events());
    }

    /** Sixteen buffered 4k appends to a new file on ext3 (fio's default direct=0 on a named file). */
    private static final String APPENDS = "[w]\nfilename=data\nrw=write\nbs=4k\nsize=64k\n";

    private static long lastWriteCompletion(List<BlkEvent> e) {
        return e.stream().filter(x -> x.action() == BlkAction.C && x.rwbs().contains("W")).mapToLong(BlkEvent::timeNs)
                .max().orElse(-1);
    }

    @Test
    void anOsyncWriteOnExt3ReturnsWhenItsJournalCommitReachesTheDrive() {
        Outcome o = run(APPENDS + "sync=1\n");
        long lastCall = o.run().workloads().get(0).stats().lastCompletionNs;
        // each append changes the inode: each write forces a commit (ext3_sync_file -> log_wait_commit)
        assertThat(o.run().fileSystemStats().orElseThrow().journalCommits()).isGreaterThanOrEqualTo(16);
        // the last call returns at the completion of the last write the drive did: its commit block
        assertThat(lastCall).isEqualTo(lastWriteCompletion(o.events()));
    }

    @Test
    void withoutSyncTheWritesReturnFromThePageCache() {
        Outcome o = run(APPENDS);
        long lastCall = o.run().workloads().get(0).stats().lastCompletionNs;
        assertThat(o.run().fileSystemStats().orElseThrow().journalCommits()).isLessThan(16);
        assertThat(lastCall).isLessThan(lastWriteCompletion(o.events())); // written back later, if at all before the end
    }

    @Test
    void osyncWithODirectOnTheDriveIsAFuaWrite() {
        Outcome o = run("[w]\nfilename=/dev/sdb\ndirect=1\nrw=write\nbs=4k\nsize=64k\nsync=1\n");
        List<BlkEvent> queued = o.events().stream().filter(x -> x.action() == BlkAction.Q && x.rwbs().contains("W")).toList();
        assertThat(queued).hasSize(16).allSatisfy(x -> assertThat(x.rwbs()).contains("F"));
        Outcome plain = run("[w]\nfilename=/dev/sdb\ndirect=1\nrw=write\nbs=4k\nsize=64k\n");
        assertThat(plain.events()).filteredOn(x -> x.action() == BlkAction.Q).allSatisfy(x -> assertThat(x.rwbs()).doesNotContain("F"));
    }
}
