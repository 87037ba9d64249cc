package io.iopath.workload.postmark;

import io.iopath.result.PostmarkResult;
import java.util.ArrayList;
import java.util.List;

/**
 * One Postmark 1.5 run ({@code cli_run}) as a sequence of file system calls, produced one Postmark step at a
 * time so that whoever serves the calls can take simulated time between steps. A step is one of Postmark's
 * own functions: a phase starting, one {@code mkdir} / {@code rmdir}, one {@code create_file}, one whole
 * transaction (a read or append, then a create or delete), one {@code delete_file} of the final sweep.
 *
 * <p>Postmark never looks at what a call returns except to print an error, and in a simulation no call
 * fails, so the sequence depends only on the configuration: the random draws happen in exactly Postmark's
 * order (Postmark 1.53 {@code postmark.c}): {@code sgenrand(seed)}; {@code initialize_file_source(2H)}, one
 * {@code RND(95)} per byte of the write buffer; then per {@code create_file}: the location
 * {@code RND(total weight)} only with two or more locations ({@code create_file_name}), the subdirectory
 * {@code RND(S)} only when S > 1, the size {@code RND(H - L)} (none when H = L, as {@code RND(0)} draws
 * nothing); per transaction ({@code run_transactions}): {@code RND(10)} against the read bias, the file
 * ({@code find_used_file}: {@code RND(2N)} until a slot in use), for an append {@code RND(H - size)}, then
 * {@code RND(10)} against the create bias and the create's or the deleted file's draws.
 *
 * <p>Quirks kept: the file table has {@code 2N} slots and a create with none free does nothing at all (no
 * draw, no name, no call: {@code find_free_file} returns -1); a free slot is the one after the last
 * allocated if free, else the first free from 0; an append happens only to a file below H bytes and brings
 * it to at most H; when every file has been deleted the transactions stop ("out of files!") but the
 * deletion sweep and the subdirectory removal still run, and no report is printed.
 */
public final class Postmark {
    private enum State { START, MKDIR, CREATE, TRANSACTIONS, DELETE, RMDIR, DONE }

    private final PostmarkConfig config;
    private final MersenneTwister random;
    private final FileCalls calls;
    private final DataStream stream;
    private final int slots;
    /** {@code file_table}: name and size of each slot; size 0 = free. */
    private final String[] names;
    private final int[] sizes;
    /** {@code location_index}: each location repeated weight times, for a weighted draw. */
    private final String[] locationIndex;
    /** {@code mkdir} / {@code rmdir} targets in Postmark's order: per location, s0..s(S-1). */
    private final List<String> subdirectoryPaths;

    private int fileAllocated;
    private int transactionsDone;
    private State state = State.START;
    private int index;

    private int filesCreated;
    private int filesDeleted;
    private int filesRead;
    private int filesAppended;
    /** {@code delete_base}: files deleted before the final sweep. */
    private int deleteBase = -1;
    private boolean outOfFiles;
    /** Postmark keeps its byte totals in C {@code float}s (since 1.12): the report rounds as they do. */
    private float bytesRead;
    private float bytesWritten;

