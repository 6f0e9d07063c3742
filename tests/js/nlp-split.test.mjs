// The module split: a browser user of `evals-wasm/nlp` downloads the NLP WebAssembly module
// only, a user of `evals-wasm/llm` the LLM module only (the judge engine and the HTTP client stay
// out of the NLP download and the reverse), and the root entry can fetch both. Checked on the
// esbuild browser bundles that scripts/check-size.mjs measures.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserBundle } from '../../scripts/check-size.mjs';

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
