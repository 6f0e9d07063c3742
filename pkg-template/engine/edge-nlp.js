// Provides evals_nlp_bg.wasm, compiled by the runtime's bundler, for the NLP family in Workers and
// Edge runtimes (see edge.js).

import compiled from '../evals_nlp_bg.wasm?module';
import * as glueModule from './glue-nlp.js';
import { provideCompiled } from './edge.js';

provideCompiled(['nlp'], glueModule, 'evals_nlp_bg.wasm', compiled);
