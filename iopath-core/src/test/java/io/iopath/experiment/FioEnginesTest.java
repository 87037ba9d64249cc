package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.block.BlkAction;
import io.iopath.fs.FileSystem;
import io.iopath.fs.FsFile;
import io.iopath.metrics.blktrace.BlkEvent;
import io.iopath.metrics.blktrace.BlkTraceLog;
import io.iopath.result.Result;
import io.iopath.scenario.FioJobFile;
import io.iopath.scenario.ScenarioReader;
import io.iopath.workload.Workload;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * fio's engines other than plain read/write, simulated: the file and directory operation engines
 * on the file system, cpuio, pass-through commands past merging, and numjobs clones sharing one
 * named file. Each job file is a small shape of one of fio's own examples.
 */
class FioEnginesTest {
    private BlkTraceLog log;
    private ScenarioRun run;
    private Result result;

    private void run(String fio) {
        log = new BlkTraceLog();
        run = new ScenarioRun(ScenarioReader.read(FioJobFile.parse("engines.fio", fio).tree(), List.of()), log);
        result = run.execute(p -> { });
    }

    private FileSystem fs() {
        return run.fileSystem().orElseThrow();
    }

    private FsFile file(String name) {
        return fs().lookupCached(fs().root(), name);
    }

    private long calls(int job) {
        Workload w = run.workloads().get(job);
        return w.stats().read.ios + w.stats().write.ios;
    }

    private long first(int pid, BlkAction a) {
        return log.events().stream().filter(e -> e.pid() == pid && e.action() == a).mapToLong(BlkEvent::timeNs).min().orElseThrow();
    }

    private long last(int pid, BlkAction a) {
        return log.events().stream().filter(e -> e.pid() == pid && e.action() == a).mapToLong(BlkEvent::timeNs).max().orElseThrow();
    }

    @Test
    void filecreateMakesOneInodePerFileAndTimesEachCreate() {
        // examples/filecreate-ioengine.fio, smaller
        run("[global]\ncreate_on_open=1\nnrfiles=8\nioengine=filecreate\nfallocate=none\nfilesize=4k\nopenfiles=1\n[t0]\n");
        for (int i = 0; i < 8; i++) {
            FsFile f = file("t0.0." + i);
            assertThat(f).as("t0.0." + i).isNotNull();
            assertThat(f.directory()).isFalse();
        }
        assertThat(calls(0)).isEqualTo(8); // one clat sample per open(O_CREAT), as fio's open_file records
        assertThat(run.workloads().get(0).stats().read.clat.count()).isEqualTo(8); // rw=read: the engine's stat_ddir
        // the new inodes and directory entries are metadata: journalled, then written by kjournald
        assertThat(run.fileSystemStats().orElseThrow().journalCommits()).isPositive();
        assertThat(run.fileSystemStats().orElseThrow().appBytesWritten()).isZero(); // no data
    }

    @Test
    void filedeleteRemovesTheFilesItsSetUpLaidOut() {
        run("[global]\nioengine=filedelete\nfilesize=4k\nnrfiles=5\nunlink=0\n[t0]\n");
        for (int i = 0; i < 5; i++) {
            assertThat(file("t0.0." + i)).isNull();
        }
        assertThat(calls(0)).isEqualTo(5);
        assertThat(run.fileSystemStats().orElseThrow().appBytesWritten()).isEqualTo(5 * 4096); // fio's layout of each file
    }

    @Test
    void filestatLeavesTheFilesAndWritesNothingMoreThanTheLayout() {
        run("[global]\nioengine=filestat\nfilesize=4k\nnrfiles=4\n[t0]\n");
        for (int i = 0; i < 4; i++) {
            assertThat(file("t0.0." + i)).isNotNull();
        }
        assertThat(calls(0)).isEqualTo(4);
        assertThat(run.fileSystemStats().orElseThrow().appBytesWritten()).isEqualTo(4 * 4096);
    }

    @Test
    void theDirectoryEnginesMakeStatAndRemoveDirectories() {
        run("[global]\nnrfiles=3\nfilesize=4k\n[mk]\nioengine=dircreate\n[st]\nioengine=dirstat\n[rm]\nioengine=dirdelete\n");
        for (int i = 0; i < 3; i++) {
            assertThat(file("mk.0." + i).directory()).isTrue();
            assertThat(file("st.0." + i).directory()).isTrue(); // made by dirstat's setup_dirs, then stat()ed
            assertThat(file("rm.0." + i)).isNull();
        }
        assertThat(List.of(calls(0), calls(1), calls(2))).containsExactly(3L, 3L, 3L);
    }

