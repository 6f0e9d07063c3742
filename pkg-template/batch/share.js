// Shared requests: a model wrapper that asks the model once for a request that several metrics
// make alike (the claims of an output that two metrics extract the same way, say) while the
// first answer is recent. The metrics of a run built on one shared model then share every
// request they send identically, whatever their names for the step: two metrics of a line, and
// also two lines whose texts are the same (an answer is what the judge gives that request; a
// judge that answers one request otherwise each time is asked once all the same, except for
// the samples of `samples: k`, which stay distinct).
//
// A request is the same when everything that reaches the model is: system and user prompts,
// the JSON mode, the answer's schema and its name, the answer bounds and the sample number (so
// the samples of `samples: k` stay distinct). Failed requests are not kept: a metric that
// waited on one that failed asks again itself (unless its own signal was aborted).

import { toJudge, CASSETTE, JUDGE } from '../models/models.js';

/** Answers kept by default: far more than the requests of the items in flight at once. */
const DEFAULT_SIZE = 1024;

/** The text that says which request this is. */
function requestKey(request) {
  const { system, user, json, schema, schemaName, maxTokens, maxOutputTokens, sample } = request;
  return JSON.stringify([system, user, json ?? null, schema ?? null, schemaName ?? null, maxTokens ?? null, maxOutputTokens ?? null, sample ?? 0]);
}

/**
 * `shareRequests(model, { size })`: a model for the metrics of a run that asks `model` once for
 * requests made alike. `stats` counts requests asked (`asked`), sent to the model (`made`) and
 * answered from an earlier one (`shared`). An answer shared carries no token usage: its tokens
 * were counted where it was made.
 */
export function shareRequests(model, { size = DEFAULT_SIZE } = {}) {
  const answers = new Map();
  const judges = new Map();
  const stats = { asked: 0, made: 0, shared: 0 };
  const judgeFor = (className) => {
    if (!judges.has(className)) judges.set(className, toJudge(model, className));
    return judges.get(className);
  };
  const keep = (key, promise) => {
    answers.set(key, promise);
    if (answers.size > size) answers.delete(answers.keys().next().value);
  };
  const ask = async (request, className) => {
    const judge = judgeFor(className);
    // A dry run's look into a cassette is not a request.
    if (request.lookOnly === true) return judge(request);
    stats.asked += 1;
    const key = requestKey(request);
    const earlier = answers.get(key);
    if (earlier !== undefined) {
      try {
        const answer = await earlier;
        stats.shared += 1;
        // Most recently used last, so the oldest answers go first.
        answers.delete(key);
        answers.set(key, earlier);
        const { usage: _usage, ...rest } = answer;
        return rest;
      } catch (error) {
        if (request.signal?.aborted) throw error;
      }
    }
    stats.made += 1;
    const made = Promise.resolve().then(() => judge(request));
    keep(key, made);
    made.catch(() => {
      if (answers.get(key) === made) answers.delete(key);
    });
    return made;
  };
  const shared = { [JUDGE]: ask, stats };
  // The model's identity, as the scorers record it (a callback's is "callback").
  if (typeof model === 'function' && typeof model.modelId !== 'string') shared.modelId = 'callback';
  for (const key of ['provider', 'modelId', 'specificationVersion']) {
    if (typeof model?.[key] === 'string' && !(key in shared)) shared[key] = model[key];
  }
  if (model?.[CASSETTE] === true) shared[CASSETTE] = true;
  return shared;
}
