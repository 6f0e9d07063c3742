// The CLI's options and metrics: what each accepts, the help text, and the parsing of the
// command line into options and a metric's settings.

import * as evals from '../node.js';
import { LANGUAGES } from '../nlp/languages.js';

export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_MODEL_NAME = 'gpt-4o-mini';

export class UsageError extends Error {}

function positiveInteger(name, text) {
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`--${name} must be a whole number of at least 1, got "${text}"`);
  return Number(text);
}

function positiveNumber(name, text) {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) throw new UsageError(`--${name} must be a number above 0, got "${text}"`);
  return value;
}

const oneOf = (choices) => (name, text) => {
  if (!choices.includes(text)) throw new UsageError(`--${name} must be one of ${choices.join(', ')}, got "${text}"`);
  return text;
};

/**
 * Every option. `value` names the option's argument (flags have none); `parse(name, text)`
 * checks and converts it. Options with a `key` configure a metric: the metrics that accept one
 * list it in their `options`, and its value goes to the metric's constructor under `key`
 * (`default` is the constructor's own default, recorded so that `--resume` sees `--scale 1` and
 * no `--scale` as the same run).
 */
export const OPTIONS = {
  out: { value: 'FILE', help: 'write the results to FILE (line by line, as they are done) instead of standard output' },
  resume: { help: 'with --out: keep the results FILE already holds for this input and these settings, measure the rest and append them' },
  'skip-failed': { help: 'with --resume: keep failed results as they are instead of measuring those items again' },
  'summary-json': { value: 'FILE', help: 'also write the summary as JSON to FILE (for CI dashboards)' },
  concurrency: { value: 'N', parse: positiveInteger, help: 'items measured at once, so model calls in flight (default 4)' },
  'ignore-stopwords': { key: 'ignoreStopwords', default: false, help: 'completeness: leave function words out of both texts' },
  language: { value: 'CODE', key: 'language', default: 'en', parse: oneOf(LANGUAGES), help: `completeness, keyword-coverage: the texts' language, one of ${LANGUAGES.join(' ')} (default en; other languages compare Snowball stems; auto detects it for each item)` },
  'keep-case': { key: 'ignoreCase', flagValue: false, default: true, help: 'content-similarity: compare the texts as written instead of lower-cased' },
  'keep-whitespace': { key: 'ignoreWhitespace', flagValue: false, default: true, help: 'content-similarity: do not collapse white space first (the bigrams never hold white space, so the score stays the same)' },
  strategy: { value: 'NAME', key: 'strategy', default: 'statements', parse: oneOf(['statements', 'claims']), help: 'hallucination: "statements" (default; share of the context contradicted) or "claims" (share of the output\'s claims not supported, as @mastra/evals 0.14)' },
  'no-reason': { key: 'reason', flagValue: false, default: true, help: 'hallucination, answer-relevancy, faithfulness, prompt-alignment, summarization, context and bias metrics: compose the reason from the verdicts instead of asking the model (one call less per item)' },
  scale: { value: 'X', key: 'scale', default: 1, parse: positiveNumber, help: 'LLM metrics: the highest score (default 1)' },
  'custom-instruction': { value: 'TEXT', key: 'customInstruction', help: 'coverage, factual-consistency, factual-alignment, topic-preservation: guidance for the judge, e.g. "a claim is covered only if its figures are kept"' },
  verbose: { key: 'verbose', default: false, help: 'coverage, factual-consistency, factual-alignment, topic-preservation: put each claim (or topic) and its verdict in the result\'s info' },
  'max-output-tokens': { value: 'N', key: 'maxOutputTokens', default: 4096, parse: positiveInteger, help: 'coverage, factual-consistency, factual-alignment, topic-preservation: the longest answer the model may give, sent with each request (without it, work is split for 4096 and no limit is sent)' },
  'coverage-by': { value: 'HOW', key: 'coverage', default: 'questions', parse: oneOf(['questions', 'claims']), help: 'summarization: "questions" (default, as @mastra/evals 0.14: yes/no questions drawn from the source) or "claims" (the source\'s own claims, each kept or not)' },
  'uncertainty-weight': { value: 'X', key: 'uncertaintyWeight', default: 0.3, parse: (name, text) => { const x = Number(text); if (!(text.trim() !== '' && Number.isFinite(x) && x >= 0)) throw new UsageError(`--${name} must be a number of at least 0, got "${text}"`); return x; }, help: 'answer-relevancy: what a partly relevant statement counts (default 0.3)' },
  samples: { value: 'K', key: 'samples', default: 1, parse: (name, text) => { const k = positiveInteger(name, text); if (k > 20) throw new UsageError(`--${name} must be at most 20, got "${text}"`); return k; }, help: 'LLM metrics: judge each item K times (1 to 20) and score the mean; the result\'s info.samples holds each sample\'s score and each verdict\'s agreement (see docs/sampling.md)' },
  'max-line-bytes': { value: 'N', parse: positiveInteger, help: 'the longest input line read, in bytes (default 16777216, 16 MiB): a longer line is an invalid line, its bytes never held in memory' },
  config: { value: 'FILE', help: 'read the metrics, their options and their judge models from FILE (evals.config.json, or a .js/.mjs module exporting it; see docs/runs.md)' },
  strict: { key: 'strictMode', flagValue: true, default: false, help: 'tool-call-accuracy-code: the expected tool must be the only one called, the expected order followed exactly' },
  model: { value: 'URL', help: `base URL of an OpenAI-compatible Chat Completions API\n(default: $OPENAI_BASE_URL, else ${DEFAULT_BASE_URL})` },
  'model-name': { value: 'NAME', help: `the model to ask (default: ${DEFAULT_MODEL_NAME})` },
  'api-key': { value: 'KEY', help: 'the API key (default: $OPENAI_API_KEY; prefer the environment\nvariable, command lines are visible to other users). Never printed.' },
  'timeout-ms': { value: 'MS', parse: positiveInteger, help: 'LLM metrics: the longest one item may take, model calls included (default: no limit, a model that never answers keeps the run waiting)' },
  cassette: { value: 'FILE', help: 'LLM metrics: answer the model\'s requests from FILE (JSON Lines, one recorded request a line), calling the model only for what it lacks and recording that, so a second run repeats the scores without a model (see docs/cassettes.md)' },
  'cassette-mode': { value: 'MODE', parse: oneOf(['auto', 'replay', 'record']), help: 'with --cassette: auto (default: replay what is recorded, record the rest), replay (never call the model: a request not recorded fails its item with EVALS_CASSETTE_MISS; no API key needed), or record (ask the model again and record the new answers)' },
  'dry-run': { help: 'call no model: print, per item and in all, the requests the run would make (those a --cassette holds cost nothing) and an estimate of their prompt and answer tokens (see docs/batch.md)' },
  'fail-fast': { help: 'stop at the first item that fails (the results before it are kept)' },
  'allow-failures': { help: 'exit with 0 even when items failed or lines were invalid' },
  help: { alias: '-h', help: 'show this help' },
  version: { help: 'show the version of evals-wasm' },
};

