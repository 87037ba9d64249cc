package io.iopath.device.disk.disksim;

/**
 * The HP drives' extra-disconnect quirk ("Extra write disconnect" and the Extradisc times, ms).
 */
public record ExtraDisconnect(
        boolean enabled,
        double commandOverheadMs,
        double disconnectOverheadMs,
        double interDisconnectDelayMs,
        double secondDisconnectOverheadMs,
        double seekDelta) {
}
