package io.iopath.block.sched;

import java.util.List;
import java.util.function.Function;

/**
 * One IO scheduler as the registry knows it: what a queue needs to know about it before it has
 * one (elevator.c's {@code struct elevator_type}, with blk-mq's split into {@code none} and the
 * mq elevators). This is the one place that says whether a scheduler is blk-mq.
 *
 * @param name       the sysfs name ({@code /sys/block/X/queue/scheduler})
 * @param aliases    other names accepted for it ({@code elevator_type.elevator_alias}: "as" for anticipatory)
 * @param multiQueue a blk-mq scheduler: nr_requests, plugging, merging and the driver defaults follow blk-mq
 * @param elevator   it is an elevator; false only for blk-mq's {@code none}, whose nr_requests is the
 *                   tag depth itself (blk_mq_init_allocated_queue) rather than 2·min(depth, 128)
 *                   ({@code blk_mq_init_sched})
 * @param tunables   its sysfs attributes ({@code queue/iosched/*})
 * @param factory    builds one with resolved tunables
 */
public record SchedulerType(String name, List<String> aliases, boolean multiQueue, boolean elevator, TunableSet tunables,
                            Function<TunableSet.Values, IoScheduler> factory) {
    public SchedulerType {
        aliases = List.copyOf(aliases);
    }

    /** A 2.6 (single-queue) elevator. */
    static SchedulerType legacy(String name, TunableSet tunables, Function<TunableSet.Values, IoScheduler> factory) {
        return new SchedulerType(name, List.of(), false, true, tunables, factory);
    }

    /** A blk-mq elevator. */
    static SchedulerType mq(String name, TunableSet tunables, Function<TunableSet.Values, IoScheduler> factory) {
        return new SchedulerType(name, List.of(), true, true, tunables, factory);
    }

    /** The same scheduler, also accepted as {@code alias}. */
    SchedulerType alias(String alias) {
        List<String> all = new java.util.ArrayList<>(aliases);
        all.add(alias);
        return new SchedulerType(name, all, multiQueue, elevator, tunables, factory);
    }

    /** The same scheduler, not an elevator (blk-mq's none). */
    SchedulerType noElevator() {
        return new SchedulerType(name, aliases, multiQueue, false, tunables, factory);
    }

    /** Built with the given resolved tunables. */
    public IoScheduler create(TunableSet.Values values) {
        return factory.apply(values);
    }
}
