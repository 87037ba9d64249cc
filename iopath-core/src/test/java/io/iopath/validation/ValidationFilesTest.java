package io.iopath.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ValidationFilesTest {
    @TempDir
    Path dir;

    @Test
    void writesCsvAndSvgDeterministically() throws Exception {
        double[] meas = {1.0, 2.0, 2.5, 4.0};
        double[] sim = {1.2, 2.1, 2.4, 3.9};
        Cdf m = DiskSimHistogram.of(meas).cdf();
        Cdf s = DiskSimHistogram.of(sim).cdf();
        ValidationReport report = ValidationReport.of(new Comparison(meas, sim));
        assertThat(ValidationFiles.write(dir, "test", m, s, report))
                .containsExactly(dir.resolve("cdf.csv"), dir.resolve("quantiles.csv"), dir.resolve("cdf.svg"));
        List<String> lines = Files.readAllLines(dir.resolve("cdf.csv"));
        String version = "," + io.iopath.result.Provenance.VERSION;
        assertThat(lines.get(0)).isEqualTo("curve,response_ms,cumulative,iopath_version");
        assertThat(lines).hasSize(1 + m.rows() + s.rows());
        assertThat(lines.get(m.rows())).startsWith("measured,").endsWith(",1.000000" + version);
        assertThat(lines.get(lines.size() - 1)).startsWith("simulated,").endsWith(",1.000000" + version);

        List<String> q = Files.readAllLines(dir.resolve("quantiles.csv"));
        assertThat(q.get(0)).isEqualTo("p,measured_ms,simulated_ms,iopath_version");
        assertThat(q).hasSize(1 + ValidationReport.quantileGrid().size());
        assertThat(q.subList(1, q.size())).allSatisfy(line -> assertThat(line).endsWith(version));

        String svg = Files.readString(dir.resolve("cdf.svg"));
        assertThat(svg).startsWith("<?xml").contains("<svg").contains("measured").contains("simulated")
                .contains("iopath " + io.iopath.result.Provenance.VERSION);
        assertThat(svg).isEqualTo(ValidationFiles.cdfSvg("test", m, s));
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
    }

    @Test
    void theChartReadsTheSameInEveryDefaultLocale() throws Exception {
        // a Turkish default locale wrote the tick "0.0" as "0,0", an Egyptian one in Arabic-Indic digits
        Cdf m = DiskSimHistogram.of(new double[] {1.0, 2.0, 2.5, 4.0, 12.0}).cdf();
        Cdf s = DiskSimHistogram.of(new double[] {1.2, 2.1, 2.4, 3.9, 11.0}).cdf();
        String root = ValidationFiles.cdfSvg("test", m, s);
        assertThat(root).contains(">0.2<");
        java.util.Locale before = java.util.Locale.getDefault();
        try {
            for (java.util.Locale l : List.of(java.util.Locale.forLanguageTag("tr-TR"), java.util.Locale.forLanguageTag("ar-EG"),
                    java.util.Locale.GERMANY)) {
                java.util.Locale.setDefault(l);
                assertThat(ValidationFiles.cdfSvg("test", m, s)).as(l.toString()).isEqualTo(root);
            }
        } finally {
            java.util.Locale.setDefault(before);
        }
    }
}