/**
 * Every metric, one entry each. `about` is its line in the help; `judge` means it needs a model
 * (and takes --model, --model-name, --api-key, --timeout-ms); `context` means every line needs
 * a "context" array, `lists` the array fields and `strings` the string fields every line needs
 * besides "input" and "output", `optionalStrings` those it may have; `options` are the metric options it accepts (keys of OPTIONS);
 * `scorer` means it is a Mastra 1.x scorer with no 0.x class, loaded from evals-wasm/scorers
 * (which needs @mastra/core); `create(settings, model, scorers)` builds the metric, or a factory
 * `(item) => metric`, from the constructor settings those options gave (`scorers`: that module).
 */
export const METRICS = {
  completeness: {
    about: 'how much of "input" the "output" keeps (no model needed)',
    options: ['ignore-stopwords', 'language'],
    create: (settings) => new evals.CompletenessMetric(settings),
  },
  'content-similarity': {
    about: 'how alike "input" and "output" are as strings (no model needed)',
    options: ['keep-case', 'keep-whitespace'],
    create: (settings) => new evals.ContentSimilarityMetric(settings),
  },
  'keyword-coverage': {
    about: 'the share of the keywords of "input" that "output" has (no model needed)',
    options: ['language'],
    create: (settings) => new evals.KeywordCoverageMetric(settings),
  },
  'textual-difference': {
    about: 'how much "input" and "output" share as character sequences (no model needed)',
    options: [],
    create: () => new evals.TextualDifferenceMetric(),
  },
  tone: {
    about: 'how alike the sentiments of "input" and "output" are (no model needed)',
    options: [],
    create: () => new evals.ToneConsistencyMetric(),
  },
  hallucination: {
    about: 'how much of "context" the "output" contradicts (LLM judge)',
    judge: true,
    context: true,
    options: ['strategy', 'scale', 'no-reason'],
    create: (settings, model) => (item) => new evals.HallucinationMetric(model, { ...settings, context: item.context }),
  },
  coverage: {
    about: 'how much of "input" (the source) the "output" (a summary) keeps (LLM judge)',
    judge: true,
    options: ['scale', 'custom-instruction', 'verbose', 'max-output-tokens'],
    create: (settings, model) => new evals.CoverageMetric(model, settings),
  },
  'context-precision': {
    about: 'whether the "context" pieces useful for "output" (the expected answer to "input") come first (LLM judge)',
    judge: true,
    context: true,
    options: ['scale', 'no-reason'],
    create: (settings, model) => (item) => new evals.ContextPrecisionMetric(model, { ...settings, context: item.context }),
  },
  'context-position': {
    about: 'how early the "context" pieces useful for "output" (the expected answer to "input") come (LLM judge)',
    judge: true,
    context: true,
    options: ['scale', 'no-reason'],
    create: (settings, model) => (item) => new evals.ContextPositionMetric(model, { ...settings, context: item.context }),
  },
  'context-relevancy': {
    about: 'the share of the "context" pieces relevant to "input" (LLM judge)',
    judge: true,
    context: true,
    options: ['scale', 'no-reason'],
    create: (settings, model) => (item) => new evals.ContextRelevancyMetric(model, { ...settings, context: item.context }),
  },
  'contextual-recall': {
    about: 'the share of the "context" pieces that "output" uses (LLM judge)',
    judge: true,
    context: true,
    options: ['scale', 'no-reason'],
    create: (settings, model) => (item) => new evals.ContextualRecallMetric(model, { ...settings, context: item.context }),
  },
  'context-relevance': {
    about: 'how relevant each "context" piece was to "input" and whether "output" used it, less what it lacked (LLM judge; the Mastra 1.x scorer, needs @mastra/core)',
    judge: true,
    scorer: true,
    context: true,
    name: 'context-relevance',
    options: ['scale'],
    create: (settings, model, scorers) => (item) => scorers.createContextRelevanceScorerLLM({ model, options: { ...settings, context: item.context } }),
  },
  'context-recall': {
    about: 'the share of the claims of the line\'s "groundTruth" (the expected answer to "input") that "context" supports (LLM judge; the Mastra 1.x scorer, needs @mastra/core)',
    judge: true,
    scorer: true,
    context: true,
    strings: ['groundTruth'],
    name: 'context-recall',
    options: ['scale'],
    create: (settings, model, scorers) => (item) => scorers.createContextRecallScorer({ model, options: { ...settings, context: item.context } }),
  },
  bias: {
    about: 'the share of the opinions of "output" that are biased (LLM judge; --scale, --no-reason)',
    judge: true,
    options: ['scale', 'no-reason'],
    create: (settings, model) => new evals.BiasMetric(model, settings),
  },
  toxicity: {
    about: 'the share of the sentences of "output" that are toxic, "input" shown as context (LLM judge; --scale, --no-reason)',
    judge: true,
    options: ['scale', 'no-reason'],
    create: (settings, model) => new evals.ToxicityMetric(model, settings),
  },
  'answer-relevancy': {
    about: 'how much of the "output" speaks to the "input" (LLM judge)',
    judge: true,
    options: ['uncertainty-weight', 'scale', 'no-reason'],
    create: (settings, model) => new evals.AnswerRelevancyMetric(model, settings),
  },
  faithfulness: {
    about: 'the share of the claims of "output" that "context" supports (LLM judge)',
    judge: true,
    context: true,
    options: ['scale', 'no-reason'],
    create: (settings, model) => (item) => new evals.FaithfulnessMetric(model, { ...settings, context: item.context }),
  },
  'prompt-alignment': {
    about: 'how many of the line\'s "instructions" (strings) "output" follows (LLM judge)',
    judge: true,
    lists: ['instructions'],
    name: 'prompt-alignment',
    options: ['scale', 'no-reason'],
    create: (settings, model) => (item) => new evals.PromptAlignmentMetric(model, { ...settings, instructions: item.instructions }),
  },
  summarization: {
    about: 'how faithful and complete "output" is as a summary of "input" (LLM judge)',
    judge: true,
    options: ['scale', 'no-reason', 'coverage-by'],
    create: (settings, model) => new evals.SummarizationMetric(model, settings),
  },
  'factual-consistency': {
    about: 'the share of the claims of "output" (a summary) "input" supports (LLM judge)',
    judge: true,
    options: ['scale', 'custom-instruction', 'verbose', 'max-output-tokens'],
    create: (settings, model) => new evals.FactualConsistencyMetric(model, settings),
  },
  'factual-alignment': {
    about: 'F1 of coverage and factual consistency of "output" to "input" (LLM judge)',
    judge: true,
    options: ['scale', 'custom-instruction', 'verbose', 'max-output-tokens'],
    create: (settings, model) => new evals.FactualAlignmentMetric(model, settings),
  },
  'answer-similarity': {
    about: 'how alike in meaning "output" and the line\'s "groundTruth" (the expected answer to "input") are (LLM judge; a Mastra 1.x scorer, needs @mastra/core)',
    judge: true,
    scorer: true,
    strings: ['groundTruth'],
    name: 'answer-similarity',
    options: [],
    create: (settings, model, scorers) => scorers.createAnswerSimilarityScorer({ model, options: settings }),
  },
  'noise-sensitivity': {
    about: 'how far "output", the answer to the line\'s "noisyQuery" ("input" with noise added), moved from "baselineResponse", the answer to "input" itself; an optional "noiseType" names the noise (LLM judge; a Mastra 1.x scorer, needs @mastra/core)',
    judge: true,
    scorer: true,
    strings: ['baselineResponse', 'noisyQuery'],
    optionalStrings: ['noiseType'],
    name: 'noise-sensitivity',
    options: [],
    create: (settings, model, scorers) => (item) =>
      scorers.createNoiseSensitivityScorerLLM({
        model,
        options: { ...settings, baselineResponse: item.baselineResponse, noisyQuery: item.noisyQuery, ...(item.noiseType === undefined ? {} : { noiseType: item.noiseType }) },
      }),
  },
  rubric: {
    about: 'whether "output" meets every required criterion of the line\'s "rubric" (a checklist text, or a list of criteria: texts or { description, required? }): --scale when it does, 0 when not (LLM judge; the Mastra 1.x scorer, needs @mastra/core)',
    judge: true,
    scorer: true,
    fields: ['rubric'],
    name: 'rubric',
    options: ['scale'],
    create: (settings, model, scorers) => (item) => scorers.createRubricScorer({ model, criteria: criteriaOf(item.rubric), options: settings }),
  },
  'multi-turn': {
    about: 'whether the assistant\'s turns of "output" (a conversation, as messages) together meet the line\'s "criterion" (a text): --scale or 0 (LLM judge; the Mastra 1.x scorer, needs @mastra/core)',
    judge: true,
    scorer: true,
    fields: ['criterion'],
    name: 'multi-turn',
    options: ['scale'],
    create: (settings, model, scorers) => (item) => scorers.createMultiTurnJudgeScorer({ model, criterion: item.criterion, options: settings }),
  },
  'tool-call-accuracy': {
    about: 'whether the tools called in "output" (agent messages) were the right ones for "input", among the line\'s "availableTools" ([{ id, description }]) (LLM judge; the Mastra 1.x scorer, needs @mastra/core)',
    judge: true,
    scorer: true,
    fields: ['availableTools'],
    name: 'tool-call-accuracy',
    options: [],
    create: (settings, model, scorers) => (item) => scorers.createToolCallAccuracyScorerLLM({ model, availableTools: item.availableTools, options: settings }),
  },
  'trajectory-accuracy': {
    about: 'how sound the steps of the line\'s "trajectory" (or the tool calls of "output") were, against its "expectedTrajectory" when it has one (LLM judge; the Mastra 1.x scorer, needs @mastra/core)',
    judge: true,
    scorer: true,
    trajectory: true,
    fields: ['expectedTrajectory'],
    optionalFields: ['expectedTrajectory'],
    name: 'trajectory-accuracy',
    options: [],
    create: (settings, model, scorers) => (item) =>
      scorers.createTrajectoryAccuracyScorerLLM({ model, ...(item.expectedTrajectory === undefined ? {} : { expectedTrajectory: expectedSteps(item.expectedTrajectory) }), options: settings }),
  },
  'tool-call-accuracy-code': {
    about: 'whether "output" (agent messages) called the line\'s "expectedTool" (a name), or its "expectedToolOrder" (names) in that order; --strict: that tool only, that order exactly (no model; the Mastra 1.x scorer, needs @mastra/core)',
    scorer: true,
    fields: ['expectedTool', 'expectedToolOrder'],
    optionalFields: ['expectedTool', 'expectedToolOrder'],
    name: 'tool-call-accuracy-code',
    options: ['strict'],
    create: (settings, _model, scorers) => (item) =>
      scorers.createToolCallAccuracyScorerCode({ expectedTool: item.expectedTool, expectedToolOrder: item.expectedToolOrder, strictMode: settings.strictMode === true }),
  },
  'trajectory-accuracy-code': {
    about: 'how well the steps of the line\'s "trajectory" (or the tool calls of "output") match its "expectedTrajectory", compared by code (no model; the Mastra 1.x scorer, needs @mastra/core)',
    scorer: true,
    trajectory: true,
    fields: ['expectedTrajectory'],
    name: 'trajectory-accuracy-code',
    options: [],
    create: (_settings, _model, scorers) => (item) => scorers.createTrajectoryAccuracyScorerCode({ expectedTrajectory: expectedSteps(item.expectedTrajectory) }),
  },
  check: {
    about: 'a pass/fail check of evals-wasm/checks over "output" (agent messages): 1 or 0; named in a config entry, { "metric": "check", "check": "includes", "args": ["Paris"] } (no model; needs @mastra/core; see docs/runs.md)',
    scorer: true,
    name: 'check',
    options: [],
    create: (settings, _model, scorers) => {
      const { name, args } = settings.check;
      // matches takes a RegExp: its args are the pattern's source and { flags, exact }.
      if (name === 'matches') return scorers.matches(new RegExp(args[0], args[1]?.flags ?? ''), { exact: args[1]?.exact === true });
      return scorers[name](...args);
    },
  },
  'topic-preservation': {
    about: 'the share of the main topics of "input" that "output" keeps (LLM judge)',
    judge: true,
    options: ['scale', 'custom-instruction', 'verbose', 'max-output-tokens'],
    create: (settings, model) => new evals.TopicPreservationMetric(model, settings),
  },
};

