package io.iopath.block;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.request.Bio;
import io.iopath.request.Op;
import io.iopath.request.Request;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The primitive-keyed merge hash answers as a map from end sector to request would. */
class MergeHashTest {
    @Test
    void agreesWithAMapThroughPutsReplacementsAndRemovalsAcrossGrowth() {
        SplittableRandom rnd = new SplittableRandom(9);
        MergeHash hash = new MergeHash();
        Map<Long, Request> model = new HashMap<>();
        Request[] rqs = new Request[64];
        for (int i = 0; i < rqs.length; i++) {
            rqs[i] = new Request(i, new Bio(i, Op.READ, i * 8L, 8, 0, 1, b -> { }));
        }
        for (int step = 0; step < 200_000; step++) {
            // few keys, clustered like end sectors of nearby requests, so probe chains collide
            long key = rnd.nextInt(4) == 0 ? rnd.nextLong(1L << 40) : 8L * rnd.nextInt(3000);
            Request rq = rqs[rnd.nextInt(rqs.length)];
            switch (rnd.nextInt(3)) {
                case 0 -> {
                    hash.put(key, rq);
                    model.put(key, rq);
                }
                case 1 -> {
                    hash.remove(key, rq);
                    model.remove(key, rq);
                }
                default -> {
                    // remove what is there, as unhash does for the request it knows is hashed
                    Request there = model.get(key);
                    if (there != null) {
                        hash.remove(key, there);
                        model.remove(key, there);
                    }
                }
            }
            long probe = rnd.nextBoolean() ? key : 8L * rnd.nextInt(3000);
            assertThat(hash.get(probe)).isSameAs(model.get(probe));
            assertThat(hash.size()).isEqualTo(model.size());
        }
        for (Map.Entry<Long, Request> e : model.entrySet()) {
            assertThat(hash.get(e.getKey())).isSameAs(e.getValue());
        }
    }

    @Test
    void removingAnotherRequestAtTheSameEndLeavesTheHashedOne() {
        MergeHash hash = new MergeHash();
        Request a = new Request(1, new Bio(1, Op.WRITE, 0, 8, 0, 1, b -> { }));
        Request b = new Request(2, new Bio(2, Op.WRITE, 0, 8, 0, 1, x -> { }));
        hash.put(8, a);
        hash.remove(8, b);
        assertThat(hash.get(8)).isSameAs(a);
        hash.put(8, b);
        assertThat(hash.get(8)).isSameAs(b);
        hash.remove(8, b);
        assertThat(hash.get(8)).isNull();
    }
}
