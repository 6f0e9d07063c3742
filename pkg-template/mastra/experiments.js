// Mastra 1.x datasets and experiments as runs of this package (the run format of docs/batch.md:
// `{ record, results }`), and runs as experiments. Everything goes through Mastra's own API: the
// `mastra.datasets` manager, a `Dataset` handle and the storage's scores domain, the same calls
// Mastra's `compareExperiments` and Studio make; no table is read or written directly.

import { EvalsError, describe } from '../engine/errors.js';
import { PACKAGE_VERSION } from './version.js';

/** Scorer ids and CLI names whose scores are better when lower. */
const LOWER_IS_BETTER = new Set(['hallucination', 'toxicity', 'bias', 'hallucination-scorer', 'toxicity-scorer', 'bias-scorer']);
/** What this module keeps in Mastra's metadata fields, under one key of its own. */
const OWN_KEY = 'evalsWasm';
/** Rows read per page from Mastra's paginated lists. */
const PAGE = 100;
/** Items submitted at once by `writeExperiment`. */
const SUBMIT_CONCURRENCY = 4;

async function sha256Hex(text) {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** JSON with every object's keys sorted, so that equal values hash alike. */
function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map((entry) => canonicalJson(entry ?? null)).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).filter((key) => value[key] !== undefined).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function checkMastra(mastra, fn) {
  if (mastra === null || typeof mastra !== 'object' || typeof mastra.getStorage !== 'function' || mastra.datasets === undefined) {
    throw new TypeError(`${fn}: the first argument must be a Mastra 1.x instance (new Mastra({ storage, … }) of @mastra/core 1.4 or later); got ${describe(mastra)}`);
  }
}

/** Checks the arguments of a read: a Mastra instance and an experiment id. */
function checkRead(mastra, experimentId, fn) {
  checkMastra(mastra, fn);
  if (typeof experimentId !== 'string' || experimentId === '') throw new TypeError(`${fn}: experimentId must be a non-empty string; got ${describe(experimentId)}`);
}

async function scoresStore(mastra, fn) {
  const storage = mastra.getStorage();
  const store = storage ? await storage.getStore('scores') : undefined;
  if (!store) throw new EvalsError(`${fn}: the Mastra instance has no storage with a scores domain; give new Mastra() a storage (for example LibSQLStore of @mastra/libsql)`, { code: 'EVALS_INVALID_OPTION' });
  return store;
}

/** Every row of a paginated Mastra list: `fetch(page)` → `{ rows, hasMore }`. */
async function allPages(fetch) {
  const rows = [];
  for (let page = 0; ; page++) {
    const { rows: some, hasMore } = await fetch(page);
    rows.push(...some);
    if (!hasMore || some.length === 0) return rows;
  }
}

/** A dataset item's line identity: `{ id?, key }` (an `externalId` of the form "h:…" is a key of a line without id). */
function itemIdentity(item) {
  const external = item.externalId ?? null;
  if (typeof external === 'string' && external !== '') {
    return external.startsWith('h:') ? { key: external } : { id: external, key: external };
  }
  return { id: item.id, key: String(item.id) };
}

/** The text of a target's output as scored: a string, `{ text }`, or the assistant text of messages. */
function outputText(output) {
  if (output === null || output === undefined) return undefined;
  if (typeof output === 'string') return output;
  if (typeof output.text === 'string') return output.text;
  if (Array.isArray(output)) {
    const texts = output.filter((message) => message?.role === 'assistant').map((message) => messageText(message.content)).filter((text) => text !== '');
    if (texts.length > 0) return texts.join('\n');
  }
  return canonicalJson(output);
}

function messageText(content) {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.filter((part) => part?.type === 'text' && typeof part.text === 'string').map((part) => part.text).join('');
  if (content && typeof content === 'object') {
    if (typeof content.content === 'string') return content.content;
    if (Array.isArray(content.parts)) return messageText(content.parts);
  }
  return '';
}

/** The fields of a dataset item that make its line: what the line hash covers. */
function itemLine(item) {
  const line = { input: item.input };
  for (const field of ['groundTruth', 'expectedTrajectory', 'requestContext', 'metadata']) {
    if (item[field] !== undefined && item[field] !== null) line[field] = item[field];
  }
  return line;
}

function directionOf(metric, directions, scorerId = metric) {
  const given = directions?.[metric] ?? directions?.[scorerId];
  if (given !== undefined) {
    if (given !== 'higher' && given !== 'lower') throw new TypeError(`readExperiment: options.directions["${metric}"] must be "higher" or "lower"; got ${describe(given)}`);
    return given;
  }
  return LOWER_IS_BETTER.has(metric) || LOWER_IS_BETTER.has(scorerId) ? 'lower' : 'higher';
}

