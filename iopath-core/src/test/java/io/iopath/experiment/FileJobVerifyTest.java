package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.block.BlkAction;
import io.iopath.fs.FsStats;
import io.iopath.metrics.blktrace.BlkEvent;
import io.iopath.metrics.blktrace.BlkTraceLog;
import io.iopath.metrics.fio.JobStats;
import io.iopath.scenario.FioJobFile;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * fio's verify on a job on a file system's files (t/jobs/t0025 … t0037, examples/libcufile-posix):
 * after each loop's writes the files are closed and opened again (clear_io_state,
 * td_io_open_file, which with invalidate=1 drops the clean pages), and every logged write is read
 * back through the job's engine (backend.c do_verify, verify.c get_next_verify). A buffered job
 * reads back what the page cache still holds; an O_DIRECT job reads the drive.
 */
class FileJobVerifyTest {
    /** One run: the job's statistics, the block trace, and the file system's counters. */
    record Run(JobStats job, List<BlkEvent> events, FsStats fs) {
        /**
         * The data bios the job (pid 1) queued from its first write on, in order: an O_DIRECT
         * job's set-up (the metadata it reads, the layout written back at its fsync) comes before.
         */
        List<BlkEvent> queued(String firstWrite) {
            List<BlkEvent> q = events.stream().filter(e -> e.pid() == 1 && e.action() == BlkAction.Q
                    && (e.rwbs().startsWith("R") || e.rwbs().startsWith("W")) && e.sectors() > 0).toList();
            int from = 0;
            while (from < q.size() && !q.get(from).rwbs().equals(firstWrite)) {
                from++;
            }
            return q.subList(from, q.size());
        }

        /** The O_DIRECT job's own IO: from its first O_DIRECT write (REQ_SYNC, "WS"). */
        List<BlkEvent> queued() {
            return queued("WS");
        }
    }

    static Run run(String fio) {
        BlkTraceLog log = new BlkTraceLog();
        ScenarioRun r = new ScenarioRun(ScenarioReader.read(FioJobFile.parse("v.fio", fio, Map.of()).tree(),
                List.of("filesystem.size=1g")), log);
        r.execute(p -> { });
        return new Run(r.workloads().get(0).stats(), log.events(), r.fileSystemStats().orElseThrow());
    }

    @Test
    void aBufferedVerifyReadsBackEveryWriteFromThePageCache() {
        // t0025's shape: 128k written with psync, then read back; nothing has been written back yet
        Run v = run("[job]\nfilename=data\nsize=128k\nrw=write\nverify=md5\n");
        assertThat(v.job().write.ios).isEqualTo(32);
        assertThat(v.job().read.ios).isEqualTo(32);
        assertThat(v.job().read.bytes).isEqualTo(128 << 10);
        Run plain = run("[job]\nfilename=data\nsize=128k\nrw=write\n");
        assertThat(plain.job().read.ios).isZero();
        // the read-back costs the drive nothing: every page is still dirty in the cache
        assertThat(v.fs().deviceBytesRead()).isEqualTo(plain.fs().deviceBytesRead());
        assertThat(v.fs().pageCacheHits() - plain.fs().pageCacheHits()).isEqualTo(32);
    }

    @Test
    void anODirectVerifyReadsTheDriveAtTheSectorsWrittenInTheOrderWritten() {
        Run v = run("[job]\nfilename=data\nsize=256k\nrw=randwrite\ndirect=1\nverify=crc32c\n");
        List<BlkEvent> q = v.queued();
        List<BlkEvent> writes = q.stream().filter(e -> e.rwbs().startsWith("W")).toList();
        List<BlkEvent> reads = q.stream().filter(e -> e.rwbs().startsWith("R")).toList();
        assertThat(writes).hasSize(64);
        assertThat(q.subList(64, q.size())).containsExactlyElementsOf(reads); // after every write
        assertThat(reads).extracting(BlkEvent::sector).containsExactlyElementsOf(writes.stream().map(BlkEvent::sector).toList());
        assertThat(reads).extracting(BlkEvent::sectors).containsOnly(8);
        assertThat(v.job().read.bytes).isEqualTo(256 << 10);
    }

    @Test
    void cleanPagesAreDroppedWhenTheFileIsOpenedAgainSoTheVerifyReadsTheDrive() {
        // fsync=1 leaves every page clean; the reopen's POSIX_FADV_DONTNEED (invalidate=1) drops them
        Run v = run("[job]\nfilename=data\nsize=128k\nrw=write\nfsync=1\nverify=md5\n");
        List<BlkEvent> io = v.queued("W"); // each fsync's writeback (data and journal), then the read-back
        List<BlkEvent> reads = io.stream().filter(e -> e.rwbs().equals("R")).toList();
        List<Long> written = io.stream().filter(e -> e.rwbs().startsWith("W")).map(BlkEvent::sector).toList();
        // the read-back misses and reads the file from the drive (in readahead windows, not 4k at a time)
        assertThat(reads.stream().mapToLong(BlkEvent::sectors).sum() * 512).isEqualTo(128 << 10);
        assertThat(reads).allMatch(e -> written.contains(e.sector()));
        assertThat(io.subList(io.size() - reads.size(), io.size())).containsExactlyElementsOf(reads); // after every write
        assertThat(v.job().read.ios).isEqualTo(32);
        // invalidate=0: the reopen keeps them, and the read-back is served from the cache
        Run kept = run("[job]\nfilename=data\nsize=128k\nrw=write\nfsync=1\nverify=md5\ninvalidate=0\n");
        assertThat(kept.queued("W")).isNotEmpty().noneMatch(e -> e.rwbs().startsWith("R"));
        assertThat(kept.job().read.ios).isEqualTo(32);
    }

