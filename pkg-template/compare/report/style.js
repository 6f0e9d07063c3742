// The comparison report's styles (inlined into the document by renderReport).
export const REPORT_STYLE = `
:root { --fg: #1d232a; --muted: #5b6670; --line: #d8dde2; --bg: #fff; --band: #f4f6f8;
  --better: #1f7a3a; --worse: #b3261e; --neutral: #7b8794; --base: #3467c4; --cand: #d9822b; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
header, main, footer { max-width: 1280px; margin: 0 auto; padding: 0 20px; }
h1 { font-size: 22px; margin: 18px 0 6px; }
h2 { font-size: 17px; margin: 26px 0 8px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
.hint, footer { color: var(--muted); font-size: 13px; }
.runs .run { margin-right: 18px; }
.run.baseline b { color: var(--base); } .run.candidate b { color: var(--cand); }
.gate { padding: 8px 12px; border-radius: 6px; font-weight: 600; }
.gate.passed { background: #e4f4e8; color: var(--better); }
.gate.failed { background: #fbe6e4; color: var(--worse); }
.gate.none { background: var(--band); color: var(--muted); font-weight: 400; }
.ok { color: var(--better); } .bad { color: var(--worse); }
.warnings li { margin: 2px 0; }
table { border-collapse: collapse; }
th, td { padding: 4px 8px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
thead th { background: var(--band); font-weight: 600; white-space: nowrap; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.table-wide { overflow-x: auto; }
#metric-table td, #metric-table th { white-space: nowrap; }
.chart { position: relative; height: 300px; }
.plots { display: grid; grid-template-columns: repeat(auto-fit, minmax(360px, 1fr)); gap: 16px; }
figure { margin: 0; } figcaption { font-size: 13px; color: var(--muted); margin-bottom: 4px; }
.controls { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; margin-bottom: 6px; }
input, select { font: inherit; padding: 3px 6px; }
.table-scroll { height: 420px; overflow-y: auto; border: 1px solid var(--line); }
#item-table { width: 100%; table-layout: fixed; }
#item-table thead th { position: sticky; top: 0; z-index: 1; cursor: pointer; user-select: none; }
#item-table thead th[aria-sort="ascending"]::after { content: " ▲"; }
#item-table thead th[aria-sort="descending"]::after { content: " ▼"; }
#item-table tbody tr.row { height: 28px; cursor: pointer; }
#item-table tbody td { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; height: 28px; padding-top: 0; padding-bottom: 0; line-height: 27px; }
#item-table tbody tr.row:hover { background: var(--band); }
#item-table tbody tr.selected { background: #e8eefb; }
.verdict-regressed { color: var(--worse); } .verdict-improved { color: var(--better); } .verdict-unchanged { color: var(--muted); }
.unconfirmed { font-style: italic; }
#item-detail { margin-top: 14px; }
.side-by-side { display: grid; grid-template-columns: 1fr 1fr; gap: 14px; }
.side-by-side > div { border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; min-width: 0; }
.side-by-side h4 { margin: 0 0 6px; font-size: 13px; }
.side-by-side .baseline h4 { color: var(--base); } .side-by-side .candidate h4 { color: var(--cand); }
.text { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; font: 13px/1.45 ui-monospace, Menlo, Consolas, monospace; }
.diff ins { background: #d6f2dc; text-decoration: none; } .diff del { background: #f9d7d3; }
.error-text { color: var(--worse); }
.verdicts { margin: 4px 0 0; padding-left: 18px; }
pre { overflow-x: auto; background: var(--band); padding: 8px; border-radius: 4px; font-size: 12px; }
details { margin: 6px 0; } details.empty summary { color: var(--muted); }
.keys { overflow-wrap: anywhere; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; }
@media (max-width: 760px) { .side-by-side { grid-template-columns: 1fr; } }
`;