function errorObject(error, fallbackCode) {
  const out = { message: typeof error?.message === 'string' ? error.message : String(error) };
  out.code = typeof error?.code === 'string' && error.code !== '' ? error.code : fallbackCode;
  return out;
}

/**
 * An experiment, its dataset handle, the dataset's items at the experiment's version (oldest
 * first) and the experiment's result rows by item id (attempts in order).
 */
async function experimentParts(mastra, experimentId, fn) {
  const experiment = await mastra.datasets.getExperiment({ experimentId });
  if (!experiment) throw new EvalsError(`${fn}: Mastra has no experiment "${experimentId}"`, { code: 'EVALS_INVALID_OPTION' });
  if (!experiment.datasetId) throw new EvalsError(`${fn}: experiment "${experimentId}" belongs to no dataset (was its dataset deleted?), so its items cannot be read`, { code: 'EVALS_INVALID_OPTION' });
  const dataset = await mastra.datasets.get({ id: experiment.datasetId });

  const items = await allPages(async (page) => {
    const listed = await dataset.listItems({
      ...(experiment.datasetVersion === null || experiment.datasetVersion === undefined ? {} : { version: experiment.datasetVersion }),
      page,
      perPage: PAGE,
      orderBy: { field: 'createdAt', direction: 'ASC' },
    });
    return { rows: listed.items, hasMore: listed.pagination.hasMore };
  });
  const rows = await allPages(async (page) => {
    const listed = await dataset.listExperimentResults({ experimentId, page, perPage: PAGE });
    return { rows: listed.results, hasMore: listed.pagination.hasMore };
  });
  const rowsByItem = new Map();
  for (const row of rows) {
    if (!rowsByItem.has(row.itemId)) rowsByItem.set(row.itemId, []);
    rowsByItem.get(row.itemId).push(row);
  }
  for (const list of rowsByItem.values()) list.sort((a, b) => (a.attempt ?? 0) - (b.attempt ?? 0));
  return { experiment, dataset, items, rowsByItem };
}

/**
 * The lines of an experiment, for the command line or evaluateMany: one object per item that has
 * an output, `{ id, input, output, groundTruth?, expectedTrajectory?, requestContext?, metadata? }`,
 * `output` as its text, `id` the item's externalId (else its Mastra id), so that a run over them
 * writes back into the same dataset (writeExperiment finds the items by these ids).
 */
export async function experimentLines(mastra, experimentId) {
  const fn = 'experimentLines';
  checkRead(mastra, experimentId, fn);
  const { items, rowsByItem } = await experimentParts(mastra, experimentId, fn);
  const lines = [];
  for (const item of items) {
    const row = rowsByItem.get(item.id)?.[0];
    const output = outputText(row?.output);
    if (output === undefined) continue;
    const { id } = itemIdentity(item);
    lines.push({ id: id ?? item.id, ...itemLine(item), output });
  }
  return lines;
}

/**
 * Reads one experiment of a Mastra 1.x instance as a run: `{ record, results }` in the run
 * format (docs/batch.md), one result per dataset item (at the experiment's dataset version, in
 * the dataset's order) and scorer. See docs/mastra-experiments.md.
 */
