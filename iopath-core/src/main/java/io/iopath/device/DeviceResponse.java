package io.iopath.device;

/** The device's answer to a command (SCSI status). */
public enum DeviceResponse {
    ACCEPTED,
    /** SAM TASK SET FULL (status 0x28): the command was not queued. */
    QUEUE_FULL,
    /** SAM BUSY (status 0x08). */
    BUSY
}
