// Runs JS test files (each *.test.mjs of the folders named, not of their subfolders, and the files
// named), each in a `node --test` process of its own, several at once; a file whose first 5 lines
// hold a comment line `// serial: <why>` runs after them, alone; one that says `// slow: <why>` there
// starts first (until the times of a run are known, see --times). A file runs in the nearest folder above
// it that has a package.json (tests/mastra1 for its own files, the repository for tests/js).
// Each file's output is printed whole when it ends; at the end, the files that took longest
// and the totals. Exits 1 when a file failed or nothing was found.
//
//   node scripts/run-js-tests.mjs [--jobs N] [--node-flag FLAG]... [--times FILE] FOLDER|FILE...
//
// --jobs defaults to $EVALS_WASM_TEST_JOBS, else to the number of cores (at least 2). --times
// names a JSON file of each file's seconds in the last run: the longest files start first (without
// it, the largest), and the file is rewritten with this run's times.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const SERIAL = /^\s*\/\/\s*serial:\s*(\S.*)$/;
const SLOW = /^\s*\/\/\s*slow:\s*\S/;
const HEAD_LINES = 5;

function parseArgs(argv) {
  const options = { jobs: Number(process.env.EVALS_WASM_TEST_JOBS) || Math.max(2, availableParallelism()), nodeFlags: [], paths: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--jobs') options.jobs = Number(argv[++i]);
    else if (arg === '--node-flag') options.nodeFlags.push(argv[++i]);
    else if (arg === '--times') options.times = argv[++i];
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else options.paths.push(arg);
  }
  if (!Number.isInteger(options.jobs) || options.jobs < 1) throw new Error('--jobs takes a whole number of at least 1');
  if (options.paths.length === 0) throw new Error('name at least one folder of test files, or a test file');
  return options;
}

/** The reason a file gives for running alone, or undefined. */
export function serialReason(text) {
  for (const line of text.split('\n').slice(0, HEAD_LINES)) {
    const match = line.match(SERIAL);
    if (match) return match[1].trim();
  }
  return undefined;
}

/** Whether a file says it takes minutes (`// slow: <why>` in its first lines): it starts first. */
function saysSlow(text) {
  return text.split('\n').slice(0, HEAD_LINES).some((line) => SLOW.test(line));
}

/** The folder a test file runs in: the nearest one above it with a package.json. */
function projectOf(file) {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return dirname(file);
  }
}

function readTimes(path) {
  try {
    return path ? JSON.parse(readFileSync(path, 'utf8')) : {};
  } catch {
    return {};
  }
}

/** The test files of each folder (its *.test.mjs) or file named. */
function findFiles(paths) {
  const files = [];
  for (const given of paths) {
    const full = resolve(given);
    if (!existsSync(full)) throw new Error(`no file or folder ${given}`);
    let found = [full];
    if (statSync(full).isDirectory()) {
      found = readdirSync(full).filter((name) => name.endsWith('.test.mjs')).sort().map((name) => join(full, name));
      if (found.length === 0) throw new Error(`no *.test.mjs file in ${given}`);
    }
    for (const path of found) {
      const text = readFileSync(path, 'utf8');
      files.push({ path, name: relative(process.cwd(), path), cwd: projectOf(path), serial: serialReason(text), slow: saysSlow(text) });
    }
  }
  return files;
}

/** The counts node's spec reporter prints at the end ("ℹ pass 12"). */
function counts(output) {
  const found = {};
  for (const key of ['tests', 'pass', 'fail', 'cancelled', 'skipped', 'todo']) {
    const all = [...output.matchAll(new RegExp(`^ℹ ${key} (\\d+)$`, 'gm'))];
    found[key] = all.length ? Number(all.at(-1)[1]) : 0;
  }
  return found;
}

function runFile(file, nodeFlags) {
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn(process.execPath, [...nodeFlags, '--test', '--test-reporter=spec', file.path], {
      cwd: file.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      done({ ...file, code, signal, seconds, output, counts: counts(output) });
    });
  });
}

function report(result) {
  const { pass, fail, tests } = result.counts;
  const ok = result.code === 0;
  const how = result.serial ? 'alone' : 'concurrent';
  process.stdout.write(`\n=== ${result.name} (${how}): ${ok ? 'ok' : 'FAILED'}, ${pass}/${tests} passed, ${fail} failed, ${result.seconds.toFixed(1)} s\n`);
  process.stdout.write(result.output.endsWith('\n') ? result.output : `${result.output}\n`);
}

/** Runs `files` with at most `jobs` at once, reporting each as it ends. */
async function pool(files, jobs, nodeFlags) {
  const results = [];
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const result = await runFile(file, nodeFlags);
      report(result);
      results.push(result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, files.length) }, worker));
  return results;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const files = findFiles(options.paths);
  const concurrent = files.filter((file) => !file.serial);
  const serial = files.filter((file) => file.serial);
  // The slowest files first, so that the pool does not end on one of them: by their last time, or
  // by their size, a fair guess, after those that say they are slow.
  const last = readTimes(options.times);
  const cost = (file) => last[file.name] ?? (file.slow ? Infinity : readFileSync(file.path).length / 1e3);
  concurrent.sort((a, b) => cost(b) - cost(a));
  const wallStart = performance.now();
  console.log(`${files.length} test files: ${concurrent.length} at most ${options.jobs} at a time, then ${serial.length} alone`);
  for (const file of serial) console.log(`  alone: ${file.name} (${file.serial})`);
  const results = [...(await pool(concurrent, options.jobs, options.nodeFlags)), ...(await pool(serial, 1, options.nodeFlags))];
  const wall = (performance.now() - wallStart) / 1000;

  const total = { tests: 0, pass: 0, fail: 0, cancelled: 0, skipped: 0, todo: 0 };
  for (const result of results) for (const key of Object.keys(total)) total[key] += result.counts[key];
  const failed = results.filter((result) => result.code !== 0);
  const slowest = [...results].sort((a, b) => b.seconds - a.seconds).slice(0, 12);
  console.log(`\nslowest test files:`);
  for (const result of slowest) console.log(`  ${result.seconds.toFixed(1).padStart(7)} s  ${result.serial ? 'alone     ' : 'concurrent'}  ${result.name}`);
  const busy = results.reduce((sum, result) => sum + result.seconds, 0);
  console.log(`\n${results.length} files, ${total.tests} tests: ${total.pass} passed, ${total.fail} failed, ${total.cancelled} cancelled, ${total.skipped} skipped, ${total.todo} todo; ${wall.toFixed(1)} s (${busy.toFixed(1)} s of file time)`);
  if (options.times) {
    mkdirSync(dirname(options.times), { recursive: true });
    writeFileSync(options.times, `${JSON.stringify({ ...last, ...Object.fromEntries(results.map((r) => [r.name, Number(r.seconds.toFixed(1))])) }, null, 1)}\n`);
  }
  if (failed.length) {
    console.log(`FAILED: ${failed.map((result) => `${result.name} (exit ${result.code ?? result.signal})`).join(', ')}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(`run-js-tests: ${error.message}`);
    process.exitCode = 1;
  });
}
