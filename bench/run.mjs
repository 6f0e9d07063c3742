// Runs every benchmark in turn and prints the tables (Markdown); also writes them, with the raw
// figures and the machine, to artifacts/bench.md and artifacts/bench.json.
// Usage: node bench/run.mjs [--quick]   (--quick: 40 LLM measures at 20 ms, for a smoke run)

import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import * as completeness from './completeness.mjs';
import * as coldStart from './cold-start.mjs';
import * as size from './size.mjs';
import * as memory from './memory.mjs';
import * as llm from './llm.mjs';
import * as multilingual from './multilingual.mjs';

const quick = process.argv.includes('--quick');
const log = (line) => console.error(`[bench] ${line}`);
const started = Date.now();

const machine = `${cpus().length} × ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${process.platform}-${process.arch}`;
log(machine);

const results = {};
results.size = await size.run();
results.coldStart = await coldStart.run({ log });
results.completeness = await completeness.run({ log });
results.memory = await memory.run({ completeness: results.completeness, log });
results.multilingual = await multilingual.run({ log });
results.llm = await llm.run(quick ? { measures: 40, latencyMs: 20, log } : { log });

const s = size.report(results.size);
const c = completeness.report(results.completeness);
const m = memory.report(results.memory);
const l = llm.report(results.llm);
const minutes = ((Date.now() - started) / 60_000).toFixed(1);

const markdown = `Machine: ${machine}. Run took ${minutes} min.

### Completeness: throughput and latency
${c.throughputTable}

### Completeness: growth of time with input size (evals-wasm)
${c.growthTable}

### Completeness in German and Russian (stem module), English for reference
${multilingual.report(results.multilingual)}

### Cold start (fresh Node process, import to first result)
${coldStart.report(results.coldStart)}

### Browser download
${s.sizeTable}

${s.sectionTable}

### Memory: peak RSS per size (fresh process per row and library)
${m.peakTable}

### Memory: ${results.memory.steady.count.toLocaleString('en-US')} measures in one process (evals-wasm, 100-word pairs)
${m.steadyTable}

### LLM metrics: cost per measure (${l.note})
${l.costTable}

### LLM metrics: wall time
${l.wallTable}
`;

console.log(markdown);
mkdirSync('artifacts', { recursive: true });
writeFileSync('artifacts/bench.md', markdown);
writeFileSync('artifacts/bench.json', JSON.stringify({ machine, minutes, results }, null, 2));
log(`done in ${minutes} min; tables in artifacts/bench.md`);
