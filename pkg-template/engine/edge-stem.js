// The stem module (evals_stem_bg.wasm), compiled by the runtime's bundler, for Workers and Edge
// runtimes (see edge.js): instantiated on first use of a language other than English.

import compiled from '../evals_stem_bg.wasm?module';
import { stemModuleFile } from '../nlp/languages.js';

stemModuleFile.read ??= () => compiled;
