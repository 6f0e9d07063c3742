// The LLM agent judges with the types of @mastra/evals 1.x: rubric criteria, a multi-turn
// criterion, the tools an agent had and an expected trajectory. Type-checked only (no model).
import type { ExpectedStep, Trajectory } from '@mastra/core/evals';
import { createTool } from '@mastra/core/tools';
import {
  createMultiTurnJudgeScorer,
  createRubricScorer,
  createToolCallAccuracyScorerLLM,
  createTrajectoryAccuracyScorerLLM,
  type MultiTurnJudgeScorerOptions,
  type RubricCriterion,
  type RubricInput,
  type RubricScorerOptions,
  type ToolCallAccuracyOptions,
  type TrajectoryAccuracyLLMOptions,
} from '@mastra/evals/scorers/prebuilt';
import { answered, trajectory } from './runs.mjs';

const model = 'openai/gpt-4o-mini';
const criteria: RubricCriterion[] = [{ id: 'weather', description: 'Gives the weather in Paris.' }, { description: 'Mentions the news.', required: false }];
const checklist: RubricInput = '- Gives the weather\n- Mentions the news';
const rubricOptions: RubricScorerOptions = { scale: 1 };
const turnOptions: MultiTurnJudgeScorerOptions = { scale: 1 };
const weather = createTool({ id: 'weather', description: 'Current weather of a city.', execute: async () => ({ temperature: 22 }) });
const toolOptions: ToolCallAccuracyOptions = { model, availableTools: [weather] };
const expected: ExpectedStep[] = [{ name: 'weather', stepType: 'tool_call' }, { name: 'news' }];
const expectedRun: Trajectory = { steps: [{ stepType: 'tool_call', name: 'weather', toolArgs: { city: 'Paris' } }] };
const trajectoryOptions: TrajectoryAccuracyLLMOptions = { model, expectedTrajectory: expected };

export const judges = {
  rubric: createRubricScorer({ model, criteria, options: rubricOptions }),
  checklist: createRubricScorer({ model, criteria: checklist }),
  multiTurn: createMultiTurnJudgeScorer({ model, criterion: 'Answers every question asked.', options: turnOptions }),
  tools: createToolCallAccuracyScorerLLM(toolOptions),
  steps: createTrajectoryAccuracyScorerLLM(trajectoryOptions),
  againstRun: createTrajectoryAccuracyScorerLLM({ model, expectedTrajectory: expectedRun }),
};

/** What the results hold, as typed (never called here: it would need a model). */
export async function grade(): Promise<string[]> {
  const rubric = await judges.rubric.run({ input: answered.input, output: answered.output });
  const required: boolean[] = (rubric.analyzeStepResult?.criteria ?? []).map((c) => c.required && c.satisfied);
  const turns = await judges.multiTurn.run({ input: answered.input, output: answered.output });
  const satisfied: boolean = turns.analyzeStepResult?.satisfied ?? false;
  const tools = await judges.tools.run({ input: answered.input, output: answered.output });
  const called: string[] = tools.preprocessStepResult?.actualTools ?? [];
  const steps = await judges.steps.run({ input: trajectory.input, output: trajectory.output });
  const needed = (steps.analyzeStepResult?.stepEvaluations ?? []).filter((e) => e.wasNecessary).map((e) => e.stepName);
  return [String(required), String(satisfied), ...called, ...needed, String(steps.preprocessStepResult?.hasSteps)];
}
