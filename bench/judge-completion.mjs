// Completion on a small local judge: every LLM metric class of evals-wasm/llm measured on varied
// inputs against SmolLM2-135M on llama.cpp (scripts/judge.sh), counting how many measures end
// with a score rather than an error, the calls each took, its time, and the answers cut off at
// their bound or at the server's context. The inputs are the fixtures of
// tests/js/lib/judge-fixtures.mjs with their texts swapped for one of ten topics below.
//
//   nice -n 10 node bench/judge-completion.mjs [--measures N] [--pkg DIR] [--only NAME,…] [--scorers]
//
// --pkg: a built package directory to measure instead of ./pkg (a build of an older commit, for
// a before/after comparison). --scorers: the 1.x scorers whose steps no 0.x class shares (prompt
// alignment's analysis, answer similarity, noise sensitivity, context relevance, rubric,
// multi-turn, trajectory), on an agent's question and reply; they need @mastra/core 1.x, so the
// package directory must sit in tests/mastra1/node_modules (scripts/tools.sh
// install_pkg_into_mastra1 puts ./pkg there as evals-wasm). What the judge says is not checked:
// a 135M model is at chance. Each measure is also written to standard error as it ends;
// bench/judge-completion-log.mjs makes the table from those lines for a run stopped early.

import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startJudgeProxy, startLocalJudge, JUDGE_CONTEXT } from '../tests/js/lib/local-judge.mjs';
import { ANSWER, CONTEXT, METRIC_CASES, QUESTION, SCORER_CASES, SOURCE, SUMMARY, judgedScorerFactories, metricClasses } from '../tests/js/lib/judge-fixtures.mjs';
import { median, ms, num, table } from './lib/stats.mjs';

const { values: args } = parseArgs({ options: { measures: { type: 'string', default: '10' }, pkg: { type: 'string' }, only: { type: 'string' }, scorers: { type: 'boolean', default: false } } });
const measures = Math.max(1, Number(args.measures));
const pkgDir = resolve(args.pkg ?? (args.scorers ? 'tests/mastra1/node_modules/evals-wasm' : 'pkg'));
const llm = await import(pathToFileURL(`${pkgDir}/llm.node.js`).href);
const scorers = args.scorers ? await import(pathToFileURL(`${pkgDir}/scorers.node.js`).href) : undefined;
/** The scorers whose steps a 0.x class shares are measured through the class. */
const SHARED = ['createHallucinationScorer', 'createCoverageScorer', 'createAnswerRelevancyScorer', 'createBiasScorer', 'createToxicityScorer', 'createFaithfulnessScorer', 'createSummarizationScorer', 'createFactualConsistencyScorer', 'createFactualAlignmentScorer', 'createTopicPreservationScorer', 'createContextPrecisionScorer', 'createContextRecallScorer'];