    /**
     * A run of {@code config} whose calls go to {@code calls}.
     *
     * @throws IllegalArgumentException for a configuration the real Postmark cannot run: fewer than 10
     *                                  transactions (its progress dots divide by {@code transactions / 10}: SIGFPE)
     */
    public Postmark(PostmarkConfig config, FileCalls calls) {
        if (config.transactions() < 10) {
            throw new IllegalArgumentException("transactions " + config.transactions()
                    + ": Postmark needs at least 10 (it prints a dot every transactions/10 and divides by zero below 10)");
        }
        if (config.simultaneous() > Integer.MAX_VALUE / 2) {
            throw new IllegalArgumentException("number " + config.simultaneous() + ": the file table (2 x number) does not fit");
        }
        this.config = config;
        this.random = new MersenneTwister(Integer.toUnsignedLong(config.seed()));
        this.stream = config.bufferedIo() ? new StdioStream(calls) : new RawStream(calls);
        this.calls = calls;
        this.slots = config.simultaneous() * 2;
        this.names = new String[slots];
        this.sizes = new int[slots];
        List<String> index = new ArrayList<>();
        for (PostmarkConfig.Location l : config.locations()) {
            for (int w = 0; w < l.weight(); w++) {
                index.add(l.name());
            }
        }
        this.locationIndex = index.toArray(String[]::new);
        List<String> dirs = new ArrayList<>();
        if (config.usesSubdirectories()) {
            // create_subdirectories: s0..s(S-1) in each location in the order added, or in the working directory
            List<String> prefixes = config.locations().isEmpty() ? List.of("")
                    : config.locations().stream().map(l -> l.name() + "/").toList();
            for (String prefix : prefixes) {
                for (int i = 0; i < config.subdirectories(); i++) {
                    dirs.add(prefix + "s" + i);
                }
            }
        }
        this.subdirectoryPaths = List.copyOf(dirs);
        // initialize_file_source(file_size_high << 1): only its draws matter here, not the bytes
        for (long i = 2L * config.fileSizeHigh(); i > 0; i--) {
            random.rnd(95);
        }
    }

    /** Makes the calls of Postmark's next step; false when the run is over (and nothing was called). */
    public boolean step() {
        switch (state) {
            case START -> {
                if (config.usesSubdirectories()) {
                    calls.phase(PostmarkPhase.MKDIR);
                    state = State.MKDIR;
                } else {
                    startCreating();
                }
                return true;
            }
            case MKDIR -> {
                if (index < subdirectoryPaths.size()) {
                    calls.mkdir(subdirectoryPaths.get(index++));
                } else {
                    startCreating();
                }
                return true;
            }
            case CREATE -> {
                if (index < config.simultaneous()) {
                    index++;
                    createFile();
                } else {
                    calls.phase(PostmarkPhase.TRANSACTIONS);
                    state = State.TRANSACTIONS;
                    index = 0;
                }
                return true;
            }
            case TRANSACTIONS -> {
                if (index < config.transactions() && filesCreated == filesDeleted) {
                    outOfFiles = true;
                    calls.phase(PostmarkPhase.OUT_OF_FILES);
                    index = config.transactions();
                } else if (index < config.transactions()) {
                    index++;
                    transactionsDone++;
                    transaction();
                } else {
                    calls.phase(PostmarkPhase.DELETE);
                    deleteBase = filesDeleted;
                    state = State.DELETE;
                    index = 0;
                }
                return true;
            }
            case DELETE -> {
                while (index < slots && sizes[index] == 0) {
                    index++;
                }
                if (index < slots) {
                    deleteFile(index++);
                } else {
                    if (config.usesSubdirectories()) {
                        calls.phase(PostmarkPhase.RMDIR);
                        state = State.RMDIR;
                        index = 0;
                    } else {
                        state = State.DONE;
                        return false;
                    }
                }
                return true;
            }
            case RMDIR -> {
                if (index < subdirectoryPaths.size()) {
                    calls.rmdir(subdirectoryPaths.get(index++));
                    return true;
                }
                state = State.DONE;
                return false;
            }
            default -> {
                return false;
            }
        }
    }

    /** Runs every step at once (the sequence alone, no time between calls). */
    public void runToEnd() {
        while (step()) {
            // every call went to the FileCalls
        }
    }

    /** Whether the run is over. */
    public boolean done() {
        return state == State.DONE;
    }

    /**
     * What Postmark's report is computed from: the counters as far as the run has gone and the four timers,
     * which whoever served the calls took at the phases ({@code start_time} at {@link PostmarkPhase#CREATE},
     * {@code t_start_time} at {@link PostmarkPhase#TRANSACTIONS}, {@code t_end_time} at
     * {@link PostmarkPhase#OUT_OF_FILES} or {@link PostmarkPhase#DELETE}, {@code end_time} after the last
     * deletion).
     */
    public PostmarkResult result(long startNs, long transactionsStartNs, long transactionsEndNs, long endNs) {
        return new PostmarkResult(config.transactions(), config.simultaneous(), filesCreated, filesDeleted, filesRead,
                filesAppended, deleteBase < 0 ? 0 : filesDeleted - deleteBase, bytesRead, bytesWritten,
                outOfFiles, config.report() == PostmarkConfig.Report.TERSE, startNs, transactionsStartNs,
                transactionsEndNs, endNs);
    }

