// The README is the front page: it stays short, its links to docs/ lead somewhere, every metric
// the package exports has a page linked from it, and its code samples run as written.
//
// Samples are the fenced blocks tagged js, mjs, cjs or ts. Each runs in a fresh Node process
// against the built package (node_modules/evals-wasm -> ../pkg): cjs as a .cjs file, the others
// as .mjs (ts type-checked, then transpiled, by TypeScript). A sample that uses Mastra 1.x (evals-wasm/scorers
// or @mastra/core) runs against the Mastra 1.x install of tests/mastra1. A line
// `console.log(...); // expected` must print `expected`, so the outputs shown are the real ones.
// A sample that cannot run standalone (it needs a real API key, say) opens with the line
// `// readme: not run (<reason>)`; only a few may.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import * as nlp from 'evals-wasm/nlp';
import * as llm from 'evals-wasm/llm';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const NOT_RUN = /^\/\/ readme: not run \((.+)\)$/;
const MAX_NOT_RUN = 2;

/** The README's JS code samples: `{ lang, code, line }`, line being where the block starts. */
function samples() {
  const found = [];
  const fence = /^```(js|mjs|cjs|ts)\n([\s\S]*?)^```$/gm;
  for (const match of README.matchAll(fence)) {
    found.push({ lang: match[1], code: match[2], line: README.slice(0, match.index).split('\n').length });
  }
  return found;
}

/** What the sample's `console.log(...); // expected` lines say it prints, in order. */
function expectedOutput(code) {
  return code.split('\n').map((line) => line.match(/console\.log\(.*\)\)?;? \/\/ (.+)$/)?.[1]).filter((text) => text !== undefined);
}

/**
 * A folder whose node_modules holds tests/mastra1's packages (Mastra 1.x) and this package's
 * build, so that a sample resolves @mastra/core 1.x from the package's own imports too (run with
 * --preserve-symlinks).
 */
function mastra1Folder(folder) {
  const source = join(ROOT, 'tests/mastra1/node_modules');
  assert.ok(existsSync(join(source, '@mastra/core')), 'tests/mastra1/node_modules has @mastra/core 1.x (scripts/test.sh installs it)');
  const modules = join(folder, 'node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(source)) {
    if (name !== 'evals-wasm' && name !== '.bin') symlinkSync(join(source, name), join(modules, name));
  }
  symlinkSync(join(ROOT, 'pkg'), join(modules, 'evals-wasm'));
}

/** Type-checks a TypeScript sample against the package's declarations, as a user's project would. */
function typeCheck(folder, code) {
  const file = join(folder, 'sample.mts');
  writeFileSync(file, code);
  const program = ts.createProgram([file], {
    module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022, strict: true, noEmit: true, skipLibCheck: true,
  });
  const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  assert.deepEqual(problems, [], 'the TypeScript sample type-checks');
}

