// `evals-wasm/judge`: 0.14's MastraAgentJudge (a drop-in for `@mastra/evals/judge`). Needs @mastra/core.
import type { Agent } from '@mastra/core/agent';

/** A judge built on a Mastra agent named `Mastra Eval Judge <name>`. */
export declare abstract class MastraAgentJudge {
  protected readonly agent: Agent;
  constructor(name: string, instructions: string, model: ConstructorParameters<typeof Agent>[0]['model']);
}
