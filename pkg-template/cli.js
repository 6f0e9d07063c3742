#!/usr/bin/env node
// evals-wasm's command-line tool: one metric over a JSONL dataset, with progress on stderr, a
// summary table at the end and the results as JSONL. Run `evals-wasm --help` for the options.
//
// Results are written line by line as they are done, in input order, so an interrupted or
// killed run leaves every finished result on disk; `--resume` measures only what is missing.
// A run with `--out FILE` records its settings and the hash of each input line next to the
// results, in FILE.run.json, which is what `--resume` checks the results against.
//
// `main(argv, io)` does the work and returns the exit code; `io` replaces the process's streams,
// environment and model client (the tests use it). Run as a program, the file calls it itself.

import { closeSync, createReadStream, existsSync, fstatSync, fsyncSync, ftruncateSync, openSync, readFileSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, dirname, join, resolve as absolutePath } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import * as evals from './node.js';
import { summarize } from './batch/batch.js';
import { redactSecrets } from './engine/errors.js';
import { LANGUAGES } from './nlp/languages.js';

const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
const DEFAULT_MODEL_NAME = 'gpt-4o-mini';
/** After the first Ctrl-C, how long the items in flight may take to finish before they are aborted. */
const INTERRUPT_GRACE_MS = 1000;

class UsageError extends Error {}

function positiveInteger(name, text) {
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`--${name} must be a whole number of at least 1, got "${text}"`);
  return Number(text);
}

function positiveNumber(name, text) {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) throw new UsageError(`--${name} must be a number above 0, got "${text}"`);
  return value;
}

const oneOf = (choices) => (name, text) => {
  if (!choices.includes(text)) throw new UsageError(`--${name} must be one of ${choices.join(', ')}, got "${text}"`);
  return text;
};

/**
 * Every option. `value` names the option's argument (flags have none); `parse(name, text)`
 * checks and converts it. Options with a `key` configure a metric: the metrics that accept one
 * list it in their `options`, and its value goes to the metric's constructor under `key`
 * (`default` is the constructor's own default, recorded so that `--resume` sees `--scale 1` and
 * no `--scale` as the same run).
 */
const OPTIONS = {
  out: { value: 'FILE', help: 'write the results to FILE (line by line, as they are done) instead of standard output' },
  resume: { help: 'with --out: keep the results FILE already holds for this input and these settings, measure the rest and append them' },
  'skip-failed': { help: 'with --resume: keep failed results as they are instead of measuring those items again' },
  'summary-json': { value: 'FILE', help: 'also write the summary as JSON to FILE (for CI dashboards)' },
  concurrency: { value: 'N', parse: positiveInteger, help: 'items measured at once, so model calls in flight (default 4)' },
  'ignore-stopwords': { key: 'ignoreStopwords', default: false, help: 'completeness: leave function words out of both texts' },
  language: { value: 'CODE', key: 'language', default: 'en', parse: oneOf(LANGUAGES), help: `completeness, keyword-coverage: the texts' language, one of ${LANGUAGES.join(' ')} (default en; other languages compare Snowball stems; auto detects it for each item)` },
  'keep-case': { key: 'ignoreCase', flagValue: false, default: true, help: 'content-similarity: compare the texts as written instead of lower-cased' },
  'keep-whitespace': { key: 'ignoreWhitespace', flagValue: false, default: true, help: 'content-similarity: do not collapse white space first (the bigrams never hold white space, so the score stays the same)' },
  strategy: { value: 'NAME', key: 'strategy', default: 'statements', parse: oneOf(['statements', 'claims']), help: 'hallucination: "statements" (default; share of the context contradicted) or "claims" (share of the output\'s claims not supported, as @mastra/evals 0.14)' },
  'no-reason': { key: 'reason', flagValue: false, default: true, help: 'hallucination, answer-relevancy, faithfulness, prompt-alignment, summarization, context and bias metrics: compose the reason from the verdicts instead of asking the model (one call less per item)' },
  scale: { value: 'X', key: 'scale', default: 1, parse: positiveNumber, help: 'LLM metrics: the highest score (default 1)' },
  'custom-instruction': { value: 'TEXT', key: 'customInstruction', help: 'coverage, factual-consistency, factual-alignment, topic-preservation: guidance for the judge, e.g. "a claim is covered only if its figures are kept"' },
  verbose: { key: 'verbose', default: false, help: 'coverage, factual-consistency, factual-alignment, topic-preservation: put each claim (or topic) and its verdict in the result\'s info' },
  'max-output-tokens': { value: 'N', key: 'maxOutputTokens', default: 4096, parse: positiveInteger, help: 'coverage, factual-consistency, factual-alignment, topic-preservation: the longest answer the model may give, sent with each request (without it, work is split for 4096 and no limit is sent)' },
  'coverage-by': { value: 'HOW', key: 'coverage', default: 'questions', parse: oneOf(['questions', 'claims']), help: 'summarization: "questions" (default, as @mastra/evals 0.14: yes/no questions drawn from the source) or "claims" (the source\'s own claims, each kept or not)' },
  'uncertainty-weight': { value: 'X', key: 'uncertaintyWeight', default: 0.3, parse: (name, text) => { const x = Number(text); if (!(text.trim() !== '' && Number.isFinite(x) && x >= 0)) throw new UsageError(`--${name} must be a number of at least 0, got "${text}"`); return x; }, help: 'answer-relevancy: what a partly relevant statement counts (default 0.3)' },
  model: { value: 'URL', help: `base URL of an OpenAI-compatible Chat Completions API\n(default: $OPENAI_BASE_URL, else ${DEFAULT_BASE_URL})` },
  'model-name': { value: 'NAME', help: `the model to ask (default: ${DEFAULT_MODEL_NAME})` },
  'api-key': { value: 'KEY', help: 'the API key (default: $OPENAI_API_KEY; prefer the environment\nvariable, command lines are visible to other users). Never printed.' },
  'timeout-ms': { value: 'MS', parse: positiveInteger, help: 'LLM metrics: the longest one item may take, model calls included (default: no limit, a model that never answers keeps the run waiting)' },
  cassette: { value: 'FILE', help: 'LLM metrics: answer the model\'s requests from FILE (JSON Lines, one recorded request a line), calling the model only for what it lacks and recording that, so a second run repeats the scores without a model (see docs/cassettes.md)' },
  'cassette-mode': { value: 'MODE', parse: oneOf(['auto', 'replay', 'record']), help: 'with --cassette: auto (default: replay what is recorded, record the rest), replay (never call the model: a request not recorded fails its item with EVALS_CASSETTE_MISS; no API key needed), or record (ask the model again and record the new answers)' },
  'dry-run': { help: 'call no model: print, per item and in all, the requests the run would make (those a --cassette holds cost nothing) and an estimate of their prompt and answer tokens (see docs/batch.md)' },
  'fail-fast': { help: 'stop at the first item that fails (the results before it are kept)' },
  'allow-failures': { help: 'exit with 0 even when items failed or lines were invalid' },
  help: { alias: '-h', help: 'show this help' },
  version: { help: 'show the version of evals-wasm' },
};

