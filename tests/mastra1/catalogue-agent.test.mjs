// The agent scorers of evals-wasm/scorers (rubric, multi-turn judge, tool-call accuracy and
// trajectory accuracy) side by side with @mastra/evals 1.10.2: one verdict-table model per case
// drives both (docs/parity-harness.md); same score on every case, no more model calls. Then the
// message shapes tool calls and trajectories come in, misbehaving models, options and types.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ScorerRunError, MastraScorer } from '@mastra/core/evals';
import {
  createRubricScorer,
  createMultiTurnJudgeScorer,
  createToolCallAccuracyScorerLLM,
  createTrajectoryAccuracyScorerLLM,
  EvalsError,
} from 'evals-wasm/scorers';
import * as prebuilt from 'evals-wasm/scorers/prebuilt';
import { ORIGINALS, runOriginal } from './original-catalogue.mjs';
import { verdictTableModelV3 } from './verdict-table-model.mjs';
import { TOOLS } from '../cases/tool-call-accuracy.mjs';

const OURS = {
  createRubricScorer: (model, c) => createRubricScorer({ model, criteria: c.criteria }),
  createMultiTurnJudgeScorer: (model, c) => createMultiTurnJudgeScorer({ model, criterion: c.criterion }),
  createToolCallAccuracyScorerLLM: (model) => createToolCallAccuracyScorerLLM({ model, availableTools: TOOLS }),
  createTrajectoryAccuracyScorerLLM: (model, c) =>
    createTrajectoryAccuracyScorerLLM({ model, ...(c.expectedSteps ? { expectedTrajectory: { steps: c.expectedSteps.map((name) => ({ stepType: 'tool_call', name })) } } : {}) }),
};

export const FIGURES = {};

for (const [name, build] of Object.entries(OURS)) {
  test(`${name}: the same score as 1.10.2 on every case, never more model calls`, async () => {
    const entry = ORIGINALS[name];
    const rows = [];
    for (const c of entry.cases) {
      const theirs = await runOriginal(name, c);
      const model = verdictTableModelV3(c);
      const run = entry.run ? entry.run(c) : { input: c.input, output: c.output };
      const ours = await build(model, c).run(run);
      assert.equal(theirs.error, undefined, `${c.name}: the original failed: ${theirs.error?.stack}`);
      assert.equal(ours.score, theirs.score, `${c.name}: score (${JSON.stringify(model.judge.calls.map((k) => k.answer))})`);
      assert.ok(model.judge.calls.length <= theirs.calls, `${c.name}: ${model.judge.calls.length} calls > ${theirs.calls}`);
      for (const step of ['preprocessStepResult', 'analyzeStepResult']) {
        assert.deepEqual(Object.keys(ours[step] ?? {}).sort(), Object.keys(theirs.result[step] ?? {}).sort(), `${c.name}: ${step} keys`);
      }
      rows.push({ case: c.name, score: ours.score, ours: model.judge.calls.length, theirs: theirs.calls });
    }
    FIGURES[name] = rows;
    console.log(`# ${name}: ${rows.length} cases, calls ours/theirs ${rows.reduce((s, r) => s + r.ours, 0)}/${rows.reduce((s, r) => s + r.theirs, 0)}`);
  });
}
