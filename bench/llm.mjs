// The LLM metrics with a scripted model (bench/lib/judge-model.mjs) driving both libraries:
// HallucinationMetric of this package (both strategies) and of @mastra/evals 0.14.4 on the same
// context and outputs, and this package's CoverageMetric (the original has none).
//
// 1. Cost per measure, with a model that answers at once: model calls, characters of prompt
//    sent, and engine time (wall time of a measure minus the time spent inside the model). The
//    metrics take turns measure by measure.
// 2. Wall time of 200 measures with a model that takes a fixed latency per call: this package
//    through evaluateMany at concurrency 8, against the original's sequential loop (and, for
//    comparison, each library the other way round).

import * as evalsWasm from 'evals-wasm';
import { HallucinationMetric as Original } from '@mastra/evals/llm';
import { judgeModel } from './lib/judge-model.mjs';
import { corpusWords, pairs, passage } from './lib/texts.mjs';
import { random } from '../tests/js/corpus.mjs';
import { median, ms, num, table, times } from './lib/stats.mjs';

const { HallucinationMetric: Ours, CoverageMetric } = evalsWasm;

const QUESTION = 'What did the speech say about this?';

/** The inputs: one context of three passages, one source, and `count` outputs of 60 words. */
export function inputs(count) {
  corpusWords();
  const next = random(4242);
  const context = [passage(60, next), passage(60, next), passage(60, next)];
  const source = passage(250, next);
  const outputs = pairs(60, count, 31).map((p) => p.output);
  return { context, source, outputs };
}

/** Runs `fn` over `items` with at most `concurrency` in flight (a plain Promise pool). */
async function pool(items, concurrency, fn) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next;
      next += 1;
      await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

const CONTENDERS = {
  original: { label: '@mastra/evals 0.14.4 HallucinationMetric', make: (model, data) => new Original(model, { context: data.context }), arg: (data, out) => [QUESTION, out] },
  statements: { label: 'evals-wasm HallucinationMetric (default: "statements")', make: (model, data) => new Ours(model, { context: data.context }), arg: (data, out) => [QUESTION, out] },
  statementsNoReason: { label: 'evals-wasm HallucinationMetric ("statements", reason: false)', make: (model, data) => new Ours(model, { context: data.context, reason: false }), arg: (data, out) => [QUESTION, out] },
  claims: { label: 'evals-wasm HallucinationMetric (strategy: "claims")', make: (model, data) => new Ours(model, { context: data.context, strategy: 'claims' }), arg: (data, out) => [QUESTION, out] },
  coverage: { label: 'evals-wasm CoverageMetric (one source, many summaries)', make: (model, data) => new CoverageMetric(model), arg: (data, out) => [data.source, out] },
};

/** Part 1: calls, characters and engine time per measure; the contenders take turns. */
async function costs(data, { warmUp = 10 } = {}) {
  const state = Object.fromEntries(
    Object.entries(CONTENDERS).map(([key, c]) => {
      const judge = judgeModel();
      return [key, { judge, metric: c.make(judge.model, data), perMeasure: [] }];
    }),
  );
  // Warm-up on a separate instance per contender, so that the timed instance starts cold (its
  // first measure pays for extracting the context's statements or the source's claims).
  for (const [key, c] of Object.entries(CONTENDERS)) {
    const judge = judgeModel();
    const metric = c.make(judge.model, data);
    for (let i = 0; i < warmUp; i += 1) await metric.measure(...c.arg(data, data.outputs[data.outputs.length - 1 - i]));
  }
  for (let i = 0; i < data.outputs.length; i += 1) {
    for (const [key, c] of Object.entries(CONTENDERS)) {
      const { judge, metric, perMeasure } = state[key];
      judge.reset();
      const start = performance.now();
      await metric.measure(...c.arg(data, data.outputs[i]));
      const wall = performance.now() - start;
      perMeasure.push({ calls: judge.stats.calls, chars: judge.stats.chars, schemaChars: judge.stats.schemaChars, engineMs: wall - judge.stats.modelMs });
    }
  }
  return Object.fromEntries(
    Object.entries(state).map(([key, { perMeasure }]) => {
      const later = perMeasure.slice(1);
      const mean = (list, f) => list.reduce((sum, m) => sum + f(m), 0) / list.length;
      return [
        key,
        {
          label: CONTENDERS[key].label,
          first: perMeasure[0],
          callsLater: mean(later, (m) => m.calls),
          callsMaxLater: Math.max(...later.map((m) => m.calls)),
          callsMax: Math.max(...perMeasure.map((m) => m.calls)),
          charsMean: mean(perMeasure, (m) => m.chars),
          schemaCharsMean: mean(perMeasure, (m) => m.schemaChars),
          engineMedian: median(perMeasure.map((m) => m.engineMs)),
          engineP95: [...perMeasure.map((m) => m.engineMs)].sort((a, b) => a - b)[Math.ceil(perMeasure.length * 0.95) - 1],
        },
      ];
    }),
  );
}

