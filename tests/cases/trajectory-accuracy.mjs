// 1.10.2 createTrajectoryAccuracyScorerLLM: per step of the trajectory, whether it was
// necessary and in order (`verdict` repeats wasNecessary for judges whose answer has a verdict
// field); missing and extra steps.
const STEPS = ['searchRiver', 'readMap', 'measureLength', 'checkDelta', 'countHerons', 'askLocal', 'bookFerry', 'findBakery', 'visitLibrary', 'crossBridge', 'takeTrain', 'climbMountain', 'writeReport'];
const input = 'Find out how long the Vexo river is.';
const make = (name, steps, flags, { missingSteps = [], extraSteps = [], expected } = {}) => ({
  name,
  input,
  output: 'The Vexo river is 40 km long.',
  steps,
  expectedSteps: expected,
  verdicts: Object.fromEntries(steps.map((s, i) => {
    const [wasNecessary, wasInOrder] = flags[i % flags.length];
    return [s, { wasNecessary, wasInOrder, verdict: wasNecessary ? 'yes' : 'no' }];
  })),
  answers: { missingSteps, extraSteps },
});

export const cases = [
  make('all necessary and in order', STEPS.slice(0, 3), [[true, true]]),
  make('none necessary', STEPS.slice(3, 6), [[false, false]]),
  make('mixed with a missing step', STEPS.slice(0, 4), [[true, true], [false, true], [true, false]], { missingSteps: ['verifySource'] }),
  make('against an expected trajectory', STEPS.slice(0, 3), [[true, true], [true, false]], { expected: STEPS.slice(0, 2) }),
  make('no steps, nothing missing', [], [[true, true]]),
  make('no steps, extra only', [], [[true, true]], { extraSteps: ['wander'] }),
  make('no steps, missing', [], [[true, true]], { missingSteps: ['searchRiver'] }),
  make('long list', STEPS, [[true, true], [true, false], [false, true]], { missingSteps: ['verifySource', 'cite'] }),
];
