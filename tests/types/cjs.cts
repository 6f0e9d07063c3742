// Type test for CommonJS consumers (require through the .d.cts declarations).
import type { Metric } from '@mastra/core/eval';
import evals = require('evals-wasm');
import nlp = require('evals-wasm/nlp');

const metric: Metric = new evals.CompletenessMetric();
const same: typeof evals.CompletenessMetric = nlp.CompletenessMetric;
void [metric, same];