/**
 * Every metric, one entry each. `about` is its line in the help; `judge` means it needs a model
 * (and takes --model, --model-name, --api-key, --timeout-ms); `context` means every line needs
 * a "context" array; `options` are the metric options it accepts (keys of OPTIONS);
 * `create(settings, model)` builds the metric, or a factory `(item) => metric`, from the
 * constructor settings those options gave.
 */
const METRICS = {
  completeness: {
    about: 'how much of "input" the "output" keeps (no model needed)',
    options: ['ignore-stopwords', 'language'],
    create: (settings) => new evals.CompletenessMetric(settings),
  },
  'content-similarity': {
    about: 'how alike "input" and "output" are as strings (no model needed)',
    options: ['keep-case', 'keep-whitespace'],
    create: (settings) => new evals.ContentSimilarityMetric(settings),
  },
  'keyword-coverage': {
    about: 'the share of the keywords of "input" that "output" has (no model needed)',
    options: ['language'],
    create: (settings) => new evals.KeywordCoverageMetric(settings),
  },
  'textual-difference': {
    about: 'how much "input" and "output" share as character sequences (no model needed)',
    options: [],
    create: () => new evals.TextualDifferenceMetric(),
  },
  tone: {
    about: 'how alike the sentiments of "input" and "output" are (no model needed)',
    options: [],
    create: () => new evals.ToneConsistencyMetric(),
  },
  hallucination: {
    about: 'how much of "context" the "output" contradicts (LLM judge)',
    judge: true,
    context: true,
    options: ['strategy', 'scale', 'no-reason'],
    create: (settings, model) => (item) => new evals.HallucinationMetric(model, { ...settings, context: item.context }),
  },
  coverage: {
    about: 'how much of "input" (the source) the "output" (a summary) keeps (LLM judge)',
    judge: true,
    options: ['scale', 'custom-instruction', 'verbose', 'max-output-tokens'],
    create: (settings, model) => new evals.CoverageMetric(model, settings),
  },
  'context-precision': {
    about: 'whether the "context" pieces useful for "output" (the expected answer to "input") come first (LLM judge)',
    judge: true,
    context: true,
    options: ['scale', 'no-reason'],
    create: (settings, model) => (item) => new evals.ContextPrecisionMetric(model, { ...settings, context: item.context }),
  },
  'context-position': {
    about: 'how early the "context" pieces useful for "output" (the expected answer to "input") come (LLM judge)',
    judge: true,
    context: true,
    options: ['scale', 'no-reason'],
    create: (settings, model) => (item) => new evals.ContextPositionMetric(model, { ...settings, context: item.context }),
  },
  'context-relevancy': {
    about: 'the share of the "context" pieces relevant to "input" (LLM judge)',
    judge: true,
    context: true,
    options: ['scale', 'no-reason'],
    create: (settings, model) => (item) => new evals.ContextRelevancyMetric(model, { ...settings, context: item.context }),
  },
  'contextual-recall': {
    about: 'the share of the "context" pieces that "output" uses (LLM judge)',
    judge: true,
    context: true,
    options: ['scale', 'no-reason'],
    create: (settings, model) => (item) => new evals.ContextualRecallMetric(model, { ...settings, context: item.context }),
  },
  bias: {
    about: 'the share of the opinions of "output" that are biased (LLM judge; --scale, --no-reason)',
    judge: true,
    options: ['scale', 'no-reason'],
    create: (settings, model) => new evals.BiasMetric(model, settings),
  },
  toxicity: {
    about: 'the share of the sentences of "output" that are toxic, "input" shown as context (LLM judge; --scale, --no-reason)',
    judge: true,
    options: ['scale', 'no-reason'],
    create: (settings, model) => new evals.ToxicityMetric(model, settings),
  },
  'answer-relevancy': {
    about: 'how much of the "output" speaks to the "input" (LLM judge)',
    judge: true,
    options: ['uncertainty-weight', 'scale', 'no-reason'],
    create: (settings, model) => new evals.AnswerRelevancyMetric(model, settings),
  },
  faithfulness: {
    about: 'the share of the claims of "output" that "context" supports (LLM judge)',
    judge: true,
    context: true,
    options: ['scale', 'no-reason'],
    create: (settings, model) => (item) => new evals.FaithfulnessMetric(model, { ...settings, context: item.context }),
  },
  'prompt-alignment': {
    about: 'how many of the line\'s "instructions" (strings) "output" follows (LLM judge)',
    judge: true,
    lists: ['instructions'],
    name: 'prompt-alignment',
    options: ['scale', 'no-reason'],
    create: (settings, model) => (item) => new evals.PromptAlignmentMetric(model, { ...settings, instructions: item.instructions }),
  },
  summarization: {
    about: 'how faithful and complete "output" is as a summary of "input" (LLM judge)',
    judge: true,
    options: ['scale', 'no-reason', 'coverage-by'],
    create: (settings, model) => new evals.SummarizationMetric(model, settings),
  },
  'factual-consistency': {
    about: 'the share of the claims of "output" (a summary) "input" supports (LLM judge)',
    judge: true,
    options: ['scale', 'custom-instruction', 'verbose', 'max-output-tokens'],
    create: (settings, model) => new evals.FactualConsistencyMetric(model, settings),
  },
  'factual-alignment': {
    about: 'F1 of coverage and factual consistency of "output" to "input" (LLM judge)',
    judge: true,
    options: ['scale', 'custom-instruction', 'verbose', 'max-output-tokens'],
    create: (settings, model) => new evals.FactualAlignmentMetric(model, settings),
  },
  'topic-preservation': {
    about: 'the share of the main topics of "input" that "output" keeps (LLM judge)',
    judge: true,
    options: ['scale', 'custom-instruction', 'verbose', 'max-output-tokens'],
    create: (settings, model) => new evals.TopicPreservationMetric(model, settings),
  },
};

