// The LLM family in the runtime under test: hallucination of the Tesla example, judged by the
// scripted callback model of the JS tests (no network).
import { HallucinationMetric } from 'evals-wasm/llm';
import { stepOf, TESLA } from './scripted-model.mjs';

export async function scoreLlm() {
  const judge = async (prompt, { user }) => TESLA.answers[stepOf(user)];
  const result = await new HallucinationMetric(judge, { context: TESLA.context }).measure(TESLA.input, TESLA.output);
  return { score: result.score, contradicted: result.info.statements.map((s) => s.contradicted) };
}
