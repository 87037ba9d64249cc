package io.iopath.report;

import io.iopath.units.Units;
import java.util.Locale;

/** Small helpers for writing HTML by hand: escaping and the numbers people read. */
final class Html {
    private Html() {
    }

    static String esc(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    /** Nanoseconds as milliseconds with 3 decimals, as the terminal table shows them. */
    static String ms(double ns) {
        return String.format(Locale.ROOT, "%.3f", Units.ms(ns));
    }

    static String fixed(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** The style sheet of every iopath report: readable tables, charts that fit the page. */
    static final String CSS = """
            :root { color-scheme: light; }
            body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
                   color: #222; background: #fff; margin: 0 auto; padding: 24px 32px 48px; max-width: 1080px;
                   line-height: 1.45; }
            h1 { font-size: 1.6em; margin: 0 0 4px; }
            h2 { font-size: 1.2em; margin: 32px 0 8px; padding-bottom: 4px; border-bottom: 1px solid #ddd; }
            p.meta { color: #555; margin: 0 0 4px; }
            p.meta b { color: #222; font-weight: 600; }
            span.kv { white-space: nowrap; }
            p.note { color: #555; font-size: 0.9em; margin: 6px 0; }
            table { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 0.92em; margin: 8px 0; }
            th, td { padding: 4px 8px; border-bottom: 1px solid #e4e4e4; }
            div.wide { overflow-x: auto; }
            th { background: #f4f6f8; font-weight: 600; text-align: center; vertical-align: bottom; }
            td { text-align: right; white-space: nowrap; }
            td.label, th.label { text-align: left; }
            tr.total td { font-weight: 600; border-top: 1px solid #bbb; }
            th.group { border-bottom: 1px solid #ccc; }
            figure { margin: 8px 0 0; }
            figure svg { display: block; width: 100%; max-width: 860px; height: auto; }
            figcaption { color: #555; font-size: 0.9em; margin-top: 2px; }
            div.facets { display: grid; grid-template-columns: repeat(auto-fit, minmax(420px, 1fr)); gap: 8px 16px; }
            div.facets figcaption { text-align: center; font-weight: 600; color: #333; }
            table.heat td.cell { text-align: right; min-width: 4.5em; }
            pre { background: #f6f8fa; border: 1px solid #e4e4e4; border-radius: 4px; padding: 10px 14px;
                  font-size: 0.88em; overflow-x: auto; }
            code { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; }
            footer { margin-top: 40px; color: #777; font-size: 0.85em; }
            """;
}
