package io.iopath.validation;

import java.util.Arrays;

/** Measured and simulated response times (ms) of the same requests, in trace order. */
public final class Comparison {
    private final double[] measuredMs;
    private final double[] simulatedMs;

    public Comparison(double[] measuredMs, double[] simulatedMs) {
        if (measuredMs.length != simulatedMs.length) {
            throw new IllegalArgumentException("measured and simulated differ in length: " + measuredMs.length
                    + " vs " + simulatedMs.length);
        }
        this.measuredMs = measuredMs.clone();
        this.simulatedMs = simulatedMs.clone();
    }

    public int requests() {
        return measuredMs.length;
    }

    public double[] measuredMs() {
        return measuredMs.clone();
    }

    public double[] simulatedMs() {
        return simulatedMs.clone();
    }

    public double measuredMeanMs() {
        return Arrays.stream(measuredMs).average().orElse(Double.NaN);
    }

    public double simulatedMeanMs() {
        return Arrays.stream(simulatedMs).average().orElse(Double.NaN);
    }

    /** Collects a replay request by request. */
    public static final class Builder {
        private double[] measured = new double[1024];
        private double[] simulated = new double[1024];
        private int n;

        public Builder add(ClosedLoopReplay.Replayed r) {
            return add(r.measuredMs(), r.simulatedMs());
        }

        public Builder add(double measuredMs, double simulatedMs) {
            if (n == measured.length) {
                measured = Arrays.copyOf(measured, 2 * n);
                simulated = Arrays.copyOf(simulated, 2 * n);
            }
            measured[n] = measuredMs;
            simulated[n++] = simulatedMs;
            return this;
        }

        public Comparison build() {
            return new Comparison(Arrays.copyOf(measured, n), Arrays.copyOf(simulated, n));
        }
    }
}