    /** Transactions made so far (each a read or append, then a create or delete, whatever they found to do). */
    public int transactionsDone() {
        return transactionsDone;
    }

    /** Random outputs consumed so far. */
    public long draws() {
        return random.draws();
    }

    public PostmarkConfig config() {
        return config;
    }

    private void startCreating() {
        calls.phase(PostmarkPhase.CREATE);
        state = State.CREATE;
        index = 0;
    }

    private void transaction() {
        if (config.biasRead() != -1) {
            if (random.rnd(10) < config.biasRead()) {
                readFile(findUsedFile());
            } else {
                appendFile(findUsedFile());
            }
        }
        if (config.biasCreate() != -1) {
            if (random.rnd(10) < config.biasCreate()) {
                createFile();
            } else {
                deleteFile(findUsedFile());
            }
        }
    }

    /** {@code find_free_file}: -1 when all 2N slots are in use. */
    private int findFreeFile() {
        if (fileAllocated < slots && sizes[fileAllocated] == 0) {
            return fileAllocated++;
        }
        for (int i = 0; i < slots; i++) {
            if (sizes[i] == 0) {
                fileAllocated = i + 1;
                return i;
            }
        }
        return -1;
    }

    /** {@code find_used_file}: draws slots until one is in use (only called while some file exists). */
    private int findUsedFile() {
        int slot;
        do {
            slot = random.rnd(slots);
        } while (sizes[slot] == 0);
        return slot;
    }

    private void createFile() {
        int slot = findFreeFile();
        if (slot == -1) {
            return;
        }
        String name = createFileName();
        int size = config.fileSizeLow() + random.rnd(config.fileSizeHigh() - config.fileSizeLow());
        names[slot] = name;
        sizes[slot] = size;
        calls.create(name);
        stream.open(name, 0, 0, true);
        writeBlocks(size);
        calls.close(name);
    }

    /** {@code create_file_name}: {@code [location/][s<k>/]<++files_created>}. */
    private String createFileName() {
        StringBuilder name = new StringBuilder(24);
        if (locationIndex.length > 0) {
            int count = config.locations().size();
            name.append(locationIndex[count == 1 ? 0 : random.rnd(config.totalWeight())]).append('/');
        }
        if (config.usesSubdirectories()) {
            name.append('s').append(random.rnd(config.subdirectories())).append('/');
        }
        return name.append(++filesCreated).toString();
    }

    /** {@code write_blocks} / {@code fwrite_blocks}: whole blocks, then the remainder (even if 0). */
    private void writeBlocks(int size) {
        int block = config.writeBlockSize();
        int left = size;
        for (; left >= block; left -= block) {
            stream.write(block);
        }
        stream.write(left);
        stream.flush();
        bytesWritten += size;
    }

    private void readFile(int slot) {
        String name = names[slot];
        int size = sizes[slot];
        calls.openRead(name, size);
        stream.open(name, 0, size, false);
        int block = config.readBlockSize();
        int left = size;
        for (; left >= block; left -= block) {
            stream.read(block);
        }
        stream.read(left);
        stream.flush();
        calls.close(name);
        bytesRead += size;
        filesRead++;
    }

    private void appendFile(int slot) {
        int size = sizes[slot];
        if (size >= config.fileSizeHigh()) {
            return;
        }
        String name = names[slot];
        calls.openAppend(name, size);
        int block = random.rnd(config.fileSizeHigh() - size) + 1;
        stream.open(name, size, size, true);
        writeBlocks(block);
        calls.close(name);
        sizes[slot] = size + block;
        filesAppended++;
    }

    private void deleteFile(int slot) {
        if (sizes[slot] == 0) {
            return;
        }
        calls.unlink(names[slot]);
        sizes[slot] = 0;
        names[slot] = null;
        filesDeleted++;
    }
}