/**
 * The table of a dry run: per item (its line, or id) the requests it would make, the answers a
 * cassette holds, and the estimated tokens; then the totals.
 */
function dryRunTable(entries, results, summary) {
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

/** Splits `text` into lines of at most `width` characters, at spaces. */
function wrap(text, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  return [...lines, line];
}

function helpText() {
  const nameWidth = Math.max(...Object.keys(METRICS).map((name) => name.length)) + 2;
  const metricLines = Object.entries(METRICS).flatMap(([name, { about }]) => {
    const [first, ...rest] = wrap(about, 98 - nameWidth);
    return [`  ${name.padEnd(nameWidth)}${first}`, ...rest.map((more) => `  ${' '.repeat(nameWidth)}${more}`)];
  });
  const optionLines = [];
  for (const [name, option] of Object.entries(OPTIONS)) {
    const label = `${option.alias ? `${option.alias}, ` : ''}--${name}${option.value ? ` ${option.value}` : ''}`;
    const [first, ...rest] = option.help.split('\n').flatMap((piece) => wrap(piece, 72));
    optionLines.push(label.length < 22 ? `  ${label.padEnd(22)}${first}` : `  ${label}\n  ${' '.repeat(22)}${first}`);
    for (const more of rest) optionLines.push(`  ${' '.repeat(22)}${more}`);
  }
  return `Usage: evals-wasm <metric> <file.jsonl | -> [options]

Scores every line of a JSONL dataset with one metric of evals-wasm and writes one JSON result
per line, in input order, each as soon as it and the lines before it are done.

Metrics
${metricLines.join('\n')}

Input: one JSON object per line (blank lines are skipped); "-" reads standard input.
  { "input": "...", "output": "...", "context": ["..."], "id": <any> }
  "context" (an array of strings) is required by hallucination and faithfulness and ignored
  otherwise; lines with the same context share one extraction of its statements. "id" is
  copied to the result.
  For tone, an empty "output" scores how steady the sentiment of "input" is across sentences.
  A line that is not valid JSON or lacks a field is not measured: it is reported on stderr
  with its line number and written as an error result (code EVALS_INVALID_LINE); the run goes
  on. A UTF-8 byte-order mark at the start of the input is dropped.

Output: one JSON object per input line, to standard output or to --out:
  { "line": 3, "id": ..., "score": 0.75, "info": { ... } }
  { "line": 4, "id": ..., "error": { "message": "...", "code": "EVALS_INVALID_LINE" } }
  Progress and the summary table go to stderr, so standard output holds JSONL only. The
  progress is a bar when stderr is a terminal, otherwise a line at every tenth of the items.
  With --out FILE, the run's settings and a hash of each input line go to FILE.run.json,
  which --resume checks the results against.

Options
${optionLines.join('\n')}

Resuming: run the same command again with --resume. Results whose input line is unchanged
(found by "id" when the line has one, else by line number) are kept, failed ones are measured
again (unless --skip-failed), and the rest is measured and appended. A different metric, model
or metric option is refused, since its results would not be comparable.

Exit codes
  0   every line was scored (or --allow-failures)
  1   some line was invalid or some item failed (or --fail-fast stopped the run)
  2   wrong arguments, unreadable input, or the results could not be written
  130 interrupted (Ctrl-C or SIGTERM): the items in flight get a second to finish, every
      finished result is written; a second Ctrl-C quits at once

Examples
  evals-wasm completeness data.jsonl --out results.jsonl
  OPENAI_API_KEY=... evals-wasm coverage summaries.jsonl --model-name gpt-4o-mini --out cov.jsonl
  OPENAI_API_KEY=... evals-wasm coverage summaries.jsonl --out cov.jsonl --resume
  OPENAI_API_KEY=... evals-wasm coverage summaries.jsonl --cassette judge.jsonl
  evals-wasm coverage summaries.jsonl --cassette judge.jsonl --cassette-mode replay
  evals-wasm hallucination answers.jsonl --model http://localhost:11434/v1 --model-name llama3.1
`;
}

function parseArguments(argv) {
  const positional = [];
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '-' || !arg.startsWith('-')) {
      positional.push(arg);
      continue;
    }
    if (arg === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    const equals = arg.indexOf('=');
    const given = equals > 0 && arg.startsWith('--') ? arg.slice(0, equals) : arg;
    const name = given.startsWith('--') ? given.slice(2) : Object.keys(OPTIONS).find((key) => OPTIONS[key].alias === given);
    const option = name === undefined ? undefined : OPTIONS[name];
    if (option === undefined) throw new UsageError(`unknown option ${given}`);
    if (option.value === undefined) {
      if (given !== arg) throw new UsageError(`${given} takes no value`);
      options[name] = true;
    } else {
      let value;
      if (given !== arg) value = arg.slice(equals + 1);
      else if (i + 1 < argv.length) value = argv[++i];
      else throw new UsageError(`${given} needs a value`);
      options[name] = option.parse ? option.parse(name, value) : value;
    }
  }
  return { positional, options };
}

