// Bundlers: the packed package in a page built by esbuild, Rollup, Vite and webpack, run in
// Debian's Chromium (playwright-core). Vite and webpack emit the asset that
// `new URL('…wasm', import.meta.url)` names by themselves; esbuild and Rollup do not, and each
// build uses the documented plugin their users have for that pattern
// (@chialab/esbuild-plugin-meta-url, @web/rollup-plugin-import-meta-assets). The page scores with
// evals-wasm/nlp (German too: the stem module on first use) and evals-wasm/llm (a scripted judge).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import metaUrl from '@chialab/esbuild-plugin-meta-url';
import { rollup } from 'rollup';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { importMetaAssets } from '@web/rollup-plugin-import-meta-assets';
import { build as vite } from 'vite';
import webpack from 'webpack';
import { chromium } from 'playwright-core';
import { serveStatic } from '../../www/serve.mjs';
import { checkLlm, checkNlp, packedProject } from './project.mjs';

const PAGE = '<!doctype html><meta charset="utf-8"><pre id="result"></pre><script type="module" src="./browser.js"></script>\n';
let project;
let browser;

before(async () => {
  project = packedProject();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
});

after(async () => {
  await browser?.close();
  project?.remove();
});

/** Serves `dist` (with our page unless the build wrote its own), loads it, checks the scores; returns the sizes and times it saw. */
async function runPage(dist, label, { page: writePage = true, wasmFiles = 3 } = {}) {
  if (writePage) writeFileSync(join(dist, 'index.html'), PAGE);
  const server = await serveStatic(dist);
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error));
  try {
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => document.getElementById('result')?.textContent.length > 0, null, { timeout: 20000 });
    const seen = JSON.parse(await page.textContent('#result'));
    assert.equal(seen.error, undefined, seen.error);
    assert.deepEqual(errors, []);
    checkNlp(seen.nlp);
    checkLlm(seen.llm);
    const files = readdirSync(dist, { recursive: true }).filter((f) => /\.(js|wasm)$/.test(f));
    const gzip = (kind) => files.filter((f) => f.endsWith(kind)).reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0);
    // The NLP, LLM and stem modules (webpack names them by hash only), and no other (none inlined).
    assert.equal(files.filter((f) => f.endsWith('.wasm')).length, wasmFiles, `${label} emitted: ${files}`);
    console.log(`${label}: first measure ${seen.nlp.coldMs.toFixed(1)} ms, page scored at ${seen.doneMs.toFixed(0)} ms; output JS ${(gzip('.js') / 1000).toFixed(1)} KB gzip, .wasm ${(gzip('.wasm') / 1000).toFixed(1)} KB gzip`);
  } finally {
    await page.close();
    server.close();
  }
}

test('an esbuild build with @chialab/esbuild-plugin-meta-url runs in Chromium', async () => {
  const dist = join(project.dir, 'dist-esbuild');
  await esbuild({
    entryPoints: [join(project.dir, 'browser.js')],
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    outdir: dist,
    plugins: [metaUrl()],
    logLevel: 'error',
  });
  await runPage(dist, 'esbuild');
});

/**
 * The alternative measured against the plugins: every `new URL('…wasm', import.meta.url)` of the
 * package made a data: URL of the module, so the modules travel inside the JS (base64).
 */
const inlineModules = {
  name: 'inline-modules',
  setup(builder) {
    builder.onLoad({ filter: /node_modules[\\/]evals-wasm[\\/].*\.js$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replace(/new URL\('([^']+\.wasm)', import\.meta\.url\)/g, (_, file) => {
        const base64 = readFileSync(join(dirname(args.path), file)).toString('base64');
        return `new URL('data:application/wasm;base64,${base64}')`;
      }),
    }));
  },
};

test('an esbuild build with the modules inlined as data: URLs runs in Chromium (the alternative, measured)', async () => {
  const dist = join(project.dir, 'dist-inline');
  await esbuild({ entryPoints: [join(project.dir, 'browser.js')], bundle: true, splitting: true, format: 'esm', minify: true, outdir: dist, plugins: [inlineModules], logLevel: 'error' });
  await runPage(dist, 'esbuild, modules inlined', { wasmFiles: 0 });
});

test('a Rollup build with @web/rollup-plugin-import-meta-assets runs in Chromium', async () => {
  const dist = join(project.dir, 'dist-rollup');
  const bundle = await rollup({ input: join(project.dir, 'browser.js'), plugins: [nodeResolve({ browser: true }), importMetaAssets()], logLevel: 'silent' });
  await bundle.write({ dir: dist, format: 'es' });
  await bundle.close();
  await runPage(dist, 'Rollup');
});

test('a Vite build runs in Chromium', async () => {
  const dist = join(project.dir, 'dist-vite');
  writeFileSync(join(project.dir, 'index.html'), PAGE);
  await vite({ root: project.dir, configFile: false, logLevel: 'silent', build: { outDir: dist, target: 'es2022' } });
  await runPage(dist, 'Vite', { page: false });
});

test('a webpack build runs in Chromium', async () => {
  const dist = join(project.dir, 'dist-webpack');
  const compiler = webpack({
    mode: 'production',
    context: project.dir,
    entry: './browser.js',
    output: { path: dist, filename: 'browser.js', publicPath: '/' },
  });
  const stats = await new Promise((resolve, reject) => compiler.run((error, result) => (error ? reject(error) : resolve(result))));
  await new Promise((resolve) => compiler.close(resolve));
  assert.equal(stats.hasErrors(), false, stats.toString('errors-only'));
  await runPage(dist, 'webpack');
});
