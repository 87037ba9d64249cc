package io.iopath.metrics.blktrace;

import io.iopath.block.BlkAction;
import io.iopath.block.BlockTracepoints;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Keeps every event of a run in order, numbering them as blktrace does. */
public final class BlkTraceLog implements BlockTracepoints {
    private final List<BlkEvent> events = new ArrayList<>();

    @Override
    public void event(long timeNs, int pid, BlkAction action, String rwbs, long sector, int sectors,
                      long payload, String command) {
        events.add(new BlkEvent(timeNs, 0, events.size() + 1L, pid, action, rwbs, sector, sectors, payload, command));
    }

    public List<BlkEvent> events() {
        return Collections.unmodifiableList(events);
    }

    public long count(BlkAction action) {
        return events.stream().filter(e -> e.action() == action).count();
    }
}
