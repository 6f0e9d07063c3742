// Runs in the browser pages of the browser test: measures the fox example and the Japanese
// example, then publishes what it saw in <pre id="result"> for the test to read.
import { CompletenessMetric } from 'evals-wasm/nlp';

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
  out.textContent = JSON.stringify({ fox, japanese, nullError });
} catch (error) {
  out.textContent = JSON.stringify({ error: String(error && error.stack || error) });
}
