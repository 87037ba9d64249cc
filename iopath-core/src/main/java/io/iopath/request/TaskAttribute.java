package io.iopath.request;

/**
 * The SCSI task attribute a command carries to the drive (SAM-2; disk-drive spec §9.2). The
 * parallel-SCSI queue tag messages are SIMPLE 20h, HEAD OF QUEUE 21h and ORDERED 22h; SATA NCQ
 * has no task attributes at all.
 */
public enum TaskAttribute {
    /** The drive may reorder it freely among other SIMPLE tasks (the default). */
    SIMPLE,
    /**
     * Starts only when every older task has completed; no younger task (but a HEAD OF QUEUE one)
     * starts before it completes.
     */
    ORDERED,
    /** Placed first in the task set: served next, ahead of everything that waits. */
    HEAD_OF_QUEUE
}
