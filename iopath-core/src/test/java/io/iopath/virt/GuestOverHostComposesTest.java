package io.iopath.virt;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.device.IssueTap;
import io.iopath.experiment.ScenarioRun;
import io.iopath.experiment.VirtualRun;
import io.iopath.request.Request;
import io.iopath.scenario.Scenario;
import io.iopath.scenario.ScenarioReader;
import io.iopath.scenario.VirtualScenario;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A guest on cache=none over a raw volume with the drive's cache off is the host's own job with
 * the virtual disk's latency added: the stack composes the same layers, it does not copy them.
 */
class GuestOverHostComposesTest {
    private static final String HOST = String.join("\n",
            "name: direct", "seed: 3", "drive:", "  preset: laptop-7200-250g", "  write_cache: off",
            "host:", "  scheduler: noop", "  queue_depth: 32",
            "jobs:", "  - name: rw", "    rw: randrw", "    rwmixread: 50", "    bs: 4k", "    iodepth: 1",
            "    offset: 0", "    size: 90g", "    number_ios: 300", "    direct: 1", "");

    private static final String GUEST = String.join("\n",
            "name: guest", "seed: 3", "drive:", "  preset: laptop-7200-250g", "  write_cache: off",
            "host:", "  scheduler: noop", "  queue_depth: 32",
            "qemu:", "  cache: none", "  aio: native", "  volume:", "    size: 90g",
            "guest:", "  host:", "    scheduler: noop", "    queue_depth: 32",
            "  jobs:", "    - name: rw", "      rw: randrw", "      rwmixread: 50", "      bs: 4k", "      iodepth: 1",
            "      offset: 0", "      size: 90g", "      number_ios: 300", "      direct: 1", "");

    /** Each drive command: op, sector, sectors, issue and completion times. */
    record Cmd(String what, long issuedNs, long completedNs) {
    }

    private static IssueTap.Listener recorder(List<Cmd> out) {
        return new IssueTap.Listener() {
            @Override
            public void issued(Request rq, long nowNs) {
            }

            @Override
            public void completed(Request rq, long nowNs) {
                out.add(new Cmd(rq.op + " " + rq.sector() + "+" + rq.sectors(), rq.issuedNs, nowNs));
            }
        };
    }

    private static List<Cmd> direct() {
        Scenario s = ScenarioReader.read("direct.yaml", HOST, List.of());
        ScenarioRun run = new ScenarioRun(s);
        List<Cmd> cmds = new ArrayList<>();
        run.issueTap().setListener(recorder(cmds));
        run.execute(p -> { });
        return cmds;
    }

    private static List<Cmd> guest(String latency) {
        VirtualScenario s = ScenarioReader.readVirtual("guest.yaml", GUEST, List.of("qemu.latency=" + latency));
        VirtualRun run = new VirtualRun(s);
        List<Cmd> cmds = new ArrayList<>();
        run.driveTap().setListener(recorder(cmds));
        run.execute();
        return cmds;
    }

    @Test
    void withNoAddedLatencyTheDriveSeesExactlyTheHostsOwnRun() {
        List<Cmd> host = direct();
        assertThat(host).hasSize(300);
        assertThat(guest("0us")).isEqualTo(host);
    }

    @Test
    void theVirtualDiskAddsItsLatencyAndNothingElse() {
        List<Cmd> host = direct();
        List<Cmd> guest = guest("30us");
        assertThat(guest).hasSize(host.size());
        long latency = 30_000;
        for (int i = 0; i < host.size(); i++) {
            // the same command, in the same order
            assertThat(guest.get(i).what()).as("command %d", i).isEqualTo(host.get(i).what());
        }
        for (int i = 1; i < host.size(); i++) {
            // iodepth 1: between one command's completion and the next one's issue the host spends
            // its own time; the guest the same, plus exactly the virtual disk's latency
            long hostGap = host.get(i).issuedNs() - host.get(i - 1).completedNs();
            long guestGap = guest.get(i).issuedNs() - guest.get(i - 1).completedNs();
            assertThat(guestGap - hostGap).as("command %d", i).isEqualTo(latency);
        }
    }
}
