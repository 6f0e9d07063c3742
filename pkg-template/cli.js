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

import { closeSync, createReadStream, existsSync, fstatSync, ftruncateSync, readFileSync, realpathSync, unlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as evals from './node.js';
import { summarize } from './batch/batch.js';
import { redactSecrets } from './engine/errors.js';
import { readDataset } from './cli/dataset.js';
import { OutputError, fileSink, openFailure, openOrFail, orderedWriter, replaceFile, sameFile, samePath, streamSink } from './cli/files.js';
import { DEFAULT_BASE_URL, DEFAULT_MODEL_NAME, METRICS, UsageError, helpText, metricSettings, parseArguments } from './cli/options.js';
import { dryRunTable, errorRecord, progressReporter, summaryTable } from './cli/report.js';
import { ResumeRefused, reconcile, runRecord, sidecarPath } from './cli/resume.js';

/** After the first Ctrl-C, how long the items in flight may take to finish before they are aborted. */
const INTERRUPT_GRACE_MS = 1000;

function defaultMakeModel({ baseURL, apiKey, model }) {
  if (typeof evals.openaiCompatible !== 'function') {
    throw new UsageError('this build of evals-wasm has no OpenAI-compatible client (openaiCompatible)');
  }
  return evals.openaiCompatible({ baseURL, apiKey, model });
}

/**
 * evals-wasm/scorers, for the metrics that are Mastra 1.x scorers only. It needs @mastra/core,
 * which a project that uses Mastra has and the package does not install.
 */
async function loadScorers(metricName) {
  try {
    return await import('./scorers.node.js');
  } catch (error) {
    // Where @mastra/core 1.x is missing, the module says so, and what to install.
    throw new UsageError(`${metricName} is a Mastra 1.x scorer: ${error?.message ?? String(error)}`);
  }
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
  // `evals-wasm compare BASELINE CANDIDATE`: the comparison of two runs (cli/compare.js).
  if (argv[0] === 'compare') return (await import('./cli/compare.js')).compareMain(argv.slice(1), io);
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
      if (options['dry-run'] && metricDef.scorer) {
        throw new UsageError(`--dry-run counts the requests of the 0.x metric classes; ${metricName} is a Mastra 1.x scorer, which cannot be counted without running it`);
      }
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
        metric = metricDef.create(settings, model, metricDef.scorer ? await loadScorers(metricName) : undefined);
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
