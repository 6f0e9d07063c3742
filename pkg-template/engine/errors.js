// The package's error class and the argument checks every metric shares.

/**
 * An error of evals-wasm itself (not one thrown by your model, which is passed through as it
 * is). `code` says what happened; `step` which metric step failed (`statements`, `claims`,
 * `verdicts`, `reason`, …); `raw` holds the model's answer when it could not be read; `limit`
 * the answer-length limit an answer was cut off at.
 */
export class EvalsError extends Error {
  constructor(message, { code, step, raw, missing, limit, cause } = {}) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'EvalsError';
    this.code = code;
    if (step !== undefined && step !== null) this.step = step;
    if (raw !== undefined) this.raw = raw;
    if (missing !== undefined) this.missing = missing;
    if (limit !== undefined) this.limit = limit;
  }
}

/**
 * `error` with a stable `code` (`EVALS_INVALID_OPTION`, `EVALS_MISSING_OPTION`, …; see
 * docs/surface.md): the TypeErrors and Errors of the argument checks carry one, as EvalsError
 * does, so that a test matches the code, not the words of the message.
 */
export function coded(error, code) {
  error.code = code;
  return error;
}

/**
 * What a wrong argument is, for error messages: "null", "undefined", "an array", "an object",
 * "a number", "a function", … and for a string the string itself (`the string "4"`), so that a
 * number given as text does not read as the number.
 */
export function describe(value) {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return `the string ${JSON.stringify(shown)}`;
  }
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** The Levenshtein distance of two short strings (option names). */
function editDistance(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length];
}

/**
 * The known option that `name` (not itself known) is most likely a misspelling of, or undefined:
 * the same name in another case, one at most two edits away, or one that `name` (three letters
 * or more) begins (`timeout` for `timeoutMs`).
 */
export function probablyMeant(name, known) {
  const lower = name.toLowerCase();
  let best;
  let bestDistance = Infinity;
  for (const option of known) {
    const other = option.toLowerCase();
    const distance = other === lower ? 0 : lower.length >= 3 && other.startsWith(lower) ? 1 : editDistance(lower, other);
    if (distance <= 2 && distance < bestDistance) {
      best = option;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Checks an options object against `{ name: typeof }` (`'any'`: checked by the caller); returns
 * it (or `{}` when undefined).
 * With `strict` (options that are all this package's own, which no caller of the original
 * passes), a key outside `known` is a TypeError too, so that a misspelt `language` is not
 * silently ignored. Without it (a class of the original, which ignores keys it does not know),
 * only a key that is clearly a misspelling of a known one (see `probablyMeant`) is a TypeError;
 * other unknown keys are ignored, as the original ignores them. `names: false` leaves the keys
 * to the caller.
 */
export function checkOptions(className, options, known, { required = false, strict = false, names = true } = {}) {
  if (options === undefined && !required) return {};
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw coded(new TypeError(`${className}: options must be an object, got ${describe(options)}`), options === undefined ? 'EVALS_MISSING_OPTION' : 'EVALS_INVALID_OPTION');
  }
  if (names) checkOptionNames(className, options, Object.keys(known), { strict });
  for (const [name, type] of Object.entries(known)) {
    if (type !== 'any' && options[name] !== undefined && typeof options[name] !== type) {
      throw coded(new TypeError(`${className}: option "${name}" must be a ${type}, got ${describe(options[name])}`), 'EVALS_INVALID_OPTION');
    }
  }
  return options;
}

/**
 * Throws a TypeError for a key of `options` outside `known` (a list of names): for every such
 * key with `strict`, else only for a near miss of a known name. The message names the key, the
 * option probably meant, and the options taken.
 */
export function checkOptionNames(className, options, known, { strict = false, what = 'option' } = {}) {
  for (const name of Object.keys(options)) {
    if (known.includes(name)) continue;
    const meant = probablyMeant(name, known);
    if (!strict && meant === undefined) continue;
    const hint = meant === undefined ? '' : `; did you mean "${meant}"?`;
    throw coded(new TypeError(`${className}: unknown ${what} "${name}" (the ${what}s are ${known.join(', ')})${hint}`), 'EVALS_UNKNOWN_OPTION');
  }
}

/**
 * `text` with every occurrence of each secret (an API key), also in its JSON-escaped form,
 * replaced by `***`; with `bearer`, every `Bearer <token>` too (for text a server sent, which may
 * quote an Authorization header). Empty secrets are skipped.
 */
export function redactSecrets(text, secrets, { bearer = false } = {}) {
  let out = String(text);
  for (const secret of secrets) {
    if (typeof secret !== 'string' || secret === '') continue;
    for (const form of new Set([secret, JSON.stringify(secret).slice(1, -1)])) out = out.split(form).join('***');
  }
  return bearer ? out.replace(/\b(Bearer\s+)(?!\*\*\*)[^\s"'<>,;]+/gi, '$1***') : out;
}

/** Rejects null/undefined (with the message of @mastra/evals) and non-strings. */
export function checkTexts(className, input, output) {
  if (input === null || input === undefined || output === null || output === undefined) {
    throw coded(new Error('Inputs cannot be null or undefined'), 'EVALS_INVALID_INPUT');
  }
  for (const [name, value] of [['input', input], ['output', output]]) {
    if (typeof value !== 'string') {
      throw coded(new TypeError(`${className}.measure: ${name} must be a string, got ${describe(value)}`), 'EVALS_INVALID_INPUT');
    }
  }
}

/**
 * Reads `measure(input, output, options?)` or `measure({ input, output }, options?)`; returns
 * `[input, output, options]`.
 */
export function measureArguments(first, second, third) {
  const objectForm = first !== null && typeof first === 'object' && !Array.isArray(first) &&
    (second === undefined || (second !== null && typeof second === 'object'));
  return objectForm ? [first.input, first.output, second] : [first, second, third];
}

/** Checks an optional `scale` option: a positive finite number. */
export function checkScale(className, scale) {
  if (scale !== undefined && !(scale > 0 && Number.isFinite(scale))) {
    throw coded(new TypeError(`${className}: option "scale" must be a positive number, got ${scale}`), 'EVALS_INVALID_OPTION');
  }
}
