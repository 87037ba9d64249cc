package io.iopath.scenario;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What iopath does with each option of a fio job file: fio's own names (fio 3.33's option
 * tables, {@code fio-options.txt}) tell a typo, which fio refuses too ("Bad option"), from
 * an option fio knows. Of those, iopath models some ({@link JobSection#MODELLED}), refuses the
 * ones that would change the simulated IO if dropped (below, with why), and lists the rest as
 * ignored (CPU placement, buffer contents, logging, reporting).
 */
final class FioOptions {
    /** Every name (and alias) fio 3.33 accepts, in its tables' order. */
    private static final List<String> FIO_NAMES = load();
    private static final Set<String> FIO_SET = new HashSet<>(FIO_NAMES);

    /**
     * Options that change the IO fio would send, with what iopath lacks; a value in
     * {@link #HARMLESS} (fio's default: off, none, one) leaves the workload as iopath runs it.
     */
    private static final Map<String, String> REFUSED = Map.ofEntries(
            Map.entry("trim_percentage", "trims after verified writes"),
            Map.entry("end_fsync", "an fsync at the end of the job"),
            Map.entry("fsync_on_close", "an fsync when a file is closed"),
            Map.entry("nrfiles", "several files per job"),
            Map.entry("filesize", "files smaller than the region"),
            Map.entry("file_service_type", "several files per job"),
            Map.entry("size_increment", "clones with increasing sizes"),
            Map.entry("percentage_random", "a mix of random and sequential IO"),
            Map.entry("bs_unaligned", "block sizes that are not multiples of the minimum"),
            Map.entry("fill_fs", "writing until the device is full"),
            Map.entry("thinktime_spin", "a think time spent busy"),
            Map.entry("thinktime_iotime", "think time after an amount of IO time"),
            Map.entry("iodepth_low", "refilling the queue only below a low mark"),
            Map.entry("rw_sequencer", "another meaning of rw=…:N"),
            Map.entry("replay_scale", "scaled trace offsets"),
            Map.entry("replay_align", "aligned trace offsets"),
            Map.entry("replay_skip", "skipping trace records by direction"),
            Map.entry("pre_read", "reading the files before the job"),
            Map.entry("kb_base", "sizes with kb_base=1000"),
            Map.entry("trim_backlog", "trims after verified writes"),
            Map.entry("verify_only", "verification without writing first"),
            // engine options that change the commands sent (engines/sg.c, engines/io_uring.c, engines/nvme.c);
            // sg_write_mode, write_mode, readfua and writefua are modelled (JobSection.commands)
            Map.entry("read_mode", "SCSI PRE-FETCH commands in place of READ (cmd_type=bsg)"));
    // md_per_io_size, pi_act, pi_chk, apptag, apptag_mask: read by JobSection.protectionInfo (ProtectionInfo);
    // fdp, dataplacement, plid_select, plids, dp_scheme: by JobSection.placement (flexible data placement)

    /** Values that leave a refused option at fio's default, so nothing changes. */
    private static final Set<String> HARMLESS = Set.of("0", "none", "off", "false");
    /** Values that are fio's default for a count, so nothing changes. */
    private static final Map<String, String> DEFAULTS = Map.of("nrfiles", "1", "loops", "1", "kb_base", "1024",
            "sync", "none", "rate_process", "linear", "rw_sequencer", "sequential",
            "read_mode", "read");

    private FioOptions() {
    }

    private static List<String> load() {
        try (InputStream in = FioOptions.class.getResourceAsStream("fio-options.txt")) {
            if (in == null) {
                throw new IllegalStateException("fio-options.txt missing from the classpath");
            }
            List<String> names = new ArrayList<>();
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    names.add(line.strip());
                }
            }
            return List.copyOf(names);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether fio itself accepts the name. */
    static boolean fioKnows(String name) {
        return FIO_SET.contains(name);
    }

    /**
     * Why iopath refuses {@code name=value}, or null when it may be ignored. A bare flag
     * ({@code value} empty) means 1, as in fio.
     */
    static String refusal(String name, String value) {
        String why = REFUSED.get(name);
        if (why == null) {
            return null;
        }
        String v = value.strip().toLowerCase(java.util.Locale.ROOT);
        if (!v.isEmpty() && (HARMLESS.contains(v) || v.equals(DEFAULTS.get(name)))) {
            return null;
        }
        return why;
    }

    /**
     * fio's guess for a mistyped option ({@code show_option_help} in options.c): the first name
     * at the smallest Levenshtein distance ({@code string_distance}, parse.c), if that distance
     * is at most half the typed name's length ({@code string_distance_ok}); else null.
     */
    static String suggestion(String name) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : FIO_NAMES) {
            int d = distance(name, candidate);
            if (d < bestDistance) {
                bestDistance = d;
                best = candidate;
            }
        }
        return best != null && bestDistance <= (name.length() + 1) / 2 ? best : null;
    }

    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), sub);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
