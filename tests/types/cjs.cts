// Type test for CommonJS consumers (require through the .d.cts declarations).
import type { Metric } from '@mastra/core/eval';
import evals = require('evals-wasm');
import nlp = require('evals-wasm/nlp');

const metric: Metric = new evals.CompletenessMetric();
const same: typeof evals.CompletenessMetric = nlp.CompletenessMetric;
const nlpMetrics: Metric[] = [new nlp.ContentSimilarityMetric(), new nlp.KeywordCoverageMetric(), new nlp.TextualDifferenceMetric(), new nlp.ToneConsistencyMetric()];
const russian: Metric = new nlp.CompletenessMetric({ language: 'ru' });
const keywords: Metric = new nlp.KeywordCoverageMetric({ language: 'auto' });
void [metric, same, nlpMetrics, russian, keywords];

// The batch API through require().
async function batch(): Promise<void> {
  const { summary, results } = await evals.evaluateMany(new evals.CompletenessMetric(), [{ input: 'a', output: 'b' }], { concurrency: 2 });
  const mean: number | null = summary.mean;
  void [mean, results.length];
}
void batch;
