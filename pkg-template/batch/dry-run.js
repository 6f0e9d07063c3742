// A dry run: what measuring would ask the model, counted without asking it.
//
// A metric of evals-wasm/llm measures each item as it would for real, but with a stand-in
// model: every request is answered with the smallest answer its JSON Schema allows (every
// request of the engine carries one), counted, and its tokens estimated. A request that the
// metric's cassette holds is answered from it and costs nothing; an extraction the metric has
// already cached (or that an earlier item of the same dry run made) is taken from there, as a
// real run would. See docs/batch.md ("Cost before the run").

/** The key of the dry-run hook of the 0.x LLM classes (llm/declared.js). */
const DRY_RUN = Symbol.for('evals-wasm.dryRun');
/** The mark of a model wrapped by withCassette (models/models.js). */
const CASSETTE = Symbol.for('evals-wasm.cassette');

/** Items a stand-in extraction lists (a real extraction's length is unknown before it runs). */
export const DEFAULT_LIST_ITEMS = 3;
/** Characters of each text a stand-in answer writes (an item, a reason), at most the schema's maxLength. */
const TEXT_CHARS = 80;

/** Tokens of a text, estimated as one per four characters. */
export const estimateTokens = (text) => Math.ceil(text.length / 4);

/** A text of about TEXT_CHARS characters for the `index`-th string of an answer. */
function standInText(schema, index) {
  const text = `item ${index + 1} `.padEnd(TEXT_CHARS, 'x');
  return typeof schema.maxLength === 'number' ? text.slice(0, Math.max(schema.minLength ?? 1, Math.min(schema.maxLength, text.length))) : text;
}

/**
 * The smallest answer valid under `schema` (JSON Schema as the engine writes it): every property,
 * the first word of an `enum`, numbers at their minimum (a verdict answer, an object keyed by
 * the asked ids, gets one verdict per id), `listItems` entries (within minItems/maxItems) of a list.
 */
export function standInAnswer(schema, listItems = DEFAULT_LIST_ITEMS, index = 0) {
  if (schema === null || typeof schema !== 'object') return 'x';
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, standInAnswer(property, listItems, index)]));
    case 'array': {
      const item = schema.items ?? {};
      const count = Math.min(Math.max(listItems, schema.minItems ?? 0), schema.maxItems ?? Number.POSITIVE_INFINITY);
      return Array.from({ length: count }, (_, i) => standInAnswer(item, listItems, i));
    }
    case 'string':
      return standInText(schema, index);
    case 'number':
    case 'integer':
      return schema.minimum ?? 0;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

/** An empty tally of one item (or of a whole run). */
export const emptyTally = () => ({ requests: 0, recorded: 0, promptTokens: 0, answerTokens: 0, maxAnswerTokens: 0, steps: {} });

/** Adds `tally` into `total`. */
export function addTally(total, tally) {
  for (const key of ['requests', 'recorded', 'promptTokens', 'answerTokens', 'maxAnswerTokens']) total[key] += tally[key];
  for (const [step, count] of Object.entries(tally.steps)) total.steps[step] = (total.steps[step] ?? 0) + count;
  return total;
}

/**
 * The stand-in for `judge` (a metric's judge from toJudge), counting into `tally`: a request the
 * judge's cassette holds is answered from it (`recorded`); every other is answered by
 * `standInAnswer` and counted with its prompt tokens (characters / 4), the stand-in answer's
 * tokens and the request's answer bound (`maxOutputTokens`, else `maxTokens`).
 */
export function standInJudge(judge, tally, { listItems = DEFAULT_LIST_ITEMS } = {}) {
  const cassette = judge[CASSETTE] === true;
  return async (request) => {
    if (cassette) {
      try {
        const answer = await judge({ ...request, lookOnly: true });
        tally.recorded += 1;
        return answer;
      } catch (error) {
        if (!(error?.code === 'EVALS_CASSETTE_MISS' && error.lookOnly === true)) throw error;
      }
    }
    const text = JSON.stringify(standInAnswer(request.schema, listItems));
    tally.requests += 1;
    tally.steps[request.step] = (tally.steps[request.step] ?? 0) + 1;
    tally.promptTokens += estimateTokens(`${request.system ?? ''}\n\n${request.user ?? ''}`);
    tally.answerTokens += estimateTokens(text);
    tally.maxAnswerTokens += request.maxOutputTokens ?? request.maxTokens ?? 0;
    return { text };
  };
}

/**
 * The dry-run measure of `metric`: `(input, output, { signal }) => tally`. Resolves to
 * undefined when the metric has no dry-run hook (it is not an LLM metric of this package).
 * One per metric instance and run, so that extractions made by its items are shared.
 */
export function dryMeasure(metric, options) {
  if (typeof metric?.[DRY_RUN] !== 'function') return undefined;
  const dry = metric[DRY_RUN]();
  return async (input, output, measureOptions) => {
    const tally = emptyTally();
    await dry.measure((judge) => standInJudge(judge, tally, options), input, output, measureOptions);
    return tally;
  };
}
