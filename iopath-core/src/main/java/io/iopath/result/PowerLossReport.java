package io.iopath.result;
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
}
