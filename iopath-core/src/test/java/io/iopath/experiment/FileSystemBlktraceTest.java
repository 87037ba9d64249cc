package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.metrics.blktrace.BlkTraceLog;
import io.iopath.metrics.blktrace.BlkparseText;
import io.iopath.scenario.ScenarioReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * blkparse text of runs on a file system (issue 11 item 6): the issuing thread is named as the kernel
 * names it, and the RWBS field is what 2.6.18 would show — no {@code M} (2.6.18 has no BIO_RW_META:
 * fs.pagecache.MetadataIo) and no {@code S} on jbd's commit IO (async-class WRITEs).
 */
class FileSystemBlktraceTest {
    private static String blkparse(String yaml) {
        BlkTraceLog log = new BlkTraceLog();
        new ScenarioRun(ScenarioReader.read("s.yaml", yaml, List.of()), log).execute(p -> { });
        return BlkparseText.write(log.events());
    }

    private static List<String[]> fields(String text) {
        return text.lines().map(l -> l.trim().split("\\s+")).filter(f -> f.length >= 7).toList();
    }

    /** Eight 4 KiB write() calls to a new file, then fsync: data by the job, the commit by kjournald. */
    @Test
    void ext3FsyncCommitIsKjournaldsWithoutMetaOrSyncMarks() {
        String text = blkparse("""
                name: eight-pages
                seed: 1
                host:
                  memory: 512m
                filesystem:
                  type: ext3
                  size: 1g
                jobs:
                  - name: w
                    rw: write
                    bs: 4k
                    ioengine: psync
                    direct: 0
                    filename: f
                    filesize: 32k
                    fsync: 8
                """);
        List<String[]> queued = fields(text).stream().filter(f -> f[5].equals("Q")).toList();
        // the job's own IO: metadata reads of the lookup and create, then its 8 data pages (ordered mode, before the commit)
        assertThat(queued).filteredOn(f -> f[f.length - 1].equals("[w]") && f[6].equals("W"))
                .extracting(f -> f[9]).containsOnly("8").hasSize(8);
        assertThat(queued).filteredOn(f -> f[f.length - 1].equals("[w]") && f[6].equals("R")).isNotEmpty();
        // the commit: descriptor, metadata copies, commit block, all written by kjournald as plain async WRITEs
        List<String[]> commit = queued.stream().filter(f -> f[f.length - 1].equals("[kjournald]")).toList();
        assertThat(commit).hasSizeGreaterThanOrEqualTo(3).allSatisfy(f -> assertThat(f[6]).isEqualTo("W"));
        // no event of the run carries M (2.6.18 has no metadata flag) or S (no sync IO here: reads are R, writes async)
        assertThat(fields(text)).noneMatch(f -> f[6].contains("M") || f[6].contains("S"));
        assertThat(commit).as("kjournald has its own pid, not the job's").allSatisfy(f -> assertThat(f[4]).isNotEqualTo("1"));
    }

    /** Background write-back above vm.dirty_background_ratio: pdflush writes the data. */
    @Test
    void backgroundWritebackIsPdflushs() {
        String text = blkparse("""
                name: bg
                seed: 1
                host:
                  memory: 256m
                vm:
                  dirty_background_ratio: 1
                filesystem:
                  type: ext3
                  size: 1g
                jobs:
                  - name: w
                    rw: write
                    bs: 64k
                    ioengine: psync
                    direct: 0
                    filename: f
                    filesize: 32m
                """);
        assertThat(fields(text)).anyMatch(f -> f[5].equals("Q") && f[6].equals("W") && f[f.length - 1].equals("[pdflush]"));
    }

    /** XFS's delayed-write metadata buffers go home 15 s after they were logged, written by xfsbufd. */
    @Test
    void xfsMetadataHomeWritesAreXfsbufds() {
        String text = blkparse("""
                name: xfs-bufd
                seed: 1
                host:
                  memory: 512m
                filesystem:
                  type: xfs
                  size: 1g
                jobs:
                  - name: w
                    rw: write
                    bs: 4k
                    ioengine: psync
                    direct: 0
                    nrfiles: 20
                    filesize: 4k
                    fsync: 1
                  - name: later
                    rw: read
                    bs: 4k
                    ioengine: psync
                    direct: 0
                    filename: g
                    filesize: 4k
                    startdelay: 20s
                """);
        assertThat(fields(text)).anyMatch(f -> f[5].equals("Q") && f[6].startsWith("W") && f[f.length - 1].equals("[xfsbufd]"));
    }
}
