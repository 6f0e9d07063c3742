#!/usr/bin/env node
// evals-wasm's command-line tool: one metric over a JSONL dataset, with progress on stderr, a
// summary table at the end and the results as JSONL. Run `evals-wasm --help` for the options.
//
// `main(argv, io)` does the work and returns the exit code; `io` replaces the process's streams,
// environment and model client (the tests use it). Run as a program, the file calls it itself.

import { createReadStream, createWriteStream, readFileSync, realpathSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import * as evals from './node.js';

const METRICS = ['completeness', 'hallucination', 'coverage'];
const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
const DEFAULT_MODEL_NAME = 'gpt-4o-mini';

const HELP = `Usage: evals-wasm <metric> <file.jsonl | -> [options]

Scores every line of a JSONL dataset with one metric of evals-wasm and writes one JSON result
per line, in input order.

Metrics
  completeness    how much of "input" the "output" keeps (no model needed)
  hallucination   how much of "context" the "output" contradicts (LLM judge)
  coverage        how much of "input" (the source) the "output" (a summary) keeps (LLM judge)

Input: one JSON object per line (blank lines are skipped); "-" reads standard input.
  { "input": "...", "output": "...", "context": ["..."], "id": <any> }
  "context" (an array of strings) is required by hallucination and ignored otherwise; lines
  with the same context share one extraction of its statements. "id" is copied to the result.
  A line that is not valid JSON or lacks a field is reported on stderr with its line number,
  written as an error result, and skipped; the run goes on.

Output: one JSON object per input line, to standard output or to --out:
  { "line": 3, "id": ..., "score": 0.75, "info": { ... } }
  { "line": 4, "id": ..., "error": { "message": "...", "code": "EVALS_INVALID_LINE" } }
  Progress and the summary table go to stderr, so standard output holds JSONL only. The
  progress is a bar when stderr is a terminal, otherwise a line at every tenth of the items.

Options
  --out FILE          write the results to FILE instead of standard output
  --concurrency N     items measured at once, so model calls in flight (default 4)
  --ignore-stopwords  completeness: leave function words out of both texts
  --model URL         base URL of an OpenAI-compatible Chat Completions API
                      (default: $OPENAI_BASE_URL, else ${DEFAULT_BASE_URL})
  --model-name NAME   the model to ask (default: ${DEFAULT_MODEL_NAME})
  --api-key KEY       the API key (default: $OPENAI_API_KEY; prefer the environment
                      variable, command lines are visible to other users). Never printed.
  --timeout-ms MS     LLM metrics: the longest one item may take, model calls included
  --fail-fast         stop at the first item that fails (no results are written)
  --allow-failures    exit with 0 even when items failed or lines were invalid
  -h, --help          show this help
  --version           show the version of evals-wasm

Exit codes
  0  every line was scored (or --allow-failures)
  1  some line was invalid or some item failed
  2  wrong arguments or unreadable input file
  130 interrupted (Ctrl-C); no results are written

Examples
  evals-wasm completeness data.jsonl --out results.jsonl
  OPENAI_API_KEY=... evals-wasm coverage summaries.jsonl --model-name gpt-4o-mini
  evals-wasm hallucination answers.jsonl --model http://localhost:11434/v1 --model-name llama3.1
`;

class UsageError extends Error {}

/** Options that take a value, and flags. */
const VALUE_OPTIONS = ['--out', '--concurrency', '--model', '--model-name', '--api-key', '--timeout-ms'];
const FLAGS = ['--ignore-stopwords', '--fail-fast', '--allow-failures', '--help', '-h', '--version'];

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
    const name = equals > 0 && arg.startsWith('--') ? arg.slice(0, equals) : arg;
    if (FLAGS.includes(name)) {
      if (name !== arg) throw new UsageError(`${name} takes no value`);
      options[name === '-h' ? 'help' : name.slice(2)] = true;
    } else if (VALUE_OPTIONS.includes(name)) {
      let value;
      if (name !== arg) value = arg.slice(equals + 1);
      else if (i + 1 < argv.length) value = argv[++i];
      else throw new UsageError(`${name} needs a value`);
      options[name.slice(2)] = value;
    } else {
      throw new UsageError(`unknown option ${name}`);
    }
  }
  return { positional, options };
}

