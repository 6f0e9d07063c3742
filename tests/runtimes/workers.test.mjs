// Cloudflare Workers: the packed package in a Worker bundled by wrangler (`wrangler deploy
// --dry-run`, the bundle a deploy would upload) and served by workerd on 127.0.0.1, with
// nodejs_compat for @mastra/core. The Worker scores with evals-wasm/nlp (and German, which
// instantiates the stem module), evals-wasm/llm (a scripted judge) and evals-wasm/scorers
// (@mastra/core 1.x), through the `workerd` export condition and its `.wasm?module` imports.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bin, checkLlm, checkNlp, checkScorers, freePort, packedProject, startServer, timedGet } from './project.mjs';

const COMPATIBILITY_DATE = '2025-09-01';
let project;
let server;
let base;

before(async () => {
  project = packedProject();
  const { dir } = project;
  writeFileSync(
    join(dir, 'wrangler.json'),
    JSON.stringify({ name: 'evals-wasm-worker-test', main: 'cloudflare.js', compatibility_date: COMPATIBILITY_DATE, compatibility_flags: ['nodejs_compat'] }),
  );
  execFileSync(bin('wrangler'), ['deploy', '--dry-run', '--outdir', 'dist'], {
    cwd: dir,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1', NO_COLOR: '1' },
    stdio: 'pipe',
  });
  // workerd's config: the bundle and every module wrangler wrote beside it.
  const files = readdirSync(join(dir, 'dist')).filter((file) => /\.(js|wasm)$/.test(file));
  const modules = files.map((file) =>
    file.endsWith('.wasm') ? `(name = "${file}", wasm = embed "dist/${file}")` : `(name = "${file}", esModule = embed "dist/${file}")`,
  );
  // The entry module first: workerd takes the first module as the Worker's main module.
  modules.sort((a, b) => Number(b.includes('"cloudflare.js"')) - Number(a.includes('"cloudflare.js"')));
  const port = await freePort();
  writeFileSync(
    join(dir, 'config.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const worker :Workerd.Worker = (
  modules = [${modules.join(', ')}],
  compatibilityDate = "${COMPATIBILITY_DATE}",
  compatibilityFlags = ["nodejs_compat"],
);
`,
  );
  base = `http://127.0.0.1:${port}`;
  server = await startServer(bin('workerd'), ['serve', 'config.capnp'], `${base}/`, { cwd: dir });
});

after(() => {
  server?.stop();
  project?.remove();
});

test('the Worker scores with evals-wasm/nlp, its stem module on first use of German', async () => {
  const first = await timedGet(`${base}/nlp`);
  assert.equal(first.status, 200, JSON.stringify(first.body));
  checkNlp(first.body);
  const second = await timedGet(`${base}/nlp`);
  console.log(`workerd: first /nlp request ${first.ms.toFixed(1)} ms (instantiation and first measures), second ${second.ms.toFixed(1)} ms`);
});

test('the Worker scores with evals-wasm/llm and a scripted judge', async () => {
  const { status, body } = await timedGet(`${base}/llm`);
  assert.equal(status, 200, JSON.stringify(body));
  checkLlm(body);
});

test('the Worker runs Mastra 1.x scorers of evals-wasm/scorers (scorers and code modules)', async () => {
  const { status, body } = await timedGet(`${base}/scorers`);
  assert.equal(status, 200, JSON.stringify(body));
  checkScorers(body);
});
