// evals-wasm/scorers against @mastra/evals 1.10.2 (on @mastra/core 1.71.0): the time of one
// scorer `run()` on the same inputs, and how much of ours is Mastra's own workflow machinery.
//
// Runs against the nested project tests/mastra1 (scripts/test.sh installs it and copies pkg/
// into it; or: bash scripts/build.sh && source scripts/tools.sh && ensure_mastra1_modules &&
// install_pkg_into_mastra1). Usage: node bench/scorers.mjs
//
// Rows: each scorer's median `run()` time, ours and theirs, on the same run; "engine" is the same
// work through this package's metric class without Mastra (CompletenessMetric.measure,
// HallucinationMetric / CoverageMetric.measure with the same zero-latency scripted model), and
// "Mastra machinery" is a scorer of two trivial function steps, so what every run pays before
// any scoring. The LLM scorers' model answers instantly, so their rows are overhead, not model
// latency. @mastra/evals at 10,000 words is timed once (it takes seconds).

import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import { pairs } from './lib/texts.mjs';
import { median, ms, table, times } from './lib/stats.mjs';

const NESTED = join(dirname(fileURLToPath(import.meta.url)), '..', 'tests', 'mastra1');

/** The ESM file of `name` + `subpath` in tests/mastra1/node_modules, read from its exports map. */
async function load(name, subpath = '.') {
  const dir = join(NESTED, 'node_modules', name);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  let entry = manifest.exports?.[subpath] ?? manifest.exports;
  while (entry && typeof entry === 'object') entry = entry.import ?? entry.node ?? entry.default;
  if (typeof entry !== 'string') throw new Error(`no ESM entry for ${name}/${subpath}`);
  return import(pathToFileURL(join(dir, entry)).href);
}

const ours = await load('evals-wasm', './scorers');
const oursNode = await load('evals-wasm', '.');
const theirs = await load('@mastra/evals', './scorers/prebuilt');
const { createScorer } = await load('@mastra/core', './evals');
const { scriptedLanguageModel } = await import(pathToFileURL(join(NESTED, 'scripted-ai-model.mjs')).href);

const agentRun = (input, output) => ({
  input: { inputMessages: [{ id: 'u', role: 'user', content: input }], rememberedMessages: [], systemMessages: [], taggedSystemMessages: {} },
  output: [{ id: 'a', role: 'assistant', content: output, createdAt: new Date(0) }],
});

/** Median milliseconds of `fn()` over `runs` runs after `warmup` runs. */
async function timeIt(fn, { runs = 40, warmup = 5 } = {}) {
  for (let i = 0; i < warmup; i++) await fn(i);
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  return median(samples);
}

const rows = [];
const row = (scorer, input, oursMs, theirsMs, engineMs, note = '') =>
  rows.push([scorer, input, ms(oursMs), ms(theirsMs), times(theirsMs / oursMs), ms(engineMs), ms(oursMs - engineMs), note]);

// Mastra's own cost of a run: two trivial function steps.
const trivial = createScorer({ id: 'trivial', description: 'two trivial steps' }).preprocess(() => ({})).generateScore(() => 1);
const machinery = await timeIt(() => trivial.run(agentRun('a', 'b')), { runs: 200, warmup: 20 });

// Completeness at 100 and 10,000 words.
for (const words of [100, 10_000]) {
  const [{ input, output }] = pairs(words, 1);
  const run = agentRun(input, output);
  const metric = new oursNode.CompletenessMetric();
  const big = words > 1000;
  const engine = await timeIt(() => metric.measure(input, output), big ? { runs: 7, warmup: 1 } : {});
  const oursMs = await timeIt(() => ours.createCompletenessScorer().run(run), big ? { runs: 7, warmup: 1 } : {});
  const theirsMs = await timeIt(() => theirs.createCompletenessScorer().run(run), big ? { runs: 1, warmup: 0 } : {});
  row('completeness', `${words.toLocaleString('en-US')} words`, oursMs, theirsMs, engine, big ? '1.10.2 timed once' : '');
}

