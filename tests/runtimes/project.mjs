// The packed package in a temporary project: `npm pack` of pkg/ (what a user installs), its
// tarball unpacked as node_modules/evals-wasm of a folder inside tests/runtimes (so that
// @mastra/core 1.x and the bundlers resolve from tests/runtimes/node_modules), with the app
// files of app/ and the scripted judge of the JS tests beside them.

import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const here = dirname(fileURLToPath(import.meta.url));
export const repo = join(here, '..', '..');
export const bin = (name) => join(here, 'node_modules', '.bin', name);

/** A new project folder with the packed package installed; `remove()` deletes it. */
export function packedProject() {
  if (!existsSync(join(repo, 'pkg', 'package.json'))) throw new Error('run scripts/build.sh first');
  const dir = mkdtempSync(join(here, '.project-'));
  const tarball = execFileSync('npm', ['pack', join(repo, 'pkg'), '--pack-destination', dir, '--silent'], { encoding: 'utf8' }).trim().split('\n').pop();
  const installed = join(dir, 'node_modules', 'evals-wasm');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['xzf', join(dir, tarball), '-C', installed, '--strip-components=1']);
  cpSync(join(here, 'app'), dir, { recursive: true });
  cpSync(join(repo, 'tests', 'js', 'scripted-model.mjs'), join(dir, 'scripted-model.mjs'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A TCP port free on 127.0.0.1 now (for servers that cannot be told port 0 and report it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `command args` and resolves once `url` answers (any status); `stop()` ends the process.
 * Rejects with the process's output when it exits first or `timeoutMs` passes.
 */
export async function startServer(command, args, url, { cwd, timeoutMs = 30_000 } = {}) {
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const stop = () => child.kill('SIGKILL');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command} exited (${child.exitCode}):\n${output}`);
    try {
      await fetch(url);
      return { stop, output: () => output };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  stop();
  throw new Error(`${command} did not answer at ${url} within ${timeoutMs} ms:\n${output}`);
}

/** GETs `url` and returns `{ ms, body }`: the time to the whole answer, and its JSON. */
export async function timedGet(url) {
  const started = performance.now();
  const response = await fetch(url);
  const body = await response.json();
  return { ms: performance.now() - started, status: response.status, body };
}

/** Checks what app/nlp.js saw: the fox pair's completeness, and German on the stem module. */
export function checkNlp(nlp) {
  assert.equal(nlp.fox, 0.625, JSON.stringify(nlp));
  assert.deepEqual(nlp.missing, ['the', 'quick', 'lazy']);
  assert.equal(nlp.germanLanguage, 'de');
  assert.ok(nlp.germanElements.includes('haus'), JSON.stringify(nlp));
}

/** Checks what app/llm.js saw: the Tesla example judged by the scripted model. */
export function checkLlm(llm) {
  assert.equal(llm.score, 0.67, JSON.stringify(llm));
  assert.deepEqual(llm.contradicted, [true, true, false]);
}

/** Checks what app/scorers.js saw: both Mastra scorers on an answer equal to the question. */
export function checkScorers(scorers) {
  assert.equal(scorers.contentSimilarity, 1, JSON.stringify(scorers));
  assert.ok(scorers.checkSimilarity > 0.9 && scorers.checkSimilarity <= 1, JSON.stringify(scorers));
}
