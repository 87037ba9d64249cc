package io.iopath.driver;

import io.iopath.device.Transport;
import io.iopath.request.Request;

/**
 * libata's command deferral for one device on its link ({@code ata_std_qc_defer},
 * drivers/ata/libata-core.c; 2.6.20 had the same test inline as {@code ata_scmd_need_defer}): a
 * non-NCQ command (FLUSH CACHE EXT, TRIM) is deferred while any command is active on the link,
 * and an NCQ command while a non-NCQ one is active. The SATA device would abort either (disk-drive
 * spec §9.2). A deferred command goes back to the block layer as {@code SCSI_MLQUEUE_DEVICE_BUSY}.
 * On a SCSI device nothing is ever deferred.
 */
final class AtaLinkDefer {
    /**
     * sdev->max_device_blocked for an ATA device: libata sets it to 1 ({@code ata_scsi_sdev_config},
     * "Schedule policy is determined by ->qc_defer() callback and it needs to see every deferred
     * qc"), so a deferred command is retried as soon as the device is idle, with no extra runs.
     * (That came with ops->qc_defer in 2.6.23; whether 2.6.20's libata kept the mid-layer's 3 is
     * unverified, and moot here: iopath's 2.6 block layer drains the queue before every flush, so
     * only today's blk-flush path ever meets the rule.)
     */
    static final int MAX_DEVICE_BLOCKED = 1;

    private final Transport transport;
    /** link->sactive: queued (NCQ) commands active. */
    private int queuedActive;
    /** link->active_tag valid: a non-queued command is active. */
    private boolean nonQueuedActive;
    private long defers;

    AtaLinkDefer(Transport transport) {
        this.transport = transport;
    }

    /** True when {@code rq} must not be issued now (ATA_DEFER_LINK). */
    boolean mustDefer(Request rq) {
        if (transport == Transport.SCSI) {
            return false;
        }
        boolean defer = transport.queued(rq.op) ? nonQueuedActive : nonQueuedActive || queuedActive > 0;
        if (defer) {
            defers++;
        }
        return defer;
    }

    /** The device accepted {@code rq} (ata_qc_issue). */
    void issued(Request rq) {
        if (transport.queued(rq.op)) {
            queuedActive++;
        } else {
            nonQueuedActive = true;
        }
    }

    /** {@code rq} completed (ata_qc_complete). */
    void completed(Request rq) {
        if (transport.queued(rq.op)) {
            queuedActive--;
        } else {
            nonQueuedActive = false;
        }
    }

    /** Commands deferred so far. */
    long defers() {
        return defers;
    }
}
