// The comparison report's size and opening time: renderReport over synthetic comparisons of
// 10,000 items whose outputs and reasons are English prose (passages of the State of the Union
// corpus, which compresses like real model output, unlike a small word list), written to a file
// and opened from file:// in headless Chromium, each time in a new page. Prints the figures and
// their ratios to the budgets (5 MB, 2 s). Besides the wall time (which on a shared
// machine counts other processes' turns too) it reads, through the DevTools protocol, the CPU
// time the page's renderer process and its main thread spent (Performance.getMetrics:
// ProcessTime, ThreadTime), which does not grow with the machine's load. Needs pkg/
// (scripts/build.sh) and /usr/bin/chromium.
//
//   node bench/compare-report.mjs [--runs 5] [--words 60]

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { syntheticComparison } from '../tests/browser/compare-report-data.mjs';
import { passage } from './lib/texts.mjs';
import { median, ms, table, times } from './lib/stats.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const { renderReport } = await import(pathToFileURL(join(repo, 'pkg', 'compare', 'report.js')));
const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, words: { type: 'string', default: '60' } } });
const runs = Number(values.runs);
const words = Number(values.words);
const SIZE_BUDGET = 5_000_000; // bytes: 5 MB counted in decimal, the stricter reading
const TIME_BUDGET = 2000;

const cases = [
  { name: '10,000 items × 1 metric', items: 10_000, metrics: ['faithfulness'] },
  { name: '2,000 items × 5 metrics', items: 2_000, metrics: ['faithfulness', 'answer-relevancy', 'hallucination', 'toxicity', 'completeness'] },
];

const out = join(repo, 'artifacts', 'bench');
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const rows = [];
for (const c of cases) {
  const comparison = syntheticComparison({ items: c.items, metrics: c.metrics, outputWords: words, text: (n, random) => passage(n, random) });
  const renderTimes = [];
  let html;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    html = renderReport(comparison);
    renderTimes.push(performance.now() - started);
  }
  const bytes = Buffer.byteLength(html);
  const file = join(out, `compare-report-${c.items}x${c.metrics.length}.html`);
  writeFileSync(file, html);
  const wall = [];
  const inPage = [];
  const script = [];
  const cpu = [];
  const thread = [];
  for (let i = 0; i < runs; i++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const metric = async (name) => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === name).value;
    const before = { process: await metric('ProcessTime'), thread: await metric('ThreadTime') };
    const started = performance.now();
    await page.goto(pathToFileURL(file).href);
    await page.waitForFunction(() => window.evalsReport?.ready === true, null, { timeout: 60_000, polling: 10 });
    wall.push(performance.now() - started);
    // performance.now() in the page counts from its navigation start.
    const seen = await page.evaluate(() => ({ sinceNavigation: performance.now(), timings: window.evalsReport.timings }));
    inPage.push(seen.sinceNavigation);
    cpu.push((await metric('ProcessTime') - before.process) * 1000);
    thread.push((await metric('ThreadTime') - before.thread) * 1000);
    script.push(seen.timings);
    await page.close();
  }
  const stage = (name) => median(script.map((t) => t[name]));
  console.error(`${c.name}: ${bytes} bytes; script stages (median ms from its start): decoded ${stage('decodedMs').toFixed(0)}, forest ${stage('forestMs').toFixed(0)}, metric plots ${stage('metricPlotsMs').toFixed(0)}, all ${stage('totalMs').toFixed(0)}`);
  rows.push([
    c.name,
    `${(bytes / 1e6).toFixed(2)} MB (${Math.round(bytes / (c.items * c.metrics.length))} B/item)`,
    times(SIZE_BUDGET / bytes),
    ms(median(renderTimes)),
    ms(median(wall)),
    ms(median(inPage)),
    ms(median(cpu)),
    ms(median(thread)),
    times(TIME_BUDGET / median(wall)),
    times(TIME_BUDGET / median(cpu)),
  ]);
}
await browser.close();
console.log(`Comparison report, outputs of ${words} words of prose, median of ${runs} opens in a new page each:\n`);
console.log(table(['comparison', 'file size', 'under 5 MB by', 'renderReport (Node)', 'open to ready (wall)', 'navigation start to ready (in page)', 'renderer CPU', 'main thread CPU', 'wall under 2 s by', 'CPU under 2 s by'], rows));
console.log(`\nload average while measuring: ${loadavg().map((l) => l.toFixed(1)).join(', ')} on ${cpus().length} cores`);
