// 0.14's MastraAgentJudge over the project's Agent class (`evals-wasm/judge`).

/** The judge class: it holds an agent named `Mastra Eval Judge <name>` with `instructions` and `model`. */
export function agentJudge(Agent) {
  return class MastraAgentJudge {
    agent;
    constructor(name, instructions, model) {
      this.agent = new Agent({ name: `Mastra Eval Judge ${name}`, instructions, model });
    }
  };
}
