// Type test (tsc --noEmit): the public declarations against @mastra/core's legacy Metric API.
import type { Metric, MetricResult } from '@mastra/core/eval';
import { CompletenessMetric as FromNlp } from 'evals-wasm/nlp';
import { CompletenessMetric, type CompletenessMetricResult } from 'evals-wasm';

// A CompletenessMetric can go wherever Mastra expects a Metric.
const asMetric: Metric = new CompletenessMetric();
const fromNlp: Metric = new FromNlp({ ignoreStopwords: true });

// The result has Mastra's shape, field for field.
async function shape(): Promise<void> {
  const result: CompletenessMetricResult = await new CompletenessMetric().measure('a', 'b');
  const asMastra: MetricResult = result;
  const score: number = result.score;
  const input: string[] = result.info.inputElements;
  const output: string[] = result.info.outputElements;
  const missing: string[] = result.info.missingElements;
  const counts: { input: number; output: number } = result.info.elementCounts;
  void [asMastra, score, input, output, missing, counts, asMetric, fromNlp];
}
void shape;

// Misuse is a type error.
// @ts-expect-error ignoreStopwords is a boolean
new CompletenessMetric({ ignoreStopwords: 'yes' });
// @ts-expect-error measure takes two strings
void new CompletenessMetric().measure('only one');
// @ts-expect-error no such element list
void (async () => (await new CompletenessMetric().measure('a', 'b')).info.nouns)();