/** Runs one sample in a fresh Node process and returns what it printed. */
function run({ lang, code }) {
  const usesMastra1 = /from '(evals-wasm\/scorers|@mastra\/core[^']*)'/.test(code);
  const folder = mkdtempSync(join(usesMastra1 ? tmpdir() : join(ROOT, 'node_modules'), '.readme-sample-'));
  try {
    if (usesMastra1) mastra1Folder(folder);
    let source = code;
    if (lang === 'ts') {
      typeCheck(folder, code);
      source = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
    }
    const file = join(folder, lang === 'cjs' ? 'sample.cjs' : 'sample.mjs');
    writeFileSync(file, source);
    const flags = usesMastra1 ? ['--preserve-symlinks'] : [];
    return execFileSync(process.execPath, [...flags, file], { cwd: folder, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test('the README is a front page of at most 320 lines', () => {
  const lines = README.split('\n').length;
  assert.ok(lines <= 320, `README.md has ${lines} lines`);
});

test('the README has JS samples, and at most a few of them are marked as not run', () => {
  const all = samples();
  assert.ok(all.length >= 6, `found ${all.length} samples`);
  assert.ok(all.some(({ lang }) => lang === 'cjs') && all.some(({ lang }) => lang === 'ts'), 'a CommonJS and a TypeScript sample');
  const notRun = all.filter(({ code }) => NOT_RUN.test(code.split('\n')[0]));
  assert.ok(notRun.length <= MAX_NOT_RUN, `${notRun.length} samples are marked as not run`);
  for (const { code, line } of all) {
    assert.ok(!/readme: not run/.test(code.split('\n').slice(1).join('\n')), `line ${line}: the not-run mark belongs on the first line`);
  }
});

for (const sample of samples()) {
  const mark = sample.code.split('\n')[0].match(NOT_RUN);
  if (mark) continue;
  test(`README sample at line ${sample.line} (${sample.lang}) runs and prints what it shows`, () => {
    const printed = run(sample).trimEnd().split('\n').filter((line) => line !== '');
    assert.deepEqual(printed, expectedOutput(sample.code));
  });
}

/** Relative links of a Markdown text, as `{ target, anchor }`, outside code blocks. */
function links(markdown) {
  const prose = markdown.replace(/^```[\s\S]*?^```$/gm, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1])
    .filter((href) => !/^[a-z]+:/.test(href))
    .map((href) => {
      const [target, anchor] = href.split('#');
      return { href, target, anchor };
    });
}

/** The anchors GitHub gives a page's headings. */
function anchors(markdown) {
  const prose = markdown.replace(/^```[\s\S]*?^```$/gm, '');
  return new Set([...prose.matchAll(/^#+ (.+)$/gm)].map((match) =>
    match[1].trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-')));
}

/** Checks every relative link of `file` (a path from the root): the file exists, and so does the heading. */
function checkLinks(file) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  for (const { href, target, anchor } of links(text)) {
    const path = target === '' ? join(ROOT, file) : resolve(dirname(join(ROOT, file)), target);
    assert.ok(existsSync(path), `${file}: ${href} leads to a missing file`);
    if (anchor && path.endsWith('.md')) {
      assert.ok(anchors(readFileSync(path, 'utf8')).has(anchor), `${file}: ${href} names a heading that does not exist`);
    }
  }
}

test('every docs/ link of the README points to an existing file and heading', () => {
  const toDocs = links(README).filter(({ target }) => target.startsWith('docs/'));
  assert.ok(toDocs.length >= 15, `found ${toDocs.length} links to docs/`);
  checkLinks('README.md');
});

test('the links between the docs pages lead somewhere', () => {
  const pages = readdirSync(join(ROOT, 'docs'), { recursive: true }).filter((name) => name.endsWith('.md'));
  assert.ok(pages.length >= 10, `found ${pages.length} pages`);
  for (const page of pages) checkLinks(join('docs', page));
});

test('every metric of evals-wasm/nlp and evals-wasm/llm has a page linked from the README', () => {
  const metrics = [...new Set([...Object.keys(nlp), ...Object.keys(llm)])].filter((name) => name.endsWith('Metric'));
  assert.ok(metrics.length >= 20, `only ${metrics.length} metric classes exported: ${metrics.join(', ')}`);
  const rows = README.split('\n').filter((line) => line.startsWith('| ['));
  for (const name of metrics) {
    const row = rows.find((line) => line.includes(`\`${name}\``));
    assert.ok(row, `the README's table of metrics has a row for ${name}`);
    const page = row.match(/\]\((docs\/metrics\/[a-z-]+\.md)\)/)?.[1];
    assert.ok(page, `the row of ${name} links to its page in docs/metrics/`);
    const text = readFileSync(join(ROOT, page), 'utf8');
    const title = text.split('\n')[0];
    assert.ok(title.startsWith('# ') && title.split(' · ').some((part) => part.replace(/^# /, '') === name), `${page} is the page of ${name} (its title is "${title}")`);
    for (const section of ['## Options', '## Where it differs from the original']) {
      assert.ok(text.includes(`\n${section}\n`), `${page} has a section ${section}`);
    }
  }
});
