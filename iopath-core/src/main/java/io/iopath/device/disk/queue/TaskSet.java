package io.iopath.device.disk.queue;

import io.iopath.device.Transport;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.request.TaskAttribute;

/**
 * The drive's task set (disk-drive spec §9.2, §9.4): the commands it has accepted and not yet
 * completed, when it answers QUEUE FULL, the transport's link rules, the task attributes'
 * ordering ({@link TaskGate}), and the time-averaged occupancy.
 *
 * <p>QUEUE FULL: at the advertised depth; and, with the write cache on, when tagged commands
 * plus dirty extents reach the depth (dirty writes keep their buffer slots until destaged: the
 * "effective queue", §9.4). The second rule applies only while at least one tagged command is
 * outstanding, so the host always gets a completion that lets it retry, and only where the
 * transport has TASK SET FULL: SATA has none, so there a full buffer only holds writes back.
 *
 * <p>SATA NCQ: FLUSH CACHE and TRIM are not queued commands. Such a command issued while others
 * are outstanding, or any command issued while one is, is a host bug (a real drive aborts it,
 * Error = ABRT; libata's {@code ata_qc_issue} WARNs on it), so {@link #checkLink} throws.
 */
public final class TaskSet {
    private final Transport transport;
    private final int depth;
    /** Dirty extents count against the depth (write-back on). */
    private final boolean writeBack;
    private final TaskGate gate;
    private int tagged;
    /** Non-queued commands outstanding (SATA NCQ: FLUSH CACHE, TRIM); at most one, and alone. */
    private int nonQueued;
    private long queueFullsAnswered;
    private long occupancyT;
    private double taggedArea;
    private double effectiveArea;
    private int maxTagged;
    private int maxEffective;

    /** @param writeBack the write cache is on, so dirty extents hold buffer slots */
    public TaskSet(Transport transport, int depth, boolean writeBack) {
        this.transport = transport;
        this.depth = depth;
        this.writeBack = writeBack;
        this.gate = new TaskGate(depth);
    }

    /** Whether a new command gets QUEUE FULL now, with {@code dirtyExtents} in the buffer (counted). */
    public boolean refuses(int dirtyExtents) {
        if (tagged >= depth || (writeBack && transport.hasTaskSetFull() && tagged >= 1
                && tagged + dirtyExtents >= depth)) {
            queueFullsAnswered++;
            return true;
        }
        return false;
    }

    /** Task attributes only where the transport has them; a non-queued command alone on the link. */
    public void checkLink(Request r) {
        Transport t = transport;
        if (r.taskAttribute != TaskAttribute.SIMPLE && !t.hasTaskAttributes()) {
            throw new IllegalStateException(r + " carries the " + r.taskAttribute + " task attribute to a " + t.label()
                    + " drive, which has no task attributes: the host must order by draining");
        }
        if (nonQueued > 0) {
            throw new IllegalStateException(r + " issued while a non-queued command is outstanding on a " + t.label()
                    + " drive: the host must wait for it");
        }
        if (tagged > 0 && !t.queued(r.op)) {
            throw new IllegalStateException(r + " is not a queued command on a " + t.label() + " drive, issued with "
                    + tagged + " commands outstanding: the host must drain first");
        }
    }

    /**
     * The command joins the task set; returns whether it may start now (else {@link #nextReleased}
     * hands it out later).
     */
    public boolean accept(Request r, long nowNs, int dirtyExtents) {
        account(nowNs, dirtyExtents);
        boolean start = gate.admit(r, tagged);
        tagged++;
        if (!transport.queued(r.op)) {
            nonQueued++;
        }
        maxTagged = Math.max(maxTagged, tagged);
        noteEffective(dirtyExtents);
        return start;
    }

    /**
     * The command's status went to the host: it leaves the task set. Its ordering constraints
     * lift with {@link #releaseOrdering} (the drive tells its observer in between).
     */
    public void completed(Request r, long nowNs, int dirtyExtents) {
        account(nowNs, dirtyExtents);
        tagged--;
        if (!transport.queued(r.op)) {
            nonQueued--;
        }
    }

    /** The completed command no longer holds younger ones back (nor is held by older ones). */
    public void releaseOrdering(Request r) {
        gate.completed(r);
    }

    /** Whether an ORDERED command holds others back. */
    public boolean holding() {
        return gate.holding();
    }

    /** The oldest held-back command that may start now (it leaves the held ones), or null. */
    public Request nextReleased() {
        return gate.next();
    }

    /** The buffer's dirty extents changed: the effective queue's maximum. */
    public void noteEffective(int dirtyExtents) {
        maxEffective = Math.max(maxEffective, tagged + dirtyExtents);
    }

    /** Integrates the occupancy up to {@code nowNs}; {@code dirtyExtents} held since the last call. */
    public void account(long nowNs, int dirtyExtents) {
        long dt = nowNs - occupancyT;
        if (dt > 0) {
            taggedArea += (double) dt * tagged;
            effectiveArea += (double) dt * (tagged + dirtyExtents);
            occupancyT = nowNs;
        }
    }

    /** Whether a command of this kind may be issued now without breaking the SATA NCQ link rule. */
    public boolean linkAllows(Op op) {
        return nonQueued == 0 && (tagged == 0 || transport.queued(op));
    }

    public int tagged() {
        return tagged;
    }

    /** Accepted commands an ORDERED one holds back (they count as tagged). */
    public int held() {
        return gate.held();
    }

    public long queueFullsAnswered() {
        return queueFullsAnswered;
    }

    /** Time-averaged tagged commands up to the last {@link #account}. */
    public double meanTagged() {
        return occupancyT == 0 ? 0 : taggedArea / occupancyT;
    }

    /** Time-averaged effective queue: tagged commands plus dirty extents. */
    public double meanEffective() {
        return occupancyT == 0 ? 0 : effectiveArea / occupancyT;
    }

    public int maxTagged() {
        return maxTagged;
    }

    public int maxEffective() {
        return maxEffective;
    }
}
