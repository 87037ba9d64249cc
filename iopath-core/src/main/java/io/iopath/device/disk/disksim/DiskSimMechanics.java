package io.iopath.device.disk.disksim;

import java.util.Map;

/**
 * A {@code dm_mech_g1} mechanical model. Times in ms; {@code writeSettleMs} is DiskSim's
 * "Add. write settling delay" (may be negative). {@code singleCylinderSeekMs} and
 * {@code fullStrobeSeekMs} are carried as written even when the seek model does not use them.
 */
record DiskSimMechanics(
        AccessTimeType accessTimeType,
        DiskSimSeek seek,
        double singleCylinderSeekMs,
        double fullStrobeSeekMs,
        double writeSettleMs,
        double headSwitchMs,
        double rpm,
        double rpmErrorPercent,
        Map<String, String> otherParameters) {
    public DiskSimMechanics {
        otherParameters = Map.copyOf(otherParameters);
    }
}
