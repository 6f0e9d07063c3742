// The quick pass/fail checks of Mastra 1.x (`@mastra/evals/checks`): text checks on the
// assistant's answer and tool checks on the calls it made, each a real Mastra scorer (a
// preprocess step that finds the facts, a score of 1 or 0). String similarity and tool order
// run in the Rust core (wasm-code.js).

import { coded } from '../engine/errors.js';
import { extractToolCalls, getTextContentFromMastraDBMessage, mergeToolInvocations } from './messages.js';
import { followsOrder, stringSimilarity } from './wasm-code.js';

/** The texts of the assistant messages of `output` (one per message), joined by `separator`. */
const answer = (output, separator) =>
  output
    .filter((message) => message.role === 'assistant')
    .map(getTextContentFromMastraDBMessage)
    .join(separator);

const folded = (text, ignoreCase) => (ignoreCase ? text.toLowerCase() : text);

/** The checks over `createScorer` (from @mastra/core/evals, or /scores of 0.x). */
export function checkFactories(createScorer) {
  const check = (id, name, description, facts, passed) =>
    createScorer({ id, name, description, type: 'agent' })
      .preprocess(async ({ run }) => {
        if (!Array.isArray(run.output)) throw coded(new TypeError(`${id} reads run.output as an array of messages, got ${run.output === null ? 'null' : typeof run.output}`), 'EVALS_INVALID_RUN');
        return facts(run.output);
      })
      .generateScore(({ results }) => passed(results.preprocessStepResult));
  const passedFlag = (key) => (facts) => (facts[key] ? 1 : 0);

  function includes(expected, options = {}) {
    const { ignoreCase = true } = options;
    return check('check-includes', 'Includes Check', `Passes when the assistant's answer contains "${expected}"`, (output) => {
      const [text, target] = [folded(answer(output, ' '), ignoreCase), folded(expected, ignoreCase)];
      return { output: text, target, found: text.includes(target) };
    }, passedFlag('found'));
  }

  function excludes(unwanted, options = {}) {
    const { ignoreCase = true } = options;
    return check('check-excludes', 'Excludes Check', `Passes when the assistant's answer does not contain "${unwanted}"`, (output) => {
      const [text, target] = [folded(answer(output, ' '), ignoreCase), folded(unwanted, ignoreCase)];
      return { output: text, target, excluded: !text.includes(target) };
    }, passedFlag('excluded'));
  }

  function equals(expected, options = {}) {
    const { ignoreCase = true } = options;
    return check('check-equals', 'Equals Check', `Passes when the assistant's answer is exactly "${expected}"`, (output) => {
      const [text, target] = [folded(answer(output, ''), ignoreCase), folded(expected, ignoreCase)];
      return { output: text, target, isEqual: text === target };
    }, passedFlag('isEqual'));
  }

  function matches(pattern, options = {}) {
    const { exact = false } = options;
    // As the original: `exact` anchors the source as written, and without it the caller's
    // RegExp itself is tested (a `g` or `y` flag keeps its lastIndex between runs).
    const tested = exact ? new RegExp(`^${pattern.source}$`, pattern.flags) : pattern;
    return check('check-matches', 'Matches Check', `Passes when the assistant's answer matches ${pattern}`, (output) => {
      const text = answer(output, '');
      return { output: text, pattern: pattern.toString(), matched: tested.test(text) };
    }, passedFlag('matched'));
  }

  function similarity(expected, options = {}) {
    const { threshold, ignoreCase = true } = options;
    return check('check-similarity', 'Similarity Check', `How alike the assistant's answer and "${expected}" are (Dice coefficient of character pairs)`, (output) => {
      const [text, target] = [folded(answer(output, ' '), ignoreCase), folded(expected, ignoreCase)];
      return { output: text, target, score: stringSimilarity(text, target), threshold };
    }, (facts) => (facts.threshold !== undefined ? (facts.score >= facts.threshold ? 1 : 0) : facts.score));
  }

  const toolsOf = (output) => extractToolCalls(output).tools;

  function calledTool(toolName, options = {}) {
    const { times = 1 } = options;
    return check('check-called-tool', 'Called Tool Check', `Passes when the agent called "${toolName}"${times > 1 ? ` ${times} times or more` : ''}`, (output) => {
      const actualCount = toolsOf(output).filter((tool) => tool === toolName).length;
      return { toolName, expectedTimes: times, actualCount, passed: actualCount >= times };
    }, passedFlag('passed'));
  }

  function didNotCall(toolName) {
    return check('check-did-not-call', 'Did Not Call Check', `Passes when the agent never called "${toolName}"`, (output) => {
      const count = toolsOf(output).filter((tool) => tool === toolName).length;
      return { toolName, count, passed: count === 0 };
    }, passedFlag('passed'));
  }

  function toolOrder(expectedOrder) {
    return check('check-tool-order', 'Tool Order Check', `Passes when the agent called ${expectedOrder.join(' → ')} in this order`, (output) => {
      const actualTools = toolsOf(output);
      return { actualTools, expectedOrder, passed: followsOrder(actualTools, expectedOrder) };
    }, passedFlag('passed'));
  }

  function maxToolCalls(max) {
    return check('check-max-tool-calls', 'Max Tool Calls Check', `Passes when the agent made ${max} tool calls or fewer`, (output) => {
      const count = toolsOf(output).length;
      return { count, max, passed: count <= max };
    }, passedFlag('passed'));
  }

  function usedNoTools() {
    return check('check-used-no-tools', 'Used No Tools Check', 'Passes when the agent called no tool', (output) => {
      const count = toolsOf(output).length;
      return { count, passed: count === 0 };
    }, passedFlag('passed'));
  }

  function noToolErrors() {
    return check('check-no-tool-errors', 'No Tool Errors Check', 'Passes when no tool call failed or was left pending', (output) => {
      // As the original: every invocation counts, and one still pending (`call`) is an error.
      const invocations = output.flatMap((message) => mergeToolInvocations(message)).filter(Boolean);
      const failed = (call) => call.state === 'call' || call.state === 'output-error' || call.isError === true || Boolean(call.result?.error);
      const errorCount = invocations.filter(failed).length;
      return { errorCount, totalCalls: invocations.length, passed: errorCount === 0 };
    }, passedFlag('passed'));
  }

  const checks = { includes, excludes, equals, matches, similarity, calledTool, didNotCall, toolOrder, maxToolCalls, usedNoTools, noToolErrors };
  return { ...checks, checks };
}
