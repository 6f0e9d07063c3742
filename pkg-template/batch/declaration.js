// The declaration hash of a metric: a hash of what the engine sends for it (steps, prompts,
// answer schemas, answer bounds), so that two runs can tell whether a metric asked the same
// questions. It is taken by running the metric on a fixed probe item with a stand-in judge that
// answers every request with the smallest answer its schema allows (batch/dry-run.js) and
// hashing the requests in order. A metric that asks no model hashes the package version and its
// name instead.

import { isScorer } from './batch.js';
import { standInAnswer } from './dry-run.js';
import { sha256 } from './run.js';

const DRY_RUN = Symbol.for('evals-wasm.dryRun');

/** The probe item: every field a metric of the package reads, with short fixed texts. */
export const PROBE = Object.freeze({
  input: 'What is the capital of France?',
  output: 'Paris is the capital of France.',
  context: ['Paris is the capital and largest city of France.'],
  instructions: ['Answer in one sentence.'],
  groundTruth: 'The capital of France is Paris.',
  baselineResponse: 'Paris is the capital of France.',
  noisyQuery: 'What is the capital of France? Also, what is the weather like?',
  rubric: ['Names the capital.', 'Answers in one sentence.'],
  criterion: 'The assistant names the capital of France.',
  availableTools: [{ id: 'search', description: 'Looks a fact up.' }],
  expectedTrajectory: [{ name: 'search', stepType: 'tool_call' }],
  expectedTool: 'search',
});

/** What of a request the hash covers: all that reaches the model, not the signal. */
function requestShape(request) {
  const { system, user, json, schema, schemaName, maxTokens, maxOutputTokens, sample } = request;
  return { system, user, json: json ?? null, schema: schema ?? null, schemaName: schemaName ?? null, maxTokens: maxTokens ?? null, maxOutputTokens: maxOutputTokens ?? null, sample: sample ?? 0 };
}

/** A stand-in judge that records each request's shape into `requests`. */
export function recordingJudge(requests) {
  return async (request) => {
    requests.push(requestShape(request));
    return { text: JSON.stringify(standInAnswer(request.schema)) };
  };
}

/**
 * A model (a callback, as metrics and scorers accept) that answers like `recordingJudge`, for
 * a scorer built on it: `(prompt, { system, user, schema, … })`.
 */
export function recordingModel(requests) {
  const judge = recordingJudge(requests);
  return async (_prompt, options) => (await judge(options)).text;
}

/** The hash of `requests` (their shapes, in order). */
export const hashRequests = (requests) => sha256(JSON.stringify(requests));

/**
 * The declaration hash of `metric`: for an instance of this package's LLM classes, the requests
 * of a probe measure; for a scorer built on `recordingModel(requests)`, the requests of a probe
 * run; otherwise (or when the probe fails) the package version and `name`.
 */
export async function declarationHash(metric, name, version, requests) {
  try {
    if (typeof metric?.[DRY_RUN] === 'function') {
      const asked = [];
      await metric[DRY_RUN]().measure(() => recordingJudge(asked), PROBE.input, PROBE.output);
      return await hashRequests(asked);
    }
    if (requests !== undefined && isScorer(metric)) {
      await metric.run({ input: PROBE.input, output: PROBE.output, groundTruth: PROBE.groundTruth, expectedTrajectory: { steps: PROBE.expectedTrajectory } });
      return await hashRequests(requests);
    }
  } catch {
    // A probe the metric refuses: the version and name stand for it.
  }
  return sha256(JSON.stringify({ metric: name, version: version ?? null }));
}
