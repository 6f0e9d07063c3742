// The built package as npm installs it: its files, ESM and CommonJS entry points, subpaths,
// and an install from the packed tarball into a fresh project.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const pkgDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'pkg');

test('require() works for the root and both subpaths', async () => {
  const cjs = require('evals-wasm');
  const nlp = require('evals-wasm/nlp');
  assert.equal(cjs.CompletenessMetric, nlp.CompletenessMetric);
  const llm = require('evals-wasm/llm');
  assert.equal(llm.HallucinationMetric, cjs.HallucinationMetric);
  assert.equal(typeof llm.EvalsError, 'function');
  assert.equal(llm.CoverageMetric, cjs.CoverageMetric);
  assert.equal(typeof llm.evaluateSummary, 'function');
  const r = await new nlp.CompletenessMetric().measure('The quick brown fox jumps over the lazy dog', 'A brown fox jumped over a dog');
  assert.equal(r.score, 0.625);
  assert.equal(require('evals-wasm/package.json').name, 'evals-wasm');
});

test('exactly seven .wasm files ship: the NLP, the LLM, the combined, the scorers\', the stem, the code and the comparison module', () => {
  const files = readdirSync(pkgDir);
  assert.deepEqual(files.filter((f) => f.endsWith('.wasm')).sort(), ['evals_all_bg.wasm', 'evals_code_bg.wasm', 'evals_compare_bg.wasm', 'evals_llm_bg.wasm', 'evals_nlp_bg.wasm', 'evals_scorers_bg.wasm', 'evals_stem_bg.wasm']);
  for (const file of ['index.js', 'node.js', 'index.cjs', 'index.d.ts', 'index.d.cts', 'nlp.d.ts', 'nlp.d.cts', 'README.md', 'LICENSE']) {
    assert.ok(files.includes(file), `${file} in pkg/`);
  }
});

test('npm pack, then npm install into a fresh project: import and require both work', () => {
  const work = mkdtempSync(join(tmpdir(), 'evals-wasm-install-'));
  try {
    const tarball = execFileSync('npm', ['pack', pkgDir, '--pack-destination', work, '--silent'], { encoding: 'utf8' }).trim().split('\n').pop();
    writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--offline', '--silent', join(work, tarball)], { cwd: work, stdio: 'pipe' });
    writeFileSync(join(work, 'esm.mjs'), `
      import { CompletenessMetric } from 'evals-wasm/nlp';
      const r = await new CompletenessMetric().measure('plants grow fast', 'plants grow');
      const de = await new CompletenessMetric({ language: 'de' }).measure('Häuser wachsen schnell', 'ein Haus wächst');
      console.log(JSON.stringify([r.info.missingElements, de.info.missingElements]));
      // evals-wasm/compare and its lazily loaded module ship too.
      const { compareRuns } = await import('evals-wasm/compare');
      const run = (score) => ({ record: {}, results: [0, 1].map((i) => ({ key: String(i), metric: 'm', score: score + i / 10 })) });
      const compared = await compareRuns(run(0.5), run(0.25));
      if (compared.metrics[0].delta !== -0.25) throw new Error('compareRuns in the installed package: ' + compared.metrics[0].delta);`);
    writeFileSync(join(work, 'cjs.cjs'), `
      const { CompletenessMetric } = require('evals-wasm');
      Promise.all([
        new CompletenessMetric().measure('plants grow fast', 'plants grow'),
        new CompletenessMetric({ language: 'de' }).measure('Häuser wachsen schnell', 'ein Haus wächst'),
      ]).then(([r, de]) => console.log(JSON.stringify([r.info.missingElements, de.info.missingElements])));`);
    for (const script of ['esm.mjs', 'cjs.cjs']) {
      const printed = JSON.parse(execFileSync(process.execPath, [script], { cwd: work, encoding: 'utf8' }).trim());
      assert.deepEqual(printed[0], ['fast'], script);
      assert.ok(printed[1].includes('schnell') && !printed[1].includes('haus'), `${script}: ${printed[1]}`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
