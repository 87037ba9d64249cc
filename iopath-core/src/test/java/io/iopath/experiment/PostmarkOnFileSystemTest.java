package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.fs.FsFile;
import io.iopath.fs.ext3.Ext3;
import io.iopath.result.PostmarkResult;
import io.iopath.scenario.Scenario;
import io.iopath.scenario.ScenarioReader;
import io.iopath.workload.postmark.FileCalls;
import io.iopath.workload.postmark.PostmarkConfig;
import io.iopath.workload.postmark.PostmarkConfigFile;
import io.iopath.workload.postmark.PostmarkJob;
import io.iopath.workload.postmark.PostmarkPhase;
import io.iopath.workload.postmark.PostmarkProcess;
import io.iopath.workload.postmark.PostmarkScript;
import io.iopath.workload.postmark.PostmarkSeqWriter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Postmark as a simulated process on ext3: the calls it makes while the run goes (each after the one before
 * returned in simulated time) are exactly those the real Postmark 1.53 binary made under strace for the same
 * configuration (the captures of {@code workload/postmark} in the test resources), and its runs keep the file
 * system's books straight.
 */
class PostmarkOnFileSystemTest {
    private static final String RESOURCES = "/io/iopath/workload/postmark/";

    /** A small drive and partition, so that mke2fs and the bitmaps stay cheap. */
    private static final String SCENARIO = """
            name: pm
            drive:
              preset: seagate-18g-scsi
            host:
              scheduler: cfq
              queue_depth: 4
              memory: 512m
            filesystem:
              type: ext3
              size: 2g
            jobs:
              - name: pm
                postmark: {}
            """;

