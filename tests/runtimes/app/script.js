// The script of the Bun and Deno test: scores with both families and Mastra 1.x's scorers, and
// prints what it saw as one line of JSON.
import { scoreNlp } from './nlp.js';
import { scoreLlm } from './llm.js';
import { scoreScorers } from './scorers.js';

console.log(JSON.stringify({ nlp: await scoreNlp(), llm: await scoreLlm(), scorers: await scoreScorers() }));