function positiveInteger(name, text) {
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`--${name} must be a whole number of at least 1, got "${text}"`);
  return Number(text);
}

/** Reads a JSONL source line by line: `[{ line, item } | { line, error }]`. */
async function readDataset(stream, metricName) {
  const entries = [];
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let number = 0;
  for await (const text of lines) {
    number += 1;
    if (text.trim() === '') continue;
    entries.push(parseLine(text, number, metricName));
  }
  return entries;
}

function parseLine(text, line, metricName) {
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
  if (metricName === 'hallucination') {
    if (!('context' in value)) return problem('missing field "context" (an array of strings, needed by hallucination)');
    if (!Array.isArray(value.context) || value.context.some((piece) => typeof piece !== 'string')) {
      return problem('field "context" must be an array of strings');
    }
    item.context = value.context;
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

function summaryTable(metricName, summary, { lines, invalid }) {
  const rows = [
    ['metric', metricName],
    ['lines', `${lines} (${invalid} invalid)`],
    ['items', String(summary.count)],
    ['scored', String(summary.scored)],
    ['failed', String(summary.failures + invalid)],
    ['mean', formatScore(summary.mean)],
    ['median', formatScore(summary.median)],
    ['min', formatScore(summary.min)],
    ['max', formatScore(summary.max)],
    ['model calls', String(summary.modelCalls)],
    ['tokens', summary.usage ? `${summary.usage.inputTokens} in, ${summary.usage.outputTokens} out` : '-'],
    ['wall time', `${(summary.wallTimeMs / 1000).toFixed(2)} s`],
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

async function writeLines(stream, lines, { end }) {
  for (const line of lines) {
    if (!stream.write(`${line}\n`)) await new Promise((resolve) => stream.once('drain', resolve));
  }
  if (end) await new Promise((resolve, reject) => {
    stream.once('error', reject);
    stream.end(resolve);
  });
}

function defaultMakeModel({ baseURL, apiKey, model }) {
  if (typeof evals.openaiCompatible !== 'function') {
    throw new UsageError('this build of evals-wasm has no OpenAI-compatible client (openaiCompatible)');
  }
  return evals.openaiCompatible({ baseURL, apiKey, model });
}

/**
 * Runs the tool with `argv` (the arguments after the program name) and resolves to the exit
 * code. `io`: `{ stdin, stdout, stderr, env, makeModel, signal }`, each defaulting to the
 * process's own (`makeModel({ baseURL, apiKey, model })` builds the judge of the LLM metrics).
 */
export async function main(argv, io = {}) {
  const {
    stdin = process.stdin,
    stdout = process.stdout,
    stderr = process.stderr,
    env = process.env,
    makeModel = defaultMakeModel,
    signal,
  } = io;
  let apiKey;
  // The API key must never reach the output, whatever message carries it.
  const redact = (text) => (apiKey ? String(text).split(apiKey).join('***') : String(text));
  const say = (text) => stderr.write(redact(text));
  try {
    return await run();
  } catch (error) {
    say(`evals-wasm: ${error?.stack ?? String(error)}\n`);
    return 2;
  }

  async function run() {
    let metricName;
    let options;
    let metric;
    let input;
    try {
      const parsed = parseArguments(argv);
      options = parsed.options;
      apiKey = options['api-key'] ?? env.OPENAI_API_KEY ?? undefined;
      if (apiKey === '') apiKey = undefined;
      if (options.help) {
        stdout.write(HELP);
        return 0;
      }
      if (options.version) {
        const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
        stdout.write(`${manifest.version}\n`);
        return 0;
      }
      if (parsed.positional.length !== 2) {
        throw new UsageError(parsed.positional.length < 2 ? 'expected a metric and a file' : `unexpected argument "${parsed.positional[2]}"`);
      }
      const [name, file] = parsed.positional;
      metricName = name;
      if (!METRICS.includes(metricName)) throw new UsageError(`unknown metric "${metricName}"; expected one of ${METRICS.join(', ')}`);
      const concurrency = options.concurrency === undefined ? 4 : positiveInteger('concurrency', options.concurrency);
      const timeoutMs = options['timeout-ms'] === undefined ? undefined : positiveInteger('timeout-ms', options['timeout-ms']);
      options.concurrency = concurrency;

      if (metricName === 'completeness') {
        metric = new evals.CompletenessMetric({ ignoreStopwords: options['ignore-stopwords'] === true });
      } else {
        if (options['ignore-stopwords']) throw new UsageError('--ignore-stopwords applies to completeness only');
        const baseURL = options.model ?? env.OPENAI_BASE_URL ?? DEFAULT_BASE_URL;
        if (apiKey === undefined && baseURL.replace(/\/+$/, '') === DEFAULT_BASE_URL) {
          throw new UsageError('the OpenAI API needs a key: set OPENAI_API_KEY (or pass --api-key)');
        }
        const model = makeModel({ baseURL, apiKey, model: options['model-name'] ?? DEFAULT_MODEL_NAME });
        const settings = timeoutMs === undefined ? {} : { timeoutMs };
        metric = metricName === 'coverage'
          ? new evals.CoverageMetric(model, settings)
          : (item) => new evals.HallucinationMetric(model, { ...settings, context: item.context });
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

    const entries = await readDataset(input, metricName);
    const valid = entries.filter((entry) => entry.item !== undefined);
    const invalid = entries.length - valid.length;
    for (const entry of entries) {
      if (entry.error !== undefined) say(`line ${entry.line}: ${entry.error}; skipped\n`);
    }

    const controller = new AbortController();
    const onInterrupt = () => controller.abort(new Error('interrupted'));
    if (signal) {
      if (signal.aborted) onInterrupt();
      else signal.addEventListener('abort', onInterrupt, { once: true });
    } else {
      process.once('SIGINT', onInterrupt);
    }
    const progress = progressReporter(stderr, valid.length);
    let outcome;
    try {
      outcome = await evals.evaluateMany(metric, valid.map((entry) => entry.item), {
        concurrency: options.concurrency,
        failFast: options['fail-fast'] === true,
        signal: controller.signal,
        onProgress: progress.update,
      });
    } catch (error) {
      progress.end();
      if (error?.code === 'EVALS_ABORTED' && controller.signal.aborted) {
        say('evals-wasm: interrupted; no results written\n');
        return 130;
      }
      say(`evals-wasm: stopped at the first failure (--fail-fast): ${error?.message ?? String(error)}\n`);
      return 1;
    } finally {
      if (!signal) process.removeListener('SIGINT', onInterrupt);
    }
    progress.end();

    const records = [];
    let next = 0;
    for (const entry of entries) {
      const record = { line: entry.line };
      if (entry.id !== undefined) record.id = entry.id;
      if (entry.item === undefined) {
        record.error = { message: entry.error, code: 'EVALS_INVALID_LINE' };
      } else {
        const result = outcome.results[next++];
        if ('error' in result) {
          record.error = errorRecord(result.error);
        } else {
          record.score = result.score;
          record.info = result.info;
        }
      }
      records.push(redact(JSON.stringify(record)));
    }
    for (const [index, result] of outcome.results.entries()) {
      if ('error' in result) say(`line ${valid[index].line}: ${errorRecord(result.error).message}\n`);
    }

    if (options.out !== undefined) {
      try {
        await writeLines(createWriteStream(options.out), records, { end: true });
      } catch (error) {
        say(`evals-wasm: cannot write ${options.out}: ${error.message}\n`);
        return 2;
      }
    } else {
      await writeLines(stdout, records, { end: false });
    }
    say(summaryTable(metricName, outcome.summary, { lines: entries.length, invalid }));
    const failed = outcome.summary.failures + invalid;
    return failed > 0 && !options['allow-failures'] ? 1 : 0;
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
  // A closed pipe (`evals-wasm … | head`) is not an error of the run.
  process.stdout.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error;
  });
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
