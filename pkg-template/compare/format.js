// A comparison (what compareRuns returns) as text: the terminal table, a markdown summary (for
// $GITHUB_STEP_SUMMARY and pull-request comments) and JUnit XML (one test case per metric).

const number = (value, digits = 3) => (value === null || value === undefined ? '–' : value.toFixed(digits));
const signed = (value, digits = 3) => (value === null || value === undefined ? '–' : `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(value).toFixed(digits)}`);
const signedCount = (delta) => (delta === null || delta === undefined ? '–' : `${delta > 0 ? '+' : delta < 0 ? '−' : ''}${Math.abs(delta).toLocaleString('en-US')}`);

/** 'regressed', 'improved' or 'unclear' for a metric: where its interval lies, in its direction. */
export function metricOutcome(metric) {
  const { low, high } = metric.interval;
  if (low === null || high === null) return 'unclear';
  const [gainLow, gainHigh] = metric.direction === 'lower' ? [-high, -low] : [low, high];
  if (gainHigh < 0) return 'regressed';
  if (gainLow > 0) return 'improved';
  return 'unclear';
}

function rows(comparison) {
  return comparison.metrics.map((m) => ({
    metric: m.metric + (m.direction === 'lower' ? ' (lower is better)' : ''),
    baseline: number(m.baselineMean),
    candidate: number(m.candidateMean),
    delta: `${signed(m.delta)} [${signed(m.interval.low)}, ${signed(m.interval.high)}]`,
    counts: `${m.counts.improved} / ${m.counts.regressed} / ${m.counts.unchanged}${m.counts.unconfirmed > 0 ? ` (${m.counts.unconfirmed} unconfirmed)` : ''}`,
    calls: signedCount(m.cost.modelCalls.delta),
    tokens: signedCount(m.cost.tokens.delta),
    gate: m.gate === null ? '' : m.gate.passed ? 'pass' : 'FAIL',
    outcome: metricOutcome(m),
  }));
}

const HEADERS = { metric: 'metric', baseline: 'baseline', candidate: 'candidate', delta: 'Δ [95 % interval]', counts: 'improved / regressed / unchanged', calls: 'calls Δ', tokens: 'tokens Δ', gate: 'gate' };

/** The terminal table: one row per metric; `color` adds ANSI colours (red for a confident regression, green for a confident improvement). */
export function formatTable(comparison, { color = false } = {}) {
  const table = rows(comparison);
  const columns = Object.keys(HEADERS).filter((column) => column !== 'gate' || comparison.gate !== null);
  const width = (column) => Math.max(HEADERS[column].length, ...table.map((row) => row[column].length));
  const widths = Object.fromEntries(columns.map((column) => [column, width(column)]));
  const line = (row) => columns.map((column) => row[column].padEnd(widths[column])).join('  ').trimEnd();
  const paint = (text, outcome) => {
    if (!color) return text;
    if (outcome === 'regressed') return `\x1b[31m${text}\x1b[0m`;
    if (outcome === 'improved') return `\x1b[32m${text}\x1b[0m`;
    return text;
  };
  const out = [`${comparison.baseline.label} → ${comparison.candidate.label}`, line(HEADERS)];
  for (const row of table) out.push(paint(line(row), row.outcome));
  out.push('');
  if (comparison.onlyInBaseline.length + comparison.onlyInCandidate.length > 0) {
    out.push(`only in baseline: ${comparison.onlyInBaseline.length}, only in candidate: ${comparison.onlyInCandidate.length}`);
  }
  for (const m of comparison.metrics) {
    const parts = [`${m.metric}: n = ${m.n}${m.clusters === null ? '' : ` in ${m.clusters} clusters`}`, `interval by ${m.interval.method}`, `smallest detectable Δ ≈ ${number(m.mde)}`];
    if (m.mcnemar) parts.push(`McNemar at ${m.mcnemar.threshold}: ${m.mcnemar.b} passed→failed, ${m.mcnemar.c} failed→passed, p = ${number(m.mcnemar.p)}`);
    if (m.noise?.share !== null && m.noise?.share !== undefined) parts.push(`judge noise ${Math.round(m.noise.share * 100)} % of the variance`);
    if (m.pHolm !== null) parts.push(`Holm p = ${number(m.pHolm)}`);
    if (m.anchored > 0) parts.push(`${m.anchored} anchored`);
    out.push(parts.join('; '));
  }
  for (const warning of comparison.warnings) out.push(color ? `\x1b[33mwarning:\x1b[0m ${warning}` : `warning: ${warning}`);
  if (comparison.gate !== null) {
    out.push(comparison.gate.passed ? 'gate: passed' : `gate: FAILED (${comparison.gate.failed.join(', ')})`);
  }
  return `${out.join('\n')}\n`;
}

const escapeCell = (text) => String(text).replace(/\|/g, '\\|');

/** A markdown summary: the table, the gate's verdict, the largest regressions and the warnings. */
export function formatMarkdown(comparison, { regressions = 10 } = {}) {
  const out = [];
  const verdict = comparison.gate === null ? '' : comparison.gate.passed ? ' — gate passed ✅' : ` — gate FAILED ❌ (${comparison.gate.failed.join(', ')})`;
  out.push(`### evals-wasm: ${escapeCell(comparison.candidate.label)} vs ${escapeCell(comparison.baseline.label)}${verdict}`, '');
  const columns = Object.keys(HEADERS).filter((column) => column !== 'gate' || comparison.gate !== null);
  out.push(`| ${columns.map((c) => HEADERS[c]).join(' | ')} |`, `| ${columns.map(() => '---').join(' | ')} |`);
  for (const row of rows(comparison)) {
    const mark = row.outcome === 'regressed' ? '🔴 ' : row.outcome === 'improved' ? '🟢 ' : '';
    out.push(`| ${columns.map((c) => escapeCell(c === 'metric' ? mark + row[c] : row[c])).join(' | ')} |`);
  }
  out.push('');
  const worst = comparison.items.filter((item) => item.verdict === 'regressed').slice(0, regressions);
  if (worst.length > 0) {
    out.push('<details><summary>Largest regressions</summary>', '', '| item | metric | baseline | candidate | Δ |', '| --- | --- | --- | --- | --- |');
    for (const item of worst) out.push(`| ${escapeCell(item.key)} | ${escapeCell(item.metric)} | ${number(item.baseline.score)} | ${number(item.candidate.score)} | ${signed(item.delta)} |`);
    out.push('', '</details>', '');
  }
  for (const warning of comparison.warnings) out.push(`> ⚠️ ${escapeCell(warning)}`, '');
  return `${out.join('\n')}\n`;
}

const xml = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JUnit XML: one test case per metric, failed when the gate failed it. */
export function formatJUnit(comparison) {
  const failures = comparison.metrics.filter((m) => m.gate && !m.gate.passed).length;
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuite name="evals-wasm compare" tests="${comparison.metrics.length}" failures="${failures}">`];
  for (const m of comparison.metrics) {
    const summary = `Δ ${signed(m.delta)} [${signed(m.interval.low)}, ${signed(m.interval.high)}], baseline ${number(m.baselineMean)}, candidate ${number(m.candidateMean)}, n ${m.n}`;
    out.push(`  <testcase classname="evals-wasm.compare" name="${xml(m.metric)}">`);
    if (m.gate && !m.gate.passed) out.push(`    <failure message="${xml(`${m.metric} regressed beyond its margin ${m.gate.margin}: ${summary}`)}"/>`);
    out.push(`    <system-out>${xml(summary)}</system-out>`, '  </testcase>');
  }
  out.push('</testsuite>');
  return `${out.join('\n')}\n`;
}
