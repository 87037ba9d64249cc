package io.iopath.device.disk.disksim;

/**
 * Ruemmler–Wilkes seek equation {@code [V1..V6]}: d = 0 → 0; d = 1 and V6 ≠ −1 → V6;
 * d &lt; V1 → V2 + V3·sqrt(d); otherwise V4 + V5·d (all ms, d in cylinders).
 */
record HplEquation(
        double thresholdCylinders,
        double sqrtBaseMs,
        double sqrtFactorMs,
        double linearBaseMs,
        double linearFactorMs,
        double singleCylinderMs) {

    /** DiskSim's V6 = −1 means "no separate single-cylinder time". */
    public boolean hasSingleCylinderTime() {
        return singleCylinderMs != -1.0;
    }
}
