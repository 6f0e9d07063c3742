// Answer similarity and noise sensitivity, ours against @mastra/evals 1.10.2 on the shared case
// tables (tests/cases), each case answered by the verdict-table judge: model calls and characters
// of prompt per run (system and user messages, with the schema text Mastra 1.x writes into the
// prompt; ours also count the schema sent beside the prompt), and each side's own time per run
// (the judge answers at once, so a run's wall time is the engine's, the glue's and Mastra's
// scorer workflow's). Prints Markdown rows.
//
//   node bench/llm-similarity.mjs            (after bash scripts/build.sh and install_pkg_into_mastra1)

import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { verdictTableModelV3 } from '../tests/mastra1/verdict-table-model.mjs';
import { cases as similarity } from '../tests/cases/answer-similarity.mjs';
import { cases as noise } from '../tests/cases/noise-sensitivity.mjs';

// Both sides load from tests/mastra1, where @mastra/core 1.x is installed.
const mastra1 = createRequire(new URL('../tests/mastra1/package.json', import.meta.url));
const load = (id) => import(pathToFileURL(mastra1.resolve(id)).href);
const [original, ours] = await Promise.all([load('@mastra/evals/scorers/prebuilt'), load('evals-wasm/scorers')]);

const text = (content) => (typeof content === 'string' ? content : content.map((p) => p.text ?? '').join(''));

/** A verdict-table model for `c` that also counts the characters of every prompt (and schema) it gets. */
function counted(c) {
  const model = verdictTableModelV3(c);
  let chars = 0;
  for (const key of ['doGenerate', 'doStream']) {
    const call = model[key].bind(model);
    model[key] = (options) => {
      chars += options.prompt.reduce((n, m) => n + text(m.content).length, 0);
      if (options.responseFormat?.schema) chars += JSON.stringify(options.responseFormat.schema).length;
      return call(options);
    };
  }
  return { model, chars: () => chars, calls: () => model.judge.calls.length };
}

const noiseOptions = (c) => ({ baselineResponse: c.baselineResponse, noisyQuery: c.noisyQuery });
const SIDES = [
  ['createAnswerSimilarityScorer', similarity, (m) => original.createAnswerSimilarityScorer({ model: m }), (m) => ours.createAnswerSimilarityScorer({ model: m })],
  ['createNoiseSensitivityScorerLLM', noise.filter((c) => c.output), (m, c) => original.createNoiseSensitivityScorerLLM({ model: m, options: noiseOptions(c) }), (m, c) => ours.createNoiseSensitivityScorerLLM({ model: m, options: noiseOptions(c) })],
];
const runOf = (c) => ({ input: c.input, output: c.output, ...(c.groundTruth === undefined ? {} : { groundTruth: c.groundTruth }) });

async function cost(build, cases) {
  let calls = 0;
  let chars = 0;
  for (const c of cases) {
    const k = counted(c);
    await build(k.model, c).run(runOf(c));
    calls += k.calls();
    chars += k.chars();
  }
  return { calls: calls / cases.length, chars: chars / cases.length };
}

async function runTime(build, cases, rounds = 20) {
  const times = [];
  for (let r = 0; r < rounds; r++) {
    for (const c of cases) {
      const scorer = build(verdictTableModelV3(c), c);
      const start = performance.now();
      await scorer.run(runOf(c));
      times.push(performance.now() - start);
    }
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const n = (x) => Math.round(x).toLocaleString('en');
console.log('| metric | cases | calls ours / original | prompt tokens ours / original (characters ÷ 4) | ms outside the model ours / original (median) |');
console.log('| --- | --- | --- | --- | --- |');
for (const [name, cases, theirs, mine] of SIDES) {
  const [a, b] = [await cost(mine, cases), await cost(theirs, cases)];
  const [ta, tb] = [await runTime(mine, cases), await runTime(theirs, cases)];
  console.log(`| \`${name}\` | ${cases.length} | ${a.calls.toFixed(2)} / ${b.calls.toFixed(2)} | ≈${n(a.chars / 4)} / ≈${n(b.chars / 4)} | ${ta.toFixed(2)} / ${tb.toFixed(2)} |`);
}
