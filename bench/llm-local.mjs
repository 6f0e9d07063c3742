// The LLM metrics against a real judge: for every metric class of evals-wasm/llm (the inputs of
// tests/js/lib/judge-fixtures.mjs), model calls, prompt and answer tokens and wall time per
// measure, through openaiCompatible and a recording proxy on 127.0.0.1.
//
//   node bench/llm-local.mjs [--repeats N]                 the local judge (scripts/judge.sh installs it)
//   node bench/llm-local.mjs --base-url URL --model NAME   any OpenAI-compatible server instead
//                                                          (the API key from OPENAI_API_KEY, if set)
//
// The first measure of a metric meets the server's prompt cache cold; the next ones warm. The
// numbers say what the plumbing costs on this machine, not how good the verdicts are.

import { parseArgs } from 'node:util';
import * as llm from 'evals-wasm/llm';
import { startJudgeProxy, startLocalJudge } from '../tests/js/lib/local-judge.mjs';
import { METRIC_CASES, metricClasses } from '../tests/js/lib/judge-fixtures.mjs';
import { median, ms, num, table } from './lib/stats.mjs';

const { values: args } = parseArgs({ options: { repeats: { type: 'string', default: '3' }, 'base-url': { type: 'string' }, model: { type: 'string' } } });
const repeats = Math.max(1, Number(args.repeats));

const local = args['base-url'] ? undefined : await startLocalJudge();
const target = args['base-url'] ?? local.baseURL;
const proxy = await startJudgeProxy(target);
const model = llm.openaiCompatible({ baseURL: proxy.baseURL, model: args.model ?? local?.model ?? 'judge', apiKey: process.env.OPENAI_API_KEY, timeoutMs: 120_000 });

const rows = [];
try {
  for (const name of metricClasses(llm)) {
    for (const fixture of METRIC_CASES[name] ?? []) {
      const label = `${name}${fixture.label ? ` (${fixture.label})` : ''}`;
      const runs = [];
      for (let i = 0; i <= repeats; i++) {
        // A new instance each time: no extraction is taken from an earlier measure's cache.
        const metric = new llm[name](model, fixture.options);
        const first = proxy.calls.length;
        const started = performance.now();
        let failed;
        try {
          await metric.measure(fixture.input, fixture.output);
        } catch (error) {
          failed = error.code ?? error.message;
        }
        const wall = performance.now() - started;
        const calls = proxy.calls.slice(first);
        const sum = (field) => calls.reduce((total, call) => total + (call[field] ?? 0), 0);
        runs.push({ wall, calls: calls.length, prompt: sum('promptTokens'), answer: sum('completionTokens'), cut: calls.filter((c) => c.finishReason === 'length').length, failed });
        process.stderr.write(`${label} #${i}: ${ms(wall)}, ${calls.length} calls${failed ? `, ${failed}` : ''}\n`);
      }
      const [cold, ...warm] = runs;
      rows.push({ label, cold, warm });
    }
  }
} finally {
  await proxy.stop();
  await local?.stop();
}

const failures = (runs) => runs.filter((r) => r.failed).map((r) => r.failed);
console.log(`Judge: ${args['base-url'] ? `${args.model} at ${args['base-url']}` : 'SmolLM2-135M-Instruct (Q4_1) on llama.cpp (xllamacpp), 127.0.0.1'}; ${repeats} warm measures per metric after a cold one.\n`);
console.log(table(
  ['metric', 'calls / measure', 'prompt tokens', 'answer tokens', 'wall, cold', 'wall, warm (median)', 'cut off', 'failed'],
  rows.map(({ label, cold, warm }) => [
    label,
    num(median(warm.map((r) => r.calls))),
    num(median(warm.map((r) => r.prompt))),
    num(median(warm.map((r) => r.answer))),
    ms(cold.wall),
    ms(median(warm.map((r) => r.wall))),
    num([cold, ...warm].reduce((t, r) => t + r.cut, 0)),
    failures([cold, ...warm]).join(', ') || '0',
  ]),
));
