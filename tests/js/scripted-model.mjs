// A scripted judge for JS tests: a callback model that answers by what the request asks for
// (read from the data blocks of the user message) and records every call.

/** Which step a request belongs to, from its data blocks. */
export function stepOf(user) {
  if (user.includes('<verdicts>')) return 'reason';
  if (user.includes('<opinions>')) return 'opinionVerdicts';
  if (user.includes('<sentences>')) return 'sentenceVerdicts';
  if (user.includes('<claims>')) return 'claimVerdicts';
  if (user.includes('<statements>')) return 'verdicts';
  if (user.includes('<context>')) return 'statements';
  return 'claims';
}

/**
 * A callback model. `answers` maps a step to a string, or to a function
 * `(user, callIndex) => string | Promise<string>` for answers that depend on the request.
 */
export function scriptedModel(answers, { delayMs = 0 } = {}) {
  const calls = [];
  const model = async (prompt, options) => {
    const step = stepOf(options.user);
    calls.push({ step, prompt, ...options });
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const answer = answers[step];
    if (answer === undefined) throw new Error(`the script has no answer for step ${step}`);
    return typeof answer === 'function' ? answer(options.user, calls.length - 1) : answer;
  };
  model.calls = calls;
  return model;
}

export const TESLA = {
  context: ['Tesla was founded in 2003 by Martin Eberhard and Marc Tarpenning in San Carlos, California.'],
  input: "Tell me about Tesla's founding.",
  output: 'Tesla was founded in 2004 by Elon Musk in California.',
  answers: {
    statements: JSON.stringify({ statements: ['Tesla was founded in 2003.', 'Tesla was founded by Martin Eberhard and Marc Tarpenning.', 'Tesla was founded in San Carlos, California.'] }),
    verdicts: '```json\n{"verdicts": [{"id": "S1", "verdict": "yes", "reason": "2004 instead of 2003."}, {"id": "S2", "verdict": "Yes", "reason": "Elon Musk instead of the founders."}, {"id": "S3", "verdict": "NO", "reason": "California agrees."},]}\n```',
    reason: '{"because": "the output contradicts the founding year and the founders, while the place agrees."}',
  },
};
