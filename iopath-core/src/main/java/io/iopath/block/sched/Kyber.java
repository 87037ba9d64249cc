package io.iopath.block.sched;

import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.sim.Timer;
import java.util.HashSet;
import java.util.Set;

/**
 * kyber, the current four-domain version (block/kyber-iosched.c; block-layer.md §11.4): requests
 * wait in one FIFO per domain (read, write, discard, other); dispatch goes round-robin over the
 * domains in batches (16 / 8 / 1 / 1), each request needing one of its domain's tokens (in-flight
 * limit, at most 256 / 128 / 64 / 16). Every 100 ms after completions, once 500 samples or 1 s
 * have accumulated, the p90 device latency of each domain is checked against its target (read
 * 2 ms, write 10 ms, discard 5 s): if any is over, the device is congested and every domain's
 * depth is scaled by its p99 total latency (depth·(p99 bucket + 1)/4); otherwise only the
 * domains with a bad p99 are scaled (which raises them).
 *
 * <p>Not modelled: the 75 % limit on scheduler tags for async requests.
 */
final class Kyber implements IoScheduler {
    static final int READ = 0;
    static final int WRITE = 1;
    static final int DISCARD = 2;
    static final int OTHER = 3;
    static final int DOMAINS = 4;
    static final int[] MAX_DEPTH = {256, 128, 64, 16};
    static final int[] BATCH = {16, 8, 1, 1};
    static final int BUCKETS = 8;
    static final int GOOD_BUCKETS = 4;
    static final long DISCARD_TARGET_NS = 5_000_000_000L;

    public static final TunableSet TUNABLES = new TunableSet(
            Tunable.ns("read_lat_nsec", 2_000_000L, "kyber-iosched.c kyber_latency_targets[KYBER_READ] = 2 ms"),
            Tunable.ns("write_lat_nsec", 10_000_000L, "kyber-iosched.c kyber_latency_targets[KYBER_WRITE] = 10 ms"));

    private final long[] target = new long[DOMAINS];
    private final RequestList[] lists = {new RequestList(), new RequestList(), new RequestList(), new RequestList()};
    private final int[] depth = MAX_DEPTH.clone();
    private final int[] inUse = new int[DOMAINS];
    private final long[][] ioHist = new long[DOMAINS][BUCKETS];
    private final long[][] totalHist = new long[DOMAINS][BUCKETS];
    private final long[][] latencyTimeout = new long[2][DOMAINS];
    private final int[] domainP99 = {-1, -1, -1, -1};
    private final Set<Request> tokens = new HashSet<>();
    private int curDomain;
    private int batching;
    private ElevatorQueue q;
    private Timer timer;

    public Kyber(TunableSet.Values v) {
        target[READ] = v.get("read_lat_nsec");
        target[WRITE] = v.get("write_lat_nsec");
        target[DISCARD] = DISCARD_TARGET_NS;
    }

    @Override
    public String name() {
        return "kyber";
    }

    @Override
    public void attach(ElevatorQueue queue) {
        this.q = queue;
        this.timer = queue.timer("kyber.timer", this::timerFn);
    }

    static int domain(Op op) {
        return switch (op) {
            case READ -> READ;
            case WRITE -> WRITE;
            case DISCARD -> DISCARD;
            default -> OTHER;
        };
    }

    /** Current token depth of a domain (for tests and reports). */
    public int depth(int domain) {
        return depth[domain];
    }

    @Override
    public void add(Request rq) {
        rq.schedClass = domain(rq.op);
        lists[rq.schedClass].addLast(rq);
    }

    @Override
    public Request frontMergeCandidate(Bio bio) {
        // blk_bio_list_merge: look at the newest few requests of the domain's list.
        RequestList l = lists[domain(bio.op)];
        Request r = l.peekLast();
        for (int i = 0; i < 8 && r != null; i++, r = l.before(r)) {
            if (r.sector() == bio.endSector()) {
                return r;
            }
        }
        return null;
    }

