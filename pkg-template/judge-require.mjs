// Source of judge.cjs, `evals-wasm/judge` for require() (bundled by scripts/build.sh, not shipped).
import { agentJudge } from './code/agent-judge.js';

export const MastraAgentJudge = agentJudge(require('@mastra/core/agent').Agent);
