// The comparison report: one self-contained HTML document for the result of compareRuns(). The
// document holds everything it needs (the data, the plotting and diff libraries, its own script
// and styles) and loads nothing: it opens from disk, offline. The demo page shows the same
// document (in a sandboxed frame), so the file and the page are drawn by this one renderer.
import { EvalsError, describe } from '../engine/errors.js';
import { deflateSync, strToU8 } from './report/deflate.js';
import { LIBRARY, LIBRARY_NOTICE, LIBRARY_VERSIONS } from './report/library.js';
import { REPORT_STYLE } from './report/style.js';
import { reportViewer } from './report/viewer.js';

const VERDICT_CODES = { unchanged: 0, improved: 1, regressed: 2 };

/**
 * The HTML document (a string) of the report of a comparison, as `compareRuns()` returns it.
 * Pure: the same comparison gives the same text. Throws an `EvalsError` with code
 * `EVALS_INVALID_COMPARISON` when `result` is not a comparison result (format 1).
 */
export function renderReport(result) {
  check(result);
  const data = compact(result);
  const title = `${result.candidate?.label ?? 'candidate'} vs ${result.baseline?.label ?? 'baseline'}`;
  // Every text from the runs goes through escape() (HTML) or into the data block, which is
  // base64 (it cannot end its <script> element).
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<title>Comparison: ${escape(title)}</title>
<style>${REPORT_STYLE}</style>
</head>
<body>
<header>
<h1>Comparison of two evaluation runs</h1>
<p class="runs"><span class="run baseline">Baseline: <b>${escape(result.baseline?.label ?? '')}</b></span> <span class="run candidate">Candidate: <b>${escape(result.candidate?.label ?? '')}</b></span></p>
${gateBanner(result)}
</header>
<main>
${comparability(result)}
<section id="metrics" aria-labelledby="metrics-title">
<h2 id="metrics-title">Metrics</h2>
<p class="hint">Δ is candidate − baseline over the items both runs scored. The bar is its ${escape(levelText(result))} interval; the dot is Δ. Green: better with confidence, red: worse with confidence (direction-aware), grey: not distinguishable from 0.</p>
<div class="chart forest" style="height:${80 + 44 * result.metrics.length}px"><canvas id="forest-plot" role="img" aria-label="Forest plot of the change of each metric with its interval"></canvas></div>
${metricsTable(result)}
</section>
<section id="items-plots" aria-labelledby="plots-title">
<h2 id="plots-title">Items of one metric</h2>
<label class="picker">Metric <select id="plot-metric">${result.metrics.map((m, i) => `<option value="${i}">${escape(m.metric)}</option>`).join('')}</select></label>
<div class="plots">
<figure><figcaption>Each item: baseline score (x) against candidate score (y)</figcaption><div class="chart"><canvas id="scatter-plot" role="img" aria-label="Paired scatter plot"></canvas></div></figure>
<figure><figcaption>Per-item differences (candidate − baseline)</figcaption><div class="chart"><canvas id="delta-histogram" role="img" aria-label="Histogram of the per-item differences"></canvas></div></figure>
<figure><figcaption>Score distributions of both runs</figcaption><div class="chart"><canvas id="score-distribution" role="img" aria-label="Score distributions of the baseline and the candidate"></canvas></div></figure>
</div>
</section>
<section id="items" aria-labelledby="items-title">
<h2 id="items-title">Items</h2>
<div class="controls">
<label>Find <input id="item-filter" type="search" placeholder="key or text in an output"></label>
<label>Metric <select id="item-metric"><option value="">all</option>${result.metrics.map((m, i) => `<option value="${i}">${escape(m.metric)}</option>`).join('')}</select></label>
<label>Verdict <select id="item-verdict"><option value="">all</option><option value="regressed">regressed</option><option value="improved">improved</option><option value="unchanged">unchanged</option><option value="error">with an error</option></select></label>
<span id="item-count" aria-live="polite"></span>
</div>
<p class="hint">Largest regressions first. Click a column to sort by it (again to reverse); Δ sorts by the change for the worse first, whatever the metric's direction. A verdict with “?” is unconfirmed (one sample per run: judge noise cannot be told apart). Click an item for its outputs, word diff and the judge's reasons.</p>
<div id="item-scroll" class="table-scroll" tabindex="0">
<table id="item-table"><thead><tr>
<th data-sort="key" scope="col">Key</th><th data-sort="metric" scope="col">Metric</th><th data-sort="cluster" scope="col">Cluster</th>
<th data-sort="baseline" scope="col" class="num">Baseline</th><th data-sort="candidate" scope="col" class="num">Candidate</th>
<th data-sort="delta" scope="col" class="num">Δ</th><th data-sort="verdict" scope="col">Verdict</th>
</tr></thead><tbody id="item-rows"></tbody></table>
</div>
<div id="item-detail" aria-live="polite"></div>
</section>
${onlyInOne(result)}
${runsSection(result)}
</main>
<footer><p>Written by evals-wasm. Plots drawn with Chart.js ${escape(LIBRARY_VERSIONS['chart.js'])}, word diff by jsdiff ${escape(LIBRARY_VERSIONS.diff)}, both inlined in this file (licences in its source).</p></footer>
<script type="application/octet-stream" id="report-data">${packed(data)}</script>
<script>/*! ${LIBRARY_NOTICE} */
${LIBRARY}</script>
<script>(${reportViewer})(document.getElementById('report-data').textContent, EvalsReportLibrary).catch((error) => {
  const note = document.createElement('p');
  note.className = 'gate failed';
  note.textContent = 'This report could not be drawn in this browser: ' + error.message;
  document.body.prepend(note);
  throw error;
});</script>
</body>
</html>
`;
}

function check(result) {
  const fail = (what) => {
    throw new EvalsError(`renderReport needs a comparison result (what compareRuns returns): ${what}`, { code: 'EVALS_INVALID_COMPARISON' });
  };
  if (result === null || typeof result !== 'object' || Array.isArray(result)) fail(`got ${describe(result)}`);
  if (result.kind !== 'comparison') fail(`its "kind" is ${describe(result.kind)}, not "comparison"`);
  if (result.format !== 1) fail(`its "format" is ${describe(result.format)}; this version reads format 1`);
  if (!Array.isArray(result.metrics)) fail(`its "metrics" is ${describe(result.metrics)}, not a list`);
  if (!Array.isArray(result.items)) fail(`its "items" is ${describe(result.items)}, not a list`);
  result.items.forEach((item, i) => {
    if (item === null || typeof item !== 'object') fail(`item ${i} is ${describe(item)}`);
    if (typeof item.metric !== 'string') fail(`item ${i} has no metric name`);
  });
}

/** HTML text of a value (also safe inside a double-quoted attribute). */
function escape(value) {
  return String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The data as the page reads it: JSON, deflated (texts of items compress 3-8 times, and a report
 * of 10,000 items has to stay a file people can attach), in base64. btoa exists in browsers and
 * Node 16+; it takes its input in chunks, as one string of 10 MB would be slow to build.
 */
function packed(value) {
  const bytes = deflateSync(strToU8(JSON.stringify(value)), { level: 6 });
  let text = '';
  const chunk = 3 * 10240; // a multiple of 3: no padding inside the text
  for (let i = 0; i < bytes.length; i += chunk) text += btoa(String.fromCharCode.apply(null, bytes.subarray(i, i + chunk)));
  return text;
}

/** A number shown to people: 3 decimals, or "–" when there is none. */
function fixed(value, digits = 3) {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(digits) : '–';
}

function signed(value, digits = 3) {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? `+${value.toFixed(digits)}` : fixed(value, digits);
}

/** A score kept for the plots and the table: 6 significant digits are more than a report shows. */
function round(value) {
  return typeof value === 'number' && Number.isFinite(value) ? Number(value.toPrecision(6)) : null;
}

function levelText(result) {
  const level = result.metrics.find((m) => m.interval?.level)?.interval.level ?? 0.95;
  return `${Math.round(level * 1000) / 10} %`;
}

function gateBanner(result) {
  if (!result.gate) return '<p id="gate" class="gate none">No gate was set for this comparison.</p>';
  if (result.gate.passed) return '<p id="gate" class="gate passed">Gate passed: no gated metric is worse than its margin.</p>';
  const failed = (result.gate.failed ?? []).map(escape).join(', ');
  return `<p id="gate" class="gate failed">Gate failed: ${failed || 'a gated metric'} ${result.gate.failed?.length === 1 ? 'is' : 'are'} worse than the margin allows.</p>`;
}

function comparability(result) {
  const mismatches = result.mismatches ?? [];
  const warnings = result.warnings ?? [];
  const status = result.comparable
    ? '<p class="ok">The runs are comparable: same dataset, metric options, judge model, prompt version and samples.</p>'
    : '<p class="bad">The runs are <b>not comparable</b>: the differences below can explain the change as much as the candidate can.</p>';
  const rows = mismatches
    .map((m) => `<tr><td>${escape(m.what)}</td><td>${escape(m.metric ?? '')}</td><td>${escape(text(m.baseline))}</td><td>${escape(text(m.candidate))}</td></tr>`)
    .join('');
  return `<section id="comparability" aria-labelledby="comparability-title">
<h2 id="comparability-title">Comparability</h2>
${status}
${mismatches.length ? `<table id="mismatches"><thead><tr><th scope="col">What differs</th><th scope="col">Metric</th><th scope="col">Baseline</th><th scope="col">Candidate</th></tr></thead><tbody>${rows}</tbody></table>` : ''}
${warnings.length ? `<ul id="warnings" class="warnings">${warnings.map((w) => `<li>${escape(w)}</li>`).join('')}</ul>` : ''}
</section>`;
}

function text(value) {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? '';
}

function metricsTable(result) {
  const rows = result.metrics.map((m) => {
    const i = m.interval ?? {};
    const counts = m.counts ?? {};
    const cost = (what) => (m.cost?.[what] ? signed(m.cost[what].delta, 0) : '–');
    const gate = m.gate ? `${m.gate.passed ? 'passed' : 'failed'} (margin ${fixed(m.gate.margin)})` : '–';
    const mcnemar = m.mcnemar ? `${m.mcnemar.b}/${m.mcnemar.c}, p ${fixed(m.mcnemar.p)}` : '–';
    const noise = m.noise ? `${Math.round(m.noise.share * 100)} %` : '–';
    return `<tr data-metric="${escape(m.metric)}"><th scope="row">${escape(m.metric)}</th><td>${m.direction === 'lower' ? 'lower' : 'higher'}</td><td class="num">${escape(m.n)}${m.clusters ? ` (${escape(m.clusters)} clusters)` : ''}</td>
<td class="num">${fixed(m.baselineMean)}</td><td class="num">${fixed(m.candidateMean)}</td><td class="num delta">${signed(m.delta)}</td>
<td class="num">[${signed(i.low)}, ${signed(i.high)}] ${escape(i.method ?? '')}</td><td class="num">${m.pHolm === null || m.pHolm === undefined ? '–' : fixed(m.pHolm)}</td><td class="num">${mcnemar}</td>
<td class="num">${escape(counts.improved ?? 0)} / ${escape(counts.regressed ?? 0)} / ${escape(counts.unchanged ?? 0)}${counts.unconfirmed ? ` (${escape(counts.unconfirmed)} unconfirmed)` : ''}</td>
<td class="num">${noise}</td><td class="num">${fixed(m.mde)}</td><td class="num">${cost('modelCalls')}</td><td class="num">${cost('tokens')}</td><td class="num">${cost('errors')}</td><td>${gate}</td></tr>`;
  });
  return `<div class="table-wide"><table id="metric-table"><thead><tr><th scope="col">Metric</th><th scope="col">Better</th><th scope="col" class="num">Items</th><th scope="col" class="num">Baseline</th><th scope="col" class="num">Candidate</th><th scope="col" class="num">Δ</th><th scope="col" class="num">Interval</th><th scope="col" class="num">p (Holm)</th><th scope="col" class="num" title="McNemar's exact test at the threshold: pass→fail / fail→pass pairs">McNemar</th><th scope="col" class="num">Improved / regressed / unchanged</th><th scope="col" class="num" title="Share of the variance of the differences that is judge noise">Noise</th><th scope="col" class="num" title="Smallest detectable effect">MDE</th><th scope="col" class="num">Calls Δ</th><th scope="col" class="num">Tokens Δ</th><th scope="col" class="num">Errors Δ</th><th scope="col">Gate</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table></div>`;
}

function onlyInOne(result) {
  const list = (id, title, keys) => `<details id="${id}"${keys.length ? '' : ' class="empty"'}><summary>${title}: ${keys.length}</summary>${keys.length ? `<p class="keys">${keys.map(escape).join(' · ')}</p>` : ''}</details>`;
  return `<section id="unmatched" aria-labelledby="unmatched-title">
<h2 id="unmatched-title">Items in one run only</h2>
<p class="hint">Not compared: they are listed, not dropped.</p>
${list('only-in-baseline', 'Only in the baseline', result.onlyInBaseline ?? [])}
${list('only-in-candidate', 'Only in the candidate', result.onlyInCandidate ?? [])}
</section>`;
}

function runsSection(result) {
  const record = (side) => {
    const { lineHashes, ...rest } = result[side]?.record ?? {};
    return escape(JSON.stringify(rest, null, 2));
  };
  return `<section id="runs" aria-labelledby="runs-title">
<h2 id="runs-title">The runs and the comparison's settings</h2>
<details><summary>Settings of the comparison</summary><pre>${escape(JSON.stringify(result.settings ?? {}, null, 2))}</pre></details>
<details><summary>Baseline run record</summary><pre>${record('baseline')}</pre></details>
<details><summary>Candidate run record</summary><pre>${record('candidate')}</pre></details>
</section>`;
}

/**
 * The data the page's script reads, in columns: one array per field over the items, texts
 * (outputs, reasons, details, errors) kept once in a table of strings and referred to by
 * index (-1 for none), so an output both runs share costs its bytes once.
 */
function compact(result) {
  const strings = [];
  const seen = new Map();
  const intern = (value) => {
    if (value === null || value === undefined || value === '') return -1;
    const s = typeof value === 'string' ? value : JSON.stringify(value);
    let index = seen.get(s);
    if (index === undefined) {
      index = strings.length;
      strings.push(s);
      seen.set(s, index);
    }
    return index;
  };
  const metricIndex = new Map(result.metrics.map((m, i) => [m.metric, i]));
  const metrics = result.metrics.map((m) => ({ metric: m.metric, direction: m.direction === 'lower' ? 'lower' : 'higher', delta: m.delta, interval: m.interval ?? null, gate: m.gate ?? null, n: m.n }));
  const columns = { key: [], metric: [], cluster: [], delta: [], verdict: [], confirmed: [] };
  for (const side of ['b', 'c']) for (const field of ['score', 'samples', 'output', 'reason', 'details', 'error']) columns[side + field] = [];
  for (const item of result.items) {
    let m = metricIndex.get(item.metric);
    if (m === undefined) {
      m = metrics.length;
      metricIndex.set(item.metric, m);
      metrics.push({ metric: item.metric, direction: 'higher', delta: null, interval: null, gate: null, n: null });
    }
    columns.key.push(String(item.key ?? ''));
    columns.metric.push(m);
    columns.cluster.push(intern(item.cluster));
    columns.delta.push(round(item.delta));
    columns.verdict.push(VERDICT_CODES[item.verdict] ?? 0);
    columns.confirmed.push(item.confirmed ? 1 : 0);
    for (const [side, run] of [['b', item.baseline], ['c', item.candidate]]) {
      const r = run ?? {};
      columns[side + 'score'].push(round(r.score));
      columns[side + 'samples'].push(Array.isArray(r.samples) ? r.samples.map(round) : 0);
      columns[side + 'output'].push(intern(r.output));
      columns[side + 'reason'].push(intern(r.reason ?? r.info?.reason));
      columns[side + 'details'].push(intern(details(r.info)));
      columns[side + 'error'].push(intern(r.error ? (r.error.code ? `${r.error.code}: ${r.error.message}` : (r.error.message ?? r.error)) : null));
    }
  }
  return { labels: { baseline: result.baseline?.label ?? 'baseline', candidate: result.candidate?.label ?? 'candidate' }, metrics, items: columns, strings };
}

/** The metric's details without what the report shows elsewhere (the reason, the samples). */
function details(info) {
  if (info === null || typeof info !== 'object') return null;
  const { reason, samples, ...rest } = info;
  return Object.keys(rest).length ? rest : null;
}
