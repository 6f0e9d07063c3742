// Run by ../surface.test.mjs under `vitest run`: the original's vitest entry loads only inside
// a vitest worker. Every export of @mastra/evals/vitest is in evals-wasm/vitest with the same typeof.
import { expect, test } from 'vitest';
import * as theirs from '@mastra/evals/vitest';
import * as ours from 'evals-wasm/vitest';

test('evals-wasm/vitest has the exports of @mastra/evals/vitest', () => {
  const kinds = (module) => Object.fromEntries(Object.keys(module).map((key) => [key, typeof module[key]]));
  expect(Object.keys(theirs).length).toBe(7);
  expect(kinds(ours)).toEqual(kinds(theirs));
  expect(Object.keys(ours.evalMatchers)).toEqual(Object.keys(theirs.evalMatchers));
});
