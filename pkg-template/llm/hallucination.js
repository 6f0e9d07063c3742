// HallucinationMetric: the drop-in shape of @mastra/evals/llm's metric over the Rust engine.

import { checkOptions, checkScale, checkTexts, describe, measureArguments } from '../engine/errors.js';
import { addCalls, checkMeasureOptions, checkTimeout, ExtractionCache, startMeasure, worthKeeping } from './judging.js';
import { toJudge } from '../models/models.js';
import { ensureWasm, hallucinationMeasure, hallucinationMeasureClaims, hallucinationStatements } from '../engine/wasm-llm.js';

const NAME = 'HallucinationMetric';

/**
 * How much of a known context an output contradicts, judged by a language model and scored by
 * code: contradicted context statements / statements × scale (strategy "statements", the
 * default), or, with strategy "claims", the output's claims that the context contradicts or
 * does not support / claims × scale (the algorithm @mastra/evals 0.14.4 runs).
 */
export class HallucinationMetric {
  #judge;
  #context;
  #scale;
  #strategy;
  #modelReason;
  #timeoutMs;
  /** The context's statements, extracted once (concurrent first measures share it). */
  #statements = new ExtractionCache(1, worthKeeping);

  constructor(model, options) {
    this.#judge = toJudge(model, NAME);
    const checked = checkOptions(NAME, options, { context: 'any', scale: 'number', strategy: 'string', reason: 'boolean', timeoutMs: 'number' }, { required: true });
    const { context } = checked;
    if (!Array.isArray(context) || context.some((piece) => typeof piece !== 'string')) {
      throw new TypeError(`${NAME}: option "context" must be an array of strings, got ${Array.isArray(context) ? 'an array with a non-string item' : describe(context)}`);
    }
    checkScale(NAME, checked.scale);
    if (checked.strategy !== undefined && checked.strategy !== 'statements' && checked.strategy !== 'claims') {
      throw new TypeError(`${NAME}: option "strategy" must be "statements" or "claims", got "${checked.strategy}"`);
    }
    checkTimeout(NAME, checked.timeoutMs);
    this.#context = [...context];
    this.#scale = checked.scale ?? 1;
    this.#strategy = checked.strategy ?? 'statements';
    this.#modelReason = checked.reason ?? true;
    this.#timeoutMs = checked.timeoutMs;
  }

  /**
   * `measure(input, output, { signal }?)` or `measure({ input, output }, { signal }?)`.
   * Resolves to `{ score, info: { reason, strategy, statements | claims, modelCalls, usage? } }`.
   */
  async measure(...args) {
    const [input, output, options] = measureArguments(...args);
    checkTexts(NAME, input, output);
    const { signal } = checkMeasureOptions(NAME, options);
    await ensureWasm();
    const link = startMeasure(this.#judge, { signal, timeoutMs: this.#timeoutMs, className: NAME });
    try {
      if (this.#strategy === 'claims') {
        return await hallucinationMeasureClaims(link.call, this.#context, output, this.#scale, this.#modelReason);
      }
      const { extracted, here } = await this.#statements.get('context', () => hallucinationStatements(link.call, this.#context), link, 'statements');
      const result = await hallucinationMeasure(link.call, extracted.statements, input, output, this.#scale, this.#modelReason);
      if (here) addCalls(result.info, extracted);
      return result;
    } catch (error) {
      throw link.fail(error);
    }
  }
}
