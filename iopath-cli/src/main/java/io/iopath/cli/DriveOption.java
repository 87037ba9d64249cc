package io.iopath.cli;

import io.iopath.device.disk.DriveSpec;
import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.device.disk.disksim.ParameterFileException;

/** Resolves {@code --drive NAME|FILE}: a preset name or a DiskSim parameter file. */
final class DriveOption {
    private DriveOption() {
    }

    static DriveSpec resolve(String nameOrFile) {
        try {
            return DrivePresets.resolve(nameOrFile, null).orElseThrow(() -> new BadInputException(
                    "--drive: expected a preset (" + String.join(", ", DrivePresets.names())
                            + ") or a DiskSim parameter file, got '" + nameOrFile + "'"
                            + io.iopath.units.Spelling.hint(nameOrFile, DrivePresets.names())));
        } catch (ParameterFileException | IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
    }
}