/** The constructor settings of `metric` from the options given, and the same with defaults filled in. */
function metricSettings(metricName, options) {
  const metric = METRICS[metricName];
  for (const [name, option] of Object.entries(OPTIONS)) {
    if (option.key !== undefined && options[name] !== undefined && !metric.options.includes(name)) {
      const takers = Object.keys(METRICS).filter((other) => METRICS[other].options.includes(name));
      throw new UsageError(`--${name} applies to ${takers.length > 1 ? `${takers.slice(0, -1).join(', ')} and ${takers.at(-1)}` : takers[0]} only`);
    }
  }
  const settings = {};
  const effective = {};
  for (const name of metric.options) {
    const option = OPTIONS[name];
    let value = options[name];
    if (value !== undefined && option.value === undefined) value = option.flagValue ?? true;
    if (value !== undefined) settings[option.key] = value;
    // A flag is recorded as given or not, as typed (--no-reason given is true), not as the
    // constructor setting it stands for (reason: false), so records and messages read as typed.
    effective[name] = option.value === undefined ? options[name] === true : value ?? option.default ?? null;
  }
  return { settings, effective };
}

/** A short hash of an input line's text: what `--resume` compares to know the line is unchanged. */
function lineHash(text) {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** Reads a JSONL source line by line: `[{ line, hash, id?, item } | { line, hash, id?, error }]`. */
async function readDataset(stream, metric) {
  const entries = [];
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let number = 0;
  for await (const raw of lines) {
    number += 1;
    // A UTF-8 byte-order mark (as some editors on Windows write) is not part of the first line.
    const text = number === 1 && raw.startsWith('\uFEFF') ? raw.slice(1) : raw;
    if (text.trim() === '') continue;
    entries.push({ ...parseLine(text, number, metric), hash: lineHash(text) });
  }
  return entries;
}

function parseLine(text, line, metric) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { line, error: `invalid JSON (${error.message})` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { line, error: 'expected a JSON object with "input" and "output"' };
  }
  const id = value.id;
  const problem = (message) => ({ line, id, error: message });
  for (const field of ['input', 'output']) {
    if (!(field in value)) return problem(`missing field "${field}"`);
    if (typeof value[field] !== 'string') return problem(`field "${field}" must be a string`);
  }
  const item = { input: value.input, output: value.output };
  // The list fields the metric needs on every line ("context", "instructions").
  for (const field of metric.lists ?? (metric.context ? ['context'] : [])) {
    if (!(field in value)) return problem(`missing field "${field}" (an array of strings, needed by ${metric.name ?? 'this metric'})`);
    if (!Array.isArray(value[field]) || value[field].some((piece) => typeof piece !== 'string')) {
      return problem(`field "${field}" must be an array of strings`);
    }
    item[field] = value[field];
  }
  return { line, id, item };
}

