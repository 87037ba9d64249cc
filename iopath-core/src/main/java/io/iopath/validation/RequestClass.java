package io.iopath.validation;

import java.util.Locale;

/**
 * What kind of request a line of a validate trace was, for reading per-request differences:
 * a read hit, miss or partial hit (as the simulated drive classified it at arrival) or a write;
 * after a read or after a write (the previous request, DiskSim's "after read | after write");
 * and sequential (starts where the previous request ended) or not.
 */
public record RequestClass(Kind kind, boolean afterWrite, boolean sequential) {

    public enum Kind {
        READ_HIT("read hit"), READ_MISS("read miss"), READ_PARTIAL("read partial"), WRITE("write");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** For example {@code "read miss, after write, sequential"}. */
    public String label() {
        return String.format(Locale.ROOT, "%s, after %s, %s", kind.label(), afterWrite ? "write" : "read",
                sequential ? "sequential" : "not sequential");
    }
}
