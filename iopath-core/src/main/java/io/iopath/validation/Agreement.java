package io.iopath.validation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Request-by-request agreement of a replay with a reference per-request file (DiskSim's own
 * output for the same trace): how many responses agree within 0.01, 0.1 and 1 ms, and the
 * largest differences with their trace line and class.
 */
public record Agreement(int requests, int within10us, int within100us, int within1ms, List<Difference> largest) {

    /** Tolerances of the three counts, ms. */
    public static final double[] TOLERANCES_MS = {0.01, 0.1, 1.0};
    /** How many of the largest differences are listed. */
    public static final int LARGEST = 20;

    public Agreement {
        largest = List.copyOf(largest);
    }

    /** One request: its 1-based trace line, class, and both responses in ms. */
    public record Difference(int line, RequestClass requestClass, double simulatedMs, double referenceMs) {
        public double differenceMs() {
            return simulatedMs - referenceMs;
        }
    }

    /**
     * Compares {@code simulatedMs[i]} with {@code referenceMs[i]}. Responses are compared as the
     * files print them (rounded to 1 ns), so a count read off two files is the count here.
     */
    public static Agreement of(double[] simulatedMs, double[] referenceMs, RequestClass[] classes) {
        if (simulatedMs.length != referenceMs.length || classes.length != simulatedMs.length) {
            throw new IllegalArgumentException("simulated, reference and classes differ in length: "
                    + simulatedMs.length + ", " + referenceMs.length + ", " + classes.length);
        }
        int[] within = new int[TOLERANCES_MS.length];
        List<Difference> all = new ArrayList<>();
        for (int i = 0; i < simulatedMs.length; i++) {
            long d = Math.abs(Math.round(simulatedMs[i] * 1e6) - Math.round(referenceMs[i] * 1e6));
            for (int k = 0; k < TOLERANCES_MS.length; k++) {
                if (d <= Math.round(TOLERANCES_MS[k] * 1e6)) {
                    within[k]++;
                }
            }
            all.add(new Difference(i + 1, classes[i], simulatedMs[i], referenceMs[i]));
        }
        all.sort(Comparator.comparingDouble((Difference x) -> -Math.abs(x.differenceMs()))
                .thenComparingInt(Difference::line));
        return new Agreement(simulatedMs.length, within[0], within[1], within[2],
                all.subList(0, Math.min(LARGEST, all.size())));
    }

    public double fraction(int count) {
        return requests == 0 ? 0 : (double) count / requests;
    }
}
