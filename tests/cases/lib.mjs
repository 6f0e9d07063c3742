// Made-up texts shared by the case tables (tests/cases/*.mjs), and small builders.
// The facts are invented, so no judge could know them: every verdict comes from the table.

export const FACTS = [
  'The Vexo river is 40 km long.',
  'Lake Pirran freezes every January.',
  'The town of Odsley has two bakeries.',
  'Mount Carrow was first climbed in 1911.',
  'The Hallin bridge is made of red stone.',
  'Odsley hosts a kite festival in May.',
  'The Pirran ferry carries twelve cars.',
  'Carrow Valley grows mostly barley.',
  'The Vexo delta is home to grey herons.',
  'Odsley library opened in 1958.',
  'The Hallin tunnel is closed on Sundays.',
  'Lake Pirran is 80 metres deep.',
  'The Carrow railway has six stations.',
  'Vexo Park covers nine hectares.',
];

export const QUESTIONS = [
  'Is the Vexo river 40 km long?',
  'Does Lake Pirran freeze in January?',
  'Does Odsley have two bakeries?',
  'Was Mount Carrow first climbed in 1911?',
  'Is the Hallin bridge made of red stone?',
  'Does Odsley host a kite festival?',
  'Does the Pirran ferry carry twelve cars?',
  'Does Carrow Valley grow barley?',
  'Do grey herons live in the Vexo delta?',
  'Did Odsley library open in 1958?',
  'Is the Hallin tunnel closed on Sundays?',
  'Is Lake Pirran 80 metres deep?',
  'Does the Carrow railway have six stations?',
];

/** `{ text: word }` for texts[i] and words[i % words.length]. */
export const verdictsFor = (texts, words) => Object.fromEntries(texts.map((t, i) => [t, words[i % words.length]]));

/** The words of a verdict table, in the order of `texts`. */
export const wordsOf = (c, texts) => texts.map((t) => c.verdicts[t]);

export const joined = (texts) => texts.join(' ');
