// Runs in the browser pages of the browser test: measures the fox example and the Japanese
// example, then German and Russian (recording which .wasm files were fetched before and after),
// and, given a model server, the Tesla example; then publishes what it saw in
// <pre id="result"> for the test to read.
import { CompletenessMetric } from 'evals-wasm/nlp';
import { HallucinationMetric, openaiCompatible } from 'evals-wasm/llm';

const out = document.getElementById('result');
/** The .wasm files the page has fetched so far (Vite adds a hash to each name). */
const wasmFetched = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname.split('/').pop())
    .filter((name) => name.endsWith('.wasm'))
    .map((name) => name.replace(/-[\w-]{8}\.wasm$/, '.wasm'));
try {
  const metric = new CompletenessMetric();
  const fox = await metric.measure('The quick brown fox jumps over the lazy dog', 'A brown fox jumped over a dog');
  const japanese = await metric.measure('素早い茶色の狐が怠け者の犬を飛び越える', '茶色の狐が犬を飛び越えた');
  // The stem module is fetched on the first measure in another language, not before.
  const beforeGerman = wasmFetched();
  const german = await new CompletenessMetric({ language: 'de' }).measure('Die Häuser sind alt', 'das alte Haus');
  const auto = await new CompletenessMetric({ language: 'auto' }).measure('Книги лежат на столе', 'книга на столе');
  const afterGerman = wasmFetched();
  let nullError = null;
  try {
    await metric.measure(null, 'x');
  } catch (error) {
    nullError = error.message;
  }
  // With ?llm=<baseURL>, also judge the Tesla example through the built-in HTTP model.
  const baseURL = new URLSearchParams(location.search).get('llm');
  let tesla;
  if (baseURL) {
    const metric = new HallucinationMetric(openaiCompatible({ baseURL, model: 'judge', apiKey: 'browser-test-key' }), {
      context: ['Tesla was founded in 2003 by Martin Eberhard and Marc Tarpenning in San Carlos, California.'],
    });
    tesla = await metric.measure("Tell me about Tesla's founding.", 'Tesla was founded in 2004 by Elon Musk in California.');
  }
  out.textContent = JSON.stringify({ fox, japanese, nullError, tesla, german, auto, beforeGerman, afterGerman });
} catch (error) {
  out.textContent = JSON.stringify({ error: String(error && error.stack || error) });
}
