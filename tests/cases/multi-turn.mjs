// 1.10.2 createMultiTurnJudgeScorer: one whole-conversation answer, satisfied or not.
const conversation = (turns) => turns.map((text, i) => ({ id: `m${i}`, role: i % 2 ? 'assistant' : 'user', content: text, createdAt: new Date(0) }));
const make = (name, satisfied, turns, extra = {}) => ({ name, criterion: 'The assistant gives the length of the Vexo river.', input: 'How long is the Vexo river?', conversation: conversation(turns), answers: { satisfied }, ...extra });

export const cases = [
  make('satisfied', true, ['How long is the Vexo river?', 'It is 40 km long.']),
  make('not satisfied', false, ['How long is the Vexo river?', 'It is a river in Carrow Valley.']),
  make('spread over turns', true, ['Tell me about the Vexo.', 'It is a river.', 'How long?', 'About 40 km.']),
  make('no assistant turns', false, ['How long is the Vexo river?']),
  make('long conversation', true, Array.from({ length: 14 }, (_, i) => (i % 2 ? `Answer ${i}.` : `Question ${i}?`))),
];
