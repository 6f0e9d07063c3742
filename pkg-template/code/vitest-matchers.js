// Vitest support for Mastra 1.x evals (`@mastra/evals/vitest`): matchers on the result of
// `runEvals`, `expectEval(s)(...).toPass(rate)`, the meta a test carries, and a reporter that
// prints a table of scores at the end of a run. Built over the project's vitest `expect` and
// @mastra/core's `runEvals`.

import { coded } from '../engine/errors.js';

const isRunEvalsResult = (value) =>
  typeof value === 'object' && value !== null && 'scores' in value && 'summary' in value && typeof value.scores === 'object' && value.scores !== null;

const notAResult = (matcher, received) => ({
  pass: false,
  message: () => `${matcher} expected a RunEvalsResult (the return value of runEvals), received: ${JSON.stringify(received)}`,
});

/** Every numeric score of `scores`, nested objects flattened to dotted ids. */
function flatScores(scores, prefix = '', into = {}) {
  for (const [id, value] of Object.entries(scores)) {
    const key = prefix ? `${prefix}.${id}` : id;
    if (typeof value === 'number') into[key] = value;
    else if (value && typeof value === 'object') flatScores(value, key, into);
  }
  return into;
}

function scoreOf(scores, name) {
  const value = name.split('.').reduce((at, key) => (at == null ? undefined : at[key]), scores);
  return typeof value === 'number' ? value : undefined;
}

function compareScore(matcher, received, name, bound, above) {
  if (!isRunEvalsResult(received)) return notAResult(matcher, received);
  const score = scoreOf(received.scores, name);
  if (score === undefined) {
    const known = Object.keys(flatScores(received.scores)).join(', ') || '(none)';
    return { pass: false, message: () => `scorer "${name}" not found in result. Available scorers: ${known}` };
  }
  const pass = above ? score > bound : score < bound;
  const side = above ? 'above' : 'below';
  return { pass, message: () => `expected score of "${name}" (${score}) ${pass ? 'not ' : ''}to be ${side} ${bound}` };
}

/** The run's gate or threshold results, those of each turn with ids prefixed `turn N `. */
function withTurns(received, key) {
  const ofTurns = (received.turnResults ?? []).flatMap((turn) => turn[key]?.map((entry) => ({ ...entry, id: `turn ${turn.index} ${entry.id}` })) ?? []);
  return [...(received[key] ?? []), ...ofTurns];
}

function allPassed(matcher, received, key, noun, describe) {
  if (!isRunEvalsResult(received)) return notAResult(matcher, received);
  const entries = withTurns(received, key);
  if (entries.length === 0) {
    const what = noun === 'gate' ? 'gates' : 'scorer thresholds';
    return { pass: false, message: () => `no ${what} were configured on this eval run` };
  }
  const failed = entries.filter((entry) => !entry.passed);
  const message = () =>
    failed.length === 0
      ? `expected at least one ${noun} to fail, but all ${entries.length} passed`
      : `expected all ${noun}s to pass, but ${failed.length} failed:\n${failed.map((entry) => `  ✗ ${entry.id} (${describe(entry)})`).join('\n')}`;
  return { pass: failed.length === 0, message };
}

export const evalMatchers = {
  toHaveVerdict(received, verdict) {
    if (!isRunEvalsResult(received)) return notAResult('toHaveVerdict', received);
    const actual = received.verdict;
    const got = actual === undefined ? 'no verdict (no gates or thresholds configured)' : `"${actual}"`;
    return {
      pass: actual === verdict,
      message: () => (actual === verdict ? `expected verdict not to be "${verdict}"` : `expected verdict "${verdict}", got ${got}`),
    };
  },
  toHaveScoreAbove: (received, name, min) => compareScore('toHaveScoreAbove', received, name, min, true),
  toHaveScoreBelow: (received, name, max) => compareScore('toHaveScoreBelow', received, name, max, false),
  toPassGates: (received) => allPassed('toPassGates', received, 'gateResults', 'gate', (gate) => `score: ${gate.score}`),
  toPassThresholds: (received) =>
    allPassed('toPassThresholds', received, 'thresholdResults', 'threshold', (t) => `average score: ${t.averageScore}, threshold: ${JSON.stringify(t.threshold)}`),
};

