// A real judge for the tests: llama.cpp's OpenAI-compatible server (scripts/judge.sh installs it
// once per machine) started on a free 127.0.0.1 port by the test that calls `startLocalJudge`,
// and killed by its `stop()` (or when the test process exits).

import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Installs (once) and starts the local judge; resolves to `{ baseURL, model, stop }` when it
 * answers. `model` is the name to pass as the model id (the server serves one model whatever
 * the name).
 */
export async function startLocalJudge({ startTimeoutMs = 120_000 } = {}) {
  const [python, modelFile] = execFileSync('bash', [`${ROOT}scripts/judge.sh`, 'install'], { encoding: 'utf8' }).trim().split('\n');
  const port = await freePort();
  const child = spawn(python, [`${ROOT}scripts/judge-server.py`, modelFile, String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  let log = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      kill();
      reject(new Error(`the local judge did not start within ${startTimeoutMs} ms:\n${log.slice(-2000)}`));
    }, startTimeoutMs);
    const read = (chunk) => {
      log += chunk;
      if (/^ready$/m.test(log)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.setEncoding('utf8').on('data', read);
    child.stderr.setEncoding('utf8').on('data', read);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the local judge exited while starting (${signal ?? code}):\n${log.slice(-2000)}`));
    });
  });
  child.stdout.resume();
  child.stderr.resume();
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    model: 'smollm2-135m-instruct',
    stop: () =>
      new Promise((resolve) => {
        process.removeListener('exit', kill);
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        kill();
      }),
  };
}
