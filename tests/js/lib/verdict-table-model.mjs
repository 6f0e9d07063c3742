// The verdict-table judge: a scripted AI SDK model that fills whatever JSON Schema a request asks
// for from one case of a case table (tests/cases/*.mjs), so that the originals (@mastra/evals
// 0.14.4 and 1.10.2) and our own metrics can be driven by the same verdicts and compared.
//
// It never looks at a metric's prompt sentences. It reads only:
//   - the JSON Schema of the answer (AI SDK `responseFormat.schema`, or a JSON Schema written as
//     text into the user message, which Mastra 1.x does for providers it does not know);
//   - where the case's item texts appear in the user message (their order, and an id such as
//     "S1:" or "[2]" written just before them).
//
// How a request is answered (see docs/parity-harness.md for writing cases):
//   - no schema: a reason in plain text (REASON_TEXT);
//   - top-level key K given in `case.answers`: that value, as is;
//   - an array of strings under K: `case.extract[K]` when the case has it (an extraction);
//     otherwise, when K names verdicts/answers/results, one verdict string per item found in the
//     prompt (a verdict list without objects); otherwise [];
//   - the first array of objects of the answer: one object per item of the verdict table found in the prompt
//     (in order of appearance), or, when none is found, per text of `case.extract[K]` or
//     `case.extract[<field>s]` (the judge extracts and judges in one step); each object is filled
//     from the item's verdict (see fillItem); any later array of objects: [];
//   - an object whose properties are ids ("S1", "C2": our verdict steps' keyed shape): one verdict
//     object per id, for the item written after that id in the prompt (else the item at its
//     position), filled as an item of an array of objects;
//   - any other string: REASON_TEXT; number: 0; boolean: false; object: filled field by field.
//
// This file imports nothing, so the Mastra 1.x tests (tests/mastra1) can reuse the core.

export const REASON_TEXT = 'The score follows from the verdicts of the table.';

const ID_ENUM_RE = /^[A-Za-z]{0,3}\d+$/;
const REASON_KEY_RE = /reason|explanation|assessment|influence|comment|justification/i;
const VERDICT_KEY_RE = /verdict|result|answer|level|match|impact|relevance/i;
const VERDICT_LIST_KEY_RE = /verdicts|answers|results/i;

// ---------------------------------------------------------------------------------------------
// Reading a request

/** The text of a message's content (a string or a list of parts). */
function contentText(content) {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((part) => part && part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text)
    .join('\n');
}

/** Every balanced `{...}` JSON object written in `text`, with where it starts and ends. */
function jsonObjectsIn(text) {
  const found = [];
  for (let start = text.indexOf('{'); start !== -1; start = text.indexOf('{', start + 1)) {
    let depth = 0;
    let inString = false;
    for (let i = start; i < text.length; i += 1) {
      const ch = text[i];
      if (inString) {
        if (ch === '\\') i += 1;
        else if (ch === '"') inString = false;
      } else if (ch === '"') inString = true;
      else if (ch === '{') depth += 1;
      else if (ch === '}') {
        depth -= 1;
        if (depth === 0) {
          try {
            found.push({ value: JSON.parse(text.slice(start, i + 1)), start, end: i + 1 });
          } catch {
            // not JSON: keep looking from the next brace
          }
          break;
        }
      }
    }
  }
  return found;
}

const looksLikeSchema = (value) =>
  value && typeof value === 'object' && (value.type === 'object' || value.properties !== undefined || value.$schema !== undefined);

/**
 * The schema and the user text of a request: `{ schema | null, user, system }`. A schema written
 * as text into the user message is cut out of `user`, so item texts in its descriptions or enums
 * are not mistaken for the prompt's items.
 */
export function readRequest(options) {
  const prompt = options.prompt ?? [];
  const system = prompt.filter((m) => m.role === 'system').map((m) => contentText(m.content)).join('\n');
  let user = prompt.filter((m) => m.role === 'user').map((m) => contentText(m.content)).join('\n');
  let schema = options.responseFormat?.type === 'json' ? options.responseFormat.schema ?? null : null;
  if (!schema) {
    const objects = jsonObjectsIn(user);
    const outermost = objects.filter((o) => !objects.some((p) => p !== o && p.start <= o.start && o.end <= p.end));
    const written = outermost.filter((o) => looksLikeSchema(o.value)).pop();
    if (written) {
      schema = written.value;
      user = user.slice(0, written.start) + user.slice(written.end);
    }
  }
  return { schema, user, system };
}