/** Progress on stderr: a redrawn bar on a terminal, a plain line per tenth of the items otherwise. */
function progressReporter(stderr, total) {
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

function summaryTable(report) {
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

/** The JSON of an error for a result line. */
function errorRecord(error) {
  if (error === null || typeof error !== 'object') return { message: String(error) };
  const record = { message: typeof error.message === 'string' ? error.message : String(error) };
  if (typeof error.code === 'string') record.code = error.code;
  if (typeof error.step === 'string') record.step = error.step;
  return record;
}

/** Why a file cannot be opened for writing, in words. */
function openFailure(path, error) {
  const reasons = {
    ENOENT: `the folder "${dirname(path)}" does not exist`,
    ENOTDIR: 'a part of the path is not a folder',
    EISDIR: 'it is a folder, not a file',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EROFS: 'the file system is read-only',
    ENOSPC: 'no space left on the device',
  };
  return `cannot write ${path}: ${reasons[error?.code] ?? error?.message ?? String(error)}`;
}

/** An output that cannot be written: stops the run with exit 2 (quietly for a closed pipe). */
class OutputError extends Error {
  constructor(message, cause) {
    super(message, { cause });
    this.quiet = cause?.code === 'EPIPE';
  }
}

/** Writes whole chunks to a file descriptor, synchronously: a chunk is in the file when this returns. */
function fileSink(fd, path) {
  return {
    write(text) {
      const bytes = Buffer.from(text);
      let offset = 0;
      try {
        while (offset < bytes.length) offset += writeSync(fd, bytes, offset);
      } catch (error) {
        throw new OutputError(openFailure(path, error), error);
      }
    },
    close() {
      closeSync(fd);
    },
  };
}

/** Writes chunks to a stream (standard output), each write awaited, so failures surface at once. */
function streamSink(stream) {
  let failure;
  const onError = (error) => {
    failure ??= error;
  };
  stream.on?.('error', onError);
  const fail = (error) => new OutputError(`cannot write the results to standard output: ${error.message ?? String(error)}`, error);
  return {
    write(text) {
      if (failure) return Promise.reject(fail(failure));
      return new Promise((resolve, reject) => {
        stream.write(text, (error) => {
          const problem = error ?? failure;
          if (problem) reject(fail(problem));
          else resolve();
        });
      });
    },
    close() {
      stream.removeListener?.('error', onError);
    },
  };
}

/**
 * Writes the result lines of `order` (entry indexes) to `sink` in that order, each as soon as
 * it and all before it have their text in `texts`. Flushes run one after another; after a
 * failure every flush rejects with it.
 */
function orderedWriter(order, texts, sink) {
  let next = 0;
  let chain = Promise.resolve();
  return {
    get written() {
      return next;
    },
    flush() {
      chain = chain.then(async () => {
        let end = next;
        while (end < order.length && texts[order[end]] !== undefined) end += 1;
        if (end === next) return;
        await sink.write(order.slice(next, end).map((index) => `${texts[index]}\n`).join(''));
        next = end;
      });
      return chain;
    },
  };
}

/** Writes `text` to `path` through a temporary file and a rename, so `path` is never half-written. */
function replaceFile(path, text) {
  const temporary = `${path}.tmp-${process.pid}`;
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}

const sidecarPath = (out) => `${out}.run.json`;

/** Whether two recorded settings are the same run, and if not, how they differ (in option names). */
function settingsDifference(before, now) {
  const names = [...new Set([...Object.keys(before), ...Object.keys(now)])];
  const show = (name, value) => {
    if (name === 'metric') return `metric ${value}`;
    if (OPTIONS[name]?.value === undefined && typeof value === 'boolean') return `--${name} ${value ? 'given' : 'not given'}`;
    return `--${name} ${JSON.stringify(value ?? null)}`;
  };
  return names
    .filter((name) => JSON.stringify(before[name] ?? null) !== JSON.stringify(now[name] ?? null))
    .map((name) => `${show(name, before[name])} there, ${show(name, now[name])} here`);
}

class ResumeRefused extends Error {}

/**
 * What `--resume` keeps of `out`: `{ kept: Map(entry index → result line), reused, retried,
 * stale, cutOff }`. Refuses (ResumeRefused) results of other settings, results without their
 * run record, and anything that is not a results file.
 */
function reconcile(out, entries, run, skipFailed) {
  let text;
  try {
    text = readFileSync(out, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') text = '';
    else throw error;
  }
  const kept = new Map();
  const counts = { kept, reused: 0, retried: 0, stale: 0, cutOff: false, text };
  if (text === '') return counts;
  let record;
  try {
    record = JSON.parse(readFileSync(sidecarPath(out), 'utf8'));
  } catch (error) {
    const why = error.code === 'ENOENT' ? 'is missing' : `cannot be read (${error.message})`;
    throw new ResumeRefused(`${out} holds results, but ${sidecarPath(out)}, the record of the run that wrote them, ${why}, so they cannot be matched to this input and these settings. Run without --resume to start over.`);
  }
  if (record?.tool !== 'evals-wasm' || !Array.isArray(record.lineHashes) || record.settings === null || typeof record.settings !== 'object') {
    throw new ResumeRefused(`${sidecarPath(out)} is not a run record of evals-wasm. Run without --resume to start over.`);
  }
  const differences = settingsDifference(record.settings, run.settings);
  if (differences.length > 0) {
    throw new ResumeRefused(`${out} holds results of a run with other settings (${differences.join('; ')}); they would not be comparable. Use another --out file, or run without --resume to replace them.`);
  }

  const pieces = text.split('\n');
  const last = pieces.pop();
  counts.cutOff = last !== '';
  const byLine = new Map(entries.map((entry, index) => [entry.line, index]));
  const idCounts = new Map();
  for (const entry of entries) {
    if (entry.id !== undefined) idCounts.set(JSON.stringify(entry.id), (idCounts.get(JSON.stringify(entry.id)) ?? 0) + 1);
  }
  const byId = new Map();
  entries.forEach((entry, index) => {
    if (entry.id !== undefined && idCounts.get(JSON.stringify(entry.id)) === 1) byId.set(JSON.stringify(entry.id), index);
  });
  pieces.forEach((piece, position) => {
    let result;
    try {
      result = JSON.parse(piece);
    } catch {
      result = undefined;
    }
    if (result === null || typeof result !== 'object' || !Number.isInteger(result.line) || !('score' in result || 'error' in result)) {
      throw new ResumeRefused(`line ${position + 1} of ${out} is not a result of evals-wasm; is it the right file? Run without --resume to replace it.`);
    }
    const target = result.id !== undefined && byId.has(JSON.stringify(result.id)) ? byId.get(JSON.stringify(result.id)) : byLine.get(result.line);
    const entry = target === undefined ? undefined : entries[target];
    if (entry === undefined || kept.has(target) || record.lineHashes[result.line - 1] !== entry.hash) {
      counts.stale += 1;
      return;
    }
    if ('error' in result && result.error?.code !== 'EVALS_INVALID_LINE' && !skipFailed) {
      counts.retried += 1;
      return;
    }
    const { line: _line, ...rest } = result;
    kept.set(target, JSON.stringify({ line: entry.line, ...rest }));
    if (entry.item !== undefined) counts.reused += 1;
  });
  return counts;
}

/** The run record that goes next to `out`: the settings that make results comparable, and the input's line hashes. */
function runRecord(run, entries, input) {
  const lineHashes = [];
  for (const entry of entries) lineHashes[entry.line - 1] = entry.hash;
  for (let i = 0; i < lineHashes.length; i++) lineHashes[i] ??= null;
  return `${JSON.stringify({ tool: 'evals-wasm', version: run.version, input, settings: run.settings, lineHashes })}\n`;
}

function defaultMakeModel({ baseURL, apiKey, model }) {
  if (typeof evals.openaiCompatible !== 'function') {
    throw new UsageError('this build of evals-wasm has no OpenAI-compatible client (openaiCompatible)');
  }
  return evals.openaiCompatible({ baseURL, apiKey, model });
}

/** A result line's score, info or error, as `summarize` reads them. */
function outcomeOf(text) {
  const record = JSON.parse(text);
  return 'error' in record ? { error: record.error } : { score: record.score, info: record.info };
}

/**
 * Runs the tool with `argv` (the arguments after the program name) and resolves to the exit
 * code. `io`: `{ stdin, stdout, stderr, env, makeModel, signal, graceMs }`, each defaulting to
 * the process's own (`makeModel({ baseURL, apiKey, model })` builds the judge of the LLM
 * metrics; `signal` aborting is a Ctrl-C; `graceMs` is how long the items in flight then get).
 */
export async function main(argv, io = {}) {
  const {
    stdin = process.stdin,
    stdout = process.stdout,
    stderr = process.stderr,
    env = process.env,
    makeModel = defaultMakeModel,
    signal,
    graceMs = INTERRUPT_GRACE_MS,
  } = io;
  let apiKey;
  // The API key must never reach the output, whatever message carries it.
  const redact = (text) => redactSecrets(text, [apiKey]);
  const say = (text) => stderr.write(redact(text));
  const toClose = [];
  try {
    return await run();
  } catch (error) {
    if (error instanceof OutputError) {
      if (!error.quiet) say(`evals-wasm: ${error.message}\n`);
      return error.quiet ? 0 : 2;
    }
    say(`evals-wasm: ${error?.stack ?? String(error)}\n`);
    return 2;
  } finally {
    for (const close of toClose) {
      try {
        close();
      } catch {
        // Closing is best effort; what mattered was written already.
      }
    }
  }

  async function run() {
    let metricName;
    let metricDef;
    let options;
    let metric;
    let input;
    let file;
    const run = {};
    try {
      const parsed = parseArguments(argv);
      options = parsed.options;
      apiKey = options['api-key'] ?? env.OPENAI_API_KEY ?? undefined;
      if (apiKey === '') apiKey = undefined;
      if (options.help) {
        stdout.write(helpText());
        return 0;
      }
      const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
      if (options.version) {
        stdout.write(`${manifest.version}\n`);
        return 0;
      }
      run.version = manifest.version;
      if (parsed.positional.length !== 2) {
        throw new UsageError(parsed.positional.length < 2 ? 'expected a metric and a file' : `unexpected argument "${parsed.positional[2]}"`);
      }
      [metricName, file] = parsed.positional;
      if (!Object.hasOwn(METRICS, metricName)) throw new UsageError(`unknown metric "${metricName}"; expected one of ${Object.keys(METRICS).join(', ')}`);
      metricDef = METRICS[metricName];
      options.concurrency ??= 4;
      if (options.resume && options.out === undefined) throw new UsageError('--resume needs --out FILE: the results to resume are read from that file');
      if (options['skip-failed'] && !options.resume) throw new UsageError('--skip-failed applies with --resume only');
      if (options['cassette-mode'] !== undefined && options.cassette === undefined) throw new UsageError('--cassette-mode applies with --cassette FILE only');
      if (options['dry-run'] && (options.out !== undefined || options.resume || options['summary-json'] !== undefined)) throw new UsageError('--dry-run prints its table only: leave out --out, --resume and --summary-json');
      if (options.cassette !== undefined && !metricDef.judge) {
        throw new UsageError(`--cassette applies to the metrics judged by a model only (${Object.keys(METRICS).filter((name) => METRICS[name].judge).join(', ')})`);
      }
      const { settings, effective } = metricSettings(metricName, options);
      run.settings = { metric: metricName, ...effective };

      if (metricDef.judge) {
        const baseURL = options.model ?? env.OPENAI_BASE_URL ?? DEFAULT_BASE_URL;
        const replayOnly = options['cassette-mode'] === 'replay';
        if (apiKey === undefined && !replayOnly && !options['dry-run'] && baseURL.replace(/\/+$/, '') === DEFAULT_BASE_URL) {
          throw new UsageError('the OpenAI API needs a key: set OPENAI_API_KEY (or pass --api-key)');
        }
        const modelName = options['model-name'] ?? DEFAULT_MODEL_NAME;
        run.settings.model = withoutCredentials(baseURL);
        run.settings['model-name'] = modelName;
        let model = makeModel({ baseURL, apiKey, model: modelName });
        if (options.cassette !== undefined) {
          const clash = (file !== '-' && samePath(options.cassette, file) && 'the input file') || (options.out !== undefined && samePath(options.cassette, options.out) && 'the --out file');
          if (clash) throw new UsageError(`--cassette ${options.cassette} is ${clash}; choose another file`);
          model = evals.withCassette(model, { path: options.cassette, mode: options['cassette-mode'] ?? 'auto', secrets: apiKey === undefined ? [] : [apiKey] });
        }
        if (options['timeout-ms'] !== undefined) settings.timeoutMs = options['timeout-ms'];
        metric = metricDef.create(settings, model);
      } else {
        metric = metricDef.create(settings);
      }
      if (file === '-') {
        input = stdin;
      } else {
        input = createReadStream(file);
        await new Promise((resolve, reject) => {
          input.once('open', resolve);
          input.once('error', reject);
        });
      }
    } catch (error) {
      if (error instanceof UsageError || error instanceof TypeError || (error && typeof error.code === 'string' && error.syscall)) {
        say(`evals-wasm: ${error.message}\nRun "evals-wasm --help" for the usage.\n`);
        return 2;
      }
      throw error;
    }

    // The outputs are opened before anything is read or measured: a wrong path costs nothing.
    let outFd;
    let summaryFd;
    let summaryWritten = false;
    try {
      if (options.out !== undefined && input !== stdin && sameFile(input.fd, options.out)) {
        throw new OutputError(`cannot write ${options.out}: it is the input file; choose another --out`);
      }
      const summaryPath = options['summary-json'];
      if (summaryPath !== undefined) {
        // The summary must not replace the input, the results or their run record.
        const clash = (input !== stdin && sameFile(input.fd, summaryPath) && 'the input file') ||
          (options.out !== undefined && samePath(summaryPath, options.out) && 'the --out file') ||
          (options.out !== undefined && samePath(summaryPath, sidecarPath(options.out)) && `the run record of --out (${sidecarPath(options.out)})`);
        if (clash) throw new OutputError(`cannot write ${summaryPath}: it is ${clash}; choose another --summary-json`);
        // Opened now to fail early, but emptied only when the summary is written: a run that stops
        // before that leaves an earlier file as it was, and removes one it created.
        const created = !existsSync(summaryPath);
        summaryFd = openOrFail(summaryPath, 'a');
        toClose.push(() => {
          closeSync(summaryFd);
          if (created && !summaryWritten) unlinkSync(summaryPath);
        });
      }
      if (options.out !== undefined) {
        // --resume appends (and creates the file when there is none); otherwise the file is replaced.
        outFd = openOrFail(options.out, options.resume ? 'a' : 'w');
        toClose.push(() => outFd !== undefined && closeSync(outFd));
      }
    } catch (error) {
      if (error instanceof OutputError) {
        say(`evals-wasm: ${error.message}\n`);
        return 2;
      }
      throw error;
    }

    /** --dry-run: the table of requests and tokens per item and in all; 1 when an item failed. */
    const dryRun = async (valid) => {
      if (!metricDef.judge) {
        stdout.write(`${metricName} needs no model: 0 requests for ${valid.length} item${valid.length === 1 ? '' : 's'}.\n`);
        return 0;
      }
      const { results, summary } = await evals.evaluateMany(metric, valid.map((entry) => entry.item), { dryRun: true, concurrency: options.concurrency });
      stdout.write(dryRunTable(valid, results, summary));
      return summary.failures > 0 ? 1 : 0;
    };
    const entries = await readDataset(input, metricDef);
    const invalid = entries.filter((entry) => entry.item === undefined).length;
    for (const entry of entries) {
      if (entry.error !== undefined) say(`line ${entry.line}: ${entry.error}; skipped\n`);
    }
    if (options['dry-run']) return dryRun(entries.filter((entry) => entry.item !== undefined));

    // The result line of each entry, once known; invalid lines have theirs at once.
    const texts = entries.map((entry) => {
      if (entry.item !== undefined) return undefined;
      const record = { line: entry.line };
      if (entry.id !== undefined) record.id = entry.id;
      record.error = { message: entry.error, code: 'EVALS_INVALID_LINE' };
      return redact(JSON.stringify(record));
    });
    let order = entries.map((_, index) => index);
    let reused = 0;
    let sortAtEnd = false;
    const regular = outFd !== undefined && fstatSync(outFd).isFile();
    let sink;
    if (options.out === undefined) {
      sink = streamSink(stdout);
      toClose.push(() => sink.close());
    } else {
      try {
        if (options.resume) {
          if (!regular) throw new ResumeRefused(`--resume needs --out to be a regular file, and ${options.out} is not one`);
          const found = reconcile(options.out, entries, run, options['skip-failed'] === true);
          for (const [index, text] of found.kept) texts[index] = text;
          order = order.filter((index) => !found.kept.has(index));
          reused = found.reused;
          // Appending keeps input order when what is kept is a run of lines from the start.
          sortAtEnd = order.some((index, position) => index !== position + found.kept.size);
          const keptText = entries.map((_, index) => found.kept.get(index)).filter((text) => text !== undefined).map((text) => `${text}\n`).join('');
          replaceFile(sidecarPath(options.out), runRecord(run, entries, file));
          if (keptText !== found.text) {
            closeSync(outFd);
            outFd = undefined;
            replaceFile(options.out, keptText);
            outFd = openOrFail(options.out, 'a');
          }
          const notes = [`resuming: ${found.reused} of ${entries.length - invalid} items already have their results in ${options.out}`];
          if (found.retried > 0) notes.push(found.retried === 1 ? '1 failed one is measured again' : `${found.retried} failed ones are measured again`);
          if (found.stale > 0) notes.push(found.stale === 1 ? '1 result no longer matches its input line and is dropped' : `${found.stale} results no longer match their input lines and are dropped`);
          if (found.cutOff) notes.push('the cut-off last line (from a killed run) is dropped');
          say(`evals-wasm: ${notes.join('; ')}\n`);
        } else if (regular) {
          try {
            replaceFile(sidecarPath(options.out), runRecord(run, entries, file));
          } catch (error) {
            say(`evals-wasm: warning: ${openFailure(sidecarPath(options.out), error)}; --resume will not be possible for this run\n`);
          }
        }
      } catch (error) {
        if (error instanceof ResumeRefused) {
          say(`evals-wasm: cannot resume: ${error.message}\n`);
          return 2;
        }
        if (error instanceof OutputError) {
          say(`evals-wasm: ${error.message}\n`);
          return 2;
        }
        if (error?.syscall) {
          say(`evals-wasm: ${openFailure(error.path ?? options.out, error)}\n`);
          return 2;
        }
        throw error;
      }
      sink = fileSink(outFd, options.out);
    }
    const writer = orderedWriter(order, texts, sink);

    // The items to measure, fed one at a time so that an interruption stops taking new ones.
    const todo = order.filter((index) => entries[index].item !== undefined);
    const outcomes = new Map();
    let interrupted = false;
    const controller = new AbortController();
    let graceTimer;
    const interrupt = () => {
      if (interrupted) return;
      interrupted = true;
      say('\nevals-wasm: interrupted; finishing the items in flight (Ctrl-C again to quit at once)\n');
      graceTimer = setTimeout(() => controller.abort(new Error('interrupted')), graceMs);
    };
    const onSignal = () => {
      // A second Ctrl-C quits at once; results are written whole, one write per batch of lines.
      if (interrupted) process.exit(130);
      interrupt();
    };
    if (signal) {
      if (signal.aborted) interrupt();
      else signal.addEventListener('abort', interrupt, { once: true });
    } else {
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
    }
    function* feed() {
      for (const index of todo) {
        if (interrupted) return;
        yield entries[index].item;
      }
    }

    const progress = progressReporter(stderr, todo.length);
    let status = 'complete';
    let failFastError;
    const started = performance.now();
    try {
      await writer.flush();
      await evals.evaluateMany(metric, feed(), {
        concurrency: options.concurrency,
        failFast: options['fail-fast'] === true,
        signal: controller.signal,
        onProgress: progress.update,
        onResult: (result, position) => {
          const index = todo[position];
          const entry = entries[index];
          outcomes.set(index, result);
          const record = { line: entry.line };
          if (entry.id !== undefined) record.id = entry.id;
          if ('error' in result) {
            record.error = errorRecord(result.error);
          } else {
            record.score = result.score;
            record.info = result.info;
          }
          texts[index] = redact(JSON.stringify(record));
          return writer.flush();
        },
      });
      if (interrupted && outcomes.size < todo.length) status = 'interrupted';
    } catch (error) {
      if (error instanceof OutputError) {
        progress.end();
        controller.abort(error);
        if (!error.quiet) throw error;
        status = 'output-closed';
      } else if (error?.code === 'EVALS_ABORTED' && interrupted) status = 'interrupted';
      else {
        status = 'fail-fast';
        failFastError = error;
      }
    } finally {
      clearTimeout(graceTimer);
      if (signal) signal.removeEventListener('abort', interrupt);
      else {
        process.removeListener('SIGINT', onSignal);
        process.removeListener('SIGTERM', onSignal);
      }
    }
    progress.end();
    try {
      if (status !== 'output-closed') await writer.flush();
    } catch (error) {
      if (!(error instanceof OutputError && error.quiet)) throw error;
      status = 'output-closed';
    }
    const wallTimeMs = performance.now() - started;

    // What the summary may speak of: the results that are in the output.
    const unwritten = new Set(order.slice(writer.written));
    const inOutput = entries.map((_, index) => index).filter((index) => !unwritten.has(index));
    if (status === 'complete' && sortAtEnd) {
      // A resumed run that measured items between kept ones: put the file back in input order.
      try {
        replaceFile(options.out, entries.map((_, index) => `${texts[index]}\n`).join(''));
      } catch (error) {
        throw new OutputError(`${openFailure(options.out, error)} (while putting the results in input order; they are all in the file, and --resume would finish the job)`, error);
      }
    }
    // A reader that went away (`| head`) has all it wanted: only the summary JSON is still written.
    const quiet = status === 'output-closed';
    for (const index of quiet ? [] : inOutput) {
      const result = outcomes.get(index);
      if (result !== undefined && 'error' in result) say(`line ${entries[index].line}: ${errorRecord(result.error).message}\n`);
    }
    const measured = inOutput.filter((index) => entries[index].item !== undefined);
    const summary = summarize(measured.map((index) => outcomes.get(index) ?? outcomeOf(texts[index])), wallTimeMs);
    // Disjoint counts: an invalid line counts as invalid only; failed are items whose measuring failed.
    const failed = summary.failures;
    const report = {
      metric: metricName,
      status,
      settings: run.settings,
      lines: entries.length,
      invalid,
      reused,
      items: summary.count,
      total: entries.length - invalid,
      scored: summary.scored,
      failed,
      mean: summary.mean,
      median: summary.median,
      min: summary.min,
      max: summary.max,
      modelCalls: summary.modelCalls,
      modelCallsThisRun: summarize([...outcomes.values()], 0).modelCalls,
      usage: summary.usage,
      wallTimeMs: summary.wallTimeMs,
      out: options.out ?? null,
    };
    if (status === 'interrupted') {
      const where = options.out === undefined ? 'were written' : `are in ${options.out}; run the same command with --resume to measure the rest`;
      say(`evals-wasm: interrupted; the results of ${summary.count} of ${report.total} items ${where}\n`);
    } else if (status === 'fail-fast') {
      say(`evals-wasm: stopped at the first failure (--fail-fast): ${failFastError?.message ?? String(failFastError)}\n`);
    }
    if (summaryFd !== undefined) {
      if (fstatSync(summaryFd).isFile()) ftruncateSync(summaryFd, 0);
      fileSink(summaryFd, options['summary-json']).write(`${redact(JSON.stringify(report, null, 2))}\n`);
      summaryWritten = true;
    }
    if (quiet) return 0;
    say(summaryTable(report));
    if (status === 'interrupted') return 130;
    if (status === 'fail-fast') return 1;
    return failed + invalid > 0 && !options['allow-failures'] ? 1 : 0;
  }
}

/** A URL as recorded next to the results: no user name, password or trailing slash. */
function withoutCredentials(url) {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.href.replace(/\/+$/, '');
  } catch {
    return url.replace(/\/+$/, '');
  }
}

/** Whether `path` is the file open as `fd`. */
function sameFile(fd, path) {
  return sameInode(() => fstatSync(fd), () => statSync(path));
}

/** Whether two stat calls see the same file (false when either fails). */
function sameInode(statA, statB) {
  try {
    const a = statA();
    const b = statB();
    return a.dev === b.dev && a.ino === b.ino;
  } catch {
    return false;
  }
}

/** `path` made absolute with every symbolic link resolved (its last part may not exist yet). */
function resolvedPath(path) {
  try {
    return realpathSync(path);
  } catch {
    try {
      return join(realpathSync(dirname(path)), basename(path));
    } catch {
      return absolutePath(path);
    }
  }
}

/** Whether two paths name the same file (the same resolved path, or the same existing file). */
function samePath(a, b) {
  return resolvedPath(a) === resolvedPath(b) || sameInode(() => statSync(a), () => statSync(b));
}

/** Opens `path` for writing, or throws an OutputError that says why not. */
function openOrFail(path, flags) {
  try {
    return openSync(path, flags);
  } catch (error) {
    throw new OutputError(openFailure(path, error), error);
  }
}

function runAsProgram() {
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (runAsProgram()) {
  // Write failures on standard output are reported by main() through the write callbacks; this
  // listener only keeps a late one (a reader that went away after the run) from crashing the exit.
  process.stdout.on('error', () => {});
  main(process.argv.slice(2)).then(
    (code) => {
      // Interrupted: model requests may still be open; do not wait for them.
      if (code === 130) process.exit(code);
      process.exitCode = code;
    },
    () => {
      process.exitCode = 2;
    },
  );
}
