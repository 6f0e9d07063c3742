// The types of evals-wasm/compare, as a user's TypeScript sees them.
import { compareRuns, formatMarkdown, formatTable, readRunFile, type Comparison, type Run } from 'evals-wasm/compare';

const baseline: Run = readRunFile('base.jsonl');
const candidate: Run = { record: {}, results: [{ key: 'q-1', metric: 'faithfulness', score: 0.5 }] };
const comparison: Comparison = await compareRuns(baseline, candidate, { gate: ['faithfulness'], margin: { faithfulness: 0.02 }, cluster: 'doc', threshold: null });
const first = comparison.metrics[0];
const low: number | null = first.interval.low;
const method: 't' | 'bootstrap' | 'cluster-bootstrap' = first.interval.method;
const verdict: 'improved' | 'regressed' | 'unchanged' | null = comparison.items[0].verdict;
const passed: boolean | undefined = comparison.gate?.passed;
const text: string = formatTable(comparison, { color: true }) + formatMarkdown(comparison);
// @ts-expect-error: the margin is a number or a map of numbers
await compareRuns(baseline, candidate, { margin: '0.02' });
void [low, method, verdict, passed, text];

// A run evaluateMany made compares as it is.
import { evaluateMany, CompletenessMetric } from 'evals-wasm';
const made = await evaluateMany([{ input: 'a b', output: 'a' }], [new CompletenessMetric()]);
await compareRuns(made, made);
