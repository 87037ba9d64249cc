package io.iopath.device.disk.disksim;

import io.iopath.device.disk.geometry.LbnMapping;
import io.iopath.device.disk.geometry.SparingScheme;
import java.util.List;
import java.util.Map;

/**
 * A {@code dm_layout_g1} layout: LBN mapping scheme, sparing and the zone table.
 */
record DiskSimLayout(
        LbnMapping mapping,
        SparingScheme sparing,
        int sparingRangeSize,
        List<DiskSimZone> zones,
        Map<String, String> otherParameters) {
    public DiskSimLayout {
        zones = List.copyOf(zones);
        otherParameters = Map.copyOf(otherParameters);
    }
}
