// The project's @mastra/core for the ESM entries of the code scorers, checks and helpers:
// `createScorer` from 1.x's @mastra/core/evals, else from 0.x's @mastra/core/scores, and the
// request context class (1.x RequestContext, 0.x RuntimeContext). The require() bundles use
// mastra-core-require.js instead.

import { mastraCoreMissing } from '../llm/scorer-factories.js';

async function firstOf(specifiers) {
  let failure;
  for (const specifier of specifiers) {
    try {
      return await import(specifier);
    } catch (error) {
      failure ??= error;
    }
  }
  throw mastraCoreMissing(failure);
}

/** `createScorer` of the installed @mastra/core (1.x or 0.x). */
export const { createScorer } = await firstOf(['@mastra/core/evals', '@mastra/core/scores']);

/** The request context class of the installed @mastra/core, or undefined when it has none. */
export const contextClass = await (async () => {
  try {
    return (await import('@mastra/core/request-context')).RequestContext;
  } catch {
    try {
      return (await import('@mastra/core/runtime-context')).RuntimeContext;
    } catch {
      return undefined;
    }
  }
})();