// Hallucination and coverage with a scripted model that answers at once.
const CONTEXT = ['The Linden Street bakery opened in 1998.', 'It sells rye bread and almond cakes.', 'It is closed on Mondays.'];
const OUTPUT = 'The Linden Street bakery opened in 1998. It sells sourdough pizza. It is closed on Mondays.';
const CLAIMS = ['The Linden Street bakery opened in 1998.', 'The bakery sells sourdough pizza.', 'The bakery is closed on Mondays.'];
const calls = { ours: 0, theirs: 0 };
const judge = scriptedLanguageModel((text, how) => {
  calls[how === 'generate' ? 'ours' : 'theirs'] += 1;
  if (text.includes('Extract all claims from the given output')) return JSON.stringify({ claims: CLAIMS });
  if (text.includes('Claims to verify:')) return JSON.stringify({ verdicts: CLAIMS.map((statement, i) => ({ statement, verdict: i === 1 ? 'yes' : 'no', reason: 'r' })) });
  if (text.includes('Explain the hallucination score')) return 'The score is 0.33.';
  if (text.includes('<verdicts>')) return JSON.stringify({ because: 'one claim is not backed.' });
  if (text.includes('<claims>')) return JSON.stringify({ verdicts: CLAIMS.map((_, i) => ({ id: `C${i + 1}`, verdict: i === 1 ? 'contradicted' : 'supported', reason: 'r' })) });
  return JSON.stringify({ claims: CLAIMS });
});
const options = { context: CONTEXT };
const hallucinationRun = agentRun('Tell me about the bakery.', OUTPUT);
const oursHallucination = ours.createHallucinationScorer({ model: judge, options });
const theirsHallucination = theirs.createHallucinationScorer({ model: judge, options });
const hallucinationMetric = new oursNode.HallucinationMetric(judge, { context: CONTEXT, strategy: 'claims' });
const hallucinationEngine = await timeIt(() => hallucinationMetric.measure('Tell me about the bakery.', OUTPUT));
calls.ours = 0;
const oursHallucinationMs = await timeIt(() => oursHallucination.run(hallucinationRun));
const oursCalls = calls.ours / 45;
calls.theirs = 0;
const theirsHallucinationMs = await timeIt(() => theirsHallucination.run(hallucinationRun));
const theirsCalls = calls.theirs / 45;
row('hallucination', '3 claims, instant model', oursHallucinationMs, theirsHallucinationMs, hallucinationEngine, `model calls per run: ours ${oursCalls}, 1.10.2 ${theirsCalls}`);

const coverageModel = async (_prompt, { user }) =>
  user.includes('<claims>') ? '{"verdicts": [{"id": "C1", "verdict": "yes", "reason": "kept"}, {"id": "C2", "verdict": "no", "reason": "dropped"}]}' : '{"claims": ["The bridge opened in 1932.", "The bridge is 500 m long."]}';
const coverage = ours.createCoverageScorer({ model: coverageModel });
const coverageMetric = new oursNode.CoverageMetric(coverageModel);
const coverageEngine = await timeIt(() => coverageMetric.measure('The bridge opened in 1932 and is 500 m long.', 'The bridge opened in 1932.'));
const coverageMs = await timeIt(() => coverage.run({ input: 'The bridge opened in 1932 and is 500 m long.', output: 'The bridge opened in 1932.' }));
rows.push(['coverage', '2 claims, instant model', ms(coverageMs), '–', '–', ms(coverageEngine), ms(coverageMs - coverageEngine), 'no 1.x counterpart; claims cached by both']);

console.log(`Node ${process.version}; Mastra's workflow machinery alone (two trivial function steps): ${ms(machinery)} a run\n`);
console.log(table(['scorer', 'input', 'ours run()', '1.10.2 run()', 'speed-up', 'our engine alone', 'ours minus engine (Mastra + glue)', 'note'], rows));
