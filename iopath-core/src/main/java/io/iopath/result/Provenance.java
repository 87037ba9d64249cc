package io.iopath.result;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * What made a result: the iopath version (the build's, {@code version.properties}) and the
 * scenario's hash, a stable digest of the canonical scenario ({@code scenario.ScenarioHash}):
 * the same scenario with the same overrides and seed gives the same hash wherever and whenever it
 * runs, so two outputs can be told apart or matched without a timestamp (outputs stay
 * byte-identical from run to run).
 *
 * @param version      the iopath version, such as {@code 0.1.0-SNAPSHOT}
 * @param scenarioHash 16 hex digits, or empty when the scenario was built by hand, not read
 */
public record Provenance(String version, String scenarioHash) {
    /** The version of this build of iopath. */
    public static final String VERSION = readVersion();

    /** For results made by hand (tests, tools): this build's version, no scenario hash. */
    public static final Provenance UNKNOWN = new Provenance(VERSION, "");

    public Provenance {
        java.util.Objects.requireNonNull(version, "version");
        java.util.Objects.requireNonNull(scenarioHash, "scenarioHash");
    }

    /** This build's version and {@code scenarioHash}. */
    public static Provenance of(String scenarioHash) {
        return new Provenance(VERSION, scenarioHash);
    }

    private static String readVersion() {
        try (InputStream in = Provenance.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            String v = p.getProperty("version", "unknown");
            return v.startsWith("${") ? "unknown" : v;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