    static String resource(String name) throws IOException {
        try (InputStream in = PostmarkOnFileSystemTest.class.getResourceAsStream(RESOURCES + name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static PostmarkConfig config(String capture) throws IOException {
        List<PostmarkScript.Run> runs = PostmarkConfigFile.parse(capture + ".pmrc", resource(capture + ".pmrc")).runs();
        assertThat(runs).hasSize(1);
        return runs.get(0).config();
    }

    /** The scenario with {@code config} as its one Postmark job. */
    static ScenarioRun run(PostmarkConfig config, List<String> overrides) {
        Scenario s = ScenarioReader.read("pm.yaml", SCENARIO, overrides).withPostmark(List.of(new PostmarkJob("pm", config)));
        return new ScenarioRun(s);
    }

    /** Runs {@code config} on ext3 and returns the calls it made, as postmark-seq v1. */
    static String simulatedSequence(PostmarkConfig config) {
        return simulatedSequence(config, List.of());
    }

    static String simulatedSequence(PostmarkConfig config, List<String> overrides) {
        ScenarioRun run = run(config, overrides);
        StringBuilder out = new StringBuilder();
        PostmarkProcess pm = run.postmark().get(0);
        pm.observe(new PostmarkSeqWriter(out));
        run.execute(p -> { });
        assertThat(pm.finished()).isTrue();
        return out.toString();
    }

    @ParameterizedTest
    @ValueSource(strings = {"default-small", "unbuffered", "subdirs-locations", "table-full", "out-of-files", "big-blocks",
            "one-location-megabytes"})
    void theSimulatedRunMakesTheRealBinarysCalls(String capture) throws IOException {
        String expected = resource(capture + ".seq");
        assertThat(simulatedSequence(config(capture)).split("\n")).containsExactly(expected.split("\n"));
    }

    /** ReiserFS and XFS serve the same calls (the sequence does not depend on the file system), and end empty. */
    @ParameterizedTest
    @ValueSource(strings = {"reiserfs", "xfs"})
    void theOtherFileSystemsServeTheSameCalls(String type) throws IOException {
        for (String capture : List.of("subdirs-locations", "unbuffered")) {
            PostmarkConfig config = config(capture);
            ScenarioRun run = run(config, List.of("filesystem.type=" + type));
            StringBuilder out = new StringBuilder();
            PostmarkProcess pm = run.postmark().get(0);
            pm.observe(new PostmarkSeqWriter(out));
            run.execute(p -> { });
            assertThat(pm.finished()).as(type + " " + capture).isTrue();
            assertThat(out.toString().split("\n")).as(type + " " + capture).containsExactly(resource(capture + ".seq").split("\n"));
            var fs = run.fileSystem().orElseThrow();
            for (PostmarkConfig.Location l : config.locations()) {
                FsFile dir = fs.lookupCached(fs.root(), l.name());
                assertThat(dir).as(type + " " + l.name()).isNotNull();
                for (int s = 0; s < config.subdirectories(); s++) {
                    assertThat(fs.lookupCached(dir, "s" + s)).as(type + " rmdir of " + l.name() + "/s" + s).isNull();
                }
            }
        }
    }

    /** Without CPU cost most calls return at once and the process loops instead of waiting: the same calls. */
    @ParameterizedTest
    @ValueSource(strings = {"subdirs-locations", "table-full", "out-of-files"})
    void withoutCpuCostTheCallsAreTheSame(String capture) throws IOException {
        String expected = resource(capture + ".seq");
        assertThat(simulatedSequence(config(capture), List.of("cpu=none")).split("\n")).containsExactly(expected.split("\n"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"large-defaults", "large-small-example"})
    void largerSimulatedRunsHashLikeTheRealBinarysCapture(String capture) throws Exception {
        String[] expected = resource(capture + ".seq.sha256").split("\n");
        String actual = simulatedSequence(config(capture));
        assertThat(actual.lines().count()).isEqualTo(Long.parseLong(expected[1].strip()));
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(actual.getBytes(StandardCharsets.UTF_8));
        assertThat(java.util.HexFormat.of().formatHex(digest)).isEqualTo(expected[0].strip());
    }

    /** Postmark's timers come from simulated time: in order, and the transactions take time (CPU at least). */
    @Test
    void theReportsTimersAreSimulatedTime() throws IOException {
        ScenarioRun run = run(config("large-small-example"), List.of());
        io.iopath.result.Result result = run.execute(p -> { });
        PostmarkResult r = run.postmark().get(0).result();
        assertThat(result.postmark()).containsExactly(r);
        var json = io.iopath.report.ResultJson.toJson(result).get("postmark").get(0);
        assertThat(json.get("transactions_per_second").asDouble()).isEqualTo(r.transactionsPerSecond());
        assertThat(json.get("files_created").asInt()).isEqualTo(3484);
        assertThat(r.startNs()).isGreaterThanOrEqualTo(0);
        assertThat(r.transactionsStartNs()).isGreaterThan(r.startNs());
        assertThat(r.transactionsEndNs()).isGreaterThan(r.transactionsStartNs());
        assertThat(r.endNs()).isGreaterThan(r.transactionsEndNs());
        assertThat(r.transactionsPerSecond()).isFinite().isPositive();
        // every call costs at least the measured 100 ns, so the transactions cannot be faster than that
        assertThat(run.postmark().get(0).cpuNs()).isPositive();
        assertThat(r.filesCreated()).isEqualTo(r.filesDeleted());
    }

    /**
     * Many seeded random configurations on ext3: every file Postmark created is gone at the end, no block
     * belongs to two live files when the final deletion starts, the blocks still in use at the end are the
     * directories' and the file system's own, and the transactions counted are those configured.
     */
    @Test
    void postmarkKeepsExt3sBooksOverManySeededConfigurations() {
        List<String> problems = new ArrayList<>();
        for (long seed = 1; seed <= 24; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            PostmarkConfig.Builder b = PostmarkConfig.DEFAULTS.toBuilder();
            b.seed = (int) seed * 7919;
            b.fileSizeLow = 1 + rnd.nextInt(4096);
            b.fileSizeHigh = b.fileSizeLow + rnd.nextInt(rnd.nextBoolean() ? 8192 : 200_000);
            b.simultaneous = 5 + rnd.nextInt(150);
            b.transactions = 10 + rnd.nextInt(400);
            b.subdirectories = rnd.nextInt(5);
            b.readBlockSize = 1 + rnd.nextInt(16384);
            b.writeBlockSize = 1 + rnd.nextInt(16384);
            b.biasRead = rnd.nextInt(11);
            b.biasCreate = rnd.nextInt(11);
            b.bufferedIo = rnd.nextBoolean();
            if (rnd.nextBoolean()) {
                b.locations.add(new PostmarkConfig.Location("a", 1 + rnd.nextInt(3)));
                if (rnd.nextBoolean()) {
                    b.locations.add(new PostmarkConfig.Location("b", 1 + rnd.nextInt(3)));
                }
            }
            check(b.build(), "seed " + seed, rnd.nextBoolean() ? "host.scheduler=noop" : "host.scheduler=deadline", problems);
        }
        assertThat(problems).isEmpty();
    }

    private static void check(PostmarkConfig config, String label, String override, List<String> problems) {
        ScenarioRun run = run(config, List.of(override, "host.memory=" + (64 + config.simultaneous() % 4 * 64) + "m"));
        Ext3 fs = (Ext3) run.fileSystem().orElseThrow();
        Set<Long> atMount = new HashSet<>(fs.blockAllocator().usedBlocks());
        PostmarkProcess pm = run.postmark().get(0);
        Books books = new Books(fs, label, problems);
        pm.observe(books);
        run.execute(p -> { });
        PostmarkResult r = pm.result();
        if (!pm.finished()) {
            problems.add(label + ": Postmark did not finish");
            return;
        }
        if (!books.live.isEmpty()) {
            problems.add(label + ": files left at the end: " + books.live.keySet());
        }
        if (r.filesCreated() != r.filesDeleted() || r.filesCreated() != books.created) {
            problems.add(label + ": created " + r.filesCreated() + " (calls " + books.created + "), deleted " + r.filesDeleted());
        }
        if (r.outOfFiles() ? pm.transactionsDone() >= config.transactions() : pm.transactionsDone() != config.transactions()) {
            problems.add(label + ": " + pm.transactionsDone() + " transactions done, " + config.transactions() + " configured"
                    + (r.outOfFiles() ? " (out of files)" : ""));
        }
        for (String name : books.everCreated) {
            if (books.lookup(name) != null) {
                problems.add(label + ": " + name + " still has a directory entry");
            }
        }
        // what is left in use: what mke2fs and the mount used, and the blocks of the directories that remain
        Set<Long> expected = new HashSet<>(atMount);
        for (FsFile dir : books.remainingDirectories()) {
            for (long p = 0; p < (dir.size() + 4095) / 4096; p++) {
                long blk = fs.blockOf(dir, p);
                if (blk >= 0) {
                    expected.add(blk);
                }
            }
        }
        Set<Long> used = new HashSet<>(fs.blockAllocator().usedBlocks());
        if (!expected.containsAll(used)) {
            Set<Long> leaked = new HashSet<>(used);
            leaked.removeAll(expected);
            problems.add(label + ": blocks still allocated after every file was deleted: " + leaked.size());
        }
    }

    /** Follows Postmark's calls as they are made: which files live, and whether two share a block. */
    private static final class Books implements FileCalls {
        final Ext3 fs;
        final String label;
        final List<String> problems;
        final Map<String, Boolean> live = new LinkedHashMap<>();
        final Set<String> everCreated = new HashSet<>();
        final Set<String> dirs = new HashSet<>();
        final Map<String, FsFile> dirHandles = new HashMap<>();
        int created;

        Books(Ext3 fs, String label, List<String> problems) {
            this.fs = fs;
            this.label = label;
            this.problems = problems;
        }

        /** The entry of a Postmark path, if its directory and inode are in memory. */
        FsFile lookup(String path) {
            int slash = path.lastIndexOf('/');
            FsFile dir = slash < 0 ? fs.root() : dirOf(path.substring(0, slash));
            return dir == null ? null : fs.lookupCached(dir, path.substring(slash + 1));
        }

        FsFile dirOf(String path) {
            FsFile d = fs.root();
            for (String part : path.split("/")) {
                d = d == null ? null : fs.lookupCached(d, part);
            }
            return d;
        }

        List<FsFile> remainingDirectories() {
            List<FsFile> out = new ArrayList<>();
            out.add(fs.root());
            for (String name : List.of("a", "b")) {
                FsFile d = fs.lookupCached(fs.root(), name);
                if (d != null) {
                    out.add(d);
                }
            }
            return out;
        }

        @Override
        public void phase(PostmarkPhase phase) {
            if (phase == PostmarkPhase.DELETE || phase == PostmarkPhase.OUT_OF_FILES) {
                Map<Long, String> owner = new HashMap<>();
                for (String name : live.keySet()) {
                    FsFile f = lookup(name);
                    if (f == null) {
                        problems.add(label + ": live file " + name + " has no directory entry");
                        continue;
                    }
                    for (long p = 0; p < (f.size() + 4095) / 4096; p++) {
                        long blk = fs.blockOf(f, p);
                        String before = blk < 0 ? null : owner.put(blk, name);
                        if (before != null) {
                            problems.add(label + ": block " + blk + " in " + before + " and " + name);
                        }
                    }
                }
            }
        }

        @Override
        public void mkdir(String dir) {
            dirs.add(dir);
        }

        @Override
        public void rmdir(String dir) {
            dirs.remove(dir);
        }

        @Override
        public void create(String path) {
            created++;
            live.put(path, true);
            everCreated.add(path);
        }

        @Override
        public void openRead(String path, long size) {
        }

        @Override
        public void openAppend(String path, long size) {
        }

        @Override
        public void read(String path, long offset, int bytes, int requested) {
        }

        @Override
        public void write(String path, long offset, int bytes) {
        }

        @Override
        public void close(String path) {
        }

        @Override
        public void unlink(String path) {
            if (live.remove(path) == null) {
                problems.add(label + ": unlink of " + path + ", which is not a live file");
            }
        }
    }
}
