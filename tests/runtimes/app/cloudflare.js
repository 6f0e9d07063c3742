// The Cloudflare Worker: the two families and Mastra 1.x's scorers.
import { familyRoutes, handler } from './worker.js';
import { scoreScorers } from './scorers.js';

export default { fetch: handler({ ...familyRoutes, '/scorers': scoreScorers }) };
