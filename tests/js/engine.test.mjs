// engine.js routes each family of metrics to the WebAssembly module its entry provided. Tested on
// its own, with stand-in modules: the first provider of a family wins, the module is loaded once,
// and a load that fails (a fetch that fails in a browser) is reported with the file's name and
// tried again by the next measure instead of failing for good.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, provide } from '../../pkg/engine/engine.js';

test('a failed load is reported, forgotten and retried; a good one is kept', async () => {
  let loads = 0;
  const offline = new Error('Failed to fetch');
  provide(['nlp'], { name: 'first' }, 'evals_nlp_bg.wasm', () => {
    loads += 1;
    if (loads === 1) throw offline;
    return { memory: 'exports' };
  });
  await assert.rejects(engine('nlp').ready(), (error) => {
    assert.match(error.message, /could not load evals_nlp_bg\.wasm: Failed to fetch/);
    assert.equal(error.cause, offline);
    return true;
  });
  assert.deepEqual(await engine('nlp').ready(), { memory: 'exports' });
  assert.deepEqual(await engine('nlp').ready(), { memory: 'exports' });
  assert.equal(loads, 2);
});

test('the first provider of a family wins; a family nobody provided is a clear error', () => {
  provide(['nlp', 'llm'], { name: 'second' }, 'evals_all_bg.wasm', () => ({}));
  assert.equal(engine('nlp').glue.name, 'first');
  assert.equal(engine('llm').glue.name, 'second');
  assert.throws(() => engine('stem'), /no WebAssembly module was loaded for the stem metrics/);
});
