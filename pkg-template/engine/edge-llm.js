// Provides evals_llm_bg.wasm, compiled by the runtime's bundler, for the LLM family in Workers and
// Edge runtimes (see edge.js).

import compiled from '../evals_llm_bg.wasm?module';
import * as glueModule from './glue-llm.js';
import { provideCompiled } from './edge.js';

provideCompiled(['llm'], glueModule, 'evals_llm_bg.wasm', compiled);
