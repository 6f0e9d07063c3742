// What the CLI shows: progress on stderr, the summary table, the dry run's table, and the
// records of failed items.



/**
 * The table of a dry run: per item (its line, or id) the requests it would make, the answers a
 * cassette holds, and the estimated tokens; then the totals.
 */
export function dryRunTable(entries, results, summary) {
  const head = ['item', 'requests', 'recorded', 'prompt tokens', 'answer tokens', 'answer bound'];
  const cells = (r) => [r.requests, r.recorded, r.promptTokens, r.answerTokens, r.maxAnswerTokens].map(String);
  const rows = results.map((result, i) => {
    const label = entries[i].id !== undefined ? String(entries[i].id) : `line ${entries[i].line}`;
    return 'error' in result ? [label, `failed: ${result.error?.message ?? String(result.error)}`] : [label, ...cells(result)];
  });
  rows.push(['total', ...cells(summary)]);
  const widths = head.map((h, c) => Math.max(h.length, ...rows.filter((row) => row.length === head.length).map((row) => row[c].length)));
  const line = (row) => (row.length === head.length ? row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ') : row.join('  '));
  const notes = 'Tokens are estimates: prompts at 4 characters a token; answers as the smallest valid\n' +
    'answers (answer tokens) and as the bounds the requests send (answer bound). Each extraction\n' +
    'is assumed to list 3 items.';
  return `${[line(head), ...rows.slice(0, -1).map(line), line(rows.at(-1))].join('\n')}\n${notes}\n`;
}

/** Progress on stderr: a redrawn bar on a terminal, a plain line per tenth of the items otherwise. */
export function progressReporter(stderr, total) {
  const started = Date.now();
  if (stderr.isTTY) {
    let lastDraw = 0;
    const width = 28;
    const draw = ({ done, failed }, force = false) => {
      const now = Date.now();
      if (!force && now - lastDraw < 100) return;
      lastDraw = now;
      const filled = total === 0 ? width : Math.round((done / total) * width);
      const seconds = ((now - started) / 1000).toFixed(1);
      stderr.write(`\r\x1b[K[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}  failed ${failed}  ${seconds} s`);
    };
    return {
      update: (progress) => draw(progress, progress.done === total),
      end: () => stderr.write('\r\x1b[K'),
    };
  }
  const step = Math.max(1, Math.ceil(total / 10));
  return {
    update: ({ done, failed }) => {
      if (done % step === 0 || done === total) {
        stderr.write(`progress: ${done}/${total} items, ${failed} failed, ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
      }
    },
    end: () => {},
  };
}

function formatScore(value) {
  return value === null ? '-' : String(Number(value.toFixed(4)));
}

const STATUS_TEXT = { complete: 'complete', interrupted: 'interrupted', 'fail-fast': 'stopped at the first failure', 'output-closed': 'stopped: the output was closed' };

export function summaryTable(report) {
  const rows = [
    ['metric', report.metric],
    ['status', STATUS_TEXT[report.status]],
    ['lines', `${report.lines} (${report.invalid} invalid)`],
    ...(report.reused > 0 ? [['reused', `${report.reused} results from an earlier run`]] : []),
    ['items', String(report.items)],
    ['scored', String(report.scored)],
    ['failed', String(report.failed)],
    ['mean', formatScore(report.mean)],
    ['median', formatScore(report.median)],
    ['min', formatScore(report.min)],
    ['max', formatScore(report.max)],
    ['model calls', report.reused > 0 ? `${report.modelCalls} (${report.modelCallsThisRun} in this run)` : String(report.modelCalls)],
    ['tokens', report.usage ? `${report.usage.inputTokens} in, ${report.usage.outputTokens} out` : '-'],
    ['wall time', `${(report.wallTimeMs / 1000).toFixed(2)} s`],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  const valueWidth = Math.max(...rows.map(([, value]) => value.length));
  const rule = `+${'-'.repeat(width + 2)}+${'-'.repeat(valueWidth + 2)}+`;
  return [rule, ...rows.map(([name, value]) => `| ${name.padEnd(width)} | ${value.padEnd(valueWidth)} |`), rule].join('\n') + '\n';
}

/** The JSON of an error for a result line (batch/run.js). */
export { errorRecord } from '../batch/run.js';

/** The summary of a run of several metrics: one row per metric, then the run's totals. */
export function metricsTable(report) {
  const head = ['metric', 'scored', 'failed', 'invalid', 'mean', 'median', 'min', 'max', 'model calls'];
  const rows = report.metrics.map((row) => [
    row.metric,
    String(row.scored),
    String(row.failed),
    String(row.invalid),
    formatScore(row.mean),
    formatScore(row.median),
    formatScore(row.min),
    formatScore(row.max),
    report.reused > 0 ? `${row.modelCalls} (${row.modelCallsThisRun} now)` : String(row.modelCalls),
  ]);
  const widths = head.map((name, c) => Math.max(name.length, ...rows.map((row) => row[c].length)));
  const line = (row) => `| ${row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join(' | ')} |`;
  const rule = `+${widths.map((width) => '-'.repeat(width + 2)).join('+')}+`;
  const shared = report.answersShared > 0 ? `, ${report.answersShared} answers shared between metrics` : '';
  const notes = [
    `status: ${STATUS_TEXT[report.status]}; lines: ${report.lines} (${report.invalid} with a field missing or wrong${report.reused > 0 ? `; results of ${report.reused} reused from an earlier run` : ''})`,
    `requests sent to the model in this run: ${report.modelCallsMade}${shared}; wall time ${(report.wallTimeMs / 1000).toFixed(2)} s`,
  ];
  return `${[rule, line(head), rule, ...rows.map(line), rule].join('\n')}\n${notes.join('\n')}\n`;
}
