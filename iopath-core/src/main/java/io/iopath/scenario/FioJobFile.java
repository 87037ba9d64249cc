package io.iopath.scenario;

import io.iopath.metrics.fio.FioLogs;
import io.iopath.result.FioJobOptions;
import io.iopath.workload.JobSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads a fio job file (INI: {@code [global]} and one section per job; {@code key=value} or a
 * bare {@code key} for flags; {@code ;} and {@code #} start comment lines) into the same tree a
 * scenario YAML gives, so it is bound, overridden ({@code --set}) and run exactly like YAML.
 *
 * <p>As in fio, a job inherits the {@code [global]} options written before it, and a later
 * value overrides an earlier one. Options iopath does not model are dropped and listed in
 * {@link #ignored()} (each once), never silently. A job without {@code ioengine} gets fio's
 * default, psync. A file whose jobs name files (not block devices) or ask for buffered IO runs
 * them as file jobs on a file system (ext3 on the whole drive unless {@code --set filesystem.*}
 * says otherwise), with fio's default {@code direct=0}; any other file runs on the drive, where
 * {@code direct} defaults to 1, which is noted.
 */
public final class FioJobFile {
    private final Node.MapNode root;
    private final List<String> ignored;
    private final List<String> notes;
    private final boolean groupReporting;

    private final FioJobOptions written;

    private FioJobFile(Node.MapNode root, List<String> ignored, List<String> notes, boolean groupReporting,
                       FioJobOptions written) {
        this.written = written;
        this.root = root;
        this.ignored = ignored;
        this.notes = notes;
        this.groupReporting = groupReporting;
    }

    /** Whether a file looks like a fio job file rather than YAML: by name, else a first section header. */
    public static boolean looksLikeJobFile(Path file, String text) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".fio") || name.endsWith(".ini")) {
            return true;
        }
        if (name.endsWith(".yaml") || name.endsWith(".yml")) {
            return false;
        }
        for (String line : text.split("\n")) {
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#") || t.startsWith(";")) {
                continue;
            }
            return t.startsWith("[") && t.endsWith("]");
        }
        return false;
    }

    public static FioJobFile read(Path file) {
        return read(file, List.of());
    }

    /**
     * Reads a job file for a run with these {@code --set} overrides: one that sets a
     * {@code filesystem.} field puts the jobs on that file system even when the file names no file.
     */
    public static FioJobFile read(Path file, List<String> overrides) {
        return read(file, overrides, List.of());
    }

    /**
     * Reads a job file as {@code fio --section=NAME …} does: only the named job sections (and
     * every {@code [global]}) are read; an empty list reads them all.
     */
    public static FioJobFile read(Path file, List<String> overrides, List<String> sections) {
        return read(file, overrides, sections, List.of());
    }

    /**
     * As {@link #read(Path, List, List)} with fio's job options from the command line ({@code
     * --NAME=VALUE}, or {@code --NAME} for a flag), as {@code fio FILE --ioengine=xnvme} takes
     * them (init.c {@code parse_cmd_line}, {@code FIO_GETOPT_JOB}: before any {@code --name}
     * they set the default job every job of the file starts from, and the file's own lines,
     * [global]'s included, override them).
     */
    public static FioJobFile read(Path file, List<String> overrides, List<String> sections, List<String> options) {
        boolean fsAsked = overrides.stream().anyMatch(o -> o.strip().startsWith("filesystem."));
        try {
            return parse(file.toString(), Files.readString(file, StandardCharsets.UTF_8), System.getenv(), fsAsked, sections,
                    options);
        } catch (IOException e) {
            throw new ScenarioException(new Location(file.toString(), 0, 0), "", "cannot read the file: " + e.getMessage());
        }
    }

    public static FioJobFile parse(String source, String text) {
        return parse(source, text, System.getenv());
    }

    /**
     * fio's keywords (options.c {@code fio_keywords}) as iopath's simulated host has them: one
     * CPU, 4 KiB pages; memory is not simulated, so {@code $mb_memory} is a fixed 1024, the same
     * on every machine.
     */
    static final Map<String, String> KEYWORDS = Map.of("$pagesize", "4096", "$ncpus", "1", "$mb_memory", "1024");

    /**
     * Aliases fio accepts for an option iopath models, by the name iopath binds: fio keeps one
     * value per option, so of {@code bs=} and {@code blocksize=} the last one written wins.
     */
    private static final Map<String, String> ALIASES = Map.of("readwrite", "rw", "blocksize", "bs",
            "blocksize_range", "bsrange", "ba", "blockalign", "iodepth_batch_submit", "iodepth_batch", "timeout", "runtime",
            "io_limit", "io_size", "wait_for_previous", "stonewall", "ratemin", "rate_min");

    /** The log options iopath writes as fio does (docs/workloads.md, "fio's logs"). */
    static final java.util.Set<String> LOG_OPTIONS = java.util.Set.of("write_bw_log", "write_lat_log", "write_iops_log",
            "log_avg_msec", "log_offset");

    /** The state of one read: sections so far, and what is ignored. */
    private static final class Reader {
        final Map<String, String> env;
        /** fio's {@code --section} names (init.c {@code job_sections}); empty: every section. */
        final List<String> sections;
        /** Inside a section {@code --section} leaves out: its lines are skipped unread (init.c {@code inside_skip}). */
        boolean skipping;
        /** Null: a first pass that only collects the options, to decide where the jobs run. */
        final Boolean onFiles;
        final Map<String, Entry> global = new LinkedHashMap<>();
        final List<String> jobNames = new ArrayList<>();
        final List<Location> jobLocations = new ArrayList<>();
        final List<Map<String, Entry>> jobs = new ArrayList<>();
        final Map<String, Location> ignoredAt = new LinkedHashMap<>();
        Map<String, Entry> current;
        /** Every option line as written, per section: fio's {@code opt_list} ([global] first). */
        final List<FioJobOptions.Option> globalWritten = new ArrayList<>();
        final Map<String, List<FioJobOptions.Option>> jobWritten = new LinkedHashMap<>();
        List<FioJobOptions.Option> currentWritten;
        boolean groupReporting;
        /** {@code ioscheduler}, which becomes the host's scheduler; null when not given. */
        Entry scheduler;
        int lastLine = 1;

        Reader(Map<String, String> env, Boolean onFiles, List<String> sections) {
            this.env = env;
            this.onFiles = onFiles;
            this.sections = sections;
        }

        /**
         * init.c {@code skip_this_section}: with {@code --section} given, a section is read when
         * its name starts with "global" or is one of those named.
         */
        boolean skips(String section) {
            return !sections.isEmpty() && !section.startsWith("global") && !sections.contains(section);
        }

        /** fio's {@code fio_option_dup_subs} (every {@code ${VAR}}, empty when unset) and keywords. */
        String substitute(String value) {
            StringBuilder sb = new StringBuilder();
            int i = 0;
            while (i < value.length()) {
                int close;
                if (value.startsWith("${", i) && (close = value.indexOf('}', i + 2)) > i + 2) {
                    sb.append(env.getOrDefault(value.substring(i + 2, close), ""));
                    i = close + 1;
                } else {
                    sb.append(value.charAt(i++));
                }
            }
            String out = sb.toString();
            for (var k : KEYWORDS.entrySet()) {
                out = out.replace(k.getKey(), k.getValue());
            }
            return out;
        }

        /**
         * fio's job options given on the command line ({@code --NAME=VALUE}; {@code --NAME} for a
         * flag): read into the defaults every section starts from, as init.c {@code parse_cmd_line}
         * sets them in {@code def_thread}, before the file, whose lines override them. They are
         * not among the options as written (fio's {@code opt_list} of the file's sections).
         */
        void commandLine(List<String> options) {
            for (String o : options) {
                Location at = new Location("command line option " + o, 0, 0);
                if (!o.startsWith("--") || o.length() < 3 || o.startsWith("--=")) {
                    throw new ScenarioException(at, "", "expected a fio job option --NAME=VALUE, got '" + o + "'");
                }
                int eq = o.indexOf('=');
                String key = (eq < 0 ? o.substring(2) : o.substring(2, eq)).strip();
                String value = eq < 0 ? "" : substitute(o.substring(eq + 1).strip());
                if (key.equals("name")) {
                    throw new ScenarioException(at, key, "--name on the command line starts a job of fio's own, not a "
                            + "default for the file's jobs; give the job in the file");
                }
                current = global;
                currentWritten = new ArrayList<>();
                option(key, value, at, at);
            }
            current = null;
            currentWritten = null;
        }

        void read(String source, String text, int depth, boolean included) {
            String[] lines = text.split("\r?\n", -1);
            for (int i = 0; i < lines.length; i++) {
                int lineNo = i + 1;
                lastLine = Math.max(lastLine, lineNo);
                String raw = lines[i];
                // parse.c strip_blank_end: ';' or '#' starts a comment anywhere on the line
                int cut = raw.length();
                for (char c : new char[] {';', '#'}) {
                    int k = raw.indexOf(c);
                    if (k >= 0) {
                        cut = Math.min(cut, k);
                    }
                }
                String t = raw.substring(0, cut).strip();
                if (t.isEmpty()) {
                    continue;
                }
                int indent = raw.indexOf(t.charAt(0)) + 1;
                if (t.startsWith("[")) {
                    if (included) {
                        throw new ScenarioException(new Location(source, lineNo, indent), "", "no new sections in included files (as fio), got '" + t + "'");
                    }
                    if (!t.endsWith("]") || t.length() < 3) {
                        throw new ScenarioException(new Location(source, lineNo, indent), "", "expected a section header such as [global] or [jobname], got '" + t + "'");
                    }
                    String section = t.substring(1, t.length() - 1).strip();
                    skipping = skips(section);
                    if (skipping) {
                        continue;
                    }
                    if (section.equals("global")) {
                        current = global;
                        currentWritten = globalWritten;
                    } else {
                        // fio allows a name again (a separate job): the repeat gets its own key
                        int occurrence = 1 + (int) jobNames.stream().filter(n -> FioJobOptions.section(n).equals(section)).count();
                        String key = FioJobOptions.key(section, occurrence);
                        current = new LinkedHashMap<>(global);
                        jobNames.add(key);
                        jobLocations.add(new Location(source, lineNo, indent));
                        jobs.add(current);
                        currentWritten = new ArrayList<>();
                        jobWritten.put(key, currentWritten);
                    }
                    continue;
                }
                if (skipping) {
                    continue;
                }
                if (t.startsWith("include") && (t.length() == 7 || Character.isWhitespace(t.charAt(7)))) {
                    include(source, t.substring(7).strip(), new Location(source, lineNo, indent), depth);
                    continue;
                }
                if (current == null) {
                    throw new ScenarioException(new Location(source, lineNo, indent), "", "expected a section header ([global] or [jobname]) before options, got '" + t + "'");
                }
                int eq = t.indexOf('=');
                String key = (eq < 0 ? t : t.substring(0, eq)).strip();
                String value = eq < 0 ? "" : substitute(t.substring(eq + 1).strip()).strip();
                int valueColumn = eq < 0 ? indent : raw.indexOf('=') + 2 + (raw.substring(raw.indexOf('=') + 1).length() - raw.substring(raw.indexOf('=') + 1).stripLeading().length());
                Location at = new Location(source, lineNo, valueColumn);
                if (key.isEmpty()) {
                    throw new ScenarioException(at, "", "expected OPTION=VALUE, got '" + t + "'");
                }
                option(key, value, at, new Location(source, lineNo, indent));
                currentWritten.add(new FioJobOptions.Option(key, eq < 0 ? null : value));
            }
        }

        void option(String key, String value, Location at, Location keyAt) {
            if (onFiles == null) {
                current.put(key, new Entry(value, at)); // first pass: what the jobs ask for, nothing checked
                return;
            }
            if (onFiles && (JobSection.FILE_OPTIONS.contains(key) || key.equals("directory"))) {
                current.put(key, new Entry(value, at)); // bound (filename, directory) in tree()
                return;
            }
            if (key.equals("ioscheduler")) {
                // fio switches the device's scheduler (sysfs queue/scheduler); iopath's host has one
                if (scheduler != null && !scheduler.text().equals(value)) {
                    throw new ScenarioException(at, key, "iopath simulates one device, so one IO scheduler; this file asks for '"
                            + scheduler.text() + "' and '" + value + "'");
                }
                scheduler = new Entry(value, at);
                return;
            }
            if (LOG_OPTIONS.contains(key)) {
                // fio's per-job logs: written by the run (metrics.fio.FioLogs), not part of the scenario
                if ((key.equals("log_avg_msec") || key.equals("log_offset")) && !value.matches("[0-9]+")) {
                    throw new ScenarioException(at, key, "expected a whole number, got '" + value + "'");
                }
                return;
            }
            if (key.equals("group_reporting")) {
                groupReporting = value.isEmpty() || !value.equals("0");
                return;
            }
            String canonical = ALIASES.getOrDefault(key, key);
            if (JobSection.MTD_ONLY.contains(key)) {
                // honoured for jobs of the mtd engine (JobSection.mtd), listed as ignored for others (build)
                current.remove(key);
                current.put(key, new Entry(value, at));
                ignoredAt.putIfAbsent(key, at);
                return;
            }
            if (JobSection.MODELLED.contains(canonical) && !key.equals("name")) {
                if (canonical.equals("bsrange")) {
                    value = value.replace(':', '-'); // fio's ranges take A-B or A:B
                }
                // an alias replaces what its other name set: fio keeps one value per option
                ALIASES.forEach((alias, name) -> {
                    if (name.equals(canonical)) {
                        current.remove(alias);
                    }
                });
                current.remove(canonical);
                current.put(key, new Entry(value, at));
                return;
            }
            if (!FioOptions.fioKnows(key) && !key.equals("name")) {
                String guess = FioOptions.suggestion(key);
                throw new ScenarioException(keyAt, key, "not a fio option (fio refuses it too: \"Bad option <" + key
                        + (value.isEmpty() ? "" : "=" + value) + ">\")" + (guess == null ? "" : "; did you mean " + guess + "?"));
            }
            String why = FioOptions.refusal(key, value);
            if (why != null) {
                throw new ScenarioException(at, key, "changes the workload in a way iopath does not simulate yet ("
                        + why + "); remove it to run without");
            }
            ignoredAt.putIfAbsent(key, at);
        }

        void include(String source, String name, Location at, int depth) {
            if (name.isEmpty()) {
                throw new ScenarioException(at, "include", "expected a file name");
            }
            if (depth > 16) {
                throw new ScenarioException(at, "include", "includes nested more than 16 deep");
            }
            Path file = Path.of(name);
            Path parent = Path.of(source).getParent();
            if (!Files.exists(file) && parent != null) {
                file = parent.resolve(name); // fio: relative to the including file when not found as given
            }
            String text;
            try {
                text = Files.readString(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new ScenarioException(at, "include", "cannot read " + name + ": " + e.getMessage());
            }
            if (current == null) {
                current = global; // options before any section, as fio's include at the top
                currentWritten = globalWritten;
            }
            read(file.toString(), text, depth + 1, true);
        }
    }

    public static FioJobFile parse(String source, String text, Map<String, String> env) {
        return parse(source, text, env, false);
    }

    /** Options that make a job a file job whatever its direct=: fio is told how many files, how large, what to do with them. */
    private static final List<String> FILE_SET = List.of("nrfiles", "filesize", "create_on_open", "unlink", "end_fsync");

    /**
     * Whether the file's jobs run on a file system: one does buffered IO ({@code direct=0},
     * fio's default, or {@code buffered=1}) on a named file ({@code filename} not under
     * {@code /dev/}, {@code directory}) or asks for buffered IO outright, or one uses the
     * file-set options ({@link #FILE_SET}). An O_DIRECT job that only names a file stays on the
     * drive as before: O_DIRECT IO to a laid-out file is block IO to its extents, and file jobs do
     * not share one file between numjobs clones yet. A file naming none of these runs on the drive.
     */
    private static boolean onFiles(List<Map<String, Entry>> jobs) {
        for (Map<String, Entry> job : jobs) {
            Entry engine = job.get("ioengine");
            if (engine != null && JobSpec.FILE_OP_ENGINES.contains(engine.text().strip())) {
                return true; // filecreate and its kin make file system calls
            }
            if (engine != null && engine.text().strip().equals(JobSpec.FTRUNCATE)) {
                return true; // ftruncate(2) of a file, whatever direct= says (O_DIRECT does not change it)
            }
            Entry filename = job.get("filename");
            if (filename != null && isDevice(filename.text())) {
                continue;
            }
            for (String k : FILE_SET) {
                if (job.containsKey(k)) {
                    return true;
                }
            }
            Entry direct = job.get("direct");
            Entry buffered = job.get("buffered");
            boolean askedBuffered = (direct != null && isOff(direct)) || (buffered != null && !isOff(buffered));
            boolean directIo = (direct != null && !isOff(direct)) || (buffered != null && isOff(buffered));
            if (askedBuffered || (!directIo && (filename != null || job.containsKey("directory")))) {
                return true;
            }
        }
        return false;
    }

    /**
     * engines/sg.c: on a /dev/sgN character device without direct=1 or sync=1 the engine uses the
     * sg v3 asynchronous interface (write() the command, read() the reply), keeping iodepth
     * commands in flight; iopath simulates sg's synchronous SG_IO only.
     */
    private static void asyncSg(Map<String, Entry> job) {
        Entry engine = job.get("ioengine");
        Entry filename = job.get("filename");
        if (engine == null || !engine.text().strip().equals("sg") || filename == null
                || !filename.text().strip().startsWith("/dev/sg")) {
            return;
        }
        Entry direct = job.get("direct");
        Entry sync = job.get("sync");
        boolean syncMode = direct != null && !isOff(direct) || sync != null && !isOff(sync) && !sync.text().strip().equals("none");
        if (!syncMode) {
            throw new ScenarioException(engine.at(), "ioengine", "sg on a character device (" + filename.text().strip()
                    + ") without direct=1 uses sg's asynchronous interface, which iopath does not simulate; give direct=1"
                    + " (SG_IO, one command at a time) or the block device");
        }
    }

    private static boolean isOff(Entry flag) {
        return List.of("0", "false", "off", "no").contains(flag.text().strip().toLowerCase(Locale.ROOT));
    }

    private static boolean isDevice(String filename) {
        return filename.strip().startsWith("/dev/");
    }

    static FioJobFile parse(String source, String text, Map<String, String> env, boolean fsAsked) {
        return parse(source, text, env, fsAsked, List.of());
    }

    static FioJobFile parse(String source, String text, Map<String, String> env, boolean fsAsked, List<String> sections) {
        return parse(source, text, env, fsAsked, sections, List.of());
    }

    static FioJobFile parse(String source, String text, Map<String, String> env, boolean fsAsked, List<String> sections,
                            List<String> options) {
        for (String s : sections) {
            if (s.equals("global")) {
                // init.c parse_cmd_line, option 'x'
                throw new ScenarioException(new Location(source, 0, 0), "", "--section=global: fio refuses it too (\"can't use global as only section\")");
            }
        }
        Reader scan = new Reader(env, null, sections);
        scan.commandLine(options);
        scan.read(source, text, 0, false);
        for (Map<String, Entry> job : scan.jobs) {
            asyncSg(job);
        }
        boolean files = fsAsked || onFiles(scan.jobs);
        Reader reader = new Reader(env, files, sections);
        reader.commandLine(options);
        reader.read(source, text, 0, false);
        Map<String, Entry> global = reader.global;
        List<String> jobNames = reader.jobNames;
        List<Location> jobLocations = reader.jobLocations;
        List<Map<String, Entry>> jobs = reader.jobs;
        Map<String, Location> ignoredAt = reader.ignoredAt;
        java.util.Set<String> mtdHonoured = new java.util.HashSet<>();
        boolean groupReporting = reader.groupReporting;
        String[] lines = text.split("\r?\n", -1);
        if (jobs.isEmpty()) {
            if (!sections.isEmpty()) {
                throw new ScenarioException(new Location(source, Math.max(1, lines.length), 1), "", "expected a job section named "
                        + String.join(" or ", sections) + " (--section), got none of that name in the fio job file");
            }
            throw new ScenarioException(new Location(source, Math.max(1, lines.length), 1), "", "expected at least one job section ([jobname]) in the fio job file");
        }
        List<String> notes = new ArrayList<>();
        Location fileStart = new Location(source, 1, 1);
        Node.MapNode root = Node.newMap(fileStart);
        String base = Path.of(source).getFileName().toString().replaceFirst("\\.(fio|ini)$", "");
        root.add("name", fileStart, new Node.ScalarNode(fileStart, base, false));
        Node.ListNode list = Node.newList(fileStart);
        boolean noteDirect = false;
        boolean noteDirectory = false;
        for (int j = 0; j < jobs.size(); j++) {
            Location at = jobLocations.get(j);
            Node.MapNode job = Node.newMap(at);
            job.add("name", at, new Node.ScalarNode(at, jobNames.get(j), false));
            Entry jobEngine = jobs.get(j).get("ioengine");
            boolean mtdJob = jobEngine != null && jobEngine.text().strip().equals("mtd");
            for (var e : jobs.get(j).entrySet()) {
                String value = e.getValue().text();
                if (JobSection.MTD_ONLY.contains(e.getKey())) {
                    if (!mtdJob) {
                        continue; // ignored, as listed
                    }
                    mtdHonoured.add(e.getKey());
                }
                if (files && e.getKey().equals("directory")) {
                    noteDirectory = true; // the simulated file system has one directory, its root
                    continue;
                }
                if (files && e.getKey().equals("filename")) {
                    value = fileNames(e.getValue());
                }
                job.add(e.getKey(), e.getValue().at(), new Node.ScalarNode(e.getValue().at(), value, false));
            }
            if (files && !jobs.get(j).containsKey("direct") && !jobs.get(j).containsKey("buffered")) {
                job.add("direct", at, new Node.ScalarNode(at, "0", false)); // fio's default: buffered
            }
            if (!jobs.get(j).containsKey("ioengine")) {
                job.add("ioengine", at, new Node.ScalarNode(at, "psync", false)); // fio's default engine on Linux
            }
            if (!jobs.get(j).containsKey("direct") && !jobs.get(j).containsKey("buffered")) {
                noteDirect = true;
            }
            list.add(job);
        }
        root.add("jobs", fileStart, list);
        if (files) {
            // a default file system on the whole drive; --set filesystem.type=xfs etc. changes it
            Node.MapNode fs = Node.newMap(fileStart);
            fs.add("type", fileStart, new Node.ScalarNode(fileStart, "ext3", false));
            root.add("filesystem", fileStart, fs);
            notes.add("note: the jobs name files or ask for buffered IO, so they run as file jobs on a file system (ext3 on the whole drive unless "
                    + "--set filesystem.type=... / filesystem.size=... say otherwise; docs/filesystem.md)");
            noteDirect = false; // direct=0 is fio's default and is simulated, through the page cache
        }
        if (noteDirectory) {
            notes.add("note: directory= is not simulated as a path: the jobs' files are made in the file system's root");
        }
        zonedDrive(jobs, root, fileStart, notes);
        if (!files) {
            flashDrive(jobs, root, fileStart, notes);
        }
        if (reader.scheduler != null) {
            Location at = reader.scheduler.at();
            Node.MapNode host = Node.newMap(at);
            host.add("scheduler", at, new Node.ScalarNode(at, reader.scheduler.text(), false));
            root.add("host", at, host);
        }
        if (noteDirect) {
            notes.add("note: direct=0 (fio's default) is simulated as direct=1: a fio job file runs on the drive; buffered IO needs a scenario with a filesystem: section (docs/filesystem.md)");
        }
        List<String> ignored = new ArrayList<>();
        for (var e : ignoredAt.entrySet()) {
            if (!mtdHonoured.contains(e.getKey())) {
                ignored.add(e.getKey());
            }
        }
        return new FioJobFile(root, ignored, notes, groupReporting,
                new FioJobOptions(reader.globalWritten, reader.jobWritten));
    }

    private record Entry(String text, Location at) {
    }

    /**
     * A job file with {@code zonemode=zbd} was written for a zoned block device (an HM-SMR drive
     * such as examples/zbd-*.fio's /dev/sdX): the drive gets host-managed zones of the first such
     * job's {@code zonesize} ({@code drive.zoned}, docs/drive.md), said in a note. Without a
     * zonesize the drive's 256 MiB zones are used.
     */
    private static void zonedDrive(List<Map<String, Entry>> jobs, Node.MapNode root, Location at, List<String> notes) {
        for (Map<String, Entry> job : jobs) {
            Entry mode = job.get("zonemode");
            if (mode == null || !mode.text().strip().equals("zbd")) {
                continue;
            }
            Node.MapNode zoned = Node.newMap(at);
            Entry size = job.get("zonesize");
            if (size != null) {
                zoned.add("zone_size", size.at(), new Node.ScalarNode(size.at(), size.text(), false));
            }
            Entry cap = job.get("zonecapacity");
            if (cap != null) {
                zoned.add("zone_capacity", cap.at(), new Node.ScalarNode(cap.at(), cap.text(), false));
            }
            // io_uring_cmd with cmd_type=nvme (fio's default) drives an NVMe zoned namespace (ZNS),
            // whose zones all have a write pointer: ZNS has no conventional zones
            Entry engine = job.get("ioengine");
            Entry type = job.get("cmd_type");
            boolean zns = engine != null && engine.text().strip().equals("io_uring_cmd")
                    && (type == null || type.text().strip().equals("nvme"));
            if (zns) {
                zoned.add("conventional_zones", at, new Node.ScalarNode(at, "0", false));
            }
            Node.MapNode drive = Node.newMap(at);
            drive.add("zoned", at, zoned);
            root.add("drive", at, drive);
            notes.add("note: zonemode=zbd: the drive is " + (zns ? "an NVMe zoned namespace (drive.zoned: zones of " : "host-managed zoned (drive.zoned: zones of ")
                    + (size == null ? "256m" : size.text()) + (zns ? ", none conventional" : ", 1 % conventional")
                    + ", 128 open zones; docs/drive.md \"Zoned drives\"; --set drive.zoned.… changes it)");
            return;
        }
    }

    /**
     * A job file whose jobs trim ({@code rw=trim}, {@code randtrim}, {@code trimwrite},
     * {@code randtrimwrite}) on the device was written for a drive with TRIM (an SSD such as
     * examples/uring-cmd-trim-multi-range.fio's /dev/ng0n1): the drive is the flash preset
     * ({@code drive.preset}, docs/flash.md), said in a note; {@code --drive} still chooses another
     * (a disk refuses the trims). Not with zonemode=zbd, whose trims are zone resets on a zoned disk.
     */
    private static void flashDrive(List<Map<String, Entry>> jobs, Node.MapNode root, Location at, List<String> notes) {
        if (root.entries().containsKey("drive")) {
            return;
        }
        if (fdpDrive(jobs, root, at, notes)) {
            return;
        }
        for (Map<String, Entry> job : jobs) {
            Entry engine = job.get("ioengine");
            if (engine != null && engine.text().strip().equals("mtd")) {
                // /dev/mtdN: a raw NAND device, as Linux's nandsim makes one with its defaults
                Node.MapNode drive = Node.newMap(at);
                drive.add("preset", at, new Node.ScalarNode(at, io.iopath.device.flash.FlashPresets.NANDSIM, false));
                root.add("drive", at, drive);
                notes.add("note: ioengine=mtd: the device is raw NAND, Linux's nandsim with its defaults (128 MiB, 512-byte pages, "
                        + "16 KiB erase blocks; docs/flash.md \"Raw NAND\"; --drive " + io.iopath.device.flash.FlashPresets.MSR
                        + " addresses that drive's chips raw)");
                return;
            }
        }
        for (Map<String, Entry> job : jobs) {
            Entry rw = job.containsKey("rw") ? job.get("rw") : job.get("readwrite");
            Entry mode = job.get("zonemode");
            if (rw == null || (mode != null && mode.text().strip().equals("zbd"))) {
                continue;
            }
            String base = rw.text().strip();
            int colon = base.indexOf(':');
            base = colon < 0 ? base : base.substring(0, colon).strip();
            if (List.of("trim", "randtrim", "trimwrite", "randtrimwrite").contains(base)) {
                Node.MapNode drive = Node.newMap(at);
                drive.add("preset", at, new Node.ScalarNode(at, io.iopath.device.flash.FlashPresets.MSR, false));
                root.add("drive", at, drive);
                notes.add("note: rw=" + base + ": the jobs trim, so the drive is the flash drive "
                        + io.iopath.device.flash.FlashPresets.MSR + " (DiskSim's SSD add-on's, with TRIM; docs/flash.md; "
                        + "--drive chooses another)");
                return;
            }
        }
    }

    /**
     * A job file whose jobs use NVMe flexible data placement ({@code fdp=1} or {@code
     * dataplacement=fdp}, as examples/uring-cmd-fdp.fio on /dev/ng0n1) was written for an SSD with
     * FDP: the drive is the flash preset {@code ssd-msr-fdp} (docs/flash.md), said in a note;
     * {@code --drive} still chooses another (one without FDP refuses the job); its trims, if any, are
     * the flash drive's too. Not with zonemode=zbd, whose zoned disk has no FDP.
     */
    private static boolean fdpDrive(List<Map<String, Entry>> jobs, Node.MapNode root, Location at, List<String> notes) {
        for (Map<String, Entry> job : jobs) {
            Entry mode = job.get("zonemode");
            if (mode != null && mode.text().strip().equals("zbd")) {
                continue;
            }
            Entry fdp = job.get("fdp");
            Entry type = job.containsKey("dataplacement") ? job.get("dataplacement") : job.get("data_placement");
            boolean on = fdp != null && List.of("", "1", "true", "on", "yes").contains(fdp.text().strip().toLowerCase(java.util.Locale.ROOT));
            if (on || (type != null && type.text().strip().equals("fdp"))) {
                Node.MapNode drive = Node.newMap(at);
                drive.add("preset", at, new Node.ScalarNode(at, io.iopath.device.flash.FlashPresets.MSR_FDP, false));
                root.add("drive", at, drive);
                notes.add("note: " + (on ? "fdp=1" : "dataplacement=fdp") + ": the jobs place their writes, so the drive is the "
                        + "flash drive " + io.iopath.device.flash.FlashPresets.MSR_FDP + " (ssd-msr with flexible data placement over "
                        + io.iopath.device.flash.FlashPresets.FDP_HANDLES + " reclaim unit handles, a placeholder; docs/flash.md; "
                        + "--drive chooses another)");
                return true;
            }
        }
        return false;
    }

    /**
     * fio's ':'-separated file names as files in the simulated file system's root: the last path
     * component of each. A block device among them cannot be a file on the file system.
     */
    private static String fileNames(Entry filename) {
        List<String> out = new ArrayList<>();
        for (String n : filename.text().split(":")) {
            String t = n.strip();
            if (isDevice(t)) {
                throw new ScenarioException(filename.at(), "filename", "names a block device (" + t + ") in a job file whose "
                        + "jobs run on a file system (another job names a file or asks for direct=0); give the block "
                        + "jobs and the file jobs their own job files");
            }
            int slash = t.lastIndexOf('/');
            out.add(slash < 0 ? t : t.substring(slash + 1));
        }
        return String.join(":", out);
    }

    /** The scenario tree: {@code name}, {@code jobs} (one mapping per job section). */
    public Node.MapNode tree() {
        return root;
    }

    /** Options iopath does not model, each once, in the order first written. */
    public List<String> ignored() {
        return List.copyOf(ignored);
    }

    public List<String> notes() {
        return List.copyOf(notes);
    }

    /**
     * The logs job {@code name} asks for ({@code write_bw_log} etc.; its own section's value, else
     * [global]'s, the last written winning); a flag without a name logs under the job's name.
     * {@code slat} is left false: whether there are submission latencies is the engine's.
     */
    public FioLogs.Config logs(String name) {
        Map<String, String> v = new java.util.HashMap<>();
        List<FioJobOptions.Option> all = new ArrayList<>(written.global());
        all.addAll(written.job(name));
        for (FioJobOptions.Option o : all) {
            if (LOG_OPTIONS.contains(o.name())) {
                v.put(o.name(), o.value() == null || o.value().isEmpty() ? "" : o.value());
            }
        }
        String section = FioJobOptions.section(name); // fio names a log by the job's section
        return new FioLogs.Config(prefix(v.get("write_bw_log"), section), prefix(v.get("write_lat_log"), section),
                prefix(v.get("write_iops_log"), section), Long.parseLong(v.getOrDefault("log_avg_msec", "0").isEmpty() ? "0"
                : v.getOrDefault("log_avg_msec", "0")), "1".equals(v.get("log_offset")), false);
    }

    private static String prefix(String value, String job) {
        return value == null ? null : value.isEmpty() ? job : value;
    }

    /** The options as written, for fio's JSON. */
    public FioJobOptions written() {
        return written;
    }

    public boolean groupReporting() {
        return groupReporting;
    }
}
