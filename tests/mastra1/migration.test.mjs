// The one-replace migration: the project in ./migration, written against @mastra/evals 1.x, is
// copied as is and with every '@mastra/evals' replaced by 'evals-wasm'. The evals-wasm copy must
// pass `tsc --strict` (the tsconfig is strict), run, print the same scores as the original, and
// pass its Vitest file under `vitest run`.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';

const here = new URL('.', import.meta.url).pathname;
const bin = (name) => join(here, 'node_modules', '.bin', name);

/** Copies ./migration beside it (so that tests/mastra1/node_modules resolves), with `replace` applied to every source. */
function copyProject(label, replace) {
  const dir = join(here, `.migration-${label}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(here, 'migration'), dir, { recursive: true });
  const sources = ['vitest.config.mts', ...readdirSync(join(dir, 'src')).map((file) => join('src', file))];
  for (const file of sources) writeFileSync(join(dir, file), replace(readFileSync(join(dir, file), 'utf8')));
  return dir;
}

const run = (command, args, cwd) => spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 240_000 });

const original = copyProject('original', (text) => text);
const migrated = copyProject('evals-wasm', (text) => text.replaceAll('@mastra/evals', 'evals-wasm'));
after(() => {
  for (const dir of [original, migrated]) rmSync(dir, { recursive: true, force: true });
});

test('the migrated project references evals-wasm only', () => {
  for (const file of readdirSync(join(migrated, 'src'))) {
    assert.doesNotMatch(readFileSync(join(migrated, 'src', file), 'utf8'), /@mastra\/evals/, file);
  }
  assert.match(readFileSync(join(migrated, 'src', 'scores.mts'), 'utf8'), /from 'evals-wasm\/checks'/);
});

test('tsc --strict: the evals-wasm copy type-checks; the original fails only on its eval matchers', () => {
  const ours = run(bin('tsc'), ['-p', '.'], migrated);
  assert.equal(ours.status, 0, ours.stdout + ours.stderr);
  // @mastra/evals 1.10.2 augments vitest's `Assertion`, which vitest 3.2 no longer reads.
  const theirs = run(bin('tsc'), ['-p', '.'], original);
  const errors = theirs.stdout.split('\n').filter((line) => /error TS/.test(line));
  assert.ok(errors.length > 0);
  for (const line of errors) assert.match(line, /^src\/evals\.test\.mts.*TS2339: Property 'to(PassGates|PassThresholds|HaveScoreAbove|HaveScoreBelow|HaveVerdict)'/);
});

test('both run and print the same code-scorer scores', () => {
  const printed = (dir) => {
    const result = run(process.execPath, ['dist/scores.mjs'], dir);
    assert.equal(result.status, 0, result.stderr);
    return JSON.parse(result.stdout);
  };
  const [ours, theirs] = [printed(migrated), printed(original)];
  assert.ok(Object.keys(theirs.scores).length >= 20);
  assert.deepEqual(ours, theirs);
});

test('the Vitest file with the eval matchers passes under vitest run, as the original does', () => {
  for (const dir of [migrated, original]) {
    const result = run(bin('vitest'), ['run', '--reporter', 'verbose'], dir);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /Tests\s+2 passed/);
  }
});