// ---------------------------------------------------------------------------------------------
// JSON Schema helpers

/** Resolves `$ref` (local `#/...`), and picks the first non-null branch of anyOf/oneOf/type lists. */
function resolve(schema, root) {
  let s = schema ?? {};
  for (let guard = 0; guard < 20; guard += 1) {
    if (typeof s.$ref === 'string' && s.$ref.startsWith('#')) {
      s = s.$ref
        .slice(2)
        .split('/')
        .filter(Boolean)
        .reduce((node, key) => node?.[key], root) ?? {};
      continue;
    }
    const branches = s.anyOf ?? s.oneOf;
    if (Array.isArray(branches)) {
      s = branches.find((b) => b.type !== 'null') ?? branches[0] ?? {};
      continue;
    }
    if (Array.isArray(s.allOf) && s.allOf.length === 1) {
      s = s.allOf[0];
      continue;
    }
    break;
  }
  return s;
}

function typeOf(schema) {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null') ?? 'null';
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  if (Array.isArray(schema.enum)) return typeof schema.enum[0];
  return 'string';
}

const nullable = (schema) =>
  (Array.isArray(schema.type) && schema.type.includes('null')) ||
  (Array.isArray(schema.anyOf ?? schema.oneOf) && (schema.anyOf ?? schema.oneOf).some((b) => b.type === 'null'));

/** A default value of a schema's type, for fields nothing in the case speaks about. */
function filler(schema, root, key) {
  const s = resolve(schema, root);
  const type = typeOf(s);
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  if (type === 'string') return REASON_TEXT;
  if (type === 'number' || type === 'integer') return 0;
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'null') return null;
  if (type === 'object') {
    const out = {};
    for (const [k, sub] of Object.entries(s.properties ?? {})) out[k] = filler(sub, root, k);
    return out;
  }
  return key ? REASON_TEXT : null;
}

// ---------------------------------------------------------------------------------------------
// Finding the case's items in the prompt

/**
 * The texts of `candidates` that occur in `text`, in order of first appearance, each with the
 * id written just before it ("S1: ", "C12. ", "[3] ", "3) ") if any. An occurrence that lies
 * inside the occurrence of a longer candidate does not count, nor (when some item occurs outside
 * them) one inside a `containers` text: the texts under evaluation (output, input, ground truth)
 * contain the items a judge lists, but the list is what a verdict step judges.
 */
export function itemsInPrompt(text, candidates, containers = []) {
  const outside = locate(text, candidates, containers, true);
  return outside.length ? outside : locate(text, candidates, containers, false);
}

function locate(text, candidates, containers, skipContained) {
  const spans = [];
  for (const container of skipContained ? containers : []) {
    if (!container) continue;
    for (let at = text.indexOf(container); at !== -1; at = text.indexOf(container, at + 1)) spans.push({ start: at, end: at + container.length });
  }
  const hits = [];
  for (const candidate of candidates) {
    if (!candidate) continue;
    for (let at = text.indexOf(candidate); at !== -1; at = text.indexOf(candidate, at + 1)) {
      hits.push({ text: candidate, start: at, end: at + candidate.length });
    }
  }
  const within = (h, o) => o.end - o.start > h.end - h.start && o.start <= h.start && h.end <= o.end;
  const inside = (h) => hits.some((o) => o !== h && within(h, o)) || spans.some((o) => within(h, o));
  const first = new Map();
  for (const h of hits.filter((h) => !inside(h)).sort((a, b) => a.start - b.start)) {
    if (!first.has(h.text)) first.set(h.text, h);
  }
  return [...first.values()]
    .sort((a, b) => a.start - b.start)
    .map((h) => {
      const before = text.slice(Math.max(0, h.start - 16), h.start);
      const m = before.match(/(?:^|[\s(])\[?([A-Za-z]{0,3}\d+)\]?\s*[:.)\]]?\s*$/);
      return { text: h.text, id: m ? m[1] : undefined, start: h.start };
    });
}

// ---------------------------------------------------------------------------------------------
// Filling a schema from a case

/** The verdict entry of an item text: a string ("yes") or an object of fields. */
function verdictOf(testCase, text) {
  return testCase.verdicts?.[text];
}

