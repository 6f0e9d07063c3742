#!/usr/bin/env node
// evals-wasm's command-line tool: one metric or several (a run) over a JSONL dataset, with
// progress on stderr, a summary table at the end and the results as JSONL. Run `evals-wasm
// --help` for the options; docs/cli.md and docs/runs.md.
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
import { measureWith, metricResolver, runOf, runPool, summarize } from './batch/batch.js';
import { addTally, emptyTally, standInJudge } from './batch/dry-run.js';
import { declarationHash, PROBE, recordingModel } from './batch/declaration.js';
import { directionOf, outputText, resultLine } from './batch/run.js';
import { shareRequests } from './batch/share.js';
import { EvalsError, redactSecrets } from './engine/errors.js';
import { readDataset, reread } from './cli/dataset.js';
import { OutputError, fileSink, openFailure, openOrFail, orderedWriter, replaceFile, sameFile, samePath, streamSink } from './cli/files.js';
import { DEFAULT_BASE_URL, DEFAULT_MODEL_NAME, METRICS, UsageError, helpText, parseArguments } from './cli/options.js';
import { CONFIG_NAMES, findConfig, loadConfig, planRun } from './cli/plan.js';
import { dryRunTable, errorRecord, metricsTable, progressReporter, summaryTable } from './cli/report.js';
import { ResumeRefused, lineBase, reconcile, runRecord, sidecarPath } from './cli/resume.js';

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
    let specs;
    let options;
    let input;
    let file;
    const run = {};
    const judges = new Map();
    let scorersModule;
    try {
      // `evals-wasm run …` is the same as `evals-wasm …`, and may take its metrics from a config.
      const isRun = argv[0] === 'run';
      const parsed = parseArguments(isRun ? argv.slice(1) : argv);
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
      const { positional } = parsed;
      let configPath = options.config;
      if (isRun && positional.length === 1 && configPath === undefined) {
        configPath = findConfig();
        if (configPath === undefined) throw new UsageError(`expected metrics and a file, or a config file (${CONFIG_NAMES.join(', ')}) in this folder`);
      }
      const fromConfig = positional.length === 1 && configPath !== undefined;
      if (positional.length !== 2 && !fromConfig) {
        throw new UsageError(positional.length < 2 ? 'expected a metric and a file' : `unexpected argument "${positional[2]}"`);
      }
      file = positional.at(-1);
      const names = fromConfig ? undefined : positional[0].split(',').map((name) => name.trim()).filter((name) => name !== '');
      const config = configPath === undefined ? undefined : await loadConfig(configPath);
      if (config?.concurrency !== undefined && !(Number.isInteger(config.concurrency) && config.concurrency >= 1)) throw new UsageError('config: "concurrency" must be a whole number of at least 1');
      options.concurrency ??= config?.concurrency ?? 4;
      if (options.resume && options.out === undefined) throw new UsageError('--resume needs --out FILE: the results to resume are read from that file');
      if (options['skip-failed'] && !options.resume) throw new UsageError('--skip-failed applies with --resume only');
      if (options['cassette-mode'] !== undefined && options.cassette === undefined) throw new UsageError('--cassette-mode applies with --cassette FILE only');
      if (options['dry-run'] && (options.out !== undefined || options.resume || options['summary-json'] !== undefined)) throw new UsageError('--dry-run prints its table only: leave out --out, --resume and --summary-json');
      const defaults = { url: options.model ?? env.OPENAI_BASE_URL ?? DEFAULT_BASE_URL, model: options['model-name'] ?? DEFAULT_MODEL_NAME };
      specs = planRun(names, config, options, defaults);
      const judged = specs.filter((spec) => spec.def.judge);
      if (options.cassette !== undefined && judged.length === 0) {
        throw new UsageError(`--cassette applies to the metrics judged by a model only (${Object.keys(METRICS).filter((name) => METRICS[name].judge).join(', ')})`);
      }
      const scorers = specs.some((spec) => spec.def.scorer) ? await loadScorers(specs.find((spec) => spec.def.scorer).cli) : undefined;
      scorersModule = scorers;
      const replayOnly = options['cassette-mode'] === 'replay';
      for (const spec of judged) {
        const { url, model: modelName } = spec.judge;
        if (apiKey === undefined && !replayOnly && !options['dry-run'] && url.replace(/\/+$/, '') === DEFAULT_BASE_URL) {
          throw new UsageError('the OpenAI API needs a key: set OPENAI_API_KEY (or pass --api-key)');
        }
        const judgeKey = `${url}\n${modelName}`;
        if (!judges.has(judgeKey)) {
          let model = makeModel({ baseURL: url, apiKey, model: modelName });
          if (options.cassette !== undefined) {
            if (judges.size > 0) throw new UsageError('--cassette records one judge model; this run has several (see the "judge" of its metrics)');
            const clash = (file !== '-' && samePath(options.cassette, file) && 'the input file') || (options.out !== undefined && samePath(options.cassette, options.out) && 'the --out file');
            if (clash) throw new UsageError(`--cassette ${options.cassette} is ${clash}; choose another file`);
            model = evals.withCassette(model, { path: options.cassette, mode: options['cassette-mode'] ?? 'auto', secrets: apiKey === undefined ? [] : [apiKey] });
          }
          // In a run of several metrics, one model per judge, shared by the metrics it judges: a
          // request made alike is asked once. A one-metric run asks as the metric does.
          judges.set(judgeKey, specs.length > 1 ? shareRequests(model) : model);
        }
        spec.model = judges.get(judgeKey);
      }
      run.metrics = {};
      for (const spec of specs) {
        const settings = { ...spec.settings };
        if (spec.def.judge && options['timeout-ms'] !== undefined) settings.timeoutMs = options['timeout-ms'];
        spec.metric = spec.def.create(settings, spec.model, scorers);
        spec.metricFor = metricResolver(spec.metric);
        run.metrics[spec.name] = {
          options: spec.effective,
          judge: spec.judge ? { url: withoutCredentials(spec.judge.url), model: spec.judge.model } : null,
          declaration: await declarationOf(spec, scorers, run.version),
          samples: spec.effective.samples ?? 1,
          direction: directionOf(spec.cli),
        };
      }
      run.settings = { metrics: specs.map((spec) => spec.name) };
      if (configPath !== undefined) run.settings.config = configPath;
      run.samples = Math.max(1, ...specs.map((spec) => spec.effective.samples ?? 1));
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
    const single = specs.length === 1;

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

    // A file is read twice: once for each line's hash and what is wrong with it for each metric,
    // then as the lines are measured, so that memory does not grow with the lines' sizes.
    // Standard input (and a dry run) keeps each line's items from the one reading.
    const maxLineBytes = options['max-line-bytes'];
    const keep = input === stdin || options['dry-run'] === true;
    const entries = await readDataset(input, { maxLineBytes, specs, keep });
    for (const entry of entries) entry.lines = new Map();
    const isInvalid = (entry) => entry.tasks.some((task) => task.error !== undefined);
    const invalid = entries.filter(isInvalid).length;
    for (const entry of entries) {
      if (entry.error !== undefined || (single && entry.tasks[0].error !== undefined)) {
        say(`line ${entry.line}: ${entry.error ?? entry.tasks[0].error}; skipped\n`);
        continue;
      }
      entry.tasks.forEach((task, k) => {
        if (task.error !== undefined) say(`line ${entry.line}: ${task.error}; not scored by ${specs[k].name}\n`);
      });
    }
    if (options['dry-run']) return dryRun(entries);

    /** The result line of an entry's metric `k` that could not be measured (the line is invalid for it). */
    const invalidLine = (entry, k) => {
      const message = entry.tasks[k].error;
      const field = entry.field ?? /field "([^"]+)"/.exec(message)?.[1];
      return resultLine(lineBase(entry), specs[k].name, { error: { message, code: 'EVALS_INVALID_LINE', ...(field === undefined ? {} : { field }) } });
    };
    const textOf = (entry) => specs.map((spec) => entry.lines.get(spec.name)).join('\n');
    const complete = (entry) => specs.every((spec) => entry.lines.has(spec.name));

    // The result lines of each entry, once all are known.
    const texts = entries.map(() => undefined);
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
          const found = reconcile(options.out, entries, run.metrics, options['skip-failed'] === true);
          for (const [index, lines] of found.kept) {
            for (const [name, text] of lines) entries[index].lines.set(name, text);
          }
          const whole = new Set([...found.kept.keys()].filter((index) => complete(entries[index])));
          for (const index of whole) texts[index] = textOf(entries[index]);
          order = order.filter((index) => !whole.has(index));
          reused = found.reused;
          // Appending keeps input order when what is kept is a run of lines from the start.
          sortAtEnd = order.some((index, position) => index !== position + whole.size);
          const keptText = entries.map((_, index) => (whole.has(index) ? `${texts[index]}\n` : '')).join('');
          replaceFile(sidecarPath(options.out), runRecord(run, entries, file));
          if (keptText !== found.text) {
            closeSync(outFd);
            outFd = undefined;
            replaceFile(options.out, keptText);
            outFd = openOrFail(options.out, 'a');
          }
          const total = entries.length * specs.length - entries.reduce((sum, entry) => sum + entry.tasks.filter((task) => task.error !== undefined).length, 0);
          const notes = [`resuming: ${found.reused} of ${total} ${single ? 'items' : 'results'} already have their results in ${options.out}`];
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
    // What is invalid needs no measuring: its result lines are known at once.
    for (const index of order) {
      const entry = entries[index];
      entry.tasks.forEach((task, k) => {
        if (task.error !== undefined && !entry.lines.has(specs[k].name)) entry.lines.set(specs[k].name, redact(JSON.stringify(invalidLine(entry, k))));
      });
      if (complete(entry)) texts[index] = textOf(entry);
    }
    const writer = orderedWriter(order, texts, sink);
    // A run that is not resumed never reads a written line again: its texts are let go, so that
    // memory does not grow with the results (a resumed run may put the file back in order).
    let forgotten = 0;
    const forgetWritten = () => {
      if (options.resume) return;
      for (; forgotten < writer.written; forgotten += 1) {
        const index = order[forgotten];
        texts[index] = '';
        entries[index].lines = undefined;
      }
    };

    // The lines to measure, fed one at a time so that an interruption stops taking new ones.
    const todo = order.filter((index) => texts[index] === undefined);
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
    async function* feed() {
      if (keep) {
        for (const index of todo) {
          if (interrupted) return;
          yield { index, items: entries[index].tasks.map((task) => task.item) };
        }
        return;
      }
      const wanted = new Set(todo);
      for await (const fed of reread(createReadStream(file), entries, wanted, specs, maxLineBytes)) {
        if (interrupted) return;
        yield fed;
      }
    }
    /** Measures the metrics of entry `index` that have no result yet, one after another. */
    const measureLine = async (_position, { index, items, changed }, lineSignal) => {
      const entry = entries[index];
      const measured = new Map();
      for (const [k, spec] of specs.entries()) {
        if (entry.lines.has(spec.name)) continue;
        const item = items?.[k];
        let outcome;
        try {
          if (changed) throw new EvalsError(`line ${entry.line} changed while the run read the file; run again (with --resume) to measure it`, { code: 'EVALS_INPUT_CHANGED' });
          const itemMetric = await spec.metricFor(item);
          const started = performance.now();
          outcome = await measureWith(itemMetric, item, lineSignal);
          outcome.ms = performance.now() - started;
        } catch (error) {
          outcome = { error };
        }
        // What the summary needs of it, not its whole info (kept for every line until the end).
        measured.set(spec.name, 'error' in outcome ? { error: errorRecord(outcome.error) } : { score: outcome.score, info: { modelCalls: outcome.info?.modelCalls, usage: outcome.info?.usage } });
        entry.lines.set(spec.name, redact(JSON.stringify(resultLine(lineBase(entry), spec.name, outcome, outputText(item?.output), spec.def.judge === true))));
      }
      return { index, measured };
    };

    const progress = progressReporter(stderr, todo.length);
    let status = 'complete';
    let failFastError;
    const started = performance.now();
    try {
      await writer.flush();
      await runPool(feed(), measureLine, {
        concurrency: options.concurrency,
        failFast: options['fail-fast'] === true,
        signal: controller.signal,
        onProgress: progress.update,
        failed: (result) => {
          const bad = [...result.measured.values()].find((outcome) => 'error' in outcome);
          return bad === undefined ? false : { error: bad.error };
        },
        onResult: async (result) => {
          outcomes.set(result.index, result.measured);
          texts[result.index] = textOf(entries[result.index]);
          await writer.flush();
          forgetWritten();
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
      for (const [name, outcome] of outcomes.get(index) ?? []) {
        if ('error' in outcome) say(`line ${entries[index].line}: ${single ? '' : `${name}: `}${errorRecord(outcome.error).message}\n`);
      }
    }
    // One row per metric, over the results in the output (kept ones read back from their lines).
    const rows = specs.map((spec, k) => {
      const results = [];
      const thisRun = [];
      let metricInvalid = 0;
      for (const index of inOutput) {
        const entry = entries[index];
        if (entry.tasks[k].error !== undefined) {
          metricInvalid += 1;
          continue;
        }
        const fresh = outcomes.get(index)?.get(spec.name);
        if (fresh !== undefined) thisRun.push(fresh);
        const text = entry.lines?.get(spec.name);
        if (fresh === undefined && text === undefined) continue;
        results.push(fresh ?? outcomeOf(text));
      }
      const summary = summarize(results, wallTimeMs);
      return {
        metric: spec.name,
        ...(spec.name === spec.cli ? {} : { of: spec.cli }),
        direction: run.metrics[spec.name].direction,
        invalid: metricInvalid,
        items: summary.count,
        scored: summary.scored,
        failed: summary.failures,
        mean: summary.mean,
        median: summary.median,
        min: summary.min,
        max: summary.max,
        modelCalls: summary.modelCalls,
        modelCallsThisRun: summarize(thisRun, 0).modelCalls,
        usage: summary.usage,
      };
    });
    const failed = inOutput.filter((index) => specs.some((spec, k) => {
      if (entries[index].tasks[k].error !== undefined) return false;
      const fresh = outcomes.get(index)?.get(spec.name);
      return fresh !== undefined ? 'error' in fresh : outcomeFailed(entries[index].lines?.get(spec.name));
    })).length;
    const stats = [...judges.values()].reduce((sum, model) => ({ made: sum.made + (model.stats?.made ?? 0), shared: sum.shared + (model.stats?.shared ?? 0) }), { made: 0, shared: 0 });
    let report;
    if (single) {
      const [row] = rows;
      report = {
        metric: specs[0].name,
        status,
        settings: { metric: specs[0].name, ...specs[0].effective, ...(specs[0].judge ? { model: withoutCredentials(specs[0].judge.url), 'model-name': specs[0].judge.model } : {}) },
        lines: entries.length,
        invalid,
        reused,
        items: row.items,
        total: entries.length - invalid,
        scored: row.scored,
        failed: row.failed,
        mean: row.mean,
        median: row.median,
        min: row.min,
        max: row.max,
        modelCalls: row.modelCalls,
        modelCallsThisRun: row.modelCallsThisRun,
        usage: row.usage,
        wallTimeMs,
        out: options.out ?? null,
        metrics: rows,
      };
    } else {
      report = {
        status,
        settings: run.settings,
        lines: entries.length,
        invalid,
        reused,
        items: inOutput.length,
        total: entries.length,
        failed,
        modelCalls: rows.reduce((sum, row) => sum + row.modelCalls, 0),
        modelCallsMade: stats.made,
        answersShared: stats.shared,
        wallTimeMs,
        out: options.out ?? null,
        metrics: rows,
      };
    }
    if (status === 'interrupted') {
      const where = options.out === undefined ? 'were written' : `are in ${options.out}; run the same command with --resume to measure the rest`;
      say(`evals-wasm: interrupted; the results of ${inOutput.length - invalid} of ${entries.length - invalid} items ${where}\n`);
    } else if (status === 'fail-fast') {
      say(`evals-wasm: stopped at the first failure (--fail-fast): ${failFastError?.message ?? String(failFastError)}\n`);
    }
    if (summaryFd !== undefined) {
      if (fstatSync(summaryFd).isFile()) ftruncateSync(summaryFd, 0);
      fileSink(summaryFd, options['summary-json']).write(`${redact(JSON.stringify(report, null, 2))}\n`);
      summaryWritten = true;
    }
    if (quiet) return 0;
    say(single ? summaryTable(report) : metricsTable(report));
    if (status === 'interrupted') return 130;
    if (status === 'fail-fast') return 1;
    return failed + invalid > 0 && !options['allow-failures'] ? 1 : 0;

    /** --dry-run: per metric, the table of requests and tokens per item and in all; 1 when an item failed. */
    async function dryRun(all) {
      let failures = 0;
      for (const [k, spec] of specs.entries()) {
        const valid = all.filter((entry) => entry.tasks[k].error === undefined);
        if (!single) stdout.write(`${spec.name}\n`);
        if (!spec.def.judge) {
          stdout.write(`${spec.name} needs no model: 0 requests for ${valid.length} item${valid.length === 1 ? '' : 's'}.\n`);
          continue;
        }
        const items = valid.map((entry) => entry.tasks[k].item);
        const { results, summary } = spec.def.scorer ? await dryScorer(spec, items, scorersModule) : await evals.evaluateMany(spec.metric, items, { dryRun: true, concurrency: options.concurrency });
        stdout.write(dryRunTable(valid, results, summary));
        failures += summary.failures;
      }
      return failures > 0 ? 1 : 0;
    }
  }
}

/**
 * A dry run of a Mastra 1.x scorer: each item run on a scorer built on the stand-in judge (the
 * smallest valid answer to each request), its requests counted and their tokens estimated as
 * the 0.x classes' dry run does. A cassette is not looked into: every request counts.
 */
async function dryScorer(spec, items, scorers) {
  const results = [];
  const total = emptyTally();
  let failures = 0;
  const started = performance.now();
  for (const [index, item] of items.entries()) {
    const tally = emptyTally();
    try {
      let made = spec.def.create(spec.settings, (_prompt, request) => standInJudge(() => {}, tally)({ ...request, step: request.schemaName ?? 'request' }).then((answer) => answer.text), scorers);
      if (typeof made === 'function') made = await made(item);
      await made.run(runOf(item));
      addTally(total, tally);
      results.push({ index, ...tally });
    } catch (error) {
      failures += 1;
      results.push({ index, error });
    }
  }
  return { results, summary: { dryRun: true, count: items.length, failures, ...total, wallTimeMs: performance.now() - started } };
}

/** Whether a result line's text is a failure (not an invalid line). */
function outcomeFailed(text) {
  if (text === undefined) return false;
  const record = JSON.parse(text);
  return 'error' in record && record.error?.code !== 'EVALS_INVALID_LINE';
}

/**
 * The declaration hash of a metric of the run: for an LLM metric, of the requests it makes for a
 * probe item (built again on a recording stand-in model, without samples); for the others, of the
 * package version and the metric's name.
 */
async function declarationOf(spec, scorers, version) {
  // A check is its name and arguments.
  if (!spec.def.judge) return declarationHash(undefined, spec.settings.check ? `check:${JSON.stringify(spec.settings.check)}` : spec.cli, version);
  const requests = [];
  const { samples: _samples, ...settings } = spec.settings;
  try {
    let made = spec.def.create(settings, recordingModel(requests), scorers);
    if (typeof made === 'function') made = await made(PROBE);
    return await declarationHash(made, spec.cli, version, requests);
  } catch {
    return declarationHash(undefined, spec.cli, version);
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
