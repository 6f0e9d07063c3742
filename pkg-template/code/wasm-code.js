// The WebAssembly module of the code scorers and checks (evals_code_bg.wasm: trajectory
// comparison, tool order, forbidden runs, string similarity), and the glue that hands it names
// as ids. The entries load it before anything runs: Node's synchronously from the package
// folder (`code-node.js`), the Workers and Edge ones synchronously from the module their bundler
// compiled (`engine/edge-code.js`), the browser's with a top-level await (`ensureCodeWasm`).

import initWasm, { compareTrajectories as compareInWasm, containsRun as containsRunInWasm, followsOrder as followsOrderInWasm, initSync, stringSimilarity as similarityInWasm } from '../evals_code.js';

let loading;

/** Loads the module once (browsers: fetched next to this package); later calls share the promise. */
export function ensureCodeWasm() {
  loading ??= initWasm({ module_or_path: new URL('../evals_code_bg.wasm', import.meta.url) }).catch((error) => {
    loading = undefined;
    throw new Error(`evals-wasm: could not load evals_code_bg.wasm: ${error?.message ?? error}`, { cause: error });
  });
  return loading;
}

/** Instantiates the module from its bytes (Node entries) or a compiled WebAssembly.Module (edge entries). */
export function loadCodeWasmSync(bytes) {
  if (loading === undefined) {
    initSync({ module: bytes });
    loading = Promise.resolve();
  }
}

const MISSING = -1;

/**
 * Gives each distinct name an id (equal names, by `===`, equal ids): `undefined` is -1 (as a
 * position past the end), other falsy names ids below -1, the rest ids from 0.
 */
function interner() {
  const ids = new Map();
  let truthy = 0;
  let falsy = -2;
  return (name) => {
    if (name === undefined) return MISSING;
    let id = ids.get(name);
    if (id === undefined) {
      id = name ? truthy++ : falsy--;
      ids.set(name, id);
    }
    return id;
  };
}

/** Both lists of names as Int32Arrays of shared ids. */
function asIds(...lists) {
  const id = interner();
  return lists.map((names) => Int32Array.from(names, id));
}

/**
 * Compares actual step names with expected ones in the Rust core. `accepts(e, a)` says whether
 * expected step `e` accepts actual step `a` beyond the name; it is asked where names are equal.
 * Returns `{ score, matched, missing, extra, outOfOrder, repeated }` as indices.
 */
export function compareStepNames(actualNames, expectedNames, accepts, ordering, allowRepeatedSteps) {
  const [actual, expected] = asIds(actualNames, expectedNames);
  // The pairs of steps with equal names whose data the expected step accepts, as `e, a`
  // flattened, in increasing order (the core searches them).
  const positions = new Map();
  actual.forEach((id, a) => {
    if (!positions.has(id)) positions.set(id, []);
    positions.get(id).push(a);
  });
  const accepted = [];
  expected.forEach((id, e) => {
    for (const a of positions.get(id) ?? []) if (accepts(e, a)) accepted.push(e, a);
  });
  const numbers = compareInWasm(actual, expected, Uint32Array.from(accepted), ordering, allowRepeatedSteps);
  let at = 2;
  const list = () => {
    const length = numbers[at];
    const indices = Array.from(numbers.subarray(at + 1, at + 1 + length));
    at += 1 + length;
    return indices;
  };
  const [score, matched] = numbers;
  return { score, matched, missing: list(), extra: list(), outOfOrder: list(), repeated: list() };
}

/** Whether the tool names `actual` follow `expected` (see `followsOrder` in the Rust core). */
export function followsOrder(actual, expected, { strict = false, firstOccurrence = false } = {}) {
  const [a, e] = asIds(actual, expected);
  return followsOrderInWasm(a, e, strict, firstOccurrence);
}

/** Whether the names `run` occur consecutively in `names`. */
export function containsRun(names, run) {
  const [n, r] = asIds(names, run);
  return containsRunInWasm(n, r);
}

/** string-similarity's `compareTwoStrings` of two strings (Dice of character bigrams, white space removed). */
export const stringSimilarity = (a, b) => similarityInWasm(String(a), String(b));