export async function readExperiment(mastra, experimentId, options = {}) {
  const fn = 'readExperiment';
  checkRead(mastra, experimentId, fn);
  if (options === null || typeof options !== 'object') throw new TypeError(`${fn}: options must be an object; got ${describe(options)}`);
  const { metrics: asked, directions } = options;
  // An array of scorer ids, or { scorerId: metric name in the run }.
  const renamed = asked !== undefined && !Array.isArray(asked) && asked !== null && typeof asked === 'object';
  const wanted = renamed ? Object.keys(asked) : asked;
  if (wanted !== undefined && !(Array.isArray(wanted) && wanted.every((name) => typeof name === 'string') && (!renamed || Object.values(asked).every((name) => typeof name === 'string' && name !== '')))) {
    throw new TypeError(`${fn}: options.metrics must be an array of scorer ids or an object { scorerId: metric name }; got ${describe(asked)}`);
  }
  const nameOf = (scorerId) => (renamed ? asked[scorerId] : scorerId);
  if (directions !== undefined && (directions === null || typeof directions !== 'object')) throw new TypeError(`${fn}: options.directions must be an object; got ${describe(directions)}`);

  const { experiment, items, rowsByItem } = await experimentParts(mastra, experimentId, fn);
  const store = await scoresStore(mastra, fn);
  const { scores } = await store.listScoresByRunId({ runId: experimentId, pagination: { page: 0, perPage: false } });

  // Written by writeExperiment: the run record's settings and metrics, kept as they were.
  const own = experiment.metadata?.[OWN_KEY]?.record;

  const scoresByItem = new Map();
  const scorerNames = new Map();
  for (const score of scores) {
    const byScorer = scoresByItem.get(score.entityId) ?? new Map();
    scoresByItem.set(score.entityId, byScorer);
    if (!byScorer.has(score.scorerId)) byScorer.set(score.scorerId, []);
    byScorer.get(score.scorerId).push(score);
    if (!scorerNames.has(score.scorerId)) scorerNames.set(score.scorerId, score.scorer ?? { id: score.scorerId });
  }
  for (const byScorer of scoresByItem.values()) {
    for (const list of byScorer.values()) list.sort((a, b) => attemptOf(a) - attemptOf(b));
  }

  const metricNames = wanted ?? (own?.metrics ? Object.keys(own.metrics) : null) ?? experiment.scorerIds ?? [...scorerNames.keys()].sort();
  // Scorers that scored some item but are not in the listed order come after it, by name.
  const metrics = wanted ? [...wanted] : [...metricNames, ...[...scorerNames.keys()].filter((id) => !metricNames.includes(id)).sort()];

  const unfinished = experiment.status === 'pending' || experiment.status === 'running';
  const results = [];
  const lineHashes = [];
  let samples = 1;
  for (const [index, item] of items.entries()) {
    const line = index + 1;
    const { id, key } = itemIdentity(item);
    lineHashes.push((await sha256Hex(canonicalJson(itemLine(item)))).slice(0, 16));
    const base = id === undefined ? { line, key } : { line, id, key };
    const itemRows = rowsByItem.get(item.id) ?? [];
    const byScorer = scoresByItem.get(item.id) ?? new Map();
    const row = itemRows[0];
    for (const metric of metrics) {
      const stored = byScorer.get(metric) ?? [];
      if (stored.length === 0) {
        let error;
        if (row === undefined) error = { message: unfinished ? `experiment "${experimentId}" is still ${experiment.status}: this item has no result yet` : `experiment "${experimentId}" has no result for this item (it was skipped, or the run stopped first)`, code: 'EXPERIMENT_ITEM_SKIPPED' };
        else if (row.error) error = errorObject(row.error[OWN_KEY]?.[metric] ?? row.error, 'EXPERIMENT_ITEM_FAILED');
        else error = { message: `Mastra stored no score of "${metric}" for this item (the scorer failed or found the item not scorable; Mastra keeps a score only when there is one)`, code: 'EXPERIMENT_NO_SCORE' };
        results.push({ ...base, metric: nameOf(metric), error });
        continue;
      }
      samples = Math.max(samples, stored.length);
      const kept = stored[0].additionalContext?.[OWN_KEY];
      const result = { ...base, metric: nameOf(metric) };
      if (kept?.info !== undefined) {
        result.score = stored[0].score;
        result.info = kept.info;
      } else if (stored.length > 1) {
        const values = stored.map((score) => score.score);
        result.score = values.reduce((sum, value) => sum + value, 0) / values.length;
        result.info = { ...scoreInfo(stored[0]), samples: { scores: values } };
      } else {
        result.score = stored[0].score;
        result.info = scoreInfo(stored[0]);
      }
      const text = outputText(row?.output ?? stored[0].output);
      if (text !== undefined) result.output = text;
      if (kept?.cost !== undefined) result.cost = kept.cost;
      results.push(result);
    }
  }

  const record = {
    tool: 'evals-wasm',
    format: 2,
    version: own?.version ?? PACKAGE_VERSION,
    input: own?.input ?? `mastra:experiment/${experimentId}`,
    dataset: { hash: await sha256Hex(lineHashes.join('\n')), lines: items.length },
    settings: own?.settings ?? {},
    samples: own?.samples ?? samples,
    metrics: {},
    lineHashes,
    mastra: {
      experimentId,
      datasetId: experiment.datasetId,
      datasetVersion: experiment.datasetVersion ?? null,
      name: experiment.name ?? null,
      status: experiment.status,
      targetType: experiment.targetType ?? null,
      targetId: experiment.targetId ?? null,
      agentVersion: experiment.agentVersion ?? null,
    },
  };
  for (const metric of metrics) {
    if (own?.metrics?.[metric] !== undefined) {
      record.metrics[nameOf(metric)] = own.metrics[metric];
      continue;
    }
    const scorer = scorerNames.get(metric) ?? { id: metric };
    record.metrics[nameOf(metric)] = {
      options: {},
      judge: null,
      declaration: await sha256Hex(canonicalJson({ mastraScorer: { id: scorer.id ?? metric, name: scorer.name ?? null, description: scorer.description ?? null, hasJudge: scorer.hasJudge ?? null } })),
      samples,
      direction: directionOf(nameOf(metric), directions, metric),
    };
  }
  return { record, results };
}

