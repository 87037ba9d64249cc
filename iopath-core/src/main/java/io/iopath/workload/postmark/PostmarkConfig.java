package io.iopath.workload.postmark;

import java.util.ArrayList;
import java.util.List;

/**
 * One Postmark configuration, with Postmark's own variable names and defaults (the globals under
 * "Configurable Parameters" in Postmark 1.53's {@code postmark.c}; the {@code set} command that changes each
 * is named on its component).
 *
 * @param fileSizeLow    {@code set size L [H]}: smallest file, bytes (500)
 * @param fileSizeHigh   {@code set size L H}: files are {@code L + RND(H - L)} bytes, so at most {@code H - 1};
 *                       appends stop at {@code H} (10000); {@code H = L} is a fixed size and no size draw
 * @param simultaneous   {@code set number}: files in the initial pool; the file table has twice as many slots (500)
 * @param seed           {@code set seed}: the Mersenne Twister's seed (42)
 * @param transactions   {@code set transactions} (500)
 * @param subdirectories {@code set subdirectories}: used only when above 1 ({@code s0..s(S-1)}) (0)
 * @param readBlockSize  {@code set read}: bytes per read call Postmark makes (512)
 * @param writeBlockSize {@code set write}: bytes per write call Postmark makes (512)
 * @param biasRead       {@code set bias read}: read rather than append with probability {@code biasRead/10};
 *                       -1: neither (5)
 * @param biasCreate     {@code set bias create}: create rather than delete with probability {@code biasCreate/10};
 *                       -1: neither (5)
 * @param bufferedIo     {@code set buffering}: stdio ({@code fopen}/{@code fwrite}) when true, else
 *                       {@code open}/{@code write} (true)
 * @param report         {@code set report}: verbose or terse (verbose)
 * @param locations      {@code set location DIR [W]}, {@code +DIR [W]}, {@code -DIR}: working directories with
 *                       weights, in the order added; empty: the current directory, no prefix on names
 */
public record PostmarkConfig(int fileSizeLow, int fileSizeHigh, int simultaneous, int seed, int transactions,
                             int subdirectories, int readBlockSize, int writeBlockSize, int biasRead, int biasCreate,
                             boolean bufferedIo, Report report, List<Location> locations) {

    /** {@code set report}. */
    public enum Report { VERBOSE, TERSE }

    /** A working directory and its weight: a file goes to it with probability weight / total weight. */
    public record Location(String name, int weight) {
    }

    /** Postmark's defaults. */
    public static final PostmarkConfig DEFAULTS = new PostmarkConfig(500, 10_000, 500, 42, 500, 0, 512, 512, 5, 5,
            true, Report.VERBOSE, List.of());

    public PostmarkConfig {
        locations = List.copyOf(locations);
    }

    /** Total weight of the locations ({@code file_system_weight}). */
    public int totalWeight() {
        return locations.stream().mapToInt(Location::weight).sum();
    }

    /** Whether the run makes subdirectories: Postmark uses them only when there are at least two. */
    public boolean usesSubdirectories() {
        return subdirectories > 1;
    }

    /** A mutable copy, for a configuration file that changes one parameter per line. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Changes one parameter at a time, as Postmark's {@code set} commands do. */
    public static final class Builder {
        public int fileSizeLow;
        public int fileSizeHigh;
        public int simultaneous;
        public int seed;
        public int transactions;
        public int subdirectories;
        public int readBlockSize;
        public int writeBlockSize;
        public int biasRead;
        public int biasCreate;
        public boolean bufferedIo;
        public Report report;
        public final List<Location> locations;

        private Builder(PostmarkConfig c) {
            fileSizeLow = c.fileSizeLow;
            fileSizeHigh = c.fileSizeHigh;
            simultaneous = c.simultaneous;
            seed = c.seed;
            transactions = c.transactions;
            subdirectories = c.subdirectories;
            readBlockSize = c.readBlockSize;
            writeBlockSize = c.writeBlockSize;
            biasRead = c.biasRead;
            biasCreate = c.biasCreate;
            bufferedIo = c.bufferedIo;
            report = c.report;
            locations = new ArrayList<>(c.locations);
        }

        public PostmarkConfig build() {
            return new PostmarkConfig(fileSizeLow, fileSizeHigh, simultaneous, seed, transactions, subdirectories,
                    readBlockSize, writeBlockSize, biasRead, biasCreate, bufferedIo, report, locations);
        }
    }
}