/** Ten topics, each a context, a question, an answer (right, partly wrong or off topic), a source and a summary. */
const TOPICS = [
  { context: ['The Danube flows through ten countries and ends in the Black Sea.'], question: 'Where does the Danube end?', answer: 'The Danube ends in the Black Sea after crossing ten countries.', source: 'The Danube is Europe\'s second-longest river. It flows through ten countries. It ends in the Black Sea.', summary: 'The Danube crosses ten countries to the Black Sea.' },
  { context: ['Marie Curie won the Nobel Prize in Physics in 1903 and in Chemistry in 1911.'], question: 'Which Nobel Prizes did Marie Curie win?', answer: 'She won only the Nobel Prize in Literature, in 1920.', source: 'Marie Curie studied radioactivity. She won two Nobel Prizes, in 1903 and 1911.', summary: 'Curie won two Nobel Prizes for her research.' },
  { context: ['Honey bees communicate the direction of flowers with a waggle dance.', 'A colony can hold 50,000 bees.'], question: 'How do bees tell each other where flowers are?', answer: 'Bees dance: the waggle dance points the way to the flowers.', source: 'Honey bees live in colonies of up to 50,000. Foragers return and dance. The waggle dance shows direction and distance.', summary: 'Bees show where food is by dancing.' },
  { context: ['The Eiffel Tower was completed in 1889 for the World\'s Fair.'], question: 'When was the Eiffel Tower built?', answer: 'My favourite pasta is made with tomatoes and basil.', source: 'The Eiffel Tower stands in Paris. It was finished in 1889. It was built for a World\'s Fair.', summary: 'A tower was built in Rome in 1920.' },
  { context: ['Water boils at 100 degrees Celsius at sea level.', 'At higher altitudes it boils at a lower temperature.'], question: 'At what temperature does water boil?', answer: 'Water boils at 100 °C at sea level, and lower in the mountains.', source: 'Boiling depends on pressure. At sea level water boils at 100 °C. On a mountain it boils sooner.', summary: 'Water boils at 100 °C at sea level, less up high.' },
  { context: ['The Great Barrier Reef lies off the coast of Queensland, Australia.'], question: 'Where is the Great Barrier Reef?', answer: 'It is off Queensland in Australia, and it is the largest reef system in the world.', source: 'The Great Barrier Reef is off Queensland. It is made of thousands of reefs. Warm water bleaches its corals.', summary: 'The reef near Queensland suffers from bleaching.' },
  { context: ['Python was first released by Guido van Rossum in 1991.'], question: 'Who created Python and when?', answer: 'Guido van Rossum released Python in 1991.', source: 'Python is a programming language. Guido van Rossum released it in 1991. It is known for readable code.', summary: 'Python, from 1991, is known for readability.' },
  { context: ['Mount Everest is 8,849 metres high.', 'It sits on the border of Nepal and China.'], question: 'How high is Everest?', answer: 'Everest is about 5,000 metres high and lies in Peru.', source: 'Mount Everest is the highest mountain above sea level. It is 8,849 m tall. It lies between Nepal and China.', summary: 'Everest, 8,849 m, is on the Nepal–China border.' },
  { context: ['The printing press with movable type was developed by Johannes Gutenberg around 1440.'], question: 'Who developed the printing press?', answer: 'Johannes Gutenberg developed it around 1440 in Mainz; it spread across Europe within decades.', source: 'Gutenberg worked in Mainz. Around 1440 he built a press with movable type. Books became cheaper.', summary: 'Gutenberg\'s press made books cheaper.' },
  { context: ['Octopuses have three hearts and blue blood.'], question: 'How many hearts does an octopus have?', answer: 'An octopus has three hearts.', source: 'Octopuses are molluscs. They have three hearts. Their blood is blue because of copper.', summary: 'Octopuses have three hearts and blue blood.' },
];

/** The fixture with its texts swapped for those of `topic`. */
function varied(fixture, topic) {
  const swap = (value) => {
    if (value === QUESTION) return topic.question;
    if (value === ANSWER) return topic.answer;
    if (value === SOURCE) return topic.source;
    if (value === SUMMARY) return topic.summary;
    if (Array.isArray(value) && value.length === CONTEXT.length && value.every((v, i) => v === CONTEXT[i])) return topic.context;
    return value;
  };
  return { options: Object.fromEntries(Object.entries(fixture.options).map(([k, v]) => [k, swap(v)])), input: swap(fixture.input), output: swap(fixture.output) };
}

const local = await startLocalJudge({ threads: 1 });
const proxy = await startJudgeProxy(local.baseURL);
const model = llm.openaiCompatible({ baseURL: proxy.baseURL, model: local.model, timeoutMs: 180_000 });
const only = args.only?.split(',');

