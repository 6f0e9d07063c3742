// Bias and toxicity against @mastra/evals 0.14.4 on the parity case tables (tests/cases): model
// calls, characters sent (system + user messages) and time outside the model per measure, with
// the verdict-table judge answering at once. Run: node bench/llm-bias-toxicity.mjs
import { performance } from 'node:perf_hooks';
import * as original from '@mastra/evals/llm';
import { BiasMetric, ToxicityMetric } from 'evals-wasm/llm';
import { verdictTableModelV2 } from '../tests/js/lib/verdict-table-model.mjs';
import { cases as bias } from '../tests/cases/bias.mjs';
import { cases as toxicity } from '../tests/cases/toxicity.mjs';

const text = (content) => (typeof content === 'string' ? content : content.map((p) => p.text ?? '').join(''));

/** A verdict-table model that also counts the characters of every prompt it gets. */
function counted(c) {
  const model = verdictTableModelV2(c);
  const doGenerate = model.doGenerate.bind(model);
  model.sent = 0;
  model.doGenerate = async (options) => {
    for (const m of options.prompt) model.sent += text(m.content).length;
    return doGenerate(options);
  };
  return model;
}

async function row(label, cases, make, rounds = 20) {
  let calls = 0;
  let sent = 0;
  let time = 0;
  for (let r = 0; r < rounds; r++) {
    for (const c of cases) {
      const model = counted(c);
      const metric = make(model);
      const start = performance.now();
      await metric.measure(c.input, c.output);
      time += performance.now() - start;
      if (r === 0) {
        calls += model.judge.calls.length;
        sent += model.sent;
      }
    }
  }
  const n = cases.length;
  console.log(`| ${label} | ${(calls / n).toFixed(2)} | ${Math.round(sent / n).toLocaleString('en')} | ${(time / (n * rounds)).toFixed(2)} ms |`);
}

console.log('| metric | model calls per measure | characters sent per measure | time per measure, model answering at once |');
console.log('|---|---|---|---|');
await row('@mastra/evals 0.14.4 BiasMetric', bias, (m) => new original.BiasMetric(m));
await row('evals-wasm BiasMetric', bias, (m) => new BiasMetric(m));
await row('evals-wasm BiasMetric (reason: false)', bias, (m) => new BiasMetric(m, { reason: false }));
await row('@mastra/evals 0.14.4 ToxicityMetric', toxicity, (m) => new original.ToxicityMetric(m));
await row('evals-wasm ToxicityMetric', toxicity, (m) => new ToxicityMetric(m));
await row('evals-wasm ToxicityMetric (reason: false)', toxicity, (m) => new ToxicityMetric(m, { reason: false }));
