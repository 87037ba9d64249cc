package io.iopath.device.disk.bus;

/**
 * When the mechanism may leave a finished read's read-ahead for the next queued command:
 * DiskSim's {@code Preseeking level} (disksim_disk.h {@code NO_PRESEEK},
 * {@code PRESEEK_DURING_COMPLETION}, {@code PRESEEK_BEFORE_COMPLETION}). DiskSim lets a queued
 * command stop the read-ahead that follows a read only at the point its level names ({@code
 * disk_buffer_stopable_access}, {@code disk_request_complete}, {@code disk_completion}); until
 * then the read-ahead goes on and the queued commands wait. A read with no read-ahead after it
 * frees the mechanism when its media access ends, whatever the level.
 */
public enum Preseek {
    /** Level 0: once the host has received the read's completion ({@code disk_completion}). */
    AFTER_COMPLETION,
    /** Level 1: once the drive sends the completion, after the data transfer ({@code disk_request_complete}). */
    DURING_COMPLETION,
    /** Level 2: as soon as the read's media access is done; iopath's own drives. */
    BEFORE_COMPLETION;

    /** DiskSim's number for the level: 0, 1 or 2. */
    public static Preseek ofLevel(int level) {
        return switch (level) {
            case 0 -> AFTER_COMPLETION;
            case 1 -> DURING_COMPLETION;
            case 2 -> BEFORE_COMPLETION;
            default -> throw new IllegalArgumentException("Preseeking level: expected 0, 1 or 2, got " + level);
        };
    }

    /** The scenario's name for it ({@code drive.preseek}). */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