/** The cases: `[label, (topic) => Promise<score>]` for each metric class or scorer. */
function cases() {
  if (scorers) {
    return judgedScorerFactories(scorers)
      .filter((name) => !SHARED.includes(name) && (!only || only.includes(name)))
      .map((name) => [name, async (topic) => {
        const { options, extra } = SCORER_CASES[name] ?? {};
        const swapped = options ? varied({ options, input: QUESTION, output: ANSWER }, topic).options : undefined;
        const scorer = scorers[name]({ model, ...(swapped ? { options: swapped } : {}), ...extra });
        const run = {
          input: { inputMessages: [{ id: 'u1', role: 'user', content: topic.question, createdAt: new Date(0) }], rememberedMessages: [], systemMessages: [{ role: 'system', content: 'Answer in one sentence.' }], taggedSystemMessages: {} },
          output: [{ id: 'a1', role: 'assistant', content: topic.answer, createdAt: new Date(0) }],
          groundTruth: topic.context[0],
        };
        return (await scorer.run(run)).score;
      }]);
  }
  return metricClasses(llm)
    .filter((n) => !only || only.includes(n))
    .flatMap((name) => (METRIC_CASES[name] ?? []).map((fixture) => [`${name}${fixture.label ? ` (${fixture.label})` : ''}`, async (topic) => {
      const { options, input, output } = varied(fixture, topic);
      return (await new llm[name](model, options).measure(input, output)).score;
    }]));
}

const rows = [];
let fits = 0;
let asked = 0;
try {
  for (const [label, measure] of cases()) {
    {
      const runs = [];
      for (let i = 0; i < measures; i++) {
        const first = proxy.calls.length;
        const started = performance.now();
        let failed;
        try {
          const score = await measure(TOPICS[i % TOPICS.length]);
          if (!Number.isFinite(score)) failed = `score ${score}`;
        } catch (error) {
          failed = error.cause?.code ?? error.code ?? error.message;
        }
        const wall = performance.now() - started;
        const calls = proxy.calls.slice(first);
        for (const call of calls) {
          asked += 1;
          if (call.promptTokens + call.maxTokens <= JUDGE_CONTEXT) fits += 1;
        }
        const cut = calls.filter((c) => c.finishReason === 'length').length;
        runs.push({ wall, calls: calls.length, cut, failed });
        process.stderr.write(`${label} #${i}: ${ms(wall)}, ${calls.length} calls, ${cut} cut${failed ? `, ${failed}` : ''}\n`);
      }
      rows.push({ label, runs });
    }
  }
} finally {
  await proxy.stop();
  await local.stop();
}

const counts = (values) => {
  const tally = new Map();
  for (const v of values) tally.set(v, (tally.get(v) ?? 0) + 1);
  return [...tally].sort((a, b) => a[0] - b[0]).map(([v, n]) => `${v}×${n}`).join(' ');
};
const all = rows.flatMap((r) => r.runs);
console.log(`Package: ${args.pkg ?? (scorers ? 'tests/mastra1/node_modules/evals-wasm' : 'pkg')}${scorers ? ' (1.x scorers)' : ''}. Judge: SmolLM2-135M-Instruct on llama.cpp (xllamacpp), 1 thread, context ${JUDGE_CONTEXT}; ${measures} measures per metric on ${Math.min(measures, TOPICS.length)} topics.\n`);
console.log(table(
  ['metric', 'completed', 'calls per measure', 'time per measure (median)', 'cut off', 'errors'],
  rows.map(({ label, runs }) => {
    const errors = runs.filter((r) => r.failed).map((r) => r.failed);
    return [
      label,
      `${runs.length - errors.length}/${runs.length}`,
      counts(runs.map((r) => r.calls)),
      ms(median(runs.map((r) => r.wall))),
      num(runs.reduce((t, r) => t + r.cut, 0)),
      counts(errors.map(String)).replace(/×1\b/g, '') || '—',
    ];
  }),
));
const done = all.filter((r) => !r.failed).length;
console.log(`\nAll: ${done}/${all.length} measures completed (${((100 * done) / all.length).toFixed(1)} %); ${asked} requests, ${fits} with prompt + max_tokens within the ${JUDGE_CONTEXT}-token context.`);
