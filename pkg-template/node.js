// Node entry (ESM): instantiates both WebAssembly modules synchronously from the package folder
// (Node's fetch cannot read file: URLs), then exposes the same API as the browser entry.

import './nlp.node.js';
import './llm.node.js';

export * from './index.js';
