package io.iopath.device;

import io.iopath.request.Op;
import java.util.Arrays;
import java.util.List;

/**
 * How a device queues commands on its link, as the host learns it when it probes the device (sd
 * for SCSI; libata for ATA, from IDENTIFY DEVICE's NCQ bit). The driver consults it before it
 * issues a command (disk-drive spec §9.2).
 */
public enum Transport {
    /**
     * SCSI (parallel SCSI, FC, SAS) with tagged command queuing: every command is a tagged task,
     * SYNCHRONIZE CACHE and UNMAP included, so a cache flush queues beside reads and writes.
     */
    SCSI("scsi"),
    /**
     * SATA with Native Command Queuing: READ / WRITE FPDMA QUEUED (60h / 61h, FUA as a bit of
     * 61h) are queued; FLUSH CACHE (EXT) (E7h / EAh) and DATA SET MANAGEMENT (TRIM, 06h; queued
     * TRIM came only with SATA 3.1) are not. A non-queued command issued while queued commands
     * are outstanding is aborted (Fujitsu MHT2 manual §5.4.6), so the host defers it until the
     * link is idle, and defers queued commands while it runs (libata {@code ata_std_qc_defer}).
     */
    SATA_NCQ("sata-ncq");

    private final String label;

    Transport(String label) {
        this.label = label;
    }

    /** Whether a command of this kind may be outstanding together with others. */
    public boolean queued(Op op) {
        return this == SCSI || op == Op.READ || op == Op.WRITE;
    }

    /**
     * Whether the drive can refuse a command with TASK SET FULL (QUEUE FULL). SCSI can; SATA has
     * no such status: the host owns the 32 tags, and a drive whose buffer is full holds back a
     * write's data phase (no DMA Setup FIS) instead of refusing the command.
     */
    public boolean hasTaskSetFull() {
        return this == SCSI;
    }

    /**
     * Whether commands carry SAM task attributes (SIMPLE, ORDERED, HEAD OF QUEUE). SCSI's tagged
     * tasks do; NCQ's FPDMA QUEUED commands have a tag but no attribute: the drive may reorder
     * them freely, and ordering is the host's job (drain, or a non-queued FLUSH).
     */
    public boolean hasTaskAttributes() {
        return this == SCSI;
    }

    /** The name used in scenarios and listings. */
    public String label() {
        return label;
    }

    public static Transport of(String label) {
        for (Transport t : values()) {
            if (t.label.equals(label)) {
                return t;
            }
        }
        throw new IllegalArgumentException(label);
    }

    public static List<String> labels() {
        return Arrays.stream(values()).map(Transport::label).toList();
    }
}
