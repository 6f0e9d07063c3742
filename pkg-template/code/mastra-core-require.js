// The project's @mastra/core for the require() bundles (see mastra-core.js, its ESM twin).

import { mastraCoreMissing } from '../llm/scorer-factories.js';

function firstOf(specifiers) {
  let failure;
  for (const specifier of specifiers) {
    try {
      return require(specifier);
    } catch (error) {
      failure ??= error;
    }
  }
  throw mastraCoreMissing(failure);
}

/** `createScorer` of the installed @mastra/core (1.x or 0.x). */
export const { createScorer } = firstOf(['@mastra/core/evals', '@mastra/core/scores']);

/** The request context class of the installed @mastra/core, or undefined when it has none. */
export const contextClass = (() => {
  try {
    return require('@mastra/core/request-context').RequestContext;
  } catch {
    try {
      return require('@mastra/core/runtime-context').RuntimeContext;
    } catch {
      return undefined;
    }
  }
})();