/** A rubric of a dataset line as the rubric scorer takes it: a checklist text as is, criteria texts as { description }. */
function criteriaOf(rubric) {
  return Array.isArray(rubric) ? rubric.map((criterion) => (typeof criterion === 'string' ? { description: criterion } : criterion)) : rubric;
}

/** An expected trajectory of a dataset line: tool names become steps { name, stepType: "tool_call" }. */
function expectedSteps(expected) {
  const step = (value) => (typeof value === 'string' ? { name: value, stepType: 'tool_call' } : value);
  if (Array.isArray(expected)) return expected.map(step);
  if (expected !== null && typeof expected === 'object' && Array.isArray(expected.steps)) return { ...expected, steps: expected.steps.map(step) };
  return expected;
}

// Every LLM metric takes --samples.
for (const metric of Object.values(METRICS)) if (metric.judge && !metric.options.includes('samples')) metric.options.push('samples');

/** Splits `text` into lines of at most `width` characters, at spaces. */
function wrap(text, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  return [...lines, line];
}

export function helpText() {
  const nameWidth = Math.max(...Object.keys(METRICS).map((name) => name.length)) + 2;
  const metricLines = Object.entries(METRICS).flatMap(([name, { about }]) => {
    const [first, ...rest] = wrap(about, 98 - nameWidth);
    return [`  ${name.padEnd(nameWidth)}${first}`, ...rest.map((more) => `  ${' '.repeat(nameWidth)}${more}`)];
  });
  const optionLines = [];
  for (const [name, option] of Object.entries(OPTIONS)) {
    const label = `${option.alias ? `${option.alias}, ` : ''}--${name}${option.value ? ` ${option.value}` : ''}`;
    const [first, ...rest] = option.help.split('\n').flatMap((piece) => wrap(piece, 72));
    optionLines.push(label.length < 22 ? `  ${label.padEnd(22)}${first}` : `  ${label}\n  ${' '.repeat(22)}${first}`);
    for (const more of rest) optionLines.push(`  ${' '.repeat(22)}${more}`);
  }
  return `Usage: evals-wasm [run] <metric[,metric…]> <file.jsonl | -> [options]
       evals-wasm run <file.jsonl | -> [--config FILE] [options]

Scores every line of a JSONL dataset with one metric of evals-wasm, or several in one pass (a
run: each line read once, requests two metrics make alike asked once), and writes one JSON
result per line and metric, in input order, each as soon as its line is done. "run" with no
metrics reads them from --config FILE, else from evals.config.json (.mjs, .js) in this folder:
  { "metrics": { "<metric>": { "<option>": value, "judge": { "url", "model" } } }, "judge": {…} }
(see docs/runs.md).

Metrics
${metricLines.join('\n')}

Input: one JSON object per line (blank lines are skipped); "-" reads standard input.
  { "input": "...", "output": "...", "context": ["..."], "id": <any> }
  "context" (an array of strings) is required by hallucination and faithfulness and ignored
  otherwise; lines with the same context share one extraction of its statements. "id" is
  copied to the result.
  For tone, an empty "output" scores how steady the sentiment of "input" is across sentences.
  A line that is not valid JSON or lacks a field is not measured: it is reported on stderr
  with its line number and written as an error result (code EVALS_INVALID_LINE); the run goes
  on. A UTF-8 byte-order mark at the start of the input is dropped.

Output: one JSON object per input line and metric, to standard output or to --out:
  { "line": 3, "id": ..., "key": ..., "metric": "...", "score": 0.75, "info": { ... },
    "output": "...", "cost": { "modelCalls": 2, ... } }
  { "line": 4, "id": ..., "key": ..., "metric": "...",
    "error": { "message": "...", "code": "EVALS_INVALID_LINE", "field": "..." } }
  Progress and the summary table go to stderr, so standard output holds JSONL only. The
  progress is a bar when stderr is a terminal, otherwise a line at every tenth of the items.
  With --out FILE, the run's settings and a hash of each input line go to FILE.run.json,
  which --resume checks the results against.

Options
${optionLines.join('\n')}

Resuming: run the same command again with --resume. Results whose input line is unchanged
(found by "id" when the line has one, else by line number) are kept, failed ones are measured
again (unless --skip-failed), and the rest is measured and appended. A different metric, model
or metric option is refused, since its results would not be comparable.

Exit codes
  0   every line was scored (or --allow-failures)
  1   some line was invalid or some item failed (or --fail-fast stopped the run)
  2   wrong arguments, unreadable input, or the results could not be written
  130 interrupted (Ctrl-C or SIGTERM): the items in flight get a second to finish, every
      finished result is written; a second Ctrl-C quits at once

Examples
  evals-wasm completeness data.jsonl --out results.jsonl
  OPENAI_API_KEY=... evals-wasm run faithfulness,answer-relevancy,completeness data.jsonl \\
    --out run.jsonl
  OPENAI_API_KEY=... evals-wasm coverage summaries.jsonl --model-name gpt-4o-mini --out cov.jsonl
  OPENAI_API_KEY=... evals-wasm coverage summaries.jsonl --out cov.jsonl --resume
  OPENAI_API_KEY=... evals-wasm coverage summaries.jsonl --cassette judge.jsonl
  evals-wasm coverage summaries.jsonl --cassette judge.jsonl --cassette-mode replay
  evals-wasm hallucination answers.jsonl --model http://localhost:11434/v1 --model-name llama3.1
`;
}

