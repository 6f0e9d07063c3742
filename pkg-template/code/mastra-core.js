// The project's @mastra/core for the ESM entries of the code scorers, checks and helpers:
// `createScorer` from 1.x's @mastra/core/evals, else from 0.x's @mastra/core/scores, and the
// request context class (1.x RequestContext, 0.x RuntimeContext). Every specifier is written out
// in its `import()`, so that bundlers (wrangler's, Vite's, webpack's) see and bundle it; the one
// the installed major lacks is tried only when the other failed. The require() bundles use
// mastra-core-require.js instead.

import { mastraCoreMissing } from '../llm/scorer-factories.js';

// Each `import()` carries its own `.catch`: esbuild (and so wrangler) then leaves a specifier it
// cannot resolve to fail at run time instead of failing the build.
let failure;
/** Keeps the first failure, for the error thrown when neither major is installed. */
const keep = (error) => {
  failure ??= error;
};

const scores = (await import('@mastra/core/evals').catch(keep)) ?? (await import('@mastra/core/scores').catch(keep));
if (scores === undefined) throw mastraCoreMissing(failure);

/** `createScorer` of the installed @mastra/core (1.x or 0.x). */
export const { createScorer } = scores;

/** The request context class of the installed @mastra/core, or undefined when it has none. */
export const contextClass =
  (await import('@mastra/core/request-context').catch(keep))?.RequestContext ??
  (await import('@mastra/core/runtime-context').catch(keep))?.RuntimeContext;
