package io.iopath.durability;

import io.iopath.scenario.Units;
import java.util.Locale;

/**
 * What a power failure at {@code atNs} destroyed at the drive.
 *
 * @param atNs                 simulated time of the failure
 * @param acknowledgedLost     writes the host saw complete whose data never reached the media
 * @param acknowledgedLostBytes their bytes
 * @param promisedLost         of those, writes a completed FLUSH or FUA had promised durable:
 *                             a contract violation, always zero for a correct drive
 * @param oldestLostAgeNs      age at the failure of the oldest lost acknowledged write, or 0
 * @param inFlightLost         writes accepted but not yet acknowledged whose data is lost
 *                             (expected: the host never saw them complete)
 * @param tornWrites           of the lost writes, those the drive was writing to the media at
 *                             the failure: the sectors already written survive, the rest keep
 *                             their old data (durability spec §6.1)
 */
public record PowerLossReport(long atNs, long acknowledgedLost, long acknowledgedLostBytes, long promisedLost,
        long oldestLostAgeNs, long inFlightLost, long tornWrites) {

    /** The same losses, {@code torn} of them cut mid-write. */
    public PowerLossReport withTornWrites(long torn) {
        return new PowerLossReport(atNs, acknowledgedLost, acknowledgedLostBytes, promisedLost, oldestLostAgeNs,
                inFlightLost, torn);
    }

    /** One sentence for people (terminal and HTML reports). */
    public String describe() {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "power failure at %.3f s: ", atNs / 1e9));
        if (acknowledgedLost == 0) {
            sb.append("no acknowledged write lost");
        } else {
            sb.append(String.format(Locale.ROOT,
                    "%d acknowledged write%s lost (%s, the oldest acknowledged %.3f ms before the failure), %d of them "
                            + "promised durable by a completed flush or FUA",
                    acknowledgedLost, acknowledgedLost == 1 ? "" : "s", Units.formatSize(acknowledgedLostBytes),
                    oldestLostAgeNs / 1e6, promisedLost));
        }
        sb.append(String.format(Locale.ROOT, "; %d write%s in flight lost", inFlightLost, inFlightLost == 1 ? "" : "s"));
        if (tornWrites > 0) {
            sb.append(String.format(Locale.ROOT, "; %d torn (cut while being written to the media)", tornWrites));
        }
        return sb.toString();
    }
}
