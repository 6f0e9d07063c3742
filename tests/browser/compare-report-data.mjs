// Synthetic comparison results in the shape compareRuns() returns (coord's run contract, "The
// comparison result"), for the report's tests and its benchmark. Deterministic: a seeded
// generator, so the same arguments give the same result.

const WORDS = 'the model answered question about river bank loan rate which city capital paris france tower built year engineer iron light summer winter policy refund customer order shipped late early warehouse parcel tracking number support ticket closed opened'.split(' ');

function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function wordListSentence(words, random) {
  const out = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(random() * WORDS.length)]);
  return `${out.join(' ')}.`;
}

/**
 * A comparison of `items` matched keys over the given metrics. Items whose key ends in a digit
 * below `regressedShare * 10` regress in the candidate (a lower score and a changed output); a
 * few improve; the rest keep their output and score. Each item has an output, a reason and
 * verdicts (with reasons) in both runs. `outputWords` sets the outputs' length; the last item of
 * the first metric has an error in the candidate. `text(words, random)` makes the texts (outputs
 * and reasons) when given; by default they are drawn from a small word list.
 */
export function syntheticComparison({ items = 200, metrics = ['faithfulness', 'hallucination'], seed = 7, outputWords = 24, gate = true, judgeUrl = 'http://127.0.0.1:8080/v1', text } = {}) {
  const random = generator(seed);
  const sentence = text ?? wordListSentence;
  const direction = (metric) => (['hallucination', 'toxicity', 'bias'].includes(metric) ? 'lower' : 'higher');
  const record = (label) => ({
    tool: 'evals-wasm',
    format: 2,
    version: '0.1.0',
    input: 'dataset.jsonl',
    dataset: { hash: 'ab'.repeat(32), lines: items + 2 },
    settings: {},
    samples: 1,
    metrics: Object.fromEntries(metrics.map((m) => [m, { options: {}, judge: { url: judgeUrl, model: label === 'base' ? 'judge-a' : 'judge-b' }, declaration: 'cd'.repeat(16), samples: 1, direction: direction(m) }])),
    lineHashes: Array.from({ length: items + 2 }, (_, i) => i.toString(16).padStart(64, '0')),
  });
  const rows = [];
  for (const metric of metrics) {
    const worse = direction(metric) === 'lower' ? 1 : -1;
    for (let n = 0; n < items; n++) {
      const key = `q-${n}`;
      const kind = n % 10 === 3 ? 'regressed' : n % 10 === 7 ? 'improved' : 'unchanged';
      const base = Math.round(random() * 1000) / 1000;
      const shift = kind === 'unchanged' ? 0 : (0.2 + random() * 0.5) * (kind === 'regressed' ? worse : -worse);
      const cand = Math.min(1, Math.max(0, base + shift));
      const output = sentence(outputWords, random);
      const changed = kind === 'unchanged' ? output : `${output.slice(0, output.length / 2)} ${sentence(6, random)}`;
      const side = (score, text, tag) => ({
        score,
        samples: null,
        output: text,
        reason: `The score is ${score.toFixed(2)} because ${tag} ${sentence(8, random)}`,
        info: { verdicts: [{ verdict: score >= 0.5 ? 'yes' : 'no', reason: `claim ${n} ${tag}` }, { verdict: 'yes', reason: 'stated in the context' }] },
        error: null,
      });
      rows.push({
        key,
        metric,
        cluster: `doc-${n % 17}`,
        baseline: side(base, output, 'baseline-reason'),
        candidate: side(cand, changed, 'candidate-reason'),
        delta: cand - base,
        verdict: cand === base ? 'unchanged' : (cand - base) * -worse > 0 ? 'improved' : 'regressed',
        confirmed: false,
      });
    }
  }
  // The last item of the first metric failed in the candidate.
  if (rows.length) {
    const last = rows[items - 1];
    last.candidate = { score: null, samples: null, output: last.candidate.output, reason: null, info: null, error: { message: 'the judge answered no JSON', code: 'EVALS_UNREADABLE_ANSWER' } };
    last.delta = null;
    last.verdict = 'unchanged';
  }
  const better = (m) => (direction(m) === 'lower' ? -1 : 1);
  rows.sort((a, b) => (a.delta === null) - (b.delta === null) || better(a.metric) * a.delta - better(b.metric) * b.delta);
  const summary = metrics.map((metric, index) => {
    const own = rows.filter((r) => r.metric === metric && r.delta !== null);
    const mean = (values) => values.reduce((s, v) => s + v, 0) / values.length;
    const d = own.map((r) => r.delta);
    const delta = mean(d);
    const se = Math.sqrt(d.reduce((s, v) => s + (v - delta) ** 2, 0) / (d.length * (d.length - 1)));
    const counts = { improved: 0, regressed: 0, unchanged: 0, unconfirmed: 0 };
    for (const r of own) counts[r.verdict]++;
    counts.unconfirmed = counts.improved + counts.regressed;
    const margin = 0.02;
    const high = delta + 1.96 * se;
    const low = delta - 1.96 * se;
    const passed = better(metric) > 0 ? high >= -margin : low <= margin;
    return {
      metric,
      direction: direction(metric),
      n: own.length,
      clusters: null,
      baselineMean: mean(own.map((r) => r.baseline.score)),
      candidateMean: mean(own.map((r) => r.candidate.score)),
      delta,
      se,
      df: own.length - 1,
      interval: { low, high, level: 0.95, method: index === 0 ? 't' : 'bootstrap' },
      mcnemar: { threshold: 0.5, b: 4, c: 2, p: 0.6875 },
      pHolm: 0.04,
      noise: null,
      mde: 2.8 * se,
      counts,
      cost: { modelCalls: { baseline: 200, candidate: 180, delta: -20 }, tokens: { baseline: 9000, candidate: 8000, delta: -1000 }, judgeMs: { baseline: 1000, candidate: 900, delta: -100 }, errors: { baseline: 0, candidate: 1, delta: 1 } },
      gate: gate ? { margin, passed } : null,
    };
  });
  const failed = summary.filter((m) => m.gate && !m.gate.passed).map((m) => m.metric);
  return {
    tool: 'evals-wasm',
    kind: 'comparison',
    format: 1,
    baseline: { label: 'base.jsonl', record: record('base') },
    candidate: { label: 'cand.jsonl', record: record('cand') },
    comparable: false,
    mismatches: metrics.map((metric) => ({ what: 'judge model', metric, baseline: 'judge-a', candidate: 'judge-b' })),
    warnings: ['The runs used different judge models: a change of score may come from the judge, not from the outputs.'],
    onlyInBaseline: ['gone-1', 'gone-2'],
    onlyInCandidate: ['new-1'],
    settings: { cluster: null, seed: 1, resamples: 10000, margin: Object.fromEntries(metrics.map((m) => [m, 0.02])), threshold: 0.5, rejudgeAll: false, anchored: true },
    metrics: summary,
    items: rows,
    gate: gate ? { passed: failed.length === 0, failed } : null,
  };
}
