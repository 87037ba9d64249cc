package io.iopath.sim;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Independent random streams, one per component, each derived from (scenario seed, component
 * name). Adding a component, or drawing more numbers in one, never changes another's stream.
 *
 * <p>{@link SplittableRandom}'s algorithm (SplitMix64) is fixed by its specification, so the
 * same seed gives the same numbers on every JVM.
 */
public final class RandomStreams {
    private final long seed;

    public RandomStreams(long seed) {
        this.seed = seed;
    }

    /** A fresh generator for the named component; the same name always gives the same stream. */
    public SplittableRandom stream(String componentName) {
        return new SplittableRandom(streamSeed(seed, componentName));
    }

    /** The seed of a named stream: FNV-1a of the name, mixed with the scenario seed. */
    private static long streamSeed(long seed, String componentName) {
        long h = 0xcbf29ce484222325L;
        for (byte b : componentName.getBytes(StandardCharsets.UTF_8)) {
            h ^= (b & 0xff);
            h *= 0x100000001b3L;
        }
        return mix64(seed ^ mix64(h));
    }

    private static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
