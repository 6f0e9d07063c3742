// Provides evals_scorers_bg.wasm, compiled by the runtime's bundler, for the scorers (and the NLP
// and LLM families when no other entry provided them) in Workers and Edge runtimes (see edge.js).

import compiled from '../evals_scorers_bg.wasm?module';
import * as glueModule from './glue-scorers.js';
import { provideCompiled } from './edge.js';

provideCompiled(['scorers', 'nlp', 'llm'], glueModule, 'evals_scorers_bg.wasm', compiled);
