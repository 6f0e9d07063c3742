// Vercel Edge: the packed package in an Edge function run by the `edge-runtime` emulator (Vercel's
// own package), served on 127.0.0.1. The function is bundled by esbuild with the `edge-light`
// condition, and its `.wasm?module` imports become compiled modules as Vercel's build makes them
// (here compiled when the function starts: the emulator, unlike Vercel, would also compile bytes
// later). It scores with evals-wasm/nlp (German too: the stem module on first use) and
// evals-wasm/llm (a scripted judge).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { build } from 'esbuild';
import { EdgeRuntime, runServer } from 'edge-runtime';
import { checkLlm, checkNlp, packedProject, timedGet } from './project.mjs';

let project;
let server;

/** `import compiled from './x.wasm?module'` as a WebAssembly.Module of the file's bytes. */
const wasmModules = {
  name: 'wasm-module',
  setup(builder) {
    builder.onResolve({ filter: /\.wasm\?module$/ }, (args) => ({ path: join(args.resolveDir, args.path.slice(0, -'?module'.length)), namespace: 'wasm-module' }));
    builder.onLoad({ filter: /.*/, namespace: 'wasm-module' }, (args) => ({
      contents: `import bytes from ${JSON.stringify(args.path)};\nexport default new WebAssembly.Module(bytes);`,
      resolveDir: project.dir,
    }));
  },
};

before(async () => {
  project = packedProject();
  const result = await build({
    entryPoints: [join(project.dir, 'edge.js')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022', // esbuild's own base64 decoder: the emulator has no Uint8Array.fromBase64
    conditions: ['edge-light'],
    loader: { '.wasm': 'binary' },
    plugins: [wasmModules],
    write: false,
    logLevel: 'error',
  });
  const runtime = new EdgeRuntime({ initialCode: result.outputFiles[0].text });
  server = await runServer({ runtime, port: 0, host: '127.0.0.1' });
});

after(async () => {
  await server?.close();
  project?.remove();
});

test('the Edge function scores with evals-wasm/nlp, its stem module on first use of German', async () => {
  const { status, body } = await timedGet(`${server.url}nlp`);
  assert.equal(status, 200, JSON.stringify(body));
  checkNlp(body);
  console.log(`edge-runtime: first measure ${body.coldMs.toFixed(1)} ms`);
});

test('the Edge function scores with evals-wasm/llm and a scripted judge', async () => {
  const { status, body } = await timedGet(`${server.url}llm`);
  assert.equal(status, 200, JSON.stringify(body));
  checkLlm(body);
});
