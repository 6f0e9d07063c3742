// Provides evals_all_bg.wasm, compiled by the runtime's bundler, for the NLP and LLM families (the
// root entry) in Workers and Edge runtimes (see edge.js).

import compiled from '../evals_all_bg.wasm?module';
import * as glueModule from './glue-all.js';
import { provideCompiled } from './edge.js';

provideCompiled(['nlp', 'llm'], glueModule, 'evals_all_bg.wasm', compiled);
