package io.iopath.workload.postmark;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads Postmark's own configuration files ({@code .pmrc}): one command per line, as typed at Postmark's
 * {@code pm>} prompt ({@code cli_parse_line} and the {@code cli_*} callbacks of Postmark 1.53's
 * {@code postmark.c}). Commands: {@code set size L [H]}, {@code set number N}, {@code set seed S},
 * {@code set transactions T}, {@code set location [+|-]DIR [W]}, {@code set subdirectories S},
 * {@code set read B}, {@code set write B}, {@code set buffering true|false}, {@code set bias read R},
 * {@code set bias create C} (-1..10), {@code set report verbose|terse}, {@code run [FILE]},
 * {@code show [FILE]}, {@code load FILE}, {@code help} (and {@code ?}), {@code quit} (and {@code exit}).
 *
 * <p>Postmark itself prints an error for a bad value and goes on with the old one, and answers "Eh?" to
 * an unknown line; iopath stops at the first such line with {@code file:line: problem}, so a typo cannot
 * silently change an experiment. Blank lines and lines starting with {@code #} are skipped (Postmark would
 * answer "Eh?" and go on, so the runs are the same). Values are whole decimal numbers ({@code atoi}'s
 * lenient parsing of "12abc" is not copied). Kept as Postmark does it: {@code set size L H} with
 * {@code H < L} means a fixed size L; {@code quit} ends the file it is in, and a {@code quit} inside a
 * {@code load}ed file ends only that file (Postmark's {@code cli_load} ignores it); a {@code load}ed file's
 * relative path is taken from the directory of the file that loads it (Postmark takes it from its working
 * directory). Shell escapes ({@code !cmd}) are refused.
 */
public final class PostmarkConfigFile {
    private static final int MAX_LOAD_DEPTH = 16;

    private final PostmarkConfig.Builder config;
    private final List<PostmarkScript.Command> commands = new ArrayList<>();

    private PostmarkConfigFile() {
        this(PostmarkConfig.DEFAULTS);
    }

    /** Reads {@code file} and the files it loads. */
    public static PostmarkScript read(Path file) throws IOException {
        PostmarkConfigFile reader = new PostmarkConfigFile();
        reader.readFile(file, 0, file.toString());
        return new PostmarkScript(reader.commands);
    }

    /** Reads configuration text; {@code name} is used in error messages. */
    public static PostmarkScript parse(String name, String text) {
        PostmarkConfigFile reader = new PostmarkConfigFile();
        try {
            reader.readLines(name, null, text, 0);
        } catch (IOException e) {
            throw new PostmarkConfigException(name, "load: " + e.getMessage());
        }
        return new PostmarkScript(reader.commands);
    }

    /**
     * {@code config} changed by one {@code set} line ({@code line} without the word {@code set}, such as
     * {@code "size 500 10000"} or {@code "location +b 2"}), with the same checks and messages as a
     * configuration file's line; a scenario's {@code postmark:} job is bound this way.
     *
     * @throws PostmarkConfigException starting with {@code where:} for a value Postmark would refuse
     */
    public static PostmarkConfig set(PostmarkConfig config, String line, String where) {
        PostmarkConfigFile reader = new PostmarkConfigFile(config);
        String full = "set " + line.strip();
        reader.set(full, full.split("\\s+"), where);
        return reader.config.build();
    }

    private PostmarkConfigFile(PostmarkConfig start) {
        this.config = start.toBuilder();
    }

    /** Whether a file is a Postmark configuration rather than a scenario: its name ends in {@code .pmrc}. */
    public static boolean isConfigFile(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString();
        return name.endsWith(".pmrc") || name.equals(".pmrc");
    }

    private void readFile(Path file, int depth, String shown) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        readLines(shown, file.toAbsolutePath().getParent(), text, depth);
    }

    private void readLines(String name, Path dir, String text, int depth) throws IOException {
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String where = name + ":" + (i + 1);
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (!command(line, where, dir, depth)) {
                return;
            }
        }
    }

    /** Runs one line; false for {@code quit}. */
    private boolean command(String line, String where, Path dir, int depth) throws IOException {
        if (line.startsWith("!")) {
            throw new PostmarkConfigException(where, "shell escapes ('" + line + "') are not run");
        }
        String[] w = line.split("\\s+");
        switch (w[0]) {
            case "quit", "exit" -> {
                noArgument(w, 1, where);
                return false;
            }
            case "help", "?" -> {
                return true;
            }
            case "run" -> {
                String file = optionalArgument(w, where);
                PostmarkConfig c = config.build();
                if (c.transactions() < 10) {
                    throw new PostmarkConfigException(where, "run: transactions " + c.transactions()
                            + " is below 10, where Postmark 1.5 dies of a division by zero (it prints a dot every"
                            + " transactions/10); set transactions 10 or more");
                }
                commands.add(new PostmarkScript.Run(c, file, where));
                return true;
            }
            case "show" -> {
                commands.add(new PostmarkScript.Show(config.build(), optionalArgument(w, where), where));
                return true;
            }
            case "load" -> {
                if (w.length != 2) {
                    throw new PostmarkConfigException(where, "load: expected one file name");
                }
                if (depth >= MAX_LOAD_DEPTH) {
                    throw new PostmarkConfigException(where, "load: more than " + MAX_LOAD_DEPTH + " files deep (a file loading itself?)");
                }
                Path target;
                try {
                    target = dir == null ? Path.of(w[1]) : dir.resolve(w[1]);
                } catch (InvalidPathException e) {
                    // a NUL byte: no file can have that name (and echoing it raw would garble the terminal)
                    throw new PostmarkConfigException(where, "load: expected a file name, got one holding a NUL character");
                }
                if (!Files.isRegularFile(target)) {
                    throw new PostmarkConfigException(where, "load: no such file: " + target);
                }
                readFile(target, depth + 1, target.toString());
                return true;
            }
            case "set" -> {
                set(line, w, where);
                return true;
            }
            default -> throw new PostmarkConfigException(where, "unknown command '" + w[0]
                    + "' (expected set, run, show, load, help or quit)");
        }
    }

    private void set(String line, String[] w, String where) {
        if (w.length < 2) {
            throw new PostmarkConfigException(where, "set: expected a parameter (size, number, seed, transactions,"
                    + " location, subdirectories, read, write, buffering, bias read, bias create, report)");
        }
        switch (w[1]) {
            case "size" -> {
                if (w.length < 3 || w.length > 4) {
                    throw new PostmarkConfigException(where, "set size: expected LOW [HIGH] in bytes");
                }
                int low = positive(w[2], "set size", "low bound", where);
                int high = w.length == 4 ? positive(w[3], "set size", "high bound", where) : low;
                config.fileSizeLow = low;
                // cli_set_size: a high bound below the low one is ignored, making the size fixed
                config.fileSizeHigh = high >= low ? high : low;
            }
            case "number" -> config.simultaneous = single(w, "set number", "number of files", where);
            case "seed" -> config.seed = single(w, "set seed", "seed", where);
            case "transactions" -> config.transactions = single(w, "set transactions", "number of transactions", where);
            case "subdirectories" -> config.subdirectories = single(w, "set subdirectories", "number of subdirectories", where);
            case "read" -> config.readBlockSize = single(w, "set read", "read block size", where);
            case "write" -> config.writeBlockSize = single(w, "set write", "write block size", where);
            case "buffering" -> {
                if (w.length != 3 || !(w[2].equals("true") || w[2].equals("false"))) {
                    throw new PostmarkConfigException(where, "set buffering: expected true or false");
                }
                config.bufferedIo = w[2].equals("true");
            }
            case "bias" -> {
                if (w.length != 4 || !(w[2].equals("read") || w[2].equals("create"))) {
                    throw new PostmarkConfigException(where, "set bias: expected 'set bias read R' or 'set bias create C'"
                            + " with R, C in 0..10 (-1 disables)");
                }
                int bias = integer(w[3], "set bias " + w[2], where);
                if (bias < -1 || bias > 10) {
                    throw new PostmarkConfigException(where, "set bias " + w[2] + ": expected 0..10 (-1 disables), got " + w[3]);
                }
                if (w[2].equals("read")) {
                    config.biasRead = bias;
                } else {
                    config.biasCreate = bias;
                }
            }
            case "report" -> {
                if (w.length != 3 || !(w[2].equals("verbose") || w[2].equals("terse"))) {
                    throw new PostmarkConfigException(where, "set report: expected verbose or terse");
                }
                config.report = w[2].equals("verbose") ? PostmarkConfig.Report.VERBOSE : PostmarkConfig.Report.TERSE;
            }
            case "location" -> location(line, w, where);
            default -> throw new PostmarkConfigException(where, "set: unknown parameter '" + w[1] + "'");
        }
    }

    /** {@code cli_set_location}: {@code DIR [W]} replaces the list, {@code +DIR [W]} adds, {@code -DIR} removes. */
    private void location(String line, String[] w, String where) {
        if (w.length < 3 || w.length > 4) {
            throw new PostmarkConfigException(where, "set location: expected [+]DIR [WEIGHT] or -DIR");
        }
        String dir = w[2];
        char mode = dir.charAt(0);
        String name = mode == '+' || mode == '-' ? dir.substring(1) : dir;
        if (name.isEmpty()) {
            throw new PostmarkConfigException(where, "set location: no directory name");
        }
        if (mode == '-') {
            if (w.length != 3) {
                throw new PostmarkConfigException(where, "set location -DIR takes no weight");
            }
            // delete_location: the first location of that name only
            int at = config.locations.stream().map(PostmarkConfig.Location::name).toList().indexOf(name);
            if (at >= 0) {
                config.locations.remove(at);
            } else {
                throw new PostmarkConfigException(where, "set location: cannot find location '" + name + "'");
            }
            return;
        }
        int weight = w.length == 4 ? positive(w[3], "set location", "weight", where) : 1;
        if (mode != '+') {
            config.locations.clear();
        }
        config.locations.add(new PostmarkConfig.Location(name, weight));
    }

    private static int single(String[] w, String command, String what, String where) {
        if (w.length != 3) {
            throw new PostmarkConfigException(where, command + ": expected one " + what);
        }
        return positive(w[2], command, what, where);
    }

    private static int positive(String text, String command, String what, String where) {
        int value = integer(text, command, where);
        if (value <= 0) {
            // cli_generic_int and cli_set_size refuse values below 1 (Postmark keeps the old value)
            throw new PostmarkConfigException(where, command + ": " + what + " must be at least 1, got " + text);
        }
        return value;
    }

    private static int integer(String text, String command, String where) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new PostmarkConfigException(where, command + ": expected a whole number, got '" + text + "'");
        }
    }

    private static void noArgument(String[] w, int words, String where) {
        if (w.length != words) {
            throw new PostmarkConfigException(where, w[0] + " takes no argument");
        }
    }

    private static String optionalArgument(String[] w, String where) {
        if (w.length > 2) {
            throw new PostmarkConfigException(where, w[0] + ": expected at most one file name");
        }
        return w.length == 2 ? w[1] : null;
    }
}
