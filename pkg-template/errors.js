// The package's error class and the argument checks every metric shares.

/**
 * An error of evals-wasm itself (not one thrown by your model, which is passed through as it
 * is). `code` says what happened; `step` which metric step failed (`statements`, `claims`,
 * `verdicts`, `reason`); `raw` holds the model's answer when it could not be read.
 */
export class EvalsError extends Error {
  constructor(message, { code, step, raw, missing, cause } = {}) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'EvalsError';
    this.code = code;
    if (step !== undefined && step !== null) this.step = step;
    if (raw !== undefined) this.raw = raw;
    if (missing !== undefined) this.missing = missing;
  }
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

/**
 * Checks an options object against `{ name: typeof }` (`'any'`: checked by the caller); returns
 * it (or `{}` when undefined).
 * With `strict` (options that are all this package's own, which no caller of the original
 * passes), a key outside `known` is a TypeError too, so that a misspelt `language` is not
 * silently ignored.
 */
export function checkOptions(className, options, known, { required = false, strict = false } = {}) {
  if (options === undefined && !required) return {};
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${className}: options must be an object, got ${describe(options)}`);
  }
  if (strict) {
    for (const name of Object.keys(options)) {
      if (!Object.hasOwn(known, name)) {
        throw new TypeError(`${className}: unknown option "${name}" (the options are ${Object.keys(known).join(', ')})`);
      }
    }
  }
  for (const [name, type] of Object.entries(known)) {
    if (type !== 'any' && options[name] !== undefined && typeof options[name] !== type) {
      throw new TypeError(`${className}: option "${name}" must be a ${type}, got ${describe(options[name])}`);
    }
  }
  return options;
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
    throw new Error('Inputs cannot be null or undefined');
  }
  for (const [name, value] of [['input', input], ['output', output]]) {
    if (typeof value !== 'string') {
      throw new TypeError(`${className}.measure: ${name} must be a string, got ${describe(value)}`);
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
    throw new TypeError(`${className}: option "scale" must be a positive number, got ${scale}`);
  }
}
