// Removes the custom sections that are left in a WebAssembly module after wasm-bindgen (its name
// and producers sections are already gone): rustc's "target_features", which only linkers read.
// No engine reads a custom section at run time; every user would download it.
//
//   node scripts/strip-custom-sections.mjs pkg/evals_nlp_bg.wasm …
//
// Prints what it removed from each file; a file that is not a WebAssembly module is an error.

import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Reads an unsigned LEB128 number at `offset`: `[value, next offset]`. */
function leb128(bytes, offset) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[offset];
    if (byte === undefined) throw new Error('a section size runs past the end of the module');
    offset += 1;
    value += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return [value, offset];
    shift += 7;
  }
}

/** The module without its custom sections, and the names of those removed. */
export function stripCustomSections(bytes) {
  const header = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  if (bytes.length < 8 || header.some((b, i) => bytes[i] !== b)) throw new Error('not a WebAssembly module (version 1)');
  const kept = [bytes.subarray(0, 8)];
  const removed = [];
  let offset = 8;
  while (offset < bytes.length) {
    const start = offset;
    const id = bytes[offset];
    const [size, content] = leb128(bytes, offset + 1);
    const end = content + size;
    if (end > bytes.length) throw new Error('a section runs past the end of the module');
    if (id === 0) {
      const [length, name] = leb128(bytes, content);
      removed.push(new TextDecoder().decode(bytes.subarray(name, name + length)));
    } else {
      kept.push(bytes.subarray(start, end));
    }
    offset = end;
  }
  return { bytes: Buffer.concat(kept), removed };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  for (const file of process.argv.slice(2)) {
    const { bytes, removed } = stripCustomSections(readFileSync(file));
    writeFileSync(file, bytes);
    console.log(`${file}: removed ${removed.length ? removed.map((n) => JSON.stringify(n)).join(', ') : 'nothing'}`);
  }
}
