// The NLP family in the runtime under test: completeness of the fox pair (the first measure
// after load, timed: the cold start), then German, which instantiates the stem module on first use.
import { CompletenessMetric } from 'evals-wasm/nlp';

export async function scoreNlp() {
  const started = performance.now();
  const fox = await new CompletenessMetric().measure('The quick brown fox jumps over the lazy dog', 'A brown fox jumped over a dog');
  const coldMs = performance.now() - started;
  const german = await new CompletenessMetric({ language: 'de' }).measure('Die Häuser sind alt', 'das alte Haus');
  return { fox: fox.score, missing: fox.info.missingElements, germanLanguage: german.info.language, germanElements: german.info.outputElements, coldMs };
}
