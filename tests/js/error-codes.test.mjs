// The `code` union of EvalsError in the declarations lists every code the package uses, so
// that `e.code === '…'` type-checks for each of them (and cannot drift again).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Every `EVALS_…` code named in a string literal of the files under `dir` ending in `ext`. */
function codesIn(dir, ext) {
  const codes = new Set();
  for (const entry of readdirSync(dir, { recursive: true })) {
    if (!String(entry).endsWith(ext)) continue;
    const text = readFileSync(join(dir, String(entry)), 'utf8');
    for (const match of text.matchAll(/["'`](EVALS_[A-Z_]+)["'`]/g)) codes.add(match[1]);
  }
  return codes;
}

/** The codes of `readonly code: 'A' | 'B' …` in a declaration file. */
function declaredCodes(file) {
  const text = readFileSync(file, 'utf8');
  const union = text.match(/readonly code:([^;]+);/);
  assert.ok(union, `${file} declares EvalsError.code`);
  return new Set([...union[1].matchAll(/'(EVALS_[A-Z_]+)'/g)].map((m) => m[1]));
}

test('EvalsError.code in the .d.ts (and the built .d.cts) lists every code the JS and the Rust engine use', () => {
  const used = new Set([...codesIn(join(root, 'pkg-template'), '.js'), ...codesIn(join(root, 'src'), '.rs')]);
  for (const code of ['EVALS_INVALID_RUN', 'EVALS_INVALID_LINE', 'EVALS_INVALID_MODEL', 'EVALS_TIMEOUT', 'EVALS_UNREADABLE_ANSWER']) {
    assert.ok(used.has(code), `the scan finds ${code}`);
  }
  for (const file of [join(root, 'pkg-template', 'index.d.ts'), join(root, 'pkg', 'index.d.cts')]) {
    const declared = declaredCodes(file);
    const missing = [...used].filter((code) => !declared.has(code));
    assert.deepEqual(missing, [], `${file} lacks codes the package uses`);
    const unused = [...declared].filter((code) => !used.has(code));
    assert.deepEqual(unused, [], `${file} declares codes the package never uses`);
  }
});
