package io.iopath.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** fio's plids / fdp_pli as options.c str_fdp_pli_cb parses them. */
class DataPlacementTest {
    @Test
    void listsAndRangesSortedAsFioSortsThem() {
        assertThat(DataPlacement.indices("0,1,2,3")).containsExactly(0, 1, 2, 3); // examples/uring-cmd-fdp.fio
        assertThat(DataPlacement.indices("4,5")).containsExactly(4, 5);
        assertThat(DataPlacement.indices("6")).containsExactly(6);
        assertThat(DataPlacement.indices(" 5,1-3 ")).containsExactly(1, 2, 3, 5); // blanks stripped, qsort
        assertThat(DataPlacement.indices("2,2")).containsExactly(2, 2); // duplicates kept
        assertThat(DataPlacement.indices("0x10-0x12,010")).containsExactly(8, 16, 17, 18); // strtoull base 0: hex, octal
        assertThat(DataPlacement.indices("1,,3")).containsExactly(1); // an empty entry ends the list
        assertThat(DataPlacement.indices("1-2-5")).containsExactly(1, 2, 3, 4, 5); // the last part is the end
        assertThat(DataPlacement.indices("x")).containsExactly(0); // no digits: 0
        assertThat(DataPlacement.indices("")).isEmpty();
    }

    @Test
    void fiosRefusals() {
        assertThatThrownBy(() -> DataPlacement.indices("3-1")).hasMessageContaining("from 3 down to 1");
        assertThatThrownBy(() -> DataPlacement.indices("0-128")).hasMessage("fio: only 128 IDs supported");
        assertThat(DataPlacement.indices("0-127")).hasSize(128);
        assertThatThrownBy(() -> DataPlacement.indices("65536")).hasMessage("Placement IDs cannot exceed 0xFFFF");
        assertThatThrownBy(() -> DataPlacement.indices("-3")).hasMessage("Placement IDs cannot exceed 0xFFFF"); // unsigned wrap
    }

    @Test
    void schemeFilesAsFscanfReadsThem() {
        assertThat(DataPlacement.scheme("0,4096,1\n4096,8192,2\n")).extracting(e -> e.start() + "," + e.end() + "," + e.pid())
                .containsExactly("0,4096,1", "4096,8192,2");
        // blanks before the numbers and between entries; %hu keeps 16 bits; a line that does not match ends the list
        assertThat(DataPlacement.scheme("  0, 10,65537 \n\n 10,20,4\n20 ,30,5\n30,40,6\n"))
                .extracting(e -> e.start() + "," + e.end() + "," + e.pid()).containsExactly("0,10,1", "10,20,4");
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            many.append(i).append(',').append(i + 1).append(",7\n");
        }
        assertThat(DataPlacement.scheme(many.toString())).hasSize(32); // DP_MAX_SCHEME_ENTRIES
    }

    @Test
    void randomListsRoundTrip() {
        java.util.SplittableRandom r = new java.util.SplittableRandom(14);
        for (int c = 0; c < 200; c++) {
            List<Integer> expected = new ArrayList<>();
            StringBuilder text = new StringBuilder();
            int entries = 1 + r.nextInt(6);
            for (int i = 0; i < entries; i++) {
                int a = r.nextInt(60);
                int b = a + r.nextInt(4);
                text.append(i == 0 ? "" : ",").append(r.nextBoolean() ? "0x" + Integer.toHexString(a) : Integer.toString(a));
                if (b > a || r.nextBoolean()) {
                    text.append('-').append(b);
                }
                for (int v = a; v <= b; v++) {
                    expected.add(v);
                }
            }
            expected.sort(null);
            assertThat(DataPlacement.indices(text.toString())).as(text.toString()).isEqualTo(expected);
        }
    }

    @Test
    void theOptionsInAJobFile() {
        // the plids error names the file, line and option
        assertThatThrownBy(() -> ScenarioReader.read(FioJobFile.parse("p.fio", "[w]\nioengine=io_uring_cmd\nfdp=1\nplids=4-2\n"
                + "rw=write\nsize=1m\n", java.util.Map.of()).tree(), List.of()))
                .isInstanceOf(ScenarioException.class).hasMessageStartingWith("p.fio:4:7: jobs[0].plids: expected placement ID indices");
        assertThatThrownBy(() -> ScenarioReader.read(FioJobFile.parse("p.fio", "[w]\nioengine=io_uring_cmd\nfdp=1\n"
                + "plid_select=rr\nrw=write\nsize=1m\n", java.util.Map.of()).tree(), List.of()))
                .hasMessageContaining("plid_select: expected roundrobin, random or scheme");
    }
}
