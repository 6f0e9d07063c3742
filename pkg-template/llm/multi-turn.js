// createMultiTurnJudgeScorer: a whole conversation judged against one criterion, declared over
// the engine (src/metrics/llm/multi_turn.rs). Only 1.x has it (there is no 0.x class).

import { coded } from '../engine/errors.js';
import { checks, maxAnswerTokens } from './declared.js';
import { finiteScale, isRecord } from './agent-judging.js';
import { getTextContentFromMastraDBMessage } from '../code/messages.js';

const NAME = 'createMultiTurnJudgeScorer';

/**
 * The assistant's turns of a run's output, trimmed, blank ones left out: every assistant
 * message of an array of messages (stored messages, or AI SDK messages, which the original
 * reads as no turns at all), or a non-blank string as one turn.
 */
export function assistantTurns(output) {
  if (typeof output === 'string') return output.trim() ? [output.trim()] : [];
  if (!Array.isArray(output)) return [];
  return output
    .filter((m) => isRecord(m) && m.role === 'assistant')
    .map((m) => getTextContentFromMastraDBMessage(m).trim())
    .filter(Boolean);
}

export const MULTI_TURN = {
  metric: () => 'multi-turn',
  engine: (o) => ({ scale: 1, modelReason: false, maxAnswerTokens: o.maxAnswerTokens }),
  scorer: {
    factory: NAME,
    id: 'multi-turn-judge-scorer',
    name: 'Multi-turn Judge (LLM)',
    type: null,
    roundScore: false,
    description: () => 'Whether the assistant\'s turns of a conversation, read together, meet a criterion (1 or 0), judged by a model and scored by the evals-wasm engine.',
    config: { criterion: 'any' },
    readConfig: ({ criterion }) => {
      if (typeof criterion !== 'string' || criterion.trim() === '') throw coded(new TypeError(`${NAME}: "criterion" must be a non-empty string saying what the conversation must do`), criterion === undefined ? 'EVALS_MISSING_OPTION' : 'EVALS_INVALID_OPTION');
      return { criterion };
    },
    options: {
      scale: { type: 'number', default: 1, check: finiteScale },
      timeoutMs: { type: 'number', check: checks.timeoutMs },
      maxAnswerTokens,
    },
    steps: (o) => ({
      analyze: {
        prompt: ['Judge the whole conversation against the criterion', { satisfied: 'boolean', reasoning: 'text' }],
        inputs: async ({ run }) => ({ criterion: o.criterion, turn: assistantTurns(run.output) }),
        result: (r) => ({ satisfied: r.assessed.conversation?.satisfied === true, reasoning: r.assessed.conversation?.reasoning ?? '' }),
      },
      generateScore: ({ results }) => (results.analyzeStepResult?.satisfied ? 1 : 0) * o.scale,
      generateReason: ({ results }) => {
        const analysis = results.analyzeStepResult;
        const verdict = analysis?.satisfied ? 'The conversation meets the criterion.' : 'The conversation does not meet the criterion.';
        return `${verdict}\nCriterion: ${o.criterion}\n${analysis?.reasoning || '(the judge gave no reasoning)'}`;
      },
    }),
  },
};
