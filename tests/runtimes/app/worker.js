// The Worker of the Workers test (also the handler of the Edge test): one route per family,
// each answering with what it scored, or with the error and status 500.
import { scoreNlp } from './nlp.js';
import { scoreLlm } from './llm.js';

/** `routes` maps a path to an async function whose result is the answer. */
export function handler(routes) {
  return async (request) => {
    const route = routes[new URL(request.url).pathname];
    if (route === undefined) return new Response('not found', { status: 404 });
    try {
      return Response.json(await route());
    } catch (error) {
      return Response.json({ error: String(error?.stack ?? error) }, { status: 500 });
    }
  };
}

export const familyRoutes = { '/nlp': scoreNlp, '/llm': scoreLlm };
