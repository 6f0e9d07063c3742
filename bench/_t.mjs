import { CompletenessMetric } from 'evals-wasm/nlp';
import { buildPairs } from '../tests/js/corpus.mjs';
const m = new CompletenessMetric();
for (const w of [20, 100, 1000, 10000, 100000]) {
  const p = buildPairs(5, 7, { minWords: w, maxWords: w });
  const t = performance.now(); let n = 0;
  while (performance.now() - t < 500) { await m.measure(p[n % 5].input, p[n % 5].output); n++; }
  console.log(w, n, ((performance.now() - t) / n).toFixed(3), 'ms', p[0].input.split(/\s+/).length);
}
