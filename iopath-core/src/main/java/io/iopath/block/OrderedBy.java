package io.iopath.block;

/**
 * How the 2.6 block layer keeps a barrier's order (2.6 {@code QUEUE_ORDERED_BY_DRAIN} /
 * {@code QUEUE_ORDERED_BY_TAG}; durability-and-virtualization.md §3). The write cache and FUA
 * support pick the rest of the mode, as sd does: DRAIN / DRAIN_FLUSH / DRAIN_FUA, or TAG /
 * TAG_FLUSH / TAG_FUA.
 */
public enum OrderedBy {
    /** Drain the queue, then issue pre-flush, barrier write and post-flush one after another, each waited for. */
    DRAIN("drain"),
    /**
     * Issue pre-flush, barrier write and post-flush at once, each with the ORDERED task
     * attribute, without draining: the drive keeps the order. Linux's sd never chose it (its
     * mid-layer could not keep ORDERED commands in order on requeue); a what-if for SCSI.
     */
    TAG("tag");

    private final String yamlName;

    OrderedBy(String yamlName) {
        this.yamlName = yamlName;
    }

    public String yamlName() {
        return yamlName;
    }

    public static OrderedBy of(String name) {
        for (OrderedBy o : values()) {
            if (o.yamlName.equals(name)) {
                return o;
            }
        }
        throw new IllegalArgumentException(name);
    }

    public static java.util.List<String> names() {
        return java.util.Arrays.stream(values()).map(OrderedBy::yamlName).toList();
    }
}
