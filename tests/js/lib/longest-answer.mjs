// The longest answer a JSON Schema of the engine allows: every text at its maxLength, every list
// at its maxItems, the widest enum word, numbers with 16 decimals. What a grammar-constrained
// server could be made to write by a model that never stops on its own; each request's
// max_tokens must hold it (at a token per character, the engine's assumption). Used by the
// tests of the bounds and by bench/answer-bounds.mjs.

/** The longest value `schema` allows; `fill(index)` gives the character of the index-th text. */
export function longestAnswer(schema, fill = () => 'x', counter = { n: 0 }) {
  if (schema === null || typeof schema !== 'object') return null;
  if (Array.isArray(schema.enum)) return schema.enum.reduce((a, b) => (String(b).length > String(a).length ? b : a));
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, p]) => [k, longestAnswer(p, fill, counter)]));
    case 'array':
      return Array.from({ length: schema.maxItems ?? 0 }, () => longestAnswer(schema.items, fill, counter));
    case 'string':
      return fill(counter.n++).repeat(schema.maxLength ?? 0);
    case 'number':
    case 'integer':
      return 0.1234567890123456;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

/** Characters of the compact JSON of the longest answer `schema` allows. */
export const longestAnswerChars = (schema) => JSON.stringify(longestAnswer(schema)).length;