/** The attempt a stored score belongs to (its id is "expscore:<experiment>:<item>:<attempt>:<scorer>" when Mastra gave it one). */
function attemptOf(score) {
  const match = /^expscore:.*:(\d+):[^:]*$/.exec(score.id ?? '');
  return match ? Number(match[1]) : 0;
}

/** What a stored score row says beyond its score: the reason and the step results. */
function scoreInfo(score) {
  const info = {};
  for (const field of ['reason', 'preprocessStepResult', 'analyzeStepResult']) {
    if (score[field] !== undefined && score[field] !== null) info[field] = score[field];
  }
  return info;
}

function checkRun(run, fn) {
  const record = run?.record;
  if (record === null || typeof record !== 'object' || record.tool !== 'evals-wasm' || !Array.isArray(run.results)) {
    throw new EvalsError(`${fn}: the run must be { record, results } as evaluateMany returns it or readRun reads it from disk; got ${describe(run)}${record && record.tool !== 'evals-wasm' ? ' whose record is not one of evals-wasm' : ''}`, { code: 'EVALS_INVALID_OPTION' });
  }
  for (const [index, result] of run.results.entries()) {
    if (result === null || typeof result !== 'object' || typeof result.key !== 'string' || typeof result.metric !== 'string' || !(Number.isFinite(result.score) || (result.error && typeof result.error === 'object'))) {
      throw new EvalsError(`${fn}: result ${index + 1} of the run is not a result line of the run format (it needs "key", "metric", and "score" or "error"); got ${describe(result)}`, { code: 'EVALS_INVALID_OPTION' });
    }
  }
}

/** A dataset line (an object of the JSONL file) as a Mastra dataset item with `externalId` = key. */
function lineItem(line, key) {
  const item = { externalId: key, input: line.input };
  for (const field of ['groundTruth', 'expectedTrajectory', 'requestContext', 'metadata']) {
    if (line[field] !== undefined && line[field] !== null) item[field] = line[field];
  }
  return item;
}

/**
 * Writes a run (`{ record, results }`) into a Mastra dataset as a new experiment (Mastra's
 * target-less experiment: createExperiment, submitExperimentResult per item, finalizeExperiment),
 * so that Studio shows it beside experiments Mastra ran and `compareExperiments` takes it.
 * Resolves to `{ experimentId, experiment, itemIds, added, scores }`. See docs/mastra-experiments.md.
 */
