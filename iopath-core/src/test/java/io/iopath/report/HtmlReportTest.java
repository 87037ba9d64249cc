package io.iopath.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.result.DirectionStats;
import io.iopath.result.Result;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class HtmlReportTest {
    /** Parses the page as XML: it must be well-formed, which a browser's HTML parser then reads the same way. */
    private static Document parse(String html) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", false);
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(html.getBytes(StandardCharsets.UTF_8)));
    }

    private static List<String> cellsOfRow(Element table, String rowLabel) {
        NodeList rows = table.getElementsByTagName("tr");
        for (int i = 0; i < rows.getLength(); i++) {
            NodeList cells = ((Element) rows.item(i)).getElementsByTagName("td");
            List<String> texts = new ArrayList<>();
            for (int c = 0; c < cells.getLength(); c++) {
                texts.add(cells.item(c).getTextContent());
            }
            int at = texts.indexOf(rowLabel);
            if (at >= 0) {
                return texts.subList(at + 1, texts.size());
            }
        }
        throw new AssertionError("no row " + rowLabel);
    }

    private static List<String> expectedCells(DirectionStats d) {
        var l = d.latency();
        return List.of(Long.toString(d.ios()), String.format(Locale.ROOT, "%.1f", d.iops()),
                String.format(Locale.ROOT, "%.2f", d.bandwidthBytesPerS() / 1e6),
                ms(l.mean()), ms(l.p50()), ms(l.p95()), ms(l.p99()), ms(l.p99_9()), ms(l.max()),
                ms(d.q2dMeanNs()), ms(d.d2cMeanNs()));
    }

    private static String ms(double ns) {
        return String.format(Locale.ROOT, "%.3f", ns / 1e6);
    }

    private static void assertSelfContained(String html, Document doc, int charts) {
        NodeList svgs = doc.getElementsByTagName("svg");
        assertThat(svgs.getLength()).isEqualTo(charts);
        assertThat(html.split("<svg ", -1)).hasSize(charts + 1);
        assertThat(doc.getElementsByTagName("script").getLength()).isZero();
        assertThat(doc.getElementsByTagName("link").getLength()).isZero();
        assertThat(doc.getElementsByTagName("img").getLength()).isZero();
        assertThat(html).doesNotContain("src=").doesNotContain("url(http").doesNotContain("@import");
        // ids are one namespace for the whole page: two charts must not share a clip path id
        Set<String> ids = new HashSet<>();
        NodeList all = doc.getElementsByTagName("*");
        for (int i = 0; i < all.getLength(); i++) {
            String id = ((Element) all.item(i)).getAttribute("id");
            if (!id.isEmpty()) {
                assertThat(ids.add(id)).as("duplicate id " + id).isTrue();
            }
        }
        // every reference to a clip path or gradient resolves inside the page
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("url\\(#([^)]+)\\)").matcher(html);
        int refs = 0;
        while (m.find()) {
            assertThat(ids).as("url(#%s)", m.group(1)).contains(m.group(1));
            refs++;
        }
        assertThat(refs).isPositive();
    }

    @Test
    void aRunReportHoldsTheSummaryTablePerJobTheScenarioAndSixCharts() throws Exception {
        Result r = Runs.mixed("jobs[1].bs=128k");
        String html = HtmlReport.run(r, Runs.source("jobs[1].bs=128k"));
        Document doc = parse(html);
        // latency CDF, where the time went, and IOPS, MB/s, p99 and the layers' gauges over time
        // (no file system: no page-cache chart)
        assertSelfContained(html, doc, 6);
        assertThat(html).contains("chart-queues-over-time").doesNotContain("chart-page-cache-over-time");
        assertThat(doc.getElementsByTagName("header").item(0).getTextContent())
                .contains("iopath " + r.provenance().version(), "scenario hash " + r.provenance().scenarioHash());
        Element summary = (Element) doc.getElementsByTagName("table").item(0);
        assertThat(cellsOfRow(summary, "read")).containsExactlyElementsOf(expectedCells(r.read()));
        assertThat(cellsOfRow(summary, "write")).containsExactlyElementsOf(expectedCells(r.write()));
        assertThat(cellsOfRow(summary, "total")).containsExactlyElementsOf(expectedCells(r.total()));
        Element jobs = (Element) doc.getElementsByTagName("table").item(1);
        // the first row of a job starts with its name (spanning its rows), then the direction
        assertThat(cellsOfRow(jobs, "oltp")).containsExactlyElementsOf(
                java.util.stream.Stream.concat(java.util.stream.Stream.of("read"), expectedCells(r.jobs().get(0).read()).stream())
                        .toList());
        assertThat(cellsOfRow(jobs, "log")).containsExactlyElementsOf(
                java.util.stream.Stream.concat(java.util.stream.Stream.of("write"), expectedCells(r.jobs().get(1).write()).stream())
                        .toList());
        Element split = (Element) doc.getElementsByTagName("table").item(2);
        assertThat(cellsOfRow(split, "drive command (ms)")).contains(ms(r.driveTime().seekMeanNs()),
                ms(r.driveTime().rotationMeanNs()), ms(r.driveTime().transferMeanNs()),
                Long.toString(r.driveTime().commands()));
        String pre = doc.getElementsByTagName("pre").item(0).getTextContent();
        assertThat(pre).contains("name: mixed-small").contains("bs: 128k").doesNotContain("bs: 64k");
        assertThat(doc.getElementsByTagName("title").item(0).getTextContent()).isEqualTo("iopath: mixed-small");
    }

    @Test
    void aReadOnlyRunHasNoWriteRowAndStillSixCharts() throws Exception {
        Result r = Runs.mixed("jobs[0].rw=randread", "jobs[1].rw=read");
        String html = HtmlReport.run(r, Runs.source("jobs[0].rw=randread", "jobs[1].rw=read"));
        Document doc = parse(html);
        assertSelfContained(html, doc, 6);
        Element summary = (Element) doc.getElementsByTagName("table").item(0);
        assertThat(summary.getTextContent()).doesNotContain("write");
        assertThat(cellsOfRow(summary, "read")).containsExactlyElementsOf(expectedCells(r.read()));
    }

    @Test
    void aComparisonHasOneTableRowPerRunAndDirectionAndALineChartPerMetric() throws Exception {
        List<String> columns = List.of("scheduler note", "queue depth");
        List<LabelledResult> runs = List.of(
                new LabelledResult(List.of("<noop & friends>", "1"), Runs.mixed("host.queue_depth=1")),
                new LabelledResult(List.of("noop", "4"), Runs.mixed("host.queue_depth=4")),
                new LabelledResult(List.of("noop", "16"), Runs.mixed("host.queue_depth=16")));
        String html = HtmlReport.comparison("queue depth sweep", columns, runs);
        Document doc = parse(html);
        assertSelfContained(html, doc, 4); // IOPS, MB/s, mean and p99 latency against the queue depth
        Element table = (Element) doc.getElementsByTagName("table").item(0);
        NodeList bodyRows = table.getElementsByTagName("tr");
        assertThat(bodyRows.getLength()).isEqualTo(2 + 3 * 3); // two header rows, read/write/total per run
        assertThat(table.getTextContent()).contains("<noop & friends>");
        assertThat(html).doesNotContain("<noop &");
        for (int i = 0; i < runs.size(); i++) {
            Result r = runs.get(i).result();
            // the first row of run i carries its labels, then its read row
            List<String> cells = new ArrayList<>();
            NodeList tds = ((Element) bodyRows.item(2 + 3 * i)).getElementsByTagName("td");
            for (int c = 0; c < tds.getLength(); c++) {
                cells.add(tds.item(c).getTextContent());
            }
            assertThat(cells.subList(0, 3)).containsExactly(runs.get(i).labels().get(0), runs.get(i).labels().get(1), "read");
            assertThat(cells.subList(3, cells.size())).containsExactlyElementsOf(expectedCells(r.read()));
        }
        // each chart: the queue depth along the bottom, a line per scheduler note, named as given
        NodeList svgs = doc.getElementsByTagName("svg");
        for (int i = 0; i < svgs.getLength(); i++) {
            List<String> texts = new ArrayList<>();
            NodeList t = ((Element) svgs.item(i)).getElementsByTagName("text");
            for (int k = 0; k < t.getLength(); k++) {
                texts.add(t.item(k).getTextContent());
            }
            assertThat(texts).contains("queue depth (log scale)", "<noop & friends>", "noop", "1", "4", "16");
        }
        assertThat(html).contains("A line per <b>scheduler note</b>.");
    }

    @Test
    void twoCategoricalParametersMakeAHeatmapOfEachMetric() throws Exception {
        List<String> columns = List.of("scheduler", "pattern");
        List<LabelledResult> runs = new ArrayList<>();
        for (String sched : List.of("noop", "deadline")) {
            for (String rw : List.of("randread", "read", "randwrite")) {
                runs.add(new LabelledResult(List.of(sched, rw), Runs.mixed("host.scheduler=" + sched, "jobs[0].rw=" + rw)));
            }
        }
        String html = HtmlReport.comparison("heat", columns, runs);
        Document doc = parse(html);
        NodeList tables = doc.getElementsByTagName("table");
        assertThat(tables.getLength()).isEqualTo(4 + 1); // a heatmap per metric, then every run
        Element iops = (Element) tables.item(0);
        assertThat(iops.getAttribute("class")).isEqualTo("heat");
        // rows: the parameter with more values is the lines / rows one; here both are rows × columns
        List<String> cells = cellsOfRow(iops, "deadline");
        assertThat(cells).hasSize(3);
        for (int i = 0; i < 3; i++) {
            assertThat(cells.get(i)).isEqualTo(String.format(Locale.ROOT, "%.1f", runs.get(3 + i).result().total().iops()));
        }
    }
}
