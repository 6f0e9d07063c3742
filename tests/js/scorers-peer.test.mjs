// evals-wasm/scorers without Mastra 1.x: @mastra/core is an optional peer dependency, so loading
// the scorers entry where it is missing (or is 0.x, as in this workspace) fails with a message
// that says what to install, while evals-wasm/nlp and evals-wasm/llm keep working. The scorers
// themselves are tested inside Mastra 1.x in tests/mastra1.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const PKG = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'pkg');
const INSTALL = /npm install @mastra\/core@1 zod@4/;

test('the package declares @mastra/core 0.x or 1.x as an optional peer and exports ./scorers for import and require', () => {
  const manifest = JSON.parse(readFileSync(join(PKG, 'package.json'), 'utf8'));
  // 0.x is in the range so that npm lets 0.x projects install the package (npm enforces an
  // optional peer's range whenever the peer is there); /scorers itself rejects 0.x at run time.
  assert.equal(manifest.peerDependencies['@mastra/core'], '>=0.1.0-0 <2.0.0-0');
  assert.equal(manifest.peerDependenciesMeta['@mastra/core'].optional, true);
  assert.deepEqual(Object.keys(manifest.exports['./scorers']), ['import', 'require']);
  assert.equal(manifest.dependencies, undefined, 'still no runtime dependencies');
});

test('with @mastra/core 0.x installed: a clear error naming the version problem (import and require)', async () => {
  const error = await import('evals-wasm/scorers').then(() => undefined, (e) => e);
  assert.ok(error instanceof Error);
  assert.match(error.message, /needs @mastra\/core 1\.x, but the installed @mastra\/core is older than 1\.0/);
  assert.match(error.message, INSTALL);
  const require = createRequire(import.meta.url);
  assert.throws(() => require('evals-wasm/scorers'), (e) => /older than 1\.0/.test(e.message) && INSTALL.test(e.message));
  // The other entries do not need Mastra 1.x.
  const { CompletenessMetric } = await import('evals-wasm/nlp');
  assert.equal((await new CompletenessMetric().measure('a cat sat', 'a cat sat')).score, 1);
});

test('npm installs the package tarball into a project that has @mastra/core 0.24.9 (no ERESOLVE)', { timeout: 240_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'evals-wasm-mastra0-'));
  const npm = (...args) =>
    execFileSync('npm', [...args, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    // The 0.x project first (from the npm cache that the workspace's own install filled), then
    // our tarball next to it, as a user would add it.
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'mastra0-project', version: '1.0.0', private: true, dependencies: { '@mastra/core': '0.24.9' } }));
    npm('install');
    const tarball = execFileSync('npm', ['pack', PKG, '--pack-destination', dir, '--silent'], { cwd: dir, encoding: 'utf8' }).trim().split('\n').pop();
    try {
      npm('install', `./${tarball}`);
    } catch (error) {
      assert.fail(`npm install of the tarball failed next to @mastra/core 0.24.9:\n${error.stderr}`);
    }
    const installed = (name) => JSON.parse(readFileSync(join(dir, 'node_modules', ...name.split('/'), 'package.json'), 'utf8')).version;
    assert.equal(installed('@mastra/core'), '0.24.9', 'npm left the 0.x core in place');
    assert.equal(installed('evals-wasm'), JSON.parse(readFileSync(join(PKG, 'package.json'), 'utf8')).version);
    writeFileSync(
      join(dir, 'check.mjs'),
      `import { CompletenessMetric } from 'evals-wasm/nlp';
       const out = { nlp: (await new CompletenessMetric().measure('a cat sat', 'a cat sat')).score };
       await import('evals-wasm/scorers').catch((e) => { out.scorers = e.message; });
       console.log(JSON.stringify(out));`,
    );
    const out = JSON.parse(execFileSync(process.execPath, ['check.mjs'], { cwd: dir, encoding: 'utf8' }));
    assert.equal(out.nlp, 1);
    assert.match(out.scorers, /older than 1\.0/);
    assert.match(out.scorers, INSTALL);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without @mastra/core: the scorers entry says what to install; /nlp and /llm work', () => {
  const dir = mkdtempSync(join(tmpdir(), 'evals-wasm-no-mastra-'));
  try {
    cpSync(PKG, join(dir, 'node_modules', 'evals-wasm'), { recursive: true });
    writeFileSync(
      join(dir, 'check.mjs'),
      `import { CompletenessMetric } from 'evals-wasm/nlp';
       import { HallucinationMetric } from 'evals-wasm/llm';
       import { createRequire } from 'node:module';
       const out = { nlp: (await new CompletenessMetric().measure('a cat sat', 'a cat sat')).score, llm: typeof HallucinationMetric };
       await import('evals-wasm/scorers').catch((e) => { out.esm = e.message; out.esmCause = e.cause?.code; });
       try { createRequire(import.meta.url)('evals-wasm/scorers'); } catch (e) { out.cjs = e.message; }
       console.log(JSON.stringify(out));`,
    );
    const out = JSON.parse(execFileSync(process.execPath, ['check.mjs'], { cwd: dir, encoding: 'utf8' }));
    assert.equal(out.nlp, 1);
    assert.equal(out.llm, 'function');
    assert.match(out.esm, /needs @mastra\/core 1\.x, but @mastra\/core is not installed/);
    assert.match(out.esm, INSTALL);
    assert.equal(out.esmCause, 'ERR_MODULE_NOT_FOUND');
    assert.match(out.cjs, /@mastra\/core is not installed/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
