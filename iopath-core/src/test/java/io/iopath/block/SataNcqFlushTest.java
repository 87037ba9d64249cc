package io.iopath.block;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.iopath.block.sched.Hz;
import io.iopath.block.sched.Schedulers;
import io.iopath.device.BlockDevice;
import io.iopath.device.CommandCompletion;
import io.iopath.device.DeviceResponse;
import io.iopath.device.ForwardingDevice;
import io.iopath.device.Transport;
import io.iopath.device.disk.Disk;
import io.iopath.device.disk.DriveScheduler;
import io.iopath.device.disk.DriveSpec;
import io.iopath.device.disk.presets.DrivePresets;
import io.iopath.driver.CacheType;
import io.iopath.driver.QueueFullHandling;
import io.iopath.durability.DurabilityLedger;
import io.iopath.experiment.PowerCut;
import io.iopath.experiment.ScenarioRun;
import io.iopath.report.ResultJson;
import io.iopath.request.Bio;
import io.iopath.request.Flags;
import io.iopath.request.Op;
import io.iopath.request.Request;
import io.iopath.result.PowerLossReport;
import io.iopath.scenario.ScenarioReader;
import io.iopath.sim.Simulator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SATA NCQ's non-queued FLUSH CACHE (disk-drive spec §9.2; libata {@code ata_std_qc_defer}): on
 * the laptop drive a FLUSH (or TRIM) is never outstanding together with any other command, seen
 * from the link between driver and drive, over seeded random mixes of reads, writes, flushes,
 * PREFLUSH / FUA writes and discards at host queue depths up to 32 under every IO scheduler; every
 * request still completes exactly once; on a SCSI TCQ drive flushes still queue beside other
 * commands; and a power failure never loses a write a completed FLUSH or FUA promised.
 */
class SataNcqFlushTest {
    static LongStream seeds() {
        return LongStream.rangeClosed(1, 48);
    }

    /** Between driver and drive: records how commands overlapped on the link, before the drive sees them. */
    static final class LinkMonitor extends ForwardingDevice {
        private final Map<Long, Request> outstanding = new HashMap<>();
        final Map<Long, Integer> completions = new HashMap<>();
        private int nonQueuedOutstanding;
        long accepted;
        long nonQueuedAccepted;
        /** A non-queued command accepted while others were outstanding, or any command while one was. */
        long alone;
        long overlaps;
        int maxOutstanding;

        LinkMonitor(BlockDevice below) {
            super(below);
        }

        private static boolean nonQueued(Request c) {
            return c.op == Op.FLUSH || c.op == Op.DISCARD;
        }

        @Override
        public DeviceResponse submit(Request c) {
            boolean overlap = nonQueuedOutstanding > 0 || (nonQueued(c) && !outstanding.isEmpty());
            DeviceResponse r = below.submit(c);
            if (r == DeviceResponse.ACCEPTED) {
                accepted++;
                if (overlap) {
                    overlaps++;
                }
                if (nonQueued(c)) {
                    nonQueuedAccepted++;
                    nonQueuedOutstanding++;
                }
                outstanding.put(c.id, c);
                maxOutstanding = Math.max(maxOutstanding, outstanding.size());
            }
            return r;
        }

        @Override
        public void setCompletionSink(CommandCompletion sink) {
            below.setCompletionSink(c -> {
                assertThat(outstanding.remove(c.id)).as("%s completed but not outstanding", c).isSameAs(c);
                if (nonQueued(c)) {
                    nonQueuedOutstanding--;
                }
                completions.merge(c.id, 1, Integer::sum);
                sink.commandDone(c);
            });
        }
    }

    /** One seeded random configuration: host, drive and a mix of processes. */
    record Setup(Rig rig, LinkMonitor link, Disk disk, Simulator sim, DurabilityLedger ledger) {
    }