    @Test
    void eachLoopWritesThenReadsBack() {
        // fio's thread_main: do_io then do_verify, loops times; the random offsets repeat each loop (randrepeat)
        Run v = run("[job]\nfilename=data\nsize=64k\nrw=randwrite\ndirect=1\nloops=3\nverify=md5\n");
        List<BlkEvent> q = v.queued();
        assertThat(q).hasSize(6 * 16);
        for (int phase = 0; phase < 6; phase++) {
            String op = phase % 2 == 0 ? "W" : "R";
            assertThat(q.subList(phase * 16, phase * 16 + 16)).as("phase " + phase).allMatch(e -> e.rwbs().startsWith(op));
            assertThat(q.subList(phase * 16, phase * 16 + 16)).extracting(BlkEvent::sector)
                    .containsExactlyElementsOf(q.subList(0, 16).stream().map(BlkEvent::sector).toList());
        }
    }

    @Test
    void withoutTheRandomMapTheVerifyReadsEachBlockOnceByOffset() {
        Run v = run("[job]\nfilename=data\nsize=64k\nrw=randwrite\ndirect=1\nnorandommap\nverify=md5\nnumber_ios=40\n");
        List<BlkEvent> q = v.queued();
        List<Long> written = q.stream().filter(e -> e.rwbs().startsWith("W")).map(BlkEvent::sector).toList();
        List<Long> read = q.stream().filter(e -> e.rwbs().startsWith("R")).map(BlkEvent::sector).toList();
        assertThat(read).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(written.stream().distinct().toList());
        // experimental_verify replays the offsets instead: every write, repeats too, in the order written
        Run e = run("[job]\nfilename=data\nsize=64k\nrw=randwrite\ndirect=1\nnorandommap\nverify=md5\nnumber_ios=40\n"
                + "experimental_verify=1\n");
        List<BlkEvent> eq = e.queued();
        assertThat(eq.stream().filter(x -> x.rwbs().startsWith("R")).map(BlkEvent::sector).toList())
                .containsExactlyElementsOf(eq.stream().filter(x -> x.rwbs().startsWith("W")).map(BlkEvent::sector).toList());
    }

    @Test
    void aTimeBasedVerifyJobWritesSizeThenReadsItBackUntilTheRuntime() {
        // do_io breaks at size when verify is on ("we still need to break out of the loop for those to run verification")
        Run v = run("[job]\nfilename=data\nsize=64k\nrw=write\ndirect=1\ntime_based\nruntime=1\nverify=md5\n");
        List<BlkEvent> q = v.queued();
        assertThat(q.size()).isGreaterThan(4 * 16);
        for (int i = 0; i + 16 <= q.size(); i += 16) {
            String op = (i / 16) % 2 == 0 ? "W" : "R";
            assertThat(q.subList(i, i + 16)).as("batch at " + i).allMatch(e -> e.rwbs().startsWith(op));
        }
    }

    @Test
    void aReadJobWithVerifyReadsOnlyWhatItReads() {
        // t0029's reader: verify checks the data it reads; there are no writes to read back
        Run v = run("[job]\nfilename=data\nsize=64k\nrw=read\ndirect=1\nloops=2\nverify=md5\n");
        assertThat(v.job().read.ios).isEqualTo(32);
        assertThat(v.job().write.ios).isZero();
    }

    @Test
    void writesToSeveralFilesAreReadBackFromEach() {
        // t0037's shape: four files, round robin
        Run v = run("[job]\nfilename=a:b:c:d\nsize=64k\nrw=write\ndirect=1\nverify=md5\nverify_state_save=1\n");
        List<BlkEvent> q = v.queued();
        assertThat(q).hasSize(32);
        assertThat(q.subList(16, 32)).extracting(BlkEvent::sector)
                .containsExactlyElementsOf(q.subList(0, 16).stream().map(BlkEvent::sector).toList());
    }

    @Test
    void aBufferedVerifyBacklogReadsEachBatchFromTheCacheBetweenTheWrites() {
        // fsync=1 leaves the pages clean: a reopen would drop them, but the batches (the last one
        // too, still in do_io) come with the file open, so every read-back is a cache hit
        Run v = run("[job]\nfilename=data\nsize=64k\nrw=write\nfsync=1\nverify=md5\nverify_backlog=4\n");
        assertThat(v.job().write.ios).isEqualTo(16);
        assertThat(v.job().read.ios).isEqualTo(16);
        Run plain = run("[job]\nfilename=data\nsize=64k\nrw=write\nfsync=1\n");
        assertThat(v.fs().deviceBytesRead()).isEqualTo(plain.fs().deviceBytesRead());
        assertThat(v.fs().pageCacheHits() - plain.fs().pageCacheHits()).isEqualTo(16);
    }

    @Test
    void anODirectVerifyBacklogInterleavesAsFioDoes() {
        // t0005's shape on a file: 4 writes, their 4 reads, ... (io_u.c check_get_verify)
        Run v = run("[job]\nfilename=data\nsize=64k\nrw=write\ndirect=1\nverify=md5\nverify_backlog=4\n");
        List<BlkEvent> q = v.queued();
        assertThat(q).hasSize(32);
        for (int batch = 0; batch < 4; batch++) {
            List<BlkEvent> w = q.subList(batch * 8, batch * 8 + 4);
            List<BlkEvent> r = q.subList(batch * 8 + 4, batch * 8 + 8);
            assertThat(w).allMatch(e -> e.rwbs().equals("WS"));
            assertThat(r).allMatch(e -> e.rwbs().equals("R"))
                    .extracting(BlkEvent::sector).containsExactlyElementsOf(w.stream().map(BlkEvent::sector).toList());
        }
    }
}
