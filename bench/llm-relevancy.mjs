// Answer relevancy and faithfulness, ours against @mastra/evals (0.14.4 classes, 1.10.2 scorers)
// on the shared case tables (tests/cases), each case answered by the verdict-table judge: model
// calls and characters of prompt per measure (system and user messages, with the schema text
// Mastra 1.x writes into the prompt), and our engine's own time per measure (the judge answers at
// once, so a measure's wall time is the engine's and the glue's). Prints Markdown rows.
//
//   node bench/llm-relevancy.mjs            (after bash scripts/build.sh and install_pkg_into_mastra1)

import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import * as llm from 'evals-wasm/llm';
import * as original0 from '@mastra/evals/llm';
import { verdictTableModelV2 } from '../tests/js/lib/verdict-table-model.mjs';
import { verdictTableModelV3 } from '../tests/mastra1/verdict-table-model.mjs';
import { cases as relevancy } from '../tests/cases/answer-relevancy.mjs';
import { cases as faithfulness } from '../tests/cases/faithfulness.mjs';

// The 1.x side loads from tests/mastra1, where @mastra/core 1.x is installed.
const mastra1 = createRequire(new URL('../tests/mastra1/package.json', import.meta.url));
const load = (id) => import(pathToFileURL(mastra1.resolve(id)).href);
const [original1, ours1] = await Promise.all([load('@mastra/evals/scorers/prebuilt'), load('evals-wasm/scorers')]);

const text = (content) => (typeof content === 'string' ? content : content.map((p) => p.text ?? '').join(''));

/** A verdict-table model for `c` that also counts the characters of every prompt it gets. */
function counted(make, c) {
  const model = make(c);
  let chars = 0;
  for (const key of ['doGenerate', 'doStream']) {
    const call = model[key].bind(model);
    model[key] = (options) => {
      chars += options.prompt.reduce((n, m) => n + text(m.content).length, 0);
      return call(options);
    };
  }
  return { model, chars: () => chars, calls: () => model.judge.calls.length };
}

const SIDES = [
  ['AnswerRelevancyMetric', relevancy, verdictTableModelV2, (m) => new original0.AnswerRelevancyMetric(m), (m) => new llm.AnswerRelevancyMetric(m), (m) => new llm.AnswerRelevancyMetric(m, { reason: false })],
  ['FaithfulnessMetric', faithfulness, verdictTableModelV2, (m, c) => new original0.FaithfulnessMetric(m, { context: c.context }), (m, c) => new llm.FaithfulnessMetric(m, { context: c.context }), (m, c) => new llm.FaithfulnessMetric(m, { context: c.context, reason: false })],
  ['createAnswerRelevancyScorer', relevancy, verdictTableModelV3, (m) => original1.createAnswerRelevancyScorer({ model: m }), (m) => ours1.createAnswerRelevancyScorer({ model: m })],
  ['createFaithfulnessScorer', faithfulness, verdictTableModelV3, (m, c) => original1.createFaithfulnessScorer({ model: m, options: { context: c.context } }), (m, c) => ours1.createFaithfulnessScorer({ model: m, options: { context: c.context } })],
];

const measureOnce = (metric, c) => (typeof metric.measure === 'function' ? metric.measure(c.input, c.output) : metric.run({ input: c.input, output: c.output }));

async function cost(make, build, cases) {
  let calls = 0;
  let chars = 0;
  for (const c of cases) {
    const k = counted(make, c);
    await measureOnce(build(k.model, c), c);
    calls += k.calls();
    chars += k.chars();
  }
  return { calls: calls / cases.length, chars: chars / cases.length };
}

async function engineTime(make, build, cases, rounds = 20) {
  const times = [];
  for (let r = 0; r < rounds; r++) {
    for (const c of cases) {
      const metric = build(make(c), c);
      const start = performance.now();
      await measureOnce(metric, c);
      times.push(performance.now() - start);
    }
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const f1 = (x) => x.toFixed(1);
console.log('| metric | calls per measure, ours (reason: false) / original | prompt characters per measure, ours / original | time per measure without the model, ours / original (median) |');
console.log('| --- | --- | --- | --- |');
for (const [name, cases, make, theirs, ours, oursNoReason] of SIDES) {
  const [a, b, n] = [await cost(make, ours, cases), await cost(make, theirs, cases), oursNoReason ? await cost(make, oursNoReason, cases) : undefined];
  const [ta, tb] = [await engineTime(make, ours, cases), await engineTime(make, theirs, cases)];
  console.log(`| ${name} (${cases.length} cases) | ${f1(a.calls)}${n ? ` (${f1(n.calls)})` : ''} / ${f1(b.calls)} | ${Math.round(a.chars)} / ${Math.round(b.chars)} | ${ta.toFixed(2)} ms / ${tb.toFixed(2)} ms |`);
}
