// Injected by esbuild when the CommonJS bundle (index.cjs) is built from node.js: gives the
// bundle the `import.meta.url` it reads, derived from the bundle's own file name.
export const importMetaUrl = require('node:url').pathToFileURL(__filename).href;
