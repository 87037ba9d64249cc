package io.iopath.fs.pagecache;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link PageIndex} against a HashMap over seeded random adds and removes, clustered keys included. */
class PageIndexTest {
    @Test
    void agreesWithAHashMapOverRandomAddsAndRemoves() {
        Mapping m = new Mapping("f", false);
        for (long seed = 1; seed <= 20; seed++) {
            Random rnd = new Random(seed);
            PageIndex index = new PageIndex();
            Map<Long, Page> reference = new HashMap<>();
            List<Long> present = new ArrayList<>();
            // a narrow range makes long probe runs, so backward-shift deletion is exercised across them
            long range = seed % 2 == 0 ? 64 : 1L << 40;
            for (int op = 0; op < 20_000; op++) {
                if (present.isEmpty() || rnd.nextInt(3) > 0) {
                    long k = (long) (rnd.nextDouble() * range) - range / 4; // negative indexes too
                    if (reference.containsKey(k)) {
                        continue;
                    }
                    Page p = new Page(m, k);
                    index.put(k, p);
                    reference.put(k, p);
                    present.add(k);
                } else {
                    long k = present.remove(rnd.nextInt(present.size()));
                    index.remove(k);
                    reference.remove(k);
                    index.remove(k); // a second remove is a no-op
                }
                if (op % 97 == 0) {
                    for (Map.Entry<Long, Page> e : reference.entrySet()) {
                        assertThat(index.get(e.getKey())).isSameAs(e.getValue());
                    }
                    assertThat(index.get(range + 1)).isNull();
                }
                assertThat(index.size()).isEqualTo(reference.size());
            }
            for (Map.Entry<Long, Page> e : reference.entrySet()) {
                assertThat(index.get(e.getKey())).isSameAs(e.getValue());
            }
        }
    }
}
