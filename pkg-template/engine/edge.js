// Workers and Edge runtimes (Cloudflare Workers, Vercel Edge) refuse to compile WebAssembly from
// bytes at run time and have no `import.meta.url` to fetch a module by: the only module they run
// is one their bundler compiled from a `.wasm?module` import (wrangler and Vercel both read that
// form). The edge-*.js files import each module so and hand it to the engine here, before the
// entry that fetches it is evaluated: the first provider of a family wins (engine.js).

import { provide } from './engine.js';

/**
 * Provides `families` with the glue module `{ glue, initWasm }` of `file`, instantiated from the
 * compiled module `compiled` on first use.
 */
export function provideCompiled(families, { glue, initWasm }, file, compiled) {
  provide(families, glue, file, () => initWasm({ module_or_path: compiled }));
}
