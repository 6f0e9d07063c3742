// evals-wasm/compare: compare two evaluation runs (baseline and candidate) with paired
// statistics. The statistics' wasm module is fetched on the first comparison only.
export { compareRuns } from './compare/compare-runs.js';
export { formatTable, formatMarkdown, formatJUnit } from './compare/format.js';
export { planComparison, formatPlan } from './compare/plan.js';
