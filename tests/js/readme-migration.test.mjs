// The README's promise of a drop-in replacement is held to what the package exports, and its
// migration section shows how to keep 0.x's hallucination scores, which is checked here against
// the 0.14.4 algorithm on a scripted judge.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import * as root from 'evals-wasm';
import { HallucinationMetric } from 'evals-wasm/llm';
import { stepOf } from './scripted-model.mjs';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The text of the section that starts with `heading`, up to the next heading of its level. */
function section(heading) {
  const start = README.indexOf(`\n${heading}\n`);
  assert.ok(start >= 0, `README has ${heading}`);
  const level = heading.match(/^#+/)[0];
  const end = README.indexOf(`\n${level} `, start + heading.length + 2);
  return README.slice(start, end < 0 ? undefined : end);
}

test('the opening claims a drop-in replacement only for the metrics listed, and lists only what ships', () => {
  const opening = README.slice(0, README.indexOf('\n## '));
  const claim = opening.split('\n\n').find((paragraph) => paragraph.includes('drop-in replacement'));
  assert.match(claim, /^For the metrics and scorers listed below, it is a drop-in replacement/);
  assert.match(claim, /strategy: 'claims'/);
  const listed = [...opening.matchAll(/`((?:[A-Z]\w+Metric)|(?:create\w+Scorer))`/g)].map((m) => m[1]);
  for (const name of listed.filter((n) => n.endsWith('Metric'))) assert.equal(typeof root[name], 'function', `${name} is exported`);
  assert.ok(listed.includes('HallucinationMetric') && listed.includes('createHallucinationScorer'));
});

test('the migration section tells /llm users to pass strategy "claims", and that gives 0.14.4\'s score', async () => {
  const migrating = section('## Migrating from `@mastra/evals`');
  assert.match(migrating, /\+ const metric = new HallucinationMetric\(model, \{ context, strategy: 'claims' \}\);/);
  assert.match(migrating, /counts the context's statements that the output\s+contradicts/);
  // The review's case: 0.14.4 scores 0.5 (one of two claims unsupported); the default strategy 0.
  const judge = async (_prompt, { user }) => {
    const step = stepOf(user);
    if (step === 'claims') return '{"claims": ["Tesla was founded in 2003.", "Tesla makes the best cars in the world."]}';
    if (step === 'claimVerdicts') return '{"verdicts": [{"id": "C1", "verdict": "supported", "reason": "stated"}, {"id": "C2", "verdict": "not supported", "reason": "not in the context"}]}';
    if (step === 'statements') return '{"statements": ["Tesla was founded in 2003."]}';
    if (step === 'verdicts') return '{"verdicts": [{"id": "S1", "verdict": "no", "reason": "agrees"}]}';
    return '{"because": "scripted."}';
  };
  const context = ['Tesla was founded in 2003.'];
  const output = 'Tesla was founded in 2003. It makes the best cars in the world.';
  assert.equal((await new HallucinationMetric(judge, { context, strategy: 'claims' }).measure('q', output)).score, 0.5);
  assert.equal((await new HallucinationMetric(judge, { context }).measure('q', output)).score, 0);
});

test('every timeoutMs row of the README and docs/ says there is no limit by default and what that means', () => {
  const docs = new URL('../../docs/', import.meta.url);
  const pages = readdirSync(docs, { recursive: true }).filter((name) => name.endsWith('.md'));
  const text = [README, ...pages.map((name) => readFileSync(new URL(name, docs), 'utf8'))].join('\n');
  const rows = text.split('\n').filter((line) => /^\| `(timeoutMs|--timeout-ms MS)` \|/.test(line));
  assert.ok(rows.length >= 3, `found ${rows.length} rows`);
  for (const row of rows) assert.match(row, /never answers/, row);
});
