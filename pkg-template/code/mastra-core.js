// The project's @mastra/core for the ESM entries of the code scorers, checks and helpers:
// `createScorer` from 1.x's @mastra/core/evals, else from 0.x's @mastra/core/scores, and the
// request context class (1.x RequestContext, 0.x RuntimeContext). The require() bundles use
// mastra-core-require.js instead.
//
// 1.x's modules are imported by literal specifiers, so that bundlers (wrangler's esbuild, Vite,
// webpack) see and bundle them; each `import()` carries its own `.catch`, which makes esbuild
// leave a specifier it cannot resolve (1.x's, in a 0.x project) to fail at run time instead of
// failing the build. 0.x's are imported by a computed specifier, which no bundler resolves and
// Node imports at run time: a literal one fails webpack's build of a 1.x project.

import { mastraCoreMissing } from '../llm/scorer-factories.js';

let failure;
/** Keeps the first failure, for the error thrown when neither major is installed. */
const keep = (error) => {
  failure ??= error;
};

/** A module of @mastra/core 0.x, by a specifier bundlers leave alone. */
const olderCore = (path) => import(['@mastra', 'core', path].join('/'));

const scores = (await import('@mastra/core/evals').catch(keep)) ?? (await olderCore('scores').catch(keep));
if (scores === undefined) throw mastraCoreMissing(failure);

/** `createScorer` of the installed @mastra/core (1.x or 0.x). */
export const { createScorer } = scores;

/** The request context class of the installed @mastra/core, or undefined when it has none. */
export const contextClass =
  (await import('@mastra/core/request-context').catch(keep))?.RequestContext ??
  (await olderCore('runtime-context').catch(keep))?.RuntimeContext;
