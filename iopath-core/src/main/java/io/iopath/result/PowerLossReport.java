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
 * @param journal              for a run on a journaled file system, the committed transactions
 *                             the cut left incomplete on the media (journal consistency
 *                             violations, spec §6.2); null without a file system
 * @param fileSystem           for a run on a file system, what the application lost: fsync'd
 *                             blocks, page-cache pages, commit blocks; null without one
 */
public record PowerLossReport(long atNs, long acknowledgedLost, long acknowledgedLostBytes, long promisedLost,
        long oldestLostAgeNs, long inFlightLost, long tornWrites, JournalConsistency journal, FileSystemLoss fileSystem) {

    /** The drive's losses alone (no file system). */
    public PowerLossReport(long atNs, long acknowledgedLost, long acknowledgedLostBytes, long promisedLost,
                           long oldestLostAgeNs, long inFlightLost, long tornWrites) {
        this(atNs, acknowledgedLost, acknowledgedLostBytes, promisedLost, oldestLostAgeNs, inFlightLost, tornWrites, null, null);
    }

    /** The same losses, {@code torn} of them cut mid-write. */
    public PowerLossReport withTornWrites(long torn) {
        return new PowerLossReport(atNs, acknowledgedLost, acknowledgedLostBytes, promisedLost, oldestLostAgeNs,
                inFlightLost, torn, journal, fileSystem);
    }

    /** The same losses, with the file system's: its journal check and what the application lost. */
    public PowerLossReport withFileSystem(JournalConsistency j, FileSystemLoss f) {
        return new PowerLossReport(atNs, acknowledgedLost, acknowledgedLostBytes, promisedLost, oldestLostAgeNs,
                inFlightLost, tornWrites, j, f);
    }
}
