// The module split: a browser user of `evals-wasm/nlp` downloads the NLP WebAssembly module
// only, a user of `evals-wasm/llm` the LLM module only (the judge engine and the HTTP client stay
// out of the NLP download and the reverse), and the root entry can fetch both. The stem module
// (other languages than English) is in neither download: only a dynamic import, run on first use
// of such a language, fetches it. Checked on the esbuild browser bundles (split at dynamic
// imports, as bundlers do) that scripts/check-size.mjs measures.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserBundle, browserChunks, measure } from '../../scripts/check-size.mjs';

const bundleText = async (entry) => Buffer.from(await browserBundle(entry)).toString();

test('evals-wasm/nlp fetches only the NLP module and holds no judge code', async () => {
  const text = await bundleText('evals-wasm/nlp');
  assert.ok(text.includes('evals_nlp_bg.wasm'));
  assert.ok(!text.includes('evals_llm_bg.wasm'));
  assert.ok(!text.includes('chat/completions'), 'the HTTP client is not in the NLP bundle');
});

test('evals-wasm/llm fetches only the LLM module', async () => {
  const text = await bundleText('evals-wasm/llm');
  assert.ok(text.includes('evals_llm_bg.wasm'));
  assert.ok(!text.includes('evals_nlp_bg.wasm'));
});

test('the root entry fetches the combined module only', async () => {
  const text = await bundleText('evals-wasm');
  assert.ok(text.includes('evals_all_bg.wasm'));
  assert.ok(!text.includes('evals_nlp_bg.wasm') && !text.includes('evals_llm_bg.wasm'));
});

test('the stem module is fetched only through the dynamic import, never on load', async () => {
  for (const entry of ['evals-wasm/nlp', 'evals-wasm']) {
    const { eager, lazy } = await browserChunks(entry);
    const [now, later] = [eager, lazy].map((js) => Buffer.from(js).toString());
    assert.ok(!now.includes('evals_stem_bg.wasm'), `${entry} fetches the stem module on load`);
    assert.ok(later.includes('evals_stem_bg.wasm'), `${entry} can fetch it later`);
    const size = await measure(entry);
    assert.deepEqual(size.later.modules.map((m) => m.file), ['evals_stem_bg.wasm']);
    assert.ok(!size.modules.some((m) => m.file === 'evals_stem_bg.wasm'));
  }
  const llm = Buffer.from((await browserChunks('evals-wasm/llm')).lazy).toString();
  assert.ok(!llm.includes('evals_stem_bg.wasm'));
});
