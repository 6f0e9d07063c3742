// The metrics of a run: from the command line (`faithfulness,answer-relevancy`) and a config
// file (evals.config.json, or a .js/.mjs module), each with its options and its judge.
//
// A config file:
//   { "metrics": ["faithfulness", "completeness"]                      // or a map:
//     "metrics": { "faithfulness": { "scale": 10, "judge": { "model": "gpt-4o" } },
//                  "strict-faithfulness": { "metric": "faithfulness", "no-reason": true } },
//     "judge": { "url": "http://127.0.0.1:8080/v1", "model": "judge" },  // the default judge
//     "samples": 3, "concurrency": 8 }
// A metric's entry holds options by their command-line names (values as JSON: true for a flag),
// or under "options"; "metric" names the metric when the entry's name is not one; "judge" and
// "samples" override the run's.

import { existsSync, readFileSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { METRICS, OPTIONS, UsageError, metricSettings } from './options.js';

/** The checks of evals-wasm/checks a "check" metric may name. */
const CHECKS = ['includes', 'excludes', 'equals', 'matches', 'similarity', 'calledTool', 'didNotCall', 'toolOrder', 'maxToolCalls', 'usedNoTools', 'noToolErrors'];

/** The config files looked for, in order, when `run` names no metrics and no --config. */
export const CONFIG_NAMES = ['evals.config.json', 'evals.config.mjs', 'evals.config.js'];

/** Reads a config file: JSON, or a module whose default export (or its result, when a function) is the config. */
export async function loadConfig(path) {
  let config;
  try {
    if (['.js', '.mjs', '.cjs'].includes(extname(path))) {
      const module = await import(pathToFileURL(resolve(path)).href);
      config = module.default ?? module.config;
      if (typeof config === 'function') config = await config();
    } else {
      config = JSON.parse(readFileSync(path, 'utf8'));
    }
  } catch (error) {
    throw new UsageError(`cannot read the config ${path}: ${error?.message ?? String(error)}`);
  }
  if (config === null || typeof config !== 'object' || Array.isArray(config)) throw new UsageError(`the config ${path} must hold an object with "metrics"`);
  const known = ['metrics', 'judge', 'samples', 'concurrency'];
  for (const key of Object.keys(config)) {
    if (!known.includes(key)) throw new UsageError(`the config ${path} has an unknown key "${key}"; expected ${known.join(', ')}`);
  }
  return config;
}

/** The config file of the current folder, when `run` is given no metrics. */
export function findConfig(cwd = process.cwd()) {
  for (const name of CONFIG_NAMES) {
    const path = resolve(cwd, name);
    if (existsSync(path)) return path;
  }
  return undefined;
}

/** Command-line style options of a metric from a config entry's values, checked as the options are. */
function optionsOf(where, entries) {
  const options = {};
  for (const [name, value] of Object.entries(entries)) {
    const option = OPTIONS[name];
    if (option?.key === undefined) throw new UsageError(`${where}: unknown option "${name}"`);
    if (option.value === undefined) {
      if (typeof value !== 'boolean') throw new UsageError(`${where}: option "${name}" is a flag: true or false, got ${JSON.stringify(value)}`);
      if (value) options[name] = true;
    } else if (value !== null && value !== undefined) {
      if (typeof value === 'object') throw new UsageError(`${where}: option "${name}" must be a string or a number, got ${JSON.stringify(value)}`);
      options[name] = option.parse ? option.parse(name, String(value)) : String(value);
    }
  }
  return options;
}

/** A judge of a config: `{ url?, model? }`. */
function judgeOf(where, judge) {
  if (judge === undefined) return {};
  if (judge === null || typeof judge !== 'object' || Array.isArray(judge) || Object.keys(judge).some((key) => !['url', 'model'].includes(key))) {
    throw new UsageError(`${where}: "judge" must be an object { "url", "model" }`);
  }
  for (const key of ['url', 'model']) {
    if (judge[key] !== undefined && typeof judge[key] !== 'string') throw new UsageError(`${where}: judge "${key}" must be a string`);
  }
  return judge;
}

function samplesOf(where, samples) {
  if (samples === undefined) return undefined;
  if (!(Number.isInteger(samples) && samples >= 1 && samples <= 20)) throw new UsageError(`${where}: "samples" must be a whole number from 1 to 20, got ${JSON.stringify(samples)}`);
  return samples;
}

/**
 * The metrics of a run: `[{ name, cli, def, settings, effective, judge: { url, model } | null }]`,
 * from `names` (the command line's, or undefined), `config` (or undefined) and the command
 * line's options. A metric option on the command line applies to every metric of the run that
 * takes it (and must apply to one); the config's options of a metric win over it.
 */
export function planRun(names, config, options, defaults) {
  const specs = [];
  const configMetrics = config?.metrics;
  const entries = new Map();
  if (Array.isArray(configMetrics)) {
    for (const name of configMetrics) {
      if (typeof name !== 'string') throw new UsageError('config: "metrics" must list metric names');
      entries.set(name, {});
    }
  } else if (configMetrics !== undefined) {
    if (configMetrics === null || typeof configMetrics !== 'object') throw new UsageError('config: "metrics" must be a list of names or an object { name: options }');
    for (const [name, entry] of Object.entries(configMetrics)) {
      if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) throw new UsageError(`config: metric "${name}" must be an object of options`);
      entries.set(name, entry);
    }
  }
  const wanted = names ?? [...entries.keys()];
  if (wanted.length === 0) throw new UsageError('no metrics to run: name them (faithfulness,completeness) or list them in the config\'s "metrics"');
  const configSamples = samplesOf('config', config?.samples);
  const configJudge = judgeOf('config', config?.judge);
  for (const name of wanted) {
    if (specs.some((spec) => spec.name === name)) throw new UsageError(`metric "${name}" is named twice`);
    const entry = entries.get(name) ?? {};
    const where = `config: metric "${name}"`;
    const { metric = name, judge, samples, options: nested = {}, check, args, ...flat } = entry;
    if (!Object.hasOwn(METRICS, metric)) throw new UsageError(`unknown metric "${metric}"; expected one of ${Object.keys(METRICS).join(', ')}`);
    const def = METRICS[metric];
    // The command line's metric options this metric takes, then the config's.
    const given = {};
    for (const [option, value] of Object.entries(options)) {
      if (OPTIONS[option]?.key !== undefined && def.options.includes(option)) given[option] = value;
    }
    const fromConfig = optionsOf(where, { ...nested, ...flat });
    Object.assign(given, fromConfig);
    const runSamples = samplesOf(where, samples) ?? options.samples ?? configSamples;
    if (def.judge && runSamples !== undefined) given.samples = runSamples;
    else if (!def.judge && (samples !== undefined || fromConfig.samples !== undefined)) throw new UsageError(`${where}: "samples" applies to the LLM metrics only`);
    const { settings, effective } = metricSettings(metric, given);
    if (metric === 'check') {
      if (!CHECKS.includes(check)) throw new UsageError(`${where}: a check needs "check", one of ${CHECKS.join(', ')}, and its "args" (a list)`);
      if (args !== undefined && !Array.isArray(args)) throw new UsageError(`${where}: "args" must be a list, the arguments of ${check}(…)`);
      if (check === 'matches' && typeof args?.[0] !== 'string') throw new UsageError(`${where}: matches takes the pattern's source as its first argument (a string)`);
      settings.check = { name: check, args: args ?? [] };
      Object.assign(effective, { check, args: args ?? [] });
    } else if (check !== undefined || args !== undefined) {
      throw new UsageError(`${where}: "check" and "args" go with "metric": "check"`);
    }
    const ownJudge = judgeOf(where, judge);
    const url = ownJudge.url ?? configJudge.url ?? defaults.url;
    const model = ownJudge.model ?? configJudge.model ?? defaults.model;
    specs.push({ name, cli: metric, def, settings, effective, judge: def.judge ? { url, model } : null });
  }
  // A metric option on the command line must apply to some metric of the run.
  for (const [option, value] of Object.entries(options)) {
    if (OPTIONS[option]?.key === undefined || value === undefined || option === 'samples') continue;
    if (!specs.some((spec) => spec.def.options.includes(option))) {
      const takers = Object.keys(METRICS).filter((other) => METRICS[other].options.includes(option));
      throw new UsageError(`--${option} applies to ${takers.length > 1 ? `${takers.slice(0, -1).join(', ')} and ${takers.at(-1)}` : takers[0]} only`);
    }
  }
  if (options.samples !== undefined && !specs.some((spec) => spec.def.judge)) throw new UsageError('--samples applies to the LLM metrics only');
  return specs;
}
