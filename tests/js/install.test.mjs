// The README's install, run as written: every `npm ...` line of its "Install" section runs in a
// fresh project folder beside a stand-in for the clone (a link to this checkout, whose pkg/ the
// test command has just built, as the README's build line builds it), and after each install
// the package loads by `import` and by `require` there. The one install that cannot run today,
// `npm install evals-wasm` (the package is not on the registry yet), must be introduced as what
// it will be once published.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const PUBLISHED_LINE = 'npm install evals-wasm';

/** The text of the README's "## Install" section. */
function installSection() {
  const match = README.match(/^## Install\n([\s\S]*?)(?=^## )/m);
  assert.ok(match, 'the README has an "## Install" section');
  return match[1];
}

/** The command lines of the section's sh blocks, without their trailing comments. */
function shellLines(section) {
  const lines = [];
  for (const block of section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)) {
    for (const line of block[1].split('\n')) {
      const command = line.replace(/\s+#.*$/, '').trim();
      if (command) lines.push(command);
    }
  }
  return lines;
}

const section = installSection();
const commands = shellLines(section);
const installs = commands.filter((line) => line.startsWith('npm '));

/** A folder holding `evals-wasm` (this checkout, built) and an empty project `my-app`. */
function freshProject() {
  const work = mkdtempSync(join(tmpdir(), 'evals-wasm-readme-install-'));
  symlinkSync(ROOT, join(work, 'evals-wasm'));
  const app = join(work, 'my-app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'my-app', version: '1.0.0', private: true }, null, 2)}\n`);
  return { work, app };
}

/** Runs the README's line in `cwd` as a shell would; only the package registry is kept out. */
function sh(line, cwd) {
  return execFileSync('bash', ['-c', line], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
    env: { ...process.env, npm_config_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' },
  });
}

/** Imports the installed package from the project, by `import` and by `require`, and measures. */
function checkLoads(app, how) {
  writeFileSync(join(app, 'esm.mjs'), `
    import { CompletenessMetric } from 'evals-wasm/nlp';
    import { HallucinationMetric } from 'evals-wasm/llm';
    import * as root from 'evals-wasm';
    const r = await new CompletenessMetric().measure('plants grow fast', 'plants grow');
    console.log(JSON.stringify({ missing: r.info.missingElements, llm: typeof HallucinationMetric, same: root.CompletenessMetric === CompletenessMetric }));`);
  writeFileSync(join(app, 'cjs.cjs'), `
    const { CompletenessMetric } = require('evals-wasm/nlp');
    const { HallucinationMetric } = require('evals-wasm/llm');
    const root = require('evals-wasm');
    new CompletenessMetric().measure('plants grow fast', 'plants grow').then((r) =>
      console.log(JSON.stringify({ missing: r.info.missingElements, llm: typeof HallucinationMetric, same: root.CompletenessMetric === CompletenessMetric })));`);
  for (const script of ['esm.mjs', 'cjs.cjs']) {
    const printed = JSON.parse(execFileSync(process.execPath, [script], { cwd: app, encoding: 'utf8' }).trim());
    assert.deepEqual(printed, { missing: ['fast'], llm: 'function', same: true }, `${how}: ${script}`);
  }
}

test('the README installs from a clone: a build line, then npm lines (the built folder and a tarball)', () => {
  assert.ok(existsSync(join(ROOT, 'pkg', 'package.json')), 'pkg/ is built (scripts/test.sh builds it first)');
  const build = commands.filter((line) => /\bscripts\/build\.sh\b/.test(line));
  assert.equal(build.length, 1, `one build line in the Install section: ${commands.join(' | ')}`);
  assert.ok(commands.some((line) => line.startsWith('git clone ')), 'the section says how to get the clone');
  assert.ok(installs.some((line) => /^npm install \.\.\/evals-wasm\/pkg$/.test(line)), `an install of the built folder: ${installs.join(' | ')}`);
  assert.ok(installs.some((line) => /^npm pack .*&& npm install \.\/evals-wasm-[\d.]+\.tgz$/.test(line)), `an install of the tarball: ${installs.join(' | ')}`);
});

test('`npm install evals-wasm` is shown only as what it will be once the package is published', () => {
  assert.ok(!commands.includes(PUBLISHED_LINE), 'not among the commands to run today');
  const shown = `\`${PUBLISHED_LINE}\``;
  const paragraph = section.split(/\n\s*\n/).find((text) => text.includes(shown) && !text.startsWith('```'));
  const sentence = paragraph?.split(/(?<=\.)\s+/).find((text) => text.includes(shown));
  assert.ok(sentence, 'the registry install is still shown');
  assert.match(sentence, /^Once it is published\b/, `the line is introduced as the install once published: "${sentence}"`);
  assert.match(section, /not on the npm registry yet/, 'the section says the package is not published yet');
});

for (const line of installs) {
  test(`README install line, run in a fresh project: ${line}`, () => {
    const { work, app } = freshProject();
    try {
      sh(line, app);
      const installed = join(app, 'node_modules', 'evals-wasm');
      assert.ok(existsSync(join(installed, 'package.json')), 'node_modules/evals-wasm is there');
      const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'));
      assert.ok(manifest.dependencies?.['evals-wasm'], 'the project lists evals-wasm as a dependency');
      if (line.includes('.tgz')) assert.ok(!lstatSync(installed).isSymbolicLink(), 'the tarball is installed as a copy');
      checkLoads(app, line);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
}