export async function writeExperiment(mastra, datasetId, run, options = {}) {
  const fn = 'writeExperiment';
  checkMastra(mastra, fn);
  const id = typeof datasetId === 'string' ? datasetId : datasetId?.id;
  if (typeof id !== 'string' || id === '') throw new TypeError(`${fn}: datasetId must be a dataset's id (or its handle); got ${describe(datasetId)}`);
  checkRun(run, fn);
  if (options === null || typeof options !== 'object') throw new TypeError(`${fn}: options must be an object; got ${describe(options)}`);
  const { lines, name, description, metadata, scorerIds = {} } = options;
  if (scorerIds === null || typeof scorerIds !== 'object' || Array.isArray(scorerIds) || !Object.values(scorerIds).every((id) => typeof id === 'string' && id !== '')) {
    throw new TypeError(`${fn}: options.scorerIds must be an object { metric: scorer id }; got ${describe(scorerIds)}`);
  }
  const scorerOf = (metric) => scorerIds[metric] ?? metric;
  if (lines !== undefined && !Array.isArray(lines)) throw new TypeError(`${fn}: options.lines must be the dataset's lines (an array of the objects of its JSONL file, in order); got ${describe(lines)}`);
  if (metadata !== undefined && (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata))) throw new TypeError(`${fn}: options.metadata must be an object; got ${describe(metadata)}`);
  const dataset = await mastra.datasets.get({ id });
  if (typeof dataset?.submitExperimentResult !== 'function') {
    throw new EvalsError(`${fn}: this @mastra/core has no Dataset.submitExperimentResult (it came with the datasets of @mastra/core 1.x; update @mastra/core)`, { code: 'EVALS_INVALID_OPTION' });
  }
  const store = await scoresStore(mastra, fn);

  // The run's lines, by key, in order.
  const byKey = new Map();
  for (const result of run.results) {
    if (!byKey.has(result.key)) byKey.set(result.key, { line: result.line, results: [] });
    byKey.get(result.key).results.push(result);
  }

  const existing = await allPages(async (page) => {
    const listed = await dataset.listItems({ page, perPage: PAGE, orderBy: { field: 'createdAt', direction: 'ASC' } });
    return { rows: listed.items, hasMore: listed.pagination.hasMore };
  });
  const itemIds = {};
  for (const item of existing) itemIds[itemIdentity(item).key] ??= item.id;
  for (const item of existing) itemIds[item.id] ??= item.id;
  const missing = [...byKey.keys()].filter((key) => itemIds[key] === undefined);
  let added = 0;
  if (missing.length > 0) {
    if (lines === undefined) {
      const shown = missing.slice(0, 5).map((key) => JSON.stringify(key)).join(', ');
      throw new EvalsError(`${fn}: ${missing.length} line(s) of the run are not items of dataset "${id}" (keys ${shown}${missing.length > 5 ? ', …' : ''}); give options.lines (the dataset's lines, as the run read them) to add them as items`, { code: 'EVALS_INVALID_OPTION' });
    }
    const payloads = missing.map((key) => {
      const { line } = byKey.get(key);
      const source = lines[line - 1];
      if (source === null || typeof source !== 'object' || !('input' in source)) {
        throw new EvalsError(`${fn}: options.lines[${line - 1}] (line ${line}, key ${JSON.stringify(key)}) is not a dataset line with an "input"; got ${describe(source)}`, { code: 'EVALS_INVALID_OPTION' });
      }
      return lineItem(source, key);
    });
    const created = await dataset.addItems({ items: payloads });
    for (const item of created) itemIds[itemIdentity(item).key] = item.id;
    added = created.length;
  }

  const { lineHashes: _lineHashes, dataset: _dataset, mastra: _mastra, ...kept } = run.record;
  // Kept by scorer id, as Mastra stores the scores.
  if (kept.metrics && typeof kept.metrics === 'object') kept.metrics = Object.fromEntries(Object.entries(kept.metrics).map(([metric, entry]) => [scorerOf(metric), entry]));
  const { experimentId } = await dataset.createExperiment({
    ...(name === undefined ? {} : { name }),
    ...(description === undefined ? {} : { description }),
    metadata: { ...(metadata ?? {}), [OWN_KEY]: { record: kept } },
  });

  let expected = 0;
  const entries = [...byKey.entries()];
  let next = 0;
  const submitOne = async ([key, { results }]) => {
    const scores = [];
    const errors = {};
    let output;
    for (const result of results) {
      output ??= result.output;
      if (result.error) {
        errors[scorerOf(result.metric)] = errorObject(result.error, 'EXPERIMENT_ITEM_FAILED');
        continue;
      }
      const info = result.info ?? {};
      scores.push({
        scorerId: scorerOf(result.metric),
        scorerName: result.metric,
        score: result.score,
        ...(typeof info.reason === 'string' ? { reason: info.reason } : {}),
        metadata: { [OWN_KEY]: { info, ...(result.cost === undefined ? {} : { cost: result.cost }) } },
      });
    }
    expected += scores.length;
    const failed = Object.entries(errors);
    // Mastra keeps one error per item: the metrics' errors joined, each also kept whole.
    const error = failed.length === 0 ? null : {
      message: failed.map(([metric, entry]) => `${metric}: ${entry.message}`).join('; '),
      code: failed[0][1].code,
      [OWN_KEY]: errors,
    };
    await dataset.submitExperimentResult({ experimentId, itemId: itemIds[key], ...(output === undefined ? {} : { output }), error, scores });
  };
  const worker = async () => {
    while (next < entries.length) await submitOne(entries[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(SUBMIT_CONCURRENCY, entries.length) }, worker));
  const experiment = await dataset.finalizeExperiment({ experimentId });

  // Mastra saves submitted scores best-effort (a failed save is only logged): count what it kept.
  const { scores: stored } = await store.listScoresByRunId({ runId: experimentId, pagination: { page: 0, perPage: false } });
  if (stored.length !== expected) {
    throw new EvalsError(`${fn}: Mastra kept ${stored.length} of the ${expected} scores submitted to experiment "${experimentId}" (its storage refused the others; see Mastra's log)`, { code: 'EVALS_STORAGE_FAILED' });
  }
  return { experimentId, experiment, itemIds: Object.fromEntries([...byKey.keys()].map((key) => [key, itemIds[key]])), added, scores: expected };
}