    private Request dispatchCurDomain() {
        RequestList l = lists[curDomain];
        Request rq = l.peekFirst();
        if (rq == null || inUse[curDomain] >= depth[curDomain]) {
            return null;
        }
        inUse[curDomain]++;
        tokens.add(rq);
        l.remove(rq);
        batching++;
        return rq;
    }

    @Override
    public int dispatch(boolean force) {
        Request rq = null;
        if (batching < BATCH[curDomain]) {
            rq = dispatchCurDomain();
        }
        if (rq == null) {
            batching = 0;
            for (int i = 0; i < DOMAINS && rq == null; i++) {
                curDomain = (curDomain + 1) % DOMAINS;
                rq = dispatchCurDomain();
            }
        }
        if (rq == null && force) {
            // Draining for a barrier ignores the token limits.
            for (int d = 0; d < DOMAINS && rq == null; d++) {
                rq = lists[d].pollFirst();
            }
        }
        if (rq == null) {
            return 0;
        }
        q.dispatchAddTail(rq);
        return 1;
    }

    private static int bucket(long latency, long target) {
        long divisor = Math.max(target / GOOD_BUCKETS, 1);
        return (int) Math.min(Math.max(0, latency - 1) / divisor, BUCKETS - 1);
    }

    @Override
    public void completed(Request rq) {
        int d = rq.schedClass;
        if (tokens.remove(rq)) {
            inUse[d]--;
        }
        if (d == OTHER) {
            return;
        }
        long now = q.now();
        totalHist[d][bucket(now - rq.allocatedNs, target[d])]++;
        ioHist[d][bucket(now - rq.issuedNs, target[d])]++;
        long due = now + q.hz().defaultNs(100, hz -> hz / 10);
        if (!timer.isPending() || timer.timeNs() > due) {
            timer.scheduleAt(q.hz().timerNs(due));
        }
    }

    private int percentile(int type, int d, int pct) {
        long[] h = type == 0 ? ioHist[d] : totalHist[d];
        long samples = 0;
        for (long c : h) {
            samples += c;
        }
        if (samples == 0) {
            return -1;
        }
        long now = q.now();
        if (latencyTimeout[type][d] == 0) {
            latencyTimeout[type][d] = Math.max(now + 1_000_000_000L, 1);
        }
        if (samples < 500 && now < latencyTimeout[type][d]) {
            return -1;
        }
        latencyTimeout[type][d] = 0;
        long want = (samples * pct + 99) / 100;
        int b = 0;
        for (; b < BUCKETS - 1; b++) {
            if (h[b] >= want) {
                break;
            }
            want -= h[b];
        }
        java.util.Arrays.fill(h, 0);
        return b;
    }

    /** kyber_timer_fn. */
    private void timerFn() {
        boolean bad = false;
        for (int d = 0; d < OTHER; d++) {
            if (percentile(0, d, 90) >= GOOD_BUCKETS) {
                bad = true;
            }
        }
        for (int d = 0; d < OTHER; d++) {
            int p99 = percentile(1, d, 99);
            if (bad) {
                if (p99 < 0) {
                    p99 = domainP99[d];
                }
                domainP99[d] = -1;
            } else if (p99 >= 0) {
                domainP99[d] = p99;
            }
            if (p99 < 0) {
                continue;
            }
            if (bad || p99 >= GOOD_BUCKETS) {
                depth[d] = Math.max(1, Math.min(MAX_DEPTH[d], (depth[d] * (p99 + 1)) >> 2));
            }
        }
        q.kick();
    }

    @Override
    public void mergedRequests(Request rq, Request next) {
        lists[next.schedClass].remove(next);
    }

    @Override
    public Request former(Request rq) {
        return null;
    }

    @Override
    public Request latter(Request rq) {
        return null;
    }

    @Override
    public int queued() {
        int n = 0;
        for (RequestList l : lists) {
            n += l.size();
        }
        return n;
    }
}
