package io.iopath.virt;

/**
 * The QEMU process between a guest and the host: its cache mode, how it submits host IO, the
 * device model the guest sees, and where the image lives.
 *
 * @param cache              the three booleans of {@code cache=}
 * @param aio                {@code aio=}
 * @param device             the device model shown to the guest
 * @param queueDepth         commands the virtual device takes at once
 * @param latencyNs          what the virtual disk adds to each command: the guest's notification
 *                           (a VM exit), QEMU's request handling, the completion interrupt
 * @param volumeOffsetBytes  the raw logical volume holding the image: its first byte on the drive (0 for a file)
 * @param volumeSizeBytes    and its size: the guest's disk (a file image's size)
 * @param imageFile          the image's name on the host's file system, or null: the image is the raw volume
 */
public record QemuConfig(CacheMode cache, Aio aio, VirtualDiskModel device, int queueDepth, long latencyNs,
                         long volumeOffsetBytes, long volumeSizeBytes, String imageFile) {
    /**
     * iopath parameters, not measurements (unverified): a virtio-blk request costs one exit for
     * the notification and one interrupt for its completion, tens of µs on 2008–2012 hardware;
     * the IDE emulation needs several port IO exits per command (task file, DMA start, status).
     */
    public static final long VIRTIO_LATENCY_NS = 30_000L;
    public static final long IDE_LATENCY_NS = 120_000L;
    /** The hand-off to a thread of the pool and back (aio=threads); Linux AIO needs none. */
    public static final long THREAD_POOL_NS = 10_000L;

    public QemuConfig {
        if (queueDepth < 1) {
            throw new IllegalArgumentException("queue depth must be at least 1");
        }
        if (volumeOffsetBytes % 4096 != 0 || volumeSizeBytes % 4096 != 0 || volumeSizeBytes <= 0) {
            throw new IllegalArgumentException("the volume's offset and size must be positive multiples of 4 KiB");
        }
    }

    /** The model's defaults: its queue depth, its latency plus the thread pool's when {@code aio=threads}. */
    public static QemuConfig of(CacheMode cache, Aio aio, VirtualDiskModel device, long volumeOffsetBytes, long volumeSizeBytes) {
        return new QemuConfig(cache, aio, device, device.defaultQueueDepth, defaultLatencyNs(device, aio),
                volumeOffsetBytes, volumeSizeBytes, null);
    }

    public static long defaultLatencyNs(VirtualDiskModel device, Aio aio) {
        return (device == VirtualDiskModel.IDE_2008 ? IDE_LATENCY_NS : VIRTIO_LATENCY_NS)
                + (aio == Aio.THREADS ? THREAD_POOL_NS : 0);
    }

    public QemuConfig withCache(CacheMode c) {
        return new QemuConfig(c, aio, device, queueDepth, latencyNs, volumeOffsetBytes, volumeSizeBytes, imageFile);
    }

    public QemuConfig withLatencyNs(long ns) {
        return new QemuConfig(cache, aio, device, queueDepth, ns, volumeOffsetBytes, volumeSizeBytes, imageFile);
    }
}
