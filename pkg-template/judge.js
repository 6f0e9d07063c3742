// `evals-wasm/judge`: 0.14's MastraAgentJudge, the base of judges built on a Mastra agent.
// Needs @mastra/core (its Agent).
import { agentJudge } from './code/agent-judge.js';

let agentModule;
try {
  agentModule = await import('@mastra/core/agent');
} catch (error) {
  throw new Error('evals-wasm/judge needs @mastra/core (its Agent): npm install @mastra/core', { cause: error });
}

export const MastraAgentJudge = agentJudge(agentModule.Agent);
