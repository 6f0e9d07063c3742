// Scores every code scorer and check on the runs and prints them as JSON, one line.
import { checks, calledTool, similarity, type SimilarityOptions } from '@mastra/evals/checks';
import {
  createContentSimilarityScorer,
  createTextualDifferenceScorer,
  createToolCallAccuracyScorerCode,
  createTrajectoryAccuracyScorerCode,
  createTrajectoryScorerCode,
  type TrajectoryScorerCodeOptions,
} from '@mastra/evals/scorers/prebuilt';
import { compareTrajectories, extractToolCalls, getAssistantMessageFromRunOutput, type ToolCallInfo } from '@mastra/evals/scorers/utils';
import { answered, failed, trajectory } from './runs.mjs';

const loose: SimilarityOptions = { threshold: 0.3 };
const trajectoryOptions: TrajectoryScorerCodeOptions = { defaults: { noRedundantCalls: true }, weights: { accuracy: 0.5 } };

const agentScorers = {
  includes: checks.includes('sunny'),
  excludes: checks.excludes('error'),
  similarity: similarity('It is sunny in Paris', loose),
  calledWeather: calledTool('weather'),
  order: checks.toolOrder(['weather', 'news']),
  noErrors: checks.noToolErrors(),
  accuracy: createToolCallAccuracyScorerCode({ expectedToolOrder: ['weather', 'news'] }),
  contentSimilarity: createContentSimilarityScorer(),
  textualDifference: createTextualDifferenceScorer(),
};

const scores: Record<string, number | undefined> = {};
for (const [name, scorer] of Object.entries(agentScorers)) {
  for (const [runName, run] of Object.entries({ answered, failed })) {
    const result = await scorer.run(run);
    scores[`${name}/${runName}`] = result.score;
  }
}
const trajectoryResult = await createTrajectoryScorerCode(trajectoryOptions).run(trajectory);
scores['trajectory'] = trajectoryResult.score;
const accuracyResult = await createTrajectoryAccuracyScorerCode({ expectedTrajectory: [{ name: 'weather' }, { name: 'news' }] }).run(trajectory);
scores['trajectoryAccuracy'] = accuracyResult.score;
scores['compared'] = compareTrajectories(trajectory.output, { steps: [{ name: 'news' }] }, { ordering: 'strict' }).score;

const infos: ToolCallInfo[] = extractToolCalls(answered.output).toolCallInfos;
const answer: string | undefined = getAssistantMessageFromRunOutput(answered.output);
console.log(JSON.stringify({ scores, tools: infos.map((info) => info.toolName), answer, reason: trajectoryResult.reason }));
