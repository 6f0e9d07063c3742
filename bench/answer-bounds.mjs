// The answer bound of every step of every LLM metric class of evals-wasm/llm, on the inputs the
// real-judge tests use (tests/js/lib/judge-fixtures.mjs): each request's max_tokens, the longest
// answer its JSON Schema allows (every text at its maxLength, every list at its maxItems, the
// widest enum word), and the prompt's length. No model is asked: a stand-in writes that longest
// answer to every request, as a grammar-constrained server would let a model that never stops
// on its own write it. Prints the table of docs/engine.md ("Answer bounds per metric").
//
//   node bench/answer-bounds.mjs
//
// The 1.x scorers are loaded from tests/mastra1 (the package as installed there, next to
// @mastra/core 1.x: scripts/tools.sh install_pkg_into_mastra1).

import * as llm from 'evals-wasm/llm';
import { ANSWER, QUESTION, METRIC_CASES, SCORER_CASES, judgedScorerFactories, metricClasses } from '../tests/js/lib/judge-fixtures.mjs';
import { longestAnswer } from '../tests/js/lib/longest-answer.mjs';
import { table } from './lib/stats.mjs';

/** The schema's limits, in short: `8 × 160 ch` for a list, `3 ids` for a keyed verdict object. */
function limits(schema) {
  const found = [];
  const walk = (s, key) => {
    if (s === null || typeof s !== 'object') return;
    if (key === 'verdicts' && s.type === 'object') found.push(`${s.required.length} id${s.required.length === 1 ? '' : 's'} × reason ${Object.values(s.properties)[0]?.properties?.reason?.maxLength} ch`);
    else if (s.type === 'array') found.push(`${key}: ≤ ${s.maxItems} × ${s.items?.maxLength !== undefined ? `${s.items.maxLength} ch` : 'objects'}`);
    for (const [k, v] of Object.entries(s.properties ?? {})) walk(v, k);
    if (s.items) walk(s.items, key);
  };
  walk(schema, '');
  return [...new Set(found)].join('; ') || 'fields';
}

const rows = [];
/** The stand-in model of `label`: answers every request with the longest answer its schema allows. */
const standIn = (label) => async (_prompt, request) => {
  const answer = JSON.stringify(longestAnswer(request.schema, (i) => String.fromCharCode(97 + (i % 26))));
  rows.push([label, request.schemaName, String(request.maxTokens), String(answer.length), String(request.system.length + request.user.length), limits(request.schema)]);
  if (answer.length > request.maxTokens) throw new Error(`${label} ${request.schemaName}: the longest answer (${answer.length} characters) does not fit ${request.maxTokens} tokens`);
  return answer;
};
for (const name of metricClasses(llm)) {
  for (const fixture of METRIC_CASES[name] ?? []) {
    const label = `${name}${fixture.label ? ` (${fixture.label})` : ''}`;
    await new llm[name](standIn(label), fixture.options).measure(fixture.input, fixture.output);
  }
}
// The 1.x scorers whose steps differ from a 0.x class's, on an agent's question and reply.
const run = {
  input: { inputMessages: [{ role: 'user', content: QUESTION }], rememberedMessages: [], systemMessages: [{ role: 'system', content: 'Answer in one sentence.' }], taggedSystemMessages: {} },
  output: [{ id: 'a1', role: 'assistant', content: ANSWER, createdAt: new Date(0) }],
  groundTruth: ANSWER,
};
const scorers = await import('../tests/mastra1/node_modules/evals-wasm/scorers.node.js');
const covered = new Set(['createHallucinationScorer', 'createCoverageScorer', 'createAnswerRelevancyScorer', 'createBiasScorer', 'createToxicityScorer', 'createFaithfulnessScorer', 'createSummarizationScorer', 'createFactualConsistencyScorer', 'createFactualAlignmentScorer', 'createTopicPreservationScorer', 'createContextPrecisionScorer', 'createContextRecallScorer']);
for (const name of judgedScorerFactories(scorers).filter((n) => !covered.has(n))) {
  const { options, extra } = SCORER_CASES[name] ?? {};
  await scorers[name]({ model: standIn(name), ...(options ? { options } : {}), ...extra }).run(run);
}
console.log(table(['metric', 'step', 'max_tokens', 'longest schema-valid answer (characters)', 'prompt (characters)', 'schema limits'], rows));
