#!/usr/bin/env node
// Size check: what a browser user downloads for evals-wasm (every metric), gzip-compressed, must
// stay within a budget. Usage, after `bash scripts/build.sh`:
//
//   node scripts/check-size.mjs [budget in KB]      (1 KB = 1,000 bytes)
//
// The download is measured as a browser gets it: the package's browser entry (`import ... from
// 'evals-wasm'`, resolved through its exports map) bundled and minified by esbuild, plus the
// .wasm file that the entry fetches; each is gzipped at level 9 with Node's zlib and the two are
// added. It prints
// what dominates the .wasm (its sections, each gzipped on its own) and exits with status 1 when
// the total is over the budget.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/**
 * The budget of the browser download, gzip, in bytes: the target ("package size
 * ≤ 100 KB gzip"). The download measured 96.0 KB when the target was reached; the size section of
 * docs/BENCHMARKS.md lists what each reduction saved and what dominates the rest.
 */
export const BUDGET_BYTES = 100_000;
/** The size the project aims for. */
export const TARGET_BYTES = 100_000;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PKG = join(ROOT, 'pkg');

const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;
const brotli = (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

const SECTION_NAMES = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'data count'];

function leb128(bytes, offset) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[offset];
    offset += 1;
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return { value, offset };
}

/** The sections of a WebAssembly module: name, size and the gzip of the section alone. */
export function wasmSections(bytes) {
  const sections = [];
  let offset = 8; // magic and version
  while (offset < bytes.length) {
    const id = bytes[offset];
    const size = leb128(bytes, offset + 1);
    const body = bytes.subarray(size.offset, size.offset + size.value);
    let name = SECTION_NAMES[id] ?? `unknown ${id}`;
    if (id === 0) {
      const length = leb128(body, 0);
      name = `custom "${Buffer.from(body.subarray(length.offset, length.offset + length.value)).toString()}"`;
    }
    sections.push({ name, bytes: body.length, gzip: gzip(body) });
    offset = size.offset + size.value;
  }
  return sections;
}

/** Bundles `entry` (a module specifier) for browsers, minified; returns the output JS. */
export async function browserBundle(entry, resolveDir = ROOT) {
  const result = await build({
    stdin: { contents: `export * from '${entry}';`, resolveDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].contents;
}

/** The browser download of evals-wasm, from the built pkg/. */
export async function measure(entry = 'evals-wasm') {
  const wasmPath = join(PKG, 'evals_wasm_bg.wasm');
  if (!existsSync(wasmPath)) throw new Error('pkg/ is not built: run `bash scripts/build.sh` first');
  const wasm = readFileSync(wasmPath);
  const js = await browserBundle(entry);
  const parts = {
    wasm: { bytes: wasm.length, gzip: gzip(wasm), brotli: brotli(wasm) },
    js: { bytes: js.length, gzip: gzip(js), brotli: brotli(js) },
  };
  return {
    entry,
    ...parts,
    total: { bytes: wasm.length + js.length, gzip: parts.wasm.gzip + parts.js.gzip, brotli: parts.wasm.brotli + parts.js.brotli },
    sections: wasmSections(wasm),
  };
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const budget = process.argv[2] === undefined ? BUDGET_BYTES : Number(process.argv[2]) * 1000;
  if (!(budget > 0)) {
    console.error(`usage: node scripts/check-size.mjs [budget in KB]; got "${process.argv[2]}"`);
    process.exit(2);
  }
  const size = await measure();
  console.log('browser download of evals-wasm (all metrics):');
  console.table({
    '.wasm': { bytes: size.wasm.bytes, gzip: size.wasm.gzip, brotli: size.wasm.brotli },
    'JS (esbuild, minified)': { bytes: size.js.bytes, gzip: size.js.gzip, brotli: size.js.brotli },
    total: { bytes: size.total.bytes, gzip: size.total.gzip, brotli: size.total.brotli },
  });
  console.log('.wasm sections, largest first (each gzipped alone):');
  console.table(
    Object.fromEntries(
      [...size.sections]
        .sort((a, b) => b.bytes - a.bytes)
        .map((s) => [s.name, { bytes: s.bytes, gzip: s.gzip, 'share of .wasm gzip': `${((100 * s.gzip) / size.wasm.gzip).toFixed(0)} %` }]),
    ),
  );
  const verdict = `${kb(size.total.gzip)} gzip; budget ${kb(budget)}, target ${kb(TARGET_BYTES)}`;
  if (size.total.gzip > budget) {
    console.error(`size check FAILED: the browser download is ${verdict}`);
    process.exit(1);
  }
  console.log(`size check passed: the browser download is ${verdict}${size.total.gzip > TARGET_BYTES ? ' (target not met yet)' : ''}`);
}
