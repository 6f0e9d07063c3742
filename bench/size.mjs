// Package size as a browser user downloads it: each package bundled for browsers with esbuild
// (minified), plus, for evals-wasm, the .wasm file its entry fetches (the root entry: the
// combined module; evals-wasm/nlp: the NLP module). Compressed with Node's zlib
// (gzip -9, as scripts/check-size.mjs does), with GNU gzip -9 when it is installed, and brotli.

import { execFileSync } from 'node:child_process';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { browserBundle, measure, wasmSections, BUDGET_BYTES, TARGET_BYTES } from '../scripts/check-size.mjs';
import { kb, table, times } from './lib/stats.mjs';

const PKG_WASM = fileURLToPath(new URL('../pkg/evals_nlp_bg.wasm', import.meta.url));
const PKG_ALL_WASM = fileURLToPath(new URL('../pkg/evals_all_bg.wasm', import.meta.url));

function gnuGzip(bytes) {
  try {
    return execFileSync('gzip', ['-9', '-c'], { input: bytes, maxBuffer: 64 * 1024 * 1024 }).length;
  } catch {
    return NaN;
  }
}

const sizes = (bytes) => ({
  bytes: bytes.length,
  gzip: gzipSync(bytes, { level: 9 }).length,
  gnuGzip: gnuGzip(bytes),
  brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});

const add = (a, b) => Object.fromEntries(Object.keys(a).map((k) => [k, a[k] + b[k]]));

export async function run() {
  const nlpWasm = sizes(readFileSync(PKG_WASM));
  const wasm = sizes(readFileSync(PKG_ALL_WASM));
  const all = sizes(await browserBundle('evals-wasm'));
  const nlp = sizes(await browserBundle('evals-wasm/nlp'));
  const original = sizes(await browserBundle('@mastra/evals/nlp'));
  const check = await measure();
  return {
    rows: [
      { what: 'evals-wasm, all metrics: JS', ...all },
      { what: 'evals-wasm: the combined .wasm module (all metrics)', ...wasm },
      { what: 'evals-wasm, all metrics: total', ...add(all, wasm), total: true },
      { what: 'evals-wasm/nlp (five metrics): JS + NLP .wasm', ...add(nlp, nlpWasm), nlp: true },
      { what: '@mastra/evals/nlp (CompletenessMetric): JS', ...original, original: true },
    ],
    sections: wasmSections(readFileSync(PKG_WASM)),
    budget: BUDGET_BYTES,
    target: TARGET_BYTES,
    checked: check.total.gzip,
  };
}

export function report({ rows, sections }) {
  const nlp = rows.find((r) => r.nlp);
  const original = rows.find((r) => r.original);
  const sizeTable = table(
    ['download', 'minified', 'gzip (Node zlib -9)', 'gzip (GNU gzip -9)', 'brotli -11'],
    [
      ...rows.map((r) => [r.total || r.original ? `**${r.what}**` : r.what, kb(r.bytes), kb(r.gzip), kb(r.gnuGzip), kb(r.brotli)]),
      ['@mastra/evals ÷ evals-wasm, CompletenessMetric', times(original.bytes / nlp.bytes), times(original.gzip / nlp.gzip), times(original.gnuGzip / nlp.gnuGzip), times(original.brotli / nlp.brotli)],
    ],
  );
  const wasmGzip = sections.reduce((sum, s) => sum + s.gzip, 0);
  const sectionTable = table(
    ['.wasm section', 'bytes', 'gzip (alone)', 'share'],
    [...sections].sort((a, b) => b.bytes - a.bytes).filter((s) => s.bytes > 1000).map((s) => [s.name, kb(s.bytes), kb(s.gzip), `${((100 * s.gzip) / wasmGzip).toFixed(0)} %`]),
  );
  return { sizeTable, sectionTable };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { sizeTable, sectionTable } = report(await run());
  console.log(`${sizeTable}\n\n${sectionTable}`);
}