/** The first field of an item schema that carries the verdict word. */
function verdictField(props, root) {
  const entries = Object.entries(props).filter(([k]) => k !== 'id' && !REASON_KEY_RE.test(k));
  const named = entries.find(([k, s]) => VERDICT_KEY_RE.test(k) && ['string', 'boolean'].includes(typeOf(resolve(s, root))));
  if (named) return named[0];
  const enumerated = entries.find(([, s]) => Array.isArray(resolve(s, root).enum) && !resolve(s, root).enum.every((v) => ID_ENUM_RE.test(String(v))));
  if (enumerated) return enumerated[0];
  const flag = entries.find(([, s]) => typeOf(resolve(s, root)) === 'boolean');
  return flag ? flag[0] : undefined;
}

const isYes = (word) => word === true || (typeof word === 'string' && ['yes', 'true'].includes(word.trim().toLowerCase()));

/** One verdict object for `item` (its text, id, position) under the item schema `itemSchema`. */
function fillItem(itemSchema, root, testCase, item, position, idEnum) {
  const s = resolve(itemSchema, root);
  const props = s.properties ?? {};
  const entry = verdictOf(testCase, item.text);
  const fields = entry && typeof entry === 'object' ? entry : {};
  // An entry object gives its word as `verdict`, or under a verdict-like key (relevanceLevel).
  const wordKey = Object.keys(fields).find((k) => VERDICT_KEY_RE.test(k) && typeof fields[k] === 'string');
  const word = typeof entry === 'string' ? entry : (fields.verdict ?? (wordKey === undefined ? undefined : fields[wordKey]));
  const main = verdictField(props, root);
  const out = {};
  for (const [key, sub] of Object.entries(props)) {
    const p = resolve(sub, root);
    const type = typeOf(p);
    if (Object.hasOwn(fields, key)) out[key] = fields[key];
    else if (key === 'id') out[key] = idEnum?.[position] ?? item.id ?? `${position + 1}`;
    else if (key === main && word !== undefined) out[key] = type === 'boolean' ? isYes(word) : word;
    else if (type === 'boolean') out[key] = isYes(word);
    else if (type === 'number' || type === 'integer') {
      const at = (testCase.context ?? []).indexOf(item.text);
      out[key] = /index/i.test(key) && at !== -1 ? at : /index/i.test(key) ? position : 0;
    } else if (type === 'string' && !REASON_KEY_RE.test(key) && !Array.isArray(p.enum)) out[key] = item.text;
    else if (type === 'string' && nullable(sub) && !REASON_KEY_RE.test(key)) out[key] = null;
    else out[key] = filler(sub, root, key);
  }
  return out;
}

/** The item schema's id enum (verdict steps of our metrics list the ids they expect). */
function idEnumOf(itemSchema, root) {
  const idSchema = resolve(resolve(itemSchema, root).properties?.id, root);
  return Array.isArray(idSchema?.enum) ? idSchema.enum : undefined;
}

/**
 * Answers one request. `step` (returned) names what the request was: 'reason', 'extract',
 * 'verdicts', 'assess' (whole-answer objects), with the top-level keys and item counts.
 */
