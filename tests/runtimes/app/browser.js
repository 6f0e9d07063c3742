// The page of the bundler tests: scores with both families, then publishes what it saw, and
// when (milliseconds since navigation), in <pre id="result">.
import { scoreNlp } from './nlp.js';
import { scoreLlm } from './llm.js';

const out = document.getElementById('result');
try {
  const nlp = await scoreNlp();
  const llm = await scoreLlm();
  out.textContent = JSON.stringify({ nlp, llm, doneMs: performance.now() });
} catch (error) {
  out.textContent = JSON.stringify({ error: String(error?.stack ?? error) });
}