/** What a test records of an eval run (its `meta.mastraEval`). */
export function toEvalMeta(result) {
  const meta = { scores: flatScores(result.scores), totalItems: result.summary.totalItems };
  if (result.verdict !== undefined) meta.verdict = result.verdict;
  if (result.gateResults) meta.gateResults = result.gateResults.map((gate) => ({ ...gate }));
  if (result.thresholdResults) meta.thresholdResults = result.thresholdResults.map((t) => ({ ...t }));
  if (result.turnResults) meta.turnResults = result.turnResults;
  return meta;
}

/** Thrown by `toPass` when a gate's pass rate or a threshold falls short; carries the run's result. */
export class EvalPassRateError extends Error {
  result;
  constructor(message, result) {
    super(message);
    this.name = 'EvalPassRateError';
    this.result = result;
  }
}

const percent = (rate) => `${Math.round(rate * 1000) / 10}%`;

function checkPassRate(result, minPassRate) {
  if (!Number.isFinite(minPassRate) || minPassRate < 0 || minPassRate > 1) {
    throw coded(new Error(`toPass(minPassRate): minPassRate must be within [0, 1], got ${minPassRate}`), 'EVALS_INVALID_OPTION');
  }
  const failures = [];
  const collect = (holder, prefix) => {
    for (const gate of holder.gateResults ?? []) {
      if (gate.score < minPassRate) failures.push(`  ✗ ${prefix}gate ${gate.id}: pass rate ${percent(gate.score)} < required ${percent(minPassRate)}`);
    }
    for (const t of holder.thresholdResults ?? []) {
      if (!t.passed) failures.push(`  ✗ ${prefix}threshold ${t.id}: average score ${t.averageScore} (threshold: ${JSON.stringify(t.threshold)})`);
    }
  };
  collect(result, '');
  for (const turn of result.turnResults ?? []) collect(turn, `turn ${turn.index} `);
  if (failures.length > 0) {
    throw new EvalPassRateError([`Eval did not pass (required pass rate: ${percent(minPassRate)}).`, ...failures].join('\n'), result);
  }
}

/** Records the eval meta on the running test, when vitest says which one it is. */
async function recordMeta(result) {
  try {
    const current = (await import('vitest')).TestRunner?.getCurrentTest?.();
    const task = current?.meta ? current : (await import('vitest/suite')).getCurrentTest?.();
    if (task?.meta) task.meta.mastraEval = toEvalMeta(result);
  } catch {
    // Not inside a vitest test: nothing to record.
  }
}

/** The functions of `evals-wasm/vitest` over vitest's `expect` and @mastra/core's `runEvals`. */
export function vitestSupport({ expect, runEvals }) {
  const assertion = (options) => ({
    async toPass(minPassRate = 1) {
      const result = await runEvals(options);
      await recordMeta(result);
      checkPassRate(result, minPassRate);
      return result;
    },
  });
  return {
    registerEvalMatchers: () => expect.extend(evalMatchers),
    expectEvals: (options) => assertion(options),
    expectEval: (options) => assertion({ ...options, data: [options.data] }),
  };
}