    static Setup random(long seed, DriveSpec base) {
        SplittableRandom r = new SplittableRandom(seed * 104_729);
        Simulator sim = new Simulator(seed);
        List<String> names = Schedulers.names();
        String scheduler = names.get(r.nextInt(names.size()));
        int hostDepth = new int[] {1, 2, 4, 8, 16, 32}[r.nextInt(6)];
        boolean wce = r.nextInt(4) != 0;
        DriveSpec spec = base.withQueue(1 + r.nextInt(base.maxQueueDepth()),
                        DriveScheduler.values()[r.nextInt(DriveScheduler.values().length)])
                .withWriteCache(wce);
        boolean mq = Schedulers.type(scheduler).multiQueue();
        Plugging plugging = r.nextInt(4) == 0 ? (mq ? Plugging.LEGACY : Plugging.PER_TASK)
                : mq ? Plugging.PER_TASK : Plugging.LEGACY;
        QueueSettings settings = QueueSettings.defaults().withNrRequests(r.nextBoolean() ? 0 : 8 + r.nextInt(64))
                .withMaxSectors(64 + r.nextInt(1024)).withPlugging(plugging)
                .withHz(r.nextInt(3) == 0 ? Hz.of(250) : Hz.EXACT);
        CacheType cache = CacheType.forced(wce, r.nextBoolean());
        QueueFullHandling handling = QueueFullHandling.values()[r.nextInt(QueueFullHandling.values().length)];
        Disk[] disk = new Disk[1];
        DurabilityLedger ledger = new DurabilityLedger();
        LinkMonitor[] link = new LinkMonitor[1];
        Rig rig = new Rig(sim, scheduler, Map.of(), settings, hostDepth, handling, cache, s -> {
            disk[0] = new Disk(s, spec, ledger);
            link[0] = new LinkMonitor(disk[0]);
            return link[0];
        });
        long span = 4_000_000L;
        int procs = 1 + r.nextInt(6);
        for (int p = 1; p <= procs; p++) {
            boolean random = r.nextBoolean();
            int flushEvery = 2 + r.nextInt(12);
            int size = 8 << r.nextInt(4);
            long base0 = r.nextLong(span);
            SplittableRandom pr = new SplittableRandom(r.nextLong());
            rig.proc(p, "p" + p, 1 + r.nextInt(12), (proc, id) -> {
                long n = proc.issued;
                if (n % flushEvery == flushEvery - 1) {
                    return switch (pr.nextInt(5)) {
                        case 0, 1 -> proc.bio(id, Op.FLUSH, 0, 0, Flags.PREFLUSH); // fsync of a block device
                        case 2 -> proc.bio(id, Op.WRITE, pr.nextLong(span), 8, Flags.PREFLUSH | Flags.FUA | Flags.SYNC);
                        case 3 -> proc.bio(id, Op.WRITE, pr.nextLong(span), 8, Flags.FUA | Flags.SYNC);
                        default -> proc.bio(id, Op.DISCARD, pr.nextLong(span) & ~7L, 64, 0);
                    };
                }
                long sector = random ? pr.nextLong(span) : (base0 + proc.cursor) % span;
                proc.cursor += size;
                Op op = pr.nextInt(3) == 0 ? Op.READ : Op.WRITE;
                return proc.bio(id, op, sector, size, op == Op.WRITE && pr.nextBoolean() ? Flags.SYNC : 0);
            });
        }
        return new Setup(rig, link[0], disk[0], sim, ledger);
    }

