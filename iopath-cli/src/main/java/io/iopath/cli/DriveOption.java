package io.iopath.cli;

import io.iopath.device.disk.DriveSpec;
import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.device.disk.disksim.ParameterFileException;
import io.iopath.scenario.ScenarioException;

/** Resolves {@code --drive NAME|FILE}: a preset name or a DiskSim parameter file. */
final class DriveOption {
    private DriveOption() {
    }

    static DriveSpec resolve(String nameOrFile) {
        return resolve("--drive", nameOrFile);
    }

    /** The same for another option that names a drive ({@code bench --trace-drive}). */
    static DriveSpec resolve(String option, String nameOrFile) {
        try {
            return DrivePresets.resolve(nameOrFile, null).orElseThrow(() -> new BadInputException(
                    option + ": expected a preset (" + String.join(", ", DrivePresets.names())
                            + ") or a DiskSim parameter file, got '" + nameOrFile + "'"
                            + io.iopath.units.Spelling.hint(nameOrFile, DrivePresets.names())));
        } catch (ParameterFileException | IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    /** The override {@code --drive NAME|FILE} becomes, after every {@code --set}. */
    static String override(String drive) {
        return "drive.preset=" + drive;
    }

    /** A refusal of that override as the {@code --drive} the user gave; others unchanged. */
    static ScenarioException givenAs(ScenarioException e, String drive) {
        return drive == null ? e : e.givenAs(override(drive), "--drive " + drive);
    }
}