const ANSI = { green: '\x1b[32m', red: '\x1b[31m', yellow: '\x1b[33m', bold: '\x1b[1m', dim: '\x1b[2m', reset: '\x1b[0m' };
// eslint-disable-next-line no-control-regex
const visibleLength = (text) => text.replace(/\x1b\[[0-9;]*m/g, '').length;

const formatScore = (score) => (Number.isInteger(score) ? score.toFixed(1) : score.toFixed(3).replace(/0+$/, '').replace(/\.$/, '.0'));
const formatThreshold = (threshold) =>
  typeof threshold === 'number' ? `min ${threshold}` : Object.entries(threshold).map(([key, value]) => `${key} ${value}`).join(', ');

/** A vitest reporter printing the scores, gates and thresholds of every test that ran evals. */
export class MastraEvalsReporter {
  color;
  constructor(options = {}) {
    this.color = options.color ?? (process.stdout.isTTY === true && process.env.NO_COLOR === undefined);
  }

  onTestRunEnd(testModules) {
    const entries = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const meta = test.meta().mastraEval;
        if (meta) entries.push({ fullName: test.fullName, meta });
      }
    }
    if (entries.length > 0) this.print(this.render(entries));
  }

  /** The report as text (one table per test, then a count of runs by verdict). */
  render(entries) {
    const lines = ['', this.style(ANSI.bold, ' Mastra Evals ')];
    for (const { fullName, meta } of entries) {
      const items = `(${meta.totalItems} item${meta.totalItems === 1 ? '' : 's'})`;
      lines.push('', `${this.verdictBadge(meta.verdict)} ${this.style(ANSI.bold, fullName)} ${this.style(ANSI.dim, items)}`);
      lines.push(...this.table(this.rows(meta)));
      for (const turn of meta.turnResults ?? []) {
        const rows = this.rows({ ...turn, scores: turn.scores ?? {} });
        if (rows.length === 0) continue;
        lines.push(`  ${this.style(ANSI.dim, `turn ${turn.index}`)}`, ...this.table(rows, '  '));
      }
    }
    const passed = entries.filter((entry) => entry.meta.verdict === 'passed').length;
    const failed = entries.filter((entry) => entry.meta.verdict === 'failed').length;
    const scored = entries.length - passed - failed;
    const counts = [];
    if (passed > 0) counts.push(this.style(ANSI.green, `${passed} passed`));
    if (failed > 0) counts.push(this.style(ANSI.red, `${failed} failed`));
    if (scored > 0) counts.push(this.style(ANSI.yellow, `${scored} scored`));
    lines.push('', ` Eval runs: ${entries.length} ${this.style(ANSI.dim, `(${counts.join(', ')})`)}`, '');
    return lines.join('\n');
  }

  /** Gates, thresholds, then the scores they do not already show. */
  rows({ gateResults = [], thresholdResults = [], scores }) {
    const rows = [
      ...gateResults.map((gate) => [`${gate.id} ${this.style(ANSI.dim, '(gate)')}`, formatScore(gate.score), this.passMark(gate.passed)]),
      ...thresholdResults.map((t) => [`${t.id} ${this.style(ANSI.dim, `(threshold: ${formatThreshold(t.threshold)})`)}`, formatScore(t.averageScore), this.passMark(t.passed)]),
    ];
    const shown = new Set([...gateResults, ...thresholdResults].map((entry) => entry.id));
    for (const [id, score] of Object.entries(scores)) if (!shown.has(id)) rows.push([id, formatScore(score), '']);
    return rows;
  }

  table(rows, indent = '') {
    if (rows.length === 0) return [];
    const nameWidth = Math.max(...rows.map(([name]) => visibleLength(name)));
    const scoreWidth = Math.max(5, ...rows.map(([, score]) => score.length));
    return rows.map(([name, score, mark]) => `${indent}   ${name}${' '.repeat(nameWidth - visibleLength(name))}  ${score.padStart(scoreWidth)}  ${mark}`.trimEnd());
  }

  verdictBadge(verdict) {
    if (verdict === 'passed') return this.style(ANSI.green, '✓');
    if (verdict === 'failed') return this.style(ANSI.red, '✗');
    return this.style(ANSI.yellow, '•');
  }

  passMark(passed) {
    return passed ? this.style(ANSI.green, '✓') : this.style(ANSI.red, '✗');
  }

  style(code, text) {
    return this.color ? `${code}${text}${ANSI.reset}` : text;
  }

  print(output) {
    process.stdout.write(`${output}\n`);
  }
}