/** Part 2: wall time of all outputs with a model of fixed latency. */
async function wallTimes(data, { latencyMs, concurrency, log }) {
  const hasEvaluateMany = typeof evalsWasm.evaluateMany === 'function';
  const runs = [
    { key: 'statements', how: hasEvaluateMany ? 'evaluateMany' : 'pool', concurrency },
    { key: 'claims', how: hasEvaluateMany ? 'evaluateMany' : 'pool', concurrency },
    { key: 'original', how: 'loop', concurrency: 1 },
    { key: 'statements', how: 'loop', concurrency: 1 },
    { key: 'original', how: 'pool', concurrency },
  ];
  const results = [];
  for (const run of runs) {
    const { model, stats } = judgeModel({ latencyMs });
    const c = CONTENDERS[run.key];
    const metric = c.make(model, data);
    log(`llm: ${data.outputs.length} measures, ${c.label}, ${run.how}${run.concurrency > 1 ? ` (concurrency ${run.concurrency})` : ''}`);
    const start = performance.now();
    if (run.how === 'evaluateMany') {
      const items = data.outputs.map((output) => {
        const [input, out] = c.arg(data, output);
        return { input, output: out };
      });
      const { summary } = await evalsWasm.evaluateMany(metric, items, { concurrency: run.concurrency });
      if (summary.failures > 0) throw new Error(`${summary.failures} measures failed`);
    } else if (run.how === 'pool') {
      await pool(data.outputs, run.concurrency, (output) => metric.measure(...c.arg(data, output)));
    } else {
      for (const output of data.outputs) await metric.measure(...c.arg(data, output));
    }
    results.push({ ...run, label: c.label, wallMs: performance.now() - start, calls: stats.calls });
  }
  return { hasEvaluateMany, results };
}

export async function run({ measures = 200, latencyMs = 100, concurrency = 8, log = console.error } = {}) {
  const data = inputs(measures);
  log(`llm: calls, characters and engine time over ${measures} measures per metric`);
  const cost = await costs(data);
  const wall = await wallTimes(data, { latencyMs, concurrency, log });
  return { measures, latencyMs, concurrency, contextChars: data.context.join('').length, cost, wall };
}

export function report({ measures, latencyMs, concurrency, cost, wall }) {
  const costTable = table(
    ['metric', 'model calls: first measure', 'later measures (mean / max)', 'characters sent per measure (mean)', 'engine time per measure (median / p95)'],
    Object.values(cost).map((c) => [
      c.label,
      num(c.first.calls),
      `${num(c.callsLater, 2)} / ${num(c.callsMaxLater)}`,
      `${num(c.charsMean)}${c.schemaCharsMean > 0 ? ` (+ ${num(c.schemaCharsMean)} of JSON schema)` : ''}`,
      `${ms(c.engineMedian)} / ${ms(c.engineP95)}`,
    ]),
  );
  const original = wall.results.find((r) => r.key === 'original' && r.how === 'loop');
  const howLabel = (r) => {
    if (r.how === 'evaluateMany') return `evaluateMany, concurrency ${r.concurrency}`;
    if (r.how === 'pool') return `pool of ${r.concurrency} via Promise.all${r.key !== 'original' && !wall.hasEvaluateMany ? ' (evaluateMany not yet available)' : ''}`;
    return 'sequential loop';
  };
  const wallTable = table(
    ['metric', 'how', `wall time, ${measures} measures`, 'model calls', 'original loop ÷ this'],
    wall.results.map((r) => [r.label, howLabel(r), ms(r.wallMs), num(r.calls), times(original.wallMs / r.wallMs)]),
  );
  return { costTable, wallTable, note: `scripted AI SDK v2 model, ${latencyMs} ms per call in the wall-time table, no latency in the cost table; concurrency ${concurrency}` };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const options = {};
  if (process.argv[2]) options.measures = Number(process.argv[2]);
  if (process.argv[3]) options.latencyMs = Number(process.argv[3]);
  const { costTable, wallTable, note } = report(await run(options));
  console.log(`${costTable}\n\n${wallTable}\n\n${note}`);
}
