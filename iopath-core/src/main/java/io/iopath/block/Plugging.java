package io.iopath.block;

/** How submitted requests are held back so that they can merge (block-layer.md §5). */
public enum Plugging {
    /** 2.6 per-queue plug: plug on insert into an empty queue; unplug at 4 requests, a sync bio or the timer. */
    LEGACY("legacy"),
    /** 2.6.39+ / blk-mq on-stack per-task plug: flushed when the task blocks, finishes a batch, or fills it. */
    PER_TASK("per-task");

    private final String yamlName;

    Plugging(String yamlName) {
        this.yamlName = yamlName;
    }

    public String yamlName() {
        return yamlName;
    }

    public static Plugging of(String name) {
        for (Plugging p : values()) {
            if (p.yamlName.equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException(name);
    }
}
