// Runs a benchmark child process and returns what it printed as JSON.

import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));

let scratch;

/** Writes `value` as JSON to a temporary file and returns its path. */
export function tempJson(name, value) {
  scratch ??= mkdtempSync(join(tmpdir(), 'evals-wasm-bench-'));
  const path = join(scratch, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
}

/** `node script ...args` in a fresh process; resolves to the JSON of its last stdout line. */
export function runNode(script, args, { nodeArgs = [] } = {}) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [...nodeArgs, script, ...args], { cwd: BENCH_DIR, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) {
        reject(new Error(`${script} ${args.join(' ')} failed: ${error.message}\n${stderr}`));
        return;
      }
      const lines = stdout.trim().split('\n');
      resolve(JSON.parse(lines[lines.length - 1]));
    });
  });
}
