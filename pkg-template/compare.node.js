// evals-wasm/compare in Node: the module's bytes are read from the package folder (Node's fetch
// cannot read file: URLs), and run files can be read from disk.
import { readFileSync } from 'node:fs';
import { compareModuleFile } from './compare/wasm-compare.js';

compareModuleFile.read = () => readFileSync(new URL('./evals_compare_bg.wasm', import.meta.url));

export { compareRuns } from './compare/compare-runs.js';
export { formatTable, formatMarkdown, formatJUnit } from './compare/format.js';
export { readRunFile } from './compare/run-files.js';
export { planComparison, formatPlan } from './compare/plan.js';
