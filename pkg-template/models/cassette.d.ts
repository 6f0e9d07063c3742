// Types of withCassette: record a model's answers once, replay them in every later run.

import type { JudgeCallback, JudgeModel, LanguageModelLike, OpenAICompatibleModel } from '../index.js';

/**
 * `"auto"` (default): answer from the cassette, call the model for what is not there and record
 * it. `"replay"`: never call the model; a request not recorded rejects with an `EvalsError` of
 * code `EVALS_CASSETTE_MISS`. `"record"`: call the model once for every request of this run and
 * record the answers anew (older lines of the same key stay in a file, the last one wins).
 */
export type CassetteMode = 'auto' | 'replay' | 'record';

/** One recorded request, as a line of a cassette file or a value of a store. */
export interface CassetteEntry {
  /** SHA-256 (hex) of the canonical JSON of what decides the answer. */
  key: string;
  /** The model: `"callback"`, `provider:modelId`. */
  model: string;
  /** The metric or scorer that asked, when known. */
  metric?: string;
  /** The metric's step (`statements`, `claims`, `verdicts`, `reason`, …), when known. */
  step?: string;
  /** What was asked (messages, format, options), credentials masked: for reading and diffs. */
  request: unknown;
  /** The model's answer as it is replayed. */
  answer: unknown;
}

/** Where entries are kept outside a file: a `Map` works, so does an IndexedDB wrapper (see docs/cassettes.md). */
export interface CassetteStore {
  /** The entry (or its JSON text) stored under `key`; `undefined` or `null` when there is none. */
  get(key: string): CassetteEntry | string | undefined | null | PromiseLike<CassetteEntry | string | undefined | null>;
  /** Stores `entry` under `key`. */
  set(key: string, entry: CassetteEntry): unknown;
}

/** Options of {@link withCassette}: exactly one of `path` and `store`. */
export interface CassetteOptions {
  /** A JSON Lines file (Node only), one line per request, created on the first recording. */
  path?: string;
  /** Any object with `get` and `set`, sync or async. */
  store?: CassetteStore;
  /** Default `"auto"`. */
  mode?: CassetteMode;
  /** More strings never to write (masked as `***`), besides credential headers, `Bearer …` tokens and key-shaped strings. */
  secrets?: string[];
}

/** A Mastra model config, as the scorers take it: a router id `"provider/model"` or a config object. */
export type MastraModelConfigLike = string | { id: string; apiKey?: string; headers?: Record<string, string>; url?: string } | { providerId: string; modelId: string; apiKey?: string; headers?: Record<string, string>; url?: string };

/**
 * `model` answering from a cassette, as a model of the same kind (a callback, an AI SDK model
 * with `doGenerate` and `doStream`, an openaiCompatible model): pass it to any LLM metric,
 * scorer, `evaluateMany`. A replay that misses rejects with an `EvalsError` of code
 * `EVALS_CASSETTE_MISS` carrying `step`, `metric` (when known), `model` and `key`; a file or
 * store that fails, with code `EVALS_CASSETTE_IO`.
 * @throws {TypeError} when the model is not supported, `path` and `store` are both given or both missing, or an option is malformed.
 */
export declare function withCassette<M extends JudgeCallback | LanguageModelLike | OpenAICompatibleModel>(model: M, options: CassetteOptions): M;

/**
 * The `withCassette` of `evals-wasm/scorers`: also takes a Mastra model config, resolved by
 * @mastra/core only when the cassette lacks an answer (a replay needs no API key).
 */
export declare function scorersWithCassette<M extends JudgeModel>(model: M, options: CassetteOptions): M;
export declare function scorersWithCassette(model: MastraModelConfigLike, options: CassetteOptions): LanguageModelLike;
