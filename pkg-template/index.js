// evals-wasm: the public API, shared by every entry point.
//
// This file holds the drop-in shape of @mastra/evals (class names, constructors, `measure`
// signatures, errors); the numbers come from the Rust core through `evals_wasm.js`, the glue
// that wasm-bindgen generates. In browsers and bundlers the .wasm file is fetched on the first
// `measure()`; the Node entry (`node.js`) instantiates it synchronously at import.

import initWasm, { measureCompleteness } from './evals_wasm.js';

let wasmReady;

/** Loads the WebAssembly module once; later calls return the same promise. */
function ensureWasm() {
  wasmReady ??= initWasm({ module_or_path: new URL('./evals_wasm_bg.wasm', import.meta.url) });
  return wasmReady;
}

let wordSegmenter;

/**
 * A `(run) => string[]` over `Intl.Segmenter`, for scripts written without spaces (Japanese,
 * Chinese, Thai, …); `undefined` where the runtime has no `Intl.Segmenter`, in which case the
 * core splits such runs where the script changes.
 */
function segmenter() {
  if (wordSegmenter === undefined) {
    wordSegmenter = null;
    if (typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function') {
      const words = new Intl.Segmenter('ja', { granularity: 'word' });
      wordSegmenter = (run) => {
        const out = [];
        for (const piece of words.segment(run)) if (piece.isWordLike) out.push(piece.segment);
        return out;
      };
    }
  }
  return wordSegmenter ?? undefined;
}

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function checkOptions(className, options, known) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${className}: options must be an object, got ${describe(options)}`);
  }
  for (const [name, type] of Object.entries(known)) {
    if (options[name] !== undefined && typeof options[name] !== type) {
      throw new TypeError(`${className}: option "${name}" must be a ${type}, got ${describe(options[name])}`);
    }
  }
  return options;
}

function checkTexts(className, input, output) {
  // Same message as @mastra/evals, so code that matches on it keeps working.
  if (input === null || input === undefined || output === null || output === undefined) {
    throw new Error('Inputs cannot be null or undefined');
  }
  for (const [name, value] of [['input', input], ['output', output]]) {
    if (typeof value !== 'string') {
      throw new TypeError(`${className}.measure: ${name} must be a string, got ${describe(value)}`);
    }
  }
}

/**
 * How much of the input's content the output covers: the share of the input's elements
 * (words, verbs in the infinitive) that appear in the output.
 */
export class CompletenessMetric {
  #ignoreStopwords;

  constructor(options) {
    const checked = checkOptions('CompletenessMetric', options, { ignoreStopwords: 'boolean' });
    this.#ignoreStopwords = checked.ignoreStopwords ?? false;
  }

  async measure(input, output) {
    checkTexts('CompletenessMetric', input, output);
    await ensureWasm();
    return measureCompleteness(input, output, this.#ignoreStopwords, segmenter());
  }
}
