package io.iopath.device;

import io.iopath.request.Request;

/**
 * The device below the driver. It takes commands, may refuse one (QUEUE FULL, BUSY), and reports
 * each accepted command's end through the completion sink.
 */
public interface BlockDevice {
    /** Offers a command at the current simulated time. */
    DeviceResponse submit(Request command);

    void setCompletionSink(CommandCompletion sink);

    long capacitySectors();

    /** Simulated time the device spent servicing commands so far (for utilisation). */
    long busyNs();

    String name();

    /** How the device queues commands on its link; a device that does not say is SCSI (tagged). */
    default Transport transport() {
        return Transport.SCSI;
    }

    /**
     * Whether it carries out DISCARD (TRIM, UNMAP, NVMe Dataset Management deallocate), as the
     * kernel learns it at probe time (its queue's discard limits); a device that does not say,
     * as a disk, has none, and the kernel refuses discards to it with EOPNOTSUPP.
     */
    default boolean discards() {
        return false;
    }

    /** Its write cache and FUA support, as the driver reads them at attach; a device that does not say has neither. */
    default WriteCache writeCache() {
        return WriteCache.WRITE_THROUGH;
    }
}