    @Test
    void cpuioDoesNoIoAndHoldsAStonewallForItsRuntime() {
        // examples/cpuio.fio's shape, then a reader that stonewalls behind it
        run("[burn]\nioengine=cpuio\ncpuload=50\ntime_based\nruntime=2\n[read]\nstonewall\nioengine=psync\nrw=read\nnumber_ios=4\n");
        assertThat(calls(0)).isZero();
        assertThat(log.events().stream().noneMatch(e -> e.pid() == 1)).isTrue();
        assertThat(first(2, BlkAction.Q)).isEqualTo(2_000_000_000L);
    }

    @Test
    void passThroughCommandsAreNeverMerged() {
        String job = "[seq]\nrw=read\nbs=4k\niodepth=16\nnumber_ios=256\n";
        run("[global]\nioengine=libaio\n" + job);
        assertThat(result.host().block().bioMerges()).isPositive(); // the block layer merges libaio's sequential reads
        run("[global]\nioengine=io_uring_cmd\ncmd_type=nvme\n" + job);
        assertThat(result.host().block().bioMerges()).isZero(); // NVMe pass-through: one command per IO
        assertThat(log.events().stream().filter(e -> e.pid() == 1 && e.action() == BlkAction.M)).isEmpty();
    }

    @Test
    void libblkiosUserSpaceDriversPassTheBlockLayerAndItsIoUringDriverDoesNot() {
        String job = "[seq]\nioengine=libblkio\nrw=read\nbs=4k\niodepth=16\nnumber_ios=256\nlibblkio_driver=";
        run(job + "io_uring\n");
        assertThat(result.host().block().bioMerges()).isPositive();
        run(job + "virtio-blk-vfio-pci\n");
        assertThat(result.host().block().bioMerges()).isZero();
    }

    @Test
    void clonesThatNameOneFileShareIt() {
        // examples/fio-rand-write.fio's shape: numjobs clones of one named file
        run("[global]\nfilename=shared\nrw=randwrite\nbs=4k\ndirect=1\nnumjobs=3\nfilesize=1m\nnumber_ios=32\n[w]\n");
        assertThat(file("shared")).isNotNull();
        assertThat(file("w.0.0")).isNull();
        assertThat(file("w.1.0")).isNull();
        for (int clone = 0; clone < 3; clone++) {
            assertThat(calls(clone)).isEqualTo(32);
        }
        // laid out once (1 MiB), not once per clone, then the clones' own writes
        assertThat(run.fileSystemStats().orElseThrow().appBytesWritten()).isEqualTo((1L << 20) + 3 * 32 * 4096);
    }

    @Test
    void offsetIncrementPlacesEachClonesIoInTheSharedFile() {
        run("[global]\nfilename=shared\nrw=read\nbs=4k\ndirect=1\nnumjobs=2\nfilesize=1m\noffset_increment=32k\nnumber_ios=1\n[r]\n");
        // each clone reads one block, at its file_offset: 0 and 32 KiB into the file (the last read each queues;
        // the ones before are the set-up's lookups). 32 KiB is in ext3's twelve direct blocks, laid out in a row.
        long[] data = new long[2];
        for (int pid = 1; pid <= 2; pid++) {
            int p = pid;
            data[pid - 1] = log.events().stream().filter(e -> e.pid() == p && e.action() == BlkAction.Q && e.rwbs().equals("R"))
                    .reduce((a, b) -> b).orElseThrow().sector();
        }
        assertThat(data[1] - data[0]).isEqualTo((32L << 10) / 512);
    }

    @Test
    void stonewallAndWaitForHoldFileJobsToo() {
        run("[global]\nrw=read\nbs=64k\ndirect=1\nfilesize=1m\n[a]\nfilename=x\n[b]\nfilename=y\nwait_for=a\n");
        assertThat(first(2, BlkAction.Q)).isGreaterThanOrEqualTo(last(1, BlkAction.C));
    }

    /** A file job that unlinks its files still releases what waits for it (the merge of two branches once lost that). */
    @Test
    void aFileJobThatUnlinksStillReleasesItsStonewall() {
        run("[global]\nrw=read\nbs=64k\ndirect=1\nfilesize=1m\n[a]\nfilename=x\nunlink=1\n[b]\nfilename=y\nstonewall\n");
        assertThat(calls(1)).as("b ran").isEqualTo(16);
        assertThat(first(2, BlkAction.Q)).isGreaterThanOrEqualTo(last(1, BlkAction.C));
        assertThat(file("x")).as("a's file unlinked").isNull();
    }
}
