// One cold start: node cold-child.mjs <ours|original> <input> <output>
// The clock starts when this script starts running (Node's own boot is before it and not
// counted) and stops when the first measure resolves; prints both times as JSON.

const startedAt = performance.now(); // since the process started: Node's boot
const [lib, input, output] = process.argv.slice(2);
const specifier = { ours: 'evals-wasm/nlp', original: '@mastra/evals/nlp' }[lib];
const { CompletenessMetric } = await import(specifier);
const imported = performance.now();
const result = await new CompletenessMetric().measure(input, output);
const done = performance.now();
process.stdout.write(
  `${JSON.stringify({ lib, nodeBoot: startedAt, importMs: imported - startedAt, firstResultMs: done - startedAt, score: result.score })}\n`,
);
