// The original CompletenessMetric with its results cached on disk, for the dev-time parity
// scripts: the original is slow, and its results do not change while this package's rules are
// developed. Each result is kept by input and output, with its score and input elements only.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { CompletenessMetric as Original } from '@mastra/evals/nlp';

/** `{ measure(input, output), save() }` over the cache file at `path` (read now if present). */
export function cachedOriginal(path = 'artifacts/parity-original-cache.json') {
  const cache = existsSync(path) ? new Map(Object.entries(JSON.parse(readFileSync(path, 'utf8')))) : new Map();
  const live = new Original();
  return {
    async measure(input, output) {
      const key = `${input}\u0000${output}`;
      if (!cache.has(key)) {
        const result = await live.measure(input, output);
        cache.set(key, { score: result.score, info: { inputElements: result.info.inputElements } });
      }
      return cache.get(key);
    },
    save() {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, JSON.stringify(Object.fromEntries(cache)));
    },
  };
}
