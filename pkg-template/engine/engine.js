// Which WebAssembly module serves each family of metrics ("nlp": no model; "llm": judged by a
// model; "scorers": judged by a model for Mastra 1.x's scorers, whose module also holds the
// declarations only the scorers use). The entry a program imports decides: `evals-wasm/nlp` and `evals-wasm/llm` provide
// their own module, so that a page using one family downloads only its code; the root entry
// provides one combined module for both families, so that a page using everything downloads the
// shared runtime (allocator, strings, bindings) once instead of twice. The first entry loaded
// provides a family and a later one does not replace it: the metrics of a family always call
// the module that was loaded for them. wasm-nlp.js and wasm.js call through here.

const engines = { nlp: undefined, llm: undefined, scorers: undefined };

/**
 * Registers `glue` (a module made by wasm-bindgen) for each of `families`, with `load()` to
 * instantiate `file`, called once, on first use. A load that fails (the fetch of the module in a
 * browser) rejects that measure with an error naming the file, and is forgotten, so the next
 * measure tries again.
 */
export function provide(families, glue, file, load) {
  let ready;
  const engine = {
    glue,
    ready: () =>
      (ready ??= Promise.resolve()
        .then(load)
        .catch((error) => {
          ready = undefined;
          throw new Error(`evals-wasm: could not load ${file}: ${error?.message ?? error}`, { cause: error });
        })),
  };
  for (const family of families) engines[family] ??= engine;
}

/** The engine of `family`: `{ glue, ready() }`. */
export function engine(family) {
  const chosen = engines[family];
  if (chosen === undefined) {
    const from = family === 'scorers' ? "'evals-wasm/scorers'" : `'evals-wasm', 'evals-wasm/${family}' or 'evals-wasm/scorers'`;
    throw new Error(`evals-wasm: no WebAssembly module was loaded for the ${family} metrics; import them from ${from}`);
  }
  return chosen;
}