export function parseArguments(argv) {
  const positional = [];
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '-' || !arg.startsWith('-')) {
      positional.push(arg);
      continue;
    }
    if (arg === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    const equals = arg.indexOf('=');
    const given = equals > 0 && arg.startsWith('--') ? arg.slice(0, equals) : arg;
    const name = given.startsWith('--') ? given.slice(2) : Object.keys(OPTIONS).find((key) => OPTIONS[key].alias === given);
    const option = name === undefined ? undefined : OPTIONS[name];
    if (option === undefined) throw new UsageError(`unknown option ${given}`);
    if (option.value === undefined) {
      if (given !== arg) throw new UsageError(`${given} takes no value`);
      options[name] = true;
    } else {
      let value;
      if (given !== arg) value = arg.slice(equals + 1);
      else if (i + 1 < argv.length) value = argv[++i];
      else throw new UsageError(`${given} needs a value`);
      options[name] = option.parse ? option.parse(name, value) : value;
    }
  }
  return { positional, options };
}

/** The constructor settings of `metric` from the options given, and the same with defaults filled in. */
export function metricSettings(metricName, options) {
  const metric = METRICS[metricName];
  for (const [name, option] of Object.entries(OPTIONS)) {
    if (option.key !== undefined && options[name] !== undefined && !metric.options.includes(name)) {
      const takers = Object.keys(METRICS).filter((other) => METRICS[other].options.includes(name));
      throw new UsageError(`--${name} applies to ${takers.length > 1 ? `${takers.slice(0, -1).join(', ')} and ${takers.at(-1)}` : takers[0]} only`);
    }
  }
  const settings = {};
  const effective = {};
  for (const name of metric.options) {
    const option = OPTIONS[name];
    let value = options[name];
    if (value !== undefined && option.value === undefined) value = option.flagValue ?? true;
    if (value !== undefined) settings[option.key] = value;
    // A flag is recorded as given or not, as typed (--no-reason given is true), not as the
    // constructor setting it stands for (reason: false), so records and messages read as typed.
    effective[name] = option.value === undefined ? options[name] === true : value ?? option.default ?? null;
  }
  return { settings, effective };
}
