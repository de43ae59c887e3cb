/// The page's one style sheet. The page's policy allows exactly this sheet, by its hash.
enum ReportStyle {
    static let css = """
        :root { color-scheme: light; --deleted: #ffd7d5; --inserted: #d4f5d4; --substituted: #ffe6b0; }
        body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 0 auto;
               max-width: 1200px; padding: 0 20px 40px; color: #1d1d1f; background: #fff; }
        h1 { font-size: 1.6em; margin: 24px 0 4px; }
        h2 { font-size: 1.25em; margin: 32px 0 8px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
        h3 { font-size: 1.05em; margin: 24px 0 6px; }
        .source { color: #555; margin: 0; word-break: break-all; }
        table { border-collapse: collapse; }
        th, td { padding: 3px 10px; text-align: left; vertical-align: top; }
        thead th { border-bottom: 2px solid #bbb; }
        tbody tr + tr td, tbody tr + tr th { border-top: 1px solid #eee; }
        td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
        .rates td { font-size: 1.3em; font-weight: 600; }
        .rates .note { font-size: 0.8em; font-weight: normal; color: #555; }
        .unscored { color: #666; font-style: italic; }
        .chart { display: block; max-width: 100%; height: auto; font: 12px system-ui, Helvetica, Arial, sans-serif; }
        .chart-box { overflow-x: auto; }
        .chart .bar { fill: #d62728; }
        .chart a:hover .bar, .chart a:focus .bar { fill: #8c1415; }
        .chart .grid { stroke: #eee; }
        .chart .axis { stroke: #888; }
        .chart .micro { stroke: #1f3f8f; stroke-width: 2; }
        .chart .macro { stroke: #1f3f8f; stroke-width: 2; stroke-dasharray: 6 4; }
        .chart .label { fill: #1f3f8f; }
        .chart .tick, .chart .axis-title { fill: #555; }
        code.char { font: 14px ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; background: #f3f3f3;
                    padding: 0 4px; border-radius: 3px; }
        .legend { color: #444; }
        .aligned { width: 100%; table-layout: fixed; margin-bottom: 6px; }
        .aligned td { font: 14px/1.5 ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; white-space: pre-wrap;
                      overflow-wrap: anywhere; width: 50%; }
        .aligned thead th { font-weight: 600; }
        .recognition-only { font: 14px/1.5 ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace;
                            white-space: pre-wrap; overflow-wrap: anywhere; }
        del, ins { text-decoration-thickness: 2px; }
        del.d { background: var(--deleted); text-decoration-line: line-through; text-decoration-color: #b3261e; }
        ins.i { background: var(--inserted); text-decoration-line: underline; text-decoration-color: #1b7f1b; }
        del.s { background: var(--substituted); text-decoration-line: line-through; text-decoration-color: #8a5a00; }
        ins.s { background: var(--substituted); text-decoration-line: underline; text-decoration-style: double;
                text-decoration-color: #8a5a00; }
        .gap { background: repeating-linear-gradient(135deg, transparent 0 3px, #e4e4e4 3px 4px); }
        .back { font-size: 0.9em; }
        footer { margin-top: 40px; color: #777; font-size: 0.85em; }
        @media print {
          .chart-box { overflow: visible; }
          article.page { break-inside: avoid-page; }
          a { color: inherit; text-decoration: none; }
          .back { display: none; }
        }
        """
}