export function answerFor(testCase, request) {
  const { schema, user } = request;
  if (!schema) return { text: testCase.reasonText ?? REASON_TEXT, step: { kind: 'reason' } };
  const root = schema;
  const top = resolve(schema, root);
  if (typeOf(top) !== 'object') {
    return { text: JSON.stringify(filler(top, root)), step: { kind: 'other' } };
  }
  const verdictTexts = Object.keys(testCase.verdicts ?? {});
  const containers = [testCase.output, testCase.input, testCase.groundTruth].filter((t) => typeof t === 'string' && t);
  const found = () => itemsInPrompt(user, verdictTexts, containers);
  const answer = {};
  const kinds = new Set();
  const counts = {};
  for (const [key, sub] of Object.entries(top.properties ?? {})) {
    const p = resolve(sub, root);
    const type = typeOf(p);
    if (testCase.answers && Object.hasOwn(testCase.answers, key)) {
      answer[key] = testCase.answers[key];
      kinds.add('assess');
      continue;
    }
    if (type === 'array') {
      const itemSchema = resolve(p.items, root);
      const itemType = typeOf(itemSchema);
      if (itemType === 'object' && kinds.has('verdicts')) answer[key] = [];
      else if (itemType === 'object') {
        let items = found();
        if (items.length === 0) {
          const props = Object.keys(itemSchema.properties ?? {});
          const listKey = [key, ...props.map((k) => `${k}s`)].find((k) => Array.isArray(testCase.extract?.[k]));
          items = listKey ? testCase.extract[listKey].map((text) => ({ text })) : [];
        }
        const idEnum = idEnumOf(itemSchema, root);
        answer[key] = items.map((item, i) => fillItem(itemSchema, root, testCase, item, i, idEnum));
        counts[key] = items.length;
        kinds.add('verdicts');
      } else if (testCase.extract && Object.hasOwn(testCase.extract, key)) {
        answer[key] = testCase.extract[key];
        counts[key] = answer[key].length;
        kinds.add('extract');
      } else if (VERDICT_LIST_KEY_RE.test(key)) {
        answer[key] = found().map((item) => {
          const entry = verdictOf(testCase, item.text);
          return typeof entry === 'string' ? entry : entry?.verdict ?? 'no';
        });
        counts[key] = answer[key].length;
        kinds.add('verdicts');
      } else answer[key] = [];
      continue;
    }
    // An object keyed by item ids (our verdict steps): one verdict object per id, the item found
    // by the id written before it in the prompt (else by position).
    const ids = Object.keys(p.properties ?? {});
    if (type === 'object' && ids.length > 0 && ids.every((id) => ID_ENUM_RE.test(id)) && !kinds.has('verdicts')) {
      const items = found();
      answer[key] = Object.fromEntries(
        ids.map((id, i) => {
          const item = items.find((it) => it.id === id) ?? items[i] ?? { text: '', id };
          return [id, fillItem(p.properties[id], root, testCase, item, i, undefined)];
        }),
      );
      counts[key] = ids.length;
      kinds.add('verdicts');
      continue;
    }
    answer[key] = filler(sub, root, key);
  }
  let kind = kinds.has('verdicts') ? 'verdicts' : kinds.has('extract') ? 'extract' : kinds.has('assess') ? 'assess' : 'reason';
  if (kinds.size > 1) kind = [...kinds].sort().join('+');
  return { text: JSON.stringify(answer), step: { kind, keys: Object.keys(top.properties ?? {}), counts } };
}

// ---------------------------------------------------------------------------------------------
// The judge: a case, the calls made under it, and the answer of each request

/**
 * A judge state shared by the AI SDK wrappers: `judge.load(case)` selects the case and resets
 * the calls; `judge.respond(options, how)` answers one request and records it.
 */
export function createVerdictTableJudge(testCase = {}) {
  const judge = {
    case: testCase,
    calls: [],
    load(next) {
      judge.case = next;
      judge.calls = [];
      return judge;
    },
    respond(options, how) {
      const request = readRequest(options);
      const { text, step } = answerFor(judge.case, request);
      judge.calls.push({ how, schemaSent: options.responseFormat?.type === 'json' ? 'responseFormat' : request.schema ? 'text' : 'none', ...step, user: request.user, answer: text });
      return text;
    },
  };
  return judge;
}

// ---------------------------------------------------------------------------------------------
// AI SDK spec v2 (ai@5; what @mastra/core 0.24 wants): a hand-written model object

const usageV2 = (text) => ({ inputTokens: 100, outputTokens: Math.ceil(text.length / 4), totalTokens: 100 + Math.ceil(text.length / 4) });

function streamOf(chunks) {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

/**
 * A spec-v2 language model answering from the verdict table: `model.judge` is the judge state
 * (`model.judge.load(case)`, `model.judge.calls`). It answers `doGenerate` and `doStream`.
 */
export function verdictTableModelV2(testCase = {}, { modelId = 'verdict-table', provider = 'verdict-table' } = {}) {
  const judge = createVerdictTableJudge(testCase);
  return {
    specificationVersion: 'v2',
    provider,
    modelId,
    supportedUrls: {},
    judge,
    async doGenerate(options) {
      const text = judge.respond(options, 'generate');
      return { content: [{ type: 'text', text }], finishReason: 'stop', usage: usageV2(text), warnings: [] };
    },
    async doStream(options) {
      const text = judge.respond(options, 'stream');
      return {
        stream: streamOf([
          { type: 'stream-start', warnings: [] },
          { type: 'text-start', id: 't1' },
          { type: 'text-delta', id: 't1', delta: text },
          { type: 'text-end', id: 't1' },
          { type: 'finish', finishReason: 'stop', usage: usageV2(text) },
        ]),
      };
    },
  };
}
