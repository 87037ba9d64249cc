package io.iopath.virt;

import io.iopath.device.WriteCache;
import java.util.List;
import java.util.Optional;

/**
 * The device model QEMU shows the guest, and what follows for the guest's flushes.
 *
 * <ul>
 * <li>{@code virtio-blk}: with {@code VIRTIO_BLK_F_FLUSH} (feature bit 9, request type
 *     {@code VIRTIO_BLK_T_FLUSH} = 4; Linux "virtio_blk: add support for cache flush"): the guest
 *     sees a volatile write cache exactly when {@code cache.writeback} is on, and then sends
 *     flushes for its barriers and fsyncs.</li>
 * <li>{@code virtio-blk-noflush}: without the feature (virtio-blk before it): no cache is
 *     advertised, so the guest never flushes, whatever the host does.</li>
 * <li>{@code ide-2008}: QEMU's IDE emulation of 2008 implemented FLUSH CACHE but did not
 *     advertise a write cache in IDENTIFY, so 2.6 guests never sent flushes (Christoph Hellwig,
 *     Aug 2009, spec §7.2); one command at a time (no tagged queuing in the emulation).</li>
 * </ul>
 */
public enum VirtualDiskModel {
    VIRTIO_BLK("virtio-blk", 128, true, "vda"),
    VIRTIO_BLK_NOFLUSH("virtio-blk-noflush", 128, false, "vda"),
    IDE_2008("ide-2008", 1, false, "hda");

    public static final List<String> NAMES = List.of("virtio-blk", "virtio-blk-noflush", "ide-2008");

    private final String yamlName;
    /** Commands the model takes at once: the virtqueue's size (QEMU's default 128 then); IDE: one. */
    public final int defaultQueueDepth;
    /** Whether the model can tell the guest of a write cache (and so receive flushes). */
    public final boolean advertisesCache;
    /** The guest kernel's name of the disk (virtio_blk's vd*, the 2.6 IDE driver's hd*), as fio's disk stats show it. */
    public final String guestDiskName;

    VirtualDiskModel(String yamlName, int defaultQueueDepth, boolean advertisesCache, String guestDiskName) {
        this.yamlName = yamlName;
        this.defaultQueueDepth = defaultQueueDepth;
        this.advertisesCache = advertisesCache;
        this.guestDiskName = guestDiskName;
    }

    public String yamlName() {
        return yamlName;
    }

    public static Optional<VirtualDiskModel> named(String name) {
        for (VirtualDiskModel m : values()) {
            if (m.yamlName.equals(name)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }

    /** What the guest's driver reads at attach: a write cache iff the model says so and cache.writeback is on; no FUA. */
    public WriteCache guestSees(CacheMode mode) {
        return new WriteCache(advertisesCache && mode.writeback(), false);
    }
}
