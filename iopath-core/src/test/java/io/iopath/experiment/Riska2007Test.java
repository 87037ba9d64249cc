package io.iopath.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The riska2007 experiment on a tiny grid and a tiny Postmark: the table's shape, order and findings. */
class Riska2007Test {
    /** examples/riska2007.yaml's structure with a small partition and a few transactions. */
    private static final String SCENARIO = """
            name: riska2007
            drive:
              preset: seagate-18g-scsi
              write_cache: off
            host:
              scheduler: cfq
              queue_depth: 4
              memory: 128m
            filesystem:
              type: ext3
              size: 1g
            jobs:
              - name: postmark
                postmark:
                  number: 20
                  transactions: 40
            """;

    @Test
    void aTinyGridGivesOneRowPerPointInGridOrder(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("riska.yaml");
        Files.writeString(file, SCENARIO);
        Riska2007.Grid g = new Riska2007.Grid(Riska2007.DRIVES, List.of("noop", "cfq"), List.of("1", "8"), Riska2007.CACHE);
        var grid = Riska2007.grid(file, List.of(), g);
        assertThat(grid.size()).isEqualTo(g.size()).isEqualTo(16);
        List<Riska2007.Point> points = Riska2007.run(grid, 2, new Sweep.Listener<>() { });
        String[] rows = Riska2007.csv(points).split("\n");
        assertThat(rows[0]).isEqualTo("figure,drive,scheduler,queue_depth,write_cache,tps");
        assertThat(rows).hasSize(17);
        // cache off first (Figure 15), then drive, scheduler and depth, the depth changing fastest
        assertThat(rows[1]).startsWith("15,seagate-18g-scsi,noop,1,off,");
        assertThat(rows[2]).startsWith("15,seagate-18g-scsi,noop,8,off,");
        assertThat(rows[5]).startsWith("15,cheetah-15k5-300g,noop,1,off,");
        assertThat(rows[9]).startsWith("16,seagate-18g-scsi,noop,1,on,");
        for (int i = 1; i < rows.length; i++) {
            String[] cells = rows[i].split(",");
            assertThat(cells).hasSize(6);
            assertThat(Double.parseDouble(cells[5])).as(rows[i]).isPositive().isFinite();
        }
        // each point ran its own drive, scheduler and depth, and Postmark ran all its transactions
        for (Riska2007.Point p : points) {
            assertThat(p.result().drive()).isEqualTo(p.drive());
            assertThat(p.result().scheduler()).isEqualTo(p.scheduler());
            assertThat(p.result().queueDepth()).isEqualTo(p.queueDepth());
            assertThat(p.postmark().transactions()).isEqualTo(40);
        }
        assertThat(Riska2007.findings(points)).extracting(Riska2007.Finding::id).containsExactly("a", "b", "c", "d");
        assertThat(Riska2007.transactions(points)).isEqualTo(16 * 40);
    }

    @Test
    void theResultsDoNotDependOnTheNumberOfThreads(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("riska.yaml");
        Files.writeString(file, SCENARIO);
        Riska2007.Grid g = new Riska2007.Grid(List.of("seagate-18g-scsi"), List.of("deadline"), List.of("1", "4", "16"),
                List.of("off"));
        String one = Riska2007.csv(Riska2007.run(Riska2007.grid(file, List.of(), g), 1, new Sweep.Listener<>() { }));
        String two = Riska2007.csv(Riska2007.run(Riska2007.grid(file, List.of(), g), 2, new Sweep.Listener<>() { }));
        assertThat(two).isEqualTo(one);
    }
}