    static DriveSpec laptop() {
        DriveSpec d = DrivePresets.find("laptop-7200-250g").orElseThrow();
        assertThat(d.transport()).isEqualTo(Transport.SATA_NCQ);
        return d;
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void onNcqAFlushIsNeverOutstandingWithAnyOtherCommand(long seed) {
        Setup s = random(seed, laptop());
        Rig rig = s.rig();
        rig.run(150_000_000L + seed * 3_000_000L);

        assertThat(s.link().overlaps).as("non-queued commands sharing the link").isZero();
        assertEveryRequestCompletedOnce(s);
    }

    /** Every bio ends once, every command the drive took ends once, and the host drains. */
    static void assertEveryRequestCompletedOnce(Setup s) {
        Rig rig = s.rig();
        long issued = 0;
        for (Rig.Proc p : rig.procs) {
            issued += p.issued;
            for (Bio b : p.bios) {
                assertThat(b.isCompleted()).as("%s", b).isTrue();
            }
        }
        assertThat(issued).isPositive();
        assertThat(rig.completions).isEqualTo(issued);
        assertThat(s.link().completions).hasSize((int) s.link().accepted);
        assertThat(s.link().completions.values()).allMatch(n -> n == 1);
        assertThat(rig.queue.hasPending()).isFalse();
        assertThat(rig.queue.inFlight()).isZero();
        assertThat(rig.driver.busy()).isZero();
        assertThat(s.disk().tagged()).isZero();
        // every requeue (blktrace R) is a QUEUE FULL, a BUSY or a libata deferral, as before
        assertThat(rig.trace.count(BlkAction.R)).isEqualTo(rig.driver.queueFulls() + rig.driver.busies());
        assertThat(rig.queue.stats().requeues()).isEqualTo(rig.trace.count(BlkAction.R));
        assertThat(rig.driver.linkDefers()).isLessThanOrEqualTo(rig.driver.busies());
    }

    /**
     * Several writers keeping 8 random writes each in flight and flushing after every 8 (fio's
     * fsync=8) under blk-mq: flushes arrive while the others' writes are outstanding.
     */
    static Setup fsyncWriters(DriveSpec spec) {
        Simulator sim = new Simulator(5);
        QueueSettings settings = QueueSettings.defaults().withPlugging(Plugging.PER_TASK);
        Disk[] disk = new Disk[1];
        DurabilityLedger ledger = new DurabilityLedger();
        LinkMonitor[] link = new LinkMonitor[1];
        Rig rig = new Rig(sim, "mq-deadline", Map.of(), settings, 32, QueueFullHandling.MODERN, CacheType.forced(true, true), s -> {
            disk[0] = new Disk(s, spec, ledger);
            link[0] = new LinkMonitor(disk[0]);
            return link[0];
        });
        long span = Math.min(100_000_000L, spec.capacitySectors() - 8);
        for (int p = 1; p <= 4; p++) {
            var rnd = sim.randoms().stream("writer" + p);
            rig.proc(p, "writer" + p, 8, (proc, id) -> proc.issued % 9 == 8
                    ? proc.bio(id, Op.FLUSH, 0, 0, Flags.PREFLUSH)
                    : proc.bio(id, Op.WRITE, rnd.nextLong(span) & ~7L, 8, 0));
        }
        rig.run(2_000_000_000L);
        return new Setup(rig, link[0], disk[0], sim, ledger);
    }

    @Test
    void onNcqFlushesAreDeferredUntilTheLinkIsIdle() {
        Setup s = fsyncWriters(laptop());
        LinkMonitor link = s.link();
        assertThat(link.nonQueuedAccepted).as("flushes issued").isGreaterThan(20);
        assertThat(link.overlaps).isZero();
        assertThat(s.rig().driver.linkDefers()).as("flushes and writes deferred").isGreaterThan(20);
        assertThat(link.maxOutstanding).as("writes still queue with each other").isGreaterThan(1);
        assertEveryRequestCompletedOnce(s);
    }

    /** The same load on SCSI drives: SYNCHRONIZE CACHE is a tagged command and queues. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"cheetah-15k5-146g", "seagate-18g-scsi", "atlas10k", "laptop-as-scsi"})
    void onTcqFlushesStillQueueWithOtherCommands(String drive) {
        DriveSpec spec = drive.equals("laptop-as-scsi") ? laptop().withTransport(Transport.SCSI)
                : DrivePresets.find(drive).orElseThrow();
        assertThat(spec.transport()).isEqualTo(Transport.SCSI);
        if (spec.maxQueueDepth() < 32) {
            spec = spec.withQueue(32, spec.scheduler());
        }
        Setup s = fsyncWriters(spec.withWriteCache(true));
        assertThat(s.link().nonQueuedAccepted).isGreaterThan(20);
        assertThat(s.link().overlaps).as("flushes queued beside other commands").isGreaterThan(0);
        assertThat(s.rig().driver.linkDefers()).isZero();
        assertEveryRequestCompletedOnce(s);
    }

    /** The drive itself refuses the protocol violation a host without the deferral would commit. */
    @Test
    void theNcqDriveRejectsAFlushWhileCommandsAreOutstanding() {
        Simulator sim = new Simulator(1);
        Disk disk = new Disk(sim, laptop());
        disk.setCompletionSink(c -> { });
        assertThat(disk.submit(new Request(1, new Bio(1, Op.WRITE, 800, 8, 0, 1, b -> { }))))
                .isEqualTo(DeviceResponse.ACCEPTED);
        assertThat(disk.linkAllows(Op.FLUSH)).isFalse();
        assertThat(disk.linkAllows(Op.WRITE)).isTrue();
        Request flush = new Request(2, new Bio(2, Op.FLUSH, 0, 0, Flags.PREFLUSH, 1, b -> { }));
        assertThatIllegalStateException().isThrownBy(() -> disk.submit(flush))
                .withMessageContaining("not a queued command");
        sim.run();
        assertThat(disk.submit(flush)).isEqualTo(DeviceResponse.ACCEPTED);
        assertThat(disk.linkAllows(Op.READ)).isFalse();
        assertThatIllegalStateException()
                .isThrownBy(() -> disk.submit(new Request(3, new Bio(3, Op.READ, 0, 8, 0, 1, b -> { }))));
    }

    /** fsync writers as a user writes them: four jobs of 8 random writes in flight, a flush after every 8. */
    private static JsonNode fsyncScenario(String scheduler) {
        String json = ResultJson.toText(ScenarioRun.run(ScenarioReader.read("ncq.yaml", """
                name: ncq
                seed: 3
                drive: {preset: laptop-7200-250g, transport: sata-ncq}
                host: {scheduler: %s, queue_depth: 32}
                jobs:
                  - {rw: randwrite, bs: 4k, iodepth: 8, numjobs: 4, fsync: 8, size: 50g, runtime: 2s}
                """.formatted(scheduler), List.of())));
        try {
            return new ObjectMapper().readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The 2.6 barrier path drains the queue before its flushes, so there the rule never fires:
     * no command is deferred. blk-flush does not drain, and there commands are.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"noop", "deadline", "cfq", "mq-deadline", "none"})
    void theTransportMattersOnlyWhereTheBlockLayerDoesNotDrain(String scheduler) {
        var result = fsyncScenario(scheduler);
        long deferred = result.at("/host/scsi/busy").asLong(-1);
        assertThat(result.at("/host/block/flushes").asLong()).isPositive();
        assertThat(result.at("/drive_queue/queue_full_answered").asLong()).as("SATA has no TASK SET FULL").isZero();
        boolean legacy = !Schedulers.type(scheduler).multiQueue();
        if (legacy) {
            assertThat(deferred).isZero();
        } else {
            assertThat(deferred).isPositive();
        }
    }

    static LongStream powerSeeds() {
        return LongStream.rangeClosed(1, 40);
    }

    /**
     * Power fails at a random time under the random mixes above, on the NCQ laptop drive and on a
     * TCQ Cheetah: acknowledged writes may be lost, never one a completed FLUSH or FUA promised.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("powerSeeds")
    void powerFailureNeverLosesAPromisedWrite(long seed) {
        DriveSpec base = seed % 3 == 0 ? DrivePresets.find("cheetah-15k5-146g").orElseThrow() : laptop();
        PowerLossReport report = powerFail(seed, base);
        assertThat(report.promisedLost()).as("%s", report).isZero();
    }

    /** The check above is not vacuous: the write cache does lose acknowledged writes. */
    @Test
    void powerFailureLosesUnflushedWrites() {
        long lost = 0;
        for (long seed = 1; seed <= 12; seed++) {
            lost += powerFail(seed, laptop()).acknowledgedLost();
        }
        assertThat(lost).isPositive();
    }

    private static PowerLossReport powerFail(long seed, DriveSpec base) {
        Setup s = random(seed, base);
        long failAt = 20_000_000L + new SplittableRandom(seed).nextLong(200_000_000L);
        PowerCut failure = PowerCut.at(s.sim(), s.disk(), s.ledger(), failAt);
        s.rig().run(Long.MAX_VALUE);
        if (base.transport() == Transport.SATA_NCQ) {
            assertThat(s.link().overlaps).isZero();
        }
        return failure.report().orElseThrow();
    }
}
