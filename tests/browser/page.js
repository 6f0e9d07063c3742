// Runs in the browser pages of the browser test: measures the fox example and the Japanese
// example (and, given a model server, the Tesla example), then publishes what it saw in
// <pre id="result"> for the test to read.
import { CompletenessMetric } from 'evals-wasm/nlp';
import { HallucinationMetric, openaiCompatible } from 'evals-wasm/llm';

const out = document.getElementById('result');
try {
  const metric = new CompletenessMetric();
  const fox = await metric.measure('The quick brown fox jumps over the lazy dog', 'A brown fox jumped over a dog');
  const japanese = await metric.measure('素早い茶色の狐が怠け者の犬を飛び越える', '茶色の狐が犬を飛び越えた');
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
  out.textContent = JSON.stringify({ fox, japanese, nullError, tesla });
} catch (error) {
  out.textContent = JSON.stringify({ error: String(error && error.stack || error) });
}
