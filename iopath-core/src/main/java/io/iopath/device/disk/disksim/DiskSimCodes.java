package io.iopath.device.disk.disksim;

import io.iopath.device.disk.geometry.LbnMapping;
import io.iopath.device.disk.geometry.SparingScheme;
import java.util.Optional;

/**
 * DiskSim's integer codes for the layout, translated once here so nothing past the importer sees
 * a number. Codes from DiskSim's src/disksim_diskmap.h ({@code NO_SPARING} 0 ..
 * {@code SECTSPERZONE_SPARING_SLIPTOEND} 10; {@code LAYOUT_NORMAL} 0,
 * {@code LAYOUT_CYLSWITCHONSURF1} 1, {@code LAYOUT_CYLSWITCHONSURF2} 2) and diskmodel/layout_g1.h.
 */
final class DiskSimCodes {
    /** Indexed by DiskSim's "Sparing scheme used" code. */
    private static final SparingScheme[] SPARING = {
        SparingScheme.NO_SPARING, // NO_SPARING
        SparingScheme.SPARE_TRACKS_PER_ZONE, // TRACK_SPARING
        SparingScheme.SPARE_SECTORS_PER_CYLINDER, // SECTPERCYL_SPARING
        SparingScheme.SPARE_SECTORS_PER_TRACK, // SECTPERTRACK_SPARING
        SparingScheme.SPARE_SECTORS_PER_CYLINDER_SLIP_TO_ZONE_END, // SECTPERCYL_SPARING_SLIPTOEND
        SparingScheme.SPARE_SECTORS_AT_CYLINDER_FRONT, // SECTPERCYL_SPARING_ATFRONT
        SparingScheme.SPARE_SECTORS_AT_CYLINDER_FRONT_SLIP_TO_ZONE_END, // SECTPERCYL_SPARING_ATFRONT_SLIPTOEND
        SparingScheme.SPARE_SECTORS_AT_ZONE_END, // SECTATEND_SPARING
        SparingScheme.SPARE_SECTORS_PER_CYLINDER_RANGE, // SECTPERRANGE_SPARING
        SparingScheme.SPARE_SECTORS_PER_ZONE, // SECTSPERZONE_SPARING
        SparingScheme.SPARE_SECTORS_PER_ZONE_SLIP_TO_ZONE_END, // SECTSPERZONE_SPARING_SLIPTOEND
    };

    /** Indexed by DiskSim's "LBN-to-PBN mapping scheme" code. */
    private static final LbnMapping[] MAPPING = {
        LbnMapping.NORMAL, // LAYOUT_NORMAL
        LbnMapping.SERPENTINE_FROM_ZONE_START, // LAYOUT_CYLSWITCHONSURF1
        LbnMapping.SERPENTINE_BY_CYLINDER_NUMBER, // LAYOUT_CYLSWITCHONSURF2
    };

    private DiskSimCodes() {
    }

    static Optional<SparingScheme> sparingScheme(int code) {
        return code >= 0 && code < SPARING.length ? Optional.of(SPARING[code]) : Optional.empty();
    }

    static Optional<LbnMapping> lbnMapping(int code) {
        return code >= 0 && code < MAPPING.length ? Optional.of(MAPPING[code]) : Optional.empty();
    }
}
