// The NLP module built with different global allocators, side by side: size, speed of the five
// cores, peak WebAssembly memory on a mixed run of large texts (up to 100 MB), and memory over
// 100,000 measures. docs/allocator.md has the results and how each build was made. Usage:
//
//   node bench/allocator.mjs name=dir [name=dir ...]
//
// where each dir holds an `evals_nlp.js` and `evals_nlp_bg.wasm` (wasm-bindgen output of the
// nlp-only build). The speed rounds call the module's functions directly (no class, no await),
// every build in turn in one process, the order rotating every round; the memory runs use a
// fresh process per build (`node bench/allocator.mjs --large dir`, `--soak dir`). With
// `--speed` first, only the sizes and speeds are measured.

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { corpusWords, pairs } from './lib/texts.mjs';
import { kb, mb, median, ms, num, table } from './lib/stats.mjs';
import { runNode } from './lib/spawn.mjs';

/** The module in `dir`, initialised: its glue's exports and its memory. */
async function load(dir) {
  const module = await import(join(resolve(dir), 'evals_nlp.js'));
  const exports = module.initSync({ module: readFileSync(join(dir, 'evals_nlp_bg.wasm')) });
  const bytes = readFileSync(join(dir, 'evals_nlp.js'), 'utf8').includes('passArray8ToWasm0');
  const texts = bytes ? (a, b) => [encoder.encode(a), encoder.encode(b)] : (a, b) => [a, b];
  return { glue: { ...module, texts }, memory: exports.memory };
}

/** Each core, called as the classes call it (English, default options), with the texts as the
 * build takes them: as strings, or as UTF-8 bytes (builds since the byte boundary). */
const encoder = new TextEncoder();
const CORES = {
  completeness: (g, a, b) => g.measureCompleteness(...g.texts(a, b), false, undefined),
  contentSimilarity: (g, a, b) => g.contentSimilarity(...g.texts(a, b), true, true),
  keywordCoverage: (g, a, b) => g.keywordCoverage(...g.texts(a, b), false),
  tone: (g, a, b) => g.tone(...g.texts(a, b)),
  textualDifference: (g, a, b) => g.textualDifference(...g.texts(a, b)),
};

/** A text of about `bytes` characters: the corpus from `offset` words on, repeated as needed. */
function largeText(bytes, offset) {
  const words = corpusWords();
  const parts = [];
  let length = 0;
  for (let i = offset; length < bytes; i += 1) {
    const word = words[i % words.length];
    parts.push(word);
    length += word.length + 1;
  }
  return parts.join(' ');
}

/** Mixed run: texts of these sizes in turn, through every core that stays fast enough there. */
const LARGE_RUN = [1e6, 10e6, 100e6, 3e6, 30e6, 100e6, 300e3, 50e6];

async function large(dir) {
  const { glue, memory } = await load(dir);
  const steps = [];
  for (const [k, size] of LARGE_RUN.entries()) {
    const input = largeText(size, 1000 * k);
    const output = largeText(size / 2, 77_777 * (k + 1));
    for (const [name, core] of Object.entries(CORES)) {
      // Completeness up to 10 MB (about 3 s there), textual difference (O(m·n/64)) up to 300 KB.
      if (name === 'completeness' && size > 10e6) continue;
      if (name === 'textualDifference' && size > 300e3) continue;
      core(glue, input, output);
      steps.push({ size, name, wasmMemory: memory.buffer.byteLength });
    }
  }
  return { wasmMemory: memory.buffer.byteLength, peakRss: process.resourceUsage().maxRSS * 1024, steps };
}

async function soak(dir, count = 100_000) {
  const { glue, memory } = await load(dir);
  const inputs = pairs(100, 16, 23);
  const cores = Object.values(CORES);
  const at = {};
  for (let i = 0; i < count; i += 1) {
    const { input, output } = inputs[i % inputs.length];
    cores[i % cores.length](glue, input, output);
    if (i + 1 === 1_000 || i + 1 === count) at[i + 1] = memory.buffer.byteLength;
  }
  return at;
}

async function speed(builds) {
  const loaded = await Promise.all(builds.map(({ dir }) => load(dir)));
  const rows = [];
  for (const words of [100, 10_000]) {
    const inputs = pairs(words, words === 100 ? 12 : 3);
    for (const [name, core] of Object.entries(CORES)) {
      const budget = words === 100 ? 150 : 600;
      const samples = builds.map(() => []);
      for (const { glue } of loaded) core(glue, inputs[0].input, inputs[0].output); // warm up
      for (let round = 0; round < 6; round += 1) {
        for (let k = 0; k < builds.length; k += 1) {
          const b = (k + round) % builds.length;
          const start = performance.now();
          let count = 0;
          let now = start;
          do {
            const { input, output } = inputs[count % inputs.length];
            core(loaded[b].glue, input, output);
            count += 1;
            now = performance.now();
          } while (now - start < budget);
          samples[b].push((now - start) / count);
        }
      }
      rows.push([name, `${num(words)} words`, ...samples.map((s) => ms(median(s)))]);
    }
  }
  return rows;
}

const [mode, dir] = process.argv.slice(2);
if (mode === '--large') {
  process.stdout.write(`${JSON.stringify(await large(dir))}\n`);
} else if (mode === '--soak') {
  process.stdout.write(`${JSON.stringify(await soak(dir))}\n`);
} else {
  const speedOnly = process.argv[2] === '--speed';
  const builds = process.argv.slice(speedOnly ? 3 : 2).map((arg) => {
    const [name, path] = arg.split('=');
    return { name, dir: resolve(path) };
  });
  const sizes = builds.map(({ dir: d }) => {
    const bytes = readFileSync(join(d, 'evals_nlp_bg.wasm'));
    return [kb(bytes.length), kb(gzipSync(bytes, { level: 9 }).length)];
  });
  console.log(table(['', ...builds.map((b) => b.name)], [
    ['evals_nlp_bg.wasm', ...sizes.map((s) => s[0])],
    ['gzip -9', ...sizes.map((s) => s[1])],
  ]));
  console.error('speed');
  console.log(table(['core', 'input', ...builds.map((b) => b.name)], await speed(builds)));
  if (speedOnly) process.exit(0);
  const memoryRows = [];
  for (const build of builds) {
    console.error(`memory: ${build.name}`);
    const big = await runNode('allocator.mjs', ['--large', build.dir]);
    const soaked = await runNode('allocator.mjs', ['--soak', build.dir]);
    memoryRows.push([build.name, mb(big.wasmMemory), mb(big.peakRss), mb(soaked[1000]), mb(soaked[100_000])]);
  }
  console.log(table(['allocator', 'wasm memory after the large mixed run', 'peak RSS of that run', 'wasm memory after 1,000 mixed measures', 'after 100,000'], memoryRows));
}
