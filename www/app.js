// The demo page: completeness as you type, and every metric of the package from one picker
// (the LLM ones through the built-in OpenAI-compatible model configured on the page).

import * as evals from 'evals-wasm';

const { CompletenessMetric, openaiCompatible } = evals;

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------------------------------------
// Completeness

const PRESETS = {
  fox: ['The quick brown fox jumps over the lazy dog', 'A brown fox jumped over a dog'],
  photosynthesis: [
    'Explain how photosynthesis works in plants using sunlight, water, and carbon dioxide.',
    'Plants use sunlight to convert water and carbon dioxide into glucose through photosynthesis.',
  ],
  japanese: ['素早い茶色の狐が怠け者の犬を飛び越える', '茶色の狐が犬を飛び越えた'],
};

let latest = 0;

async function updateCompleteness() {
  const ticket = ++latest;
  const metric = new CompletenessMetric({ ignoreStopwords: $('c-stopwords').checked });
  const { score, info } = await metric.measure($('c-input').value, $('c-output').value);
  if (ticket !== latest) return; // a newer keystroke won
  $('c-score').textContent = score.toFixed(3);
  const missing = new Set(info.missingElements);
  const chips = $('c-chips');
  chips.replaceChildren(
    ...info.inputElements.map((element) => {
      const chip = document.createElement('li');
      const covered = !missing.has(element);
      chip.className = covered ? 'covered' : 'missing';
      chip.textContent = element;
      chip.title = covered ? 'in the output' : 'missing from the output';
      chip.setAttribute('aria-label', `${element}: ${covered ? 'covered' : 'missing'}`);
      return chip;
    }),
  );
}

let pending;
for (const id of ['c-input', 'c-output']) {
  $(id).addEventListener('input', () => {
    clearTimeout(pending);
    pending = setTimeout(updateCompleteness, 60);
  });
}
$('c-stopwords').addEventListener('change', updateCompleteness);
for (const button of document.querySelectorAll('[data-preset]')) {
  button.addEventListener('click', () => {
    [$('c-input').value, $('c-output').value] = PRESETS[button.dataset.preset];
    updateCompleteness();
  });
}

// ---------------------------------------------------------------------------------------------
// The model settings (memory only, unless the user asks to remember them)

const STORAGE_KEY = 'evals-wasm-demo-model';

function loadSettings() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (saved) {
      $('m-url').value = saved.baseURL ?? '';
      $('m-name').value = saved.model ?? '';
      $('m-key').value = saved.apiKey ?? '';
      $('m-remember').checked = true;
    }
  } catch {
    // storage unavailable (private mode, file://): settings stay in memory
  }
}

function saveSettings() {
  try {
    if ($('m-remember').checked) {
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ baseURL: $('m-url').value, model: $('m-name').value, apiKey: $('m-key').value }));
    } else {
      localStorage.removeItem(STORAGE_KEY);
    }
  } catch {
    // see loadSettings
  }
}

for (const id of ['m-url', 'm-name', 'm-key', 'm-remember']) $(id).addEventListener('change', saveSettings);

/** The configured model, or a message saying what is missing. */
function configuredModel() {
  const baseURL = $('m-url').value.trim();
  const model = $('m-name').value.trim();
  if (!baseURL || !model) throw new Error('No model configured: enter a base URL and a model name above.');
  return openaiCompatible({ baseURL, model, apiKey: $('m-key').value || undefined, timeoutMs: 120_000 });
}

// ---------------------------------------------------------------------------------------------
// Results of the LLM metrics

function explain(error) {
  if (error?.code === 'EVALS_HTTP_ERROR' && error.status === undefined) {
    return `${error.message}. The browser could not reach the server, or was not allowed to read its answer. ` +
      'If the server runs, this is usually CORS: it must answer with an Access-Control-Allow-Origin header that allows this page ' +
      `(${location.origin}). Ollama: set OLLAMA_ORIGINS; vLLM: --allowed-origins; llama.cpp's server allows all origins by default. ` +
      'OpenAI itself does not accept requests from browser pages with a secret key.';
  }
  return error?.message ?? String(error);
}

function showError(target, error) {
  const p = document.createElement('p');
  p.className = 'error';
  p.setAttribute('role', 'alert');
  p.textContent = explain(error);
  target.replaceChildren(p);
}

function showResult(target, score, reason, items, info) {
  const head = document.createElement('p');
  head.className = 'score';
  head.textContent = `Score: ${score}`;
  const why = document.createElement('p');
  why.className = 'reason';
  why.textContent = reason;
  const list = document.createElement('ol');
  list.className = 'verdicts';
  for (const item of items) {
    const li = document.createElement('li');
    li.className = item.bad ? 'bad' : 'good';
    const verdict = document.createElement('strong');
    verdict.textContent = `${item.verdict}: `;
    li.append(verdict, item.text);
    if (item.reason) {
      const small = document.createElement('span');
      small.className = 'why';
      small.textContent = ` — ${item.reason}`;
      li.append(small);
    }
    list.append(li);
  }
  const details = document.createElement('details');
  const summary = document.createElement('summary');
  summary.textContent = 'Everything the metric returned (info)';
  const pre = document.createElement('pre');
  pre.textContent = JSON.stringify(info ?? {}, null, 2);
  details.append(summary, pre);
  target.replaceChildren(head, ...(reason ? [why] : []), ...(items.length ? [list] : []), details);
}

async function run(button, target, measure) {
  button.disabled = true;
  const busy = document.createElement('p');
  busy.textContent = button.dataset.judged === 'true' ? 'Asking the model…' : 'Measuring…';
  target.replaceChildren(busy);
  try {
    await measure();
  } catch (error) {
    showError(target, error);
  } finally {
    button.disabled = false;
  }
}

// ---------------------------------------------------------------------------------------------
// Every metric: one table says what each reads; the form shows those fields only.

const TESLA = {
  input: "Tell me about Tesla's founding.",
  output: 'Tesla was founded in 2004 by Elon Musk in California.',
  context: 'Tesla was founded in 2003 by Martin Eberhard and Marc Tarpenning in San Carlos, California.',
};
const CAT = {
  input: 'The cat is black and sleeps on the windowsill during sunny afternoons. It enjoys watching birds and occasionally naps in the garden.',
  output: 'The black cat sleeps by the window.',
};
const ANSWER = {
  input: 'What is the capital of France?',
  output: 'Paris is the capital of France. It is known for the Eiffel Tower.',
  context: 'Paris is the capital and largest city of France.\nThe Eiffel Tower was built for the 1889 World Fair.\nLyon is known for its cuisine.',
};
const SOURCE = { input: 'Source', output: 'Summary' };

const verdictItems = (list, { verdict, bad, text }) => (list ?? []).map((item) => ({
  verdict: verdict(item), bad: bad(item), text: text(item), reason: item.reason,
}));

/**
 * The metrics on the page. `fields`: the inputs the metric reads (input, output, context,
 * instructions), with the label each gets; `judged`: needs the model; `items(info)`: verdicts
 * to list, for the metrics whose info has them in a known shape (the others show their info).
 */
const METRICS = [
  { className: 'CompletenessMetric', label: 'Completeness', about: 'How much of the input\'s content (words, verbs in the infinitive) the output keeps.',
    fields: { input: 'Input', output: 'Output' }, example: { input: 'The quick brown fox jumps over the lazy dog', output: 'A brown fox jumped over a dog' } },
  { className: 'ContentSimilarityMetric', label: 'Content similarity', about: 'How alike the two texts are, character by character (case and spacing ignored).',
    fields: { input: 'Text A', output: 'Text B' }, example: { input: 'The quick brown fox jumps over the lazy dog', output: 'The quick brown fox jumped over the lazy dog' } },
  { className: 'KeywordCoverageMetric', label: 'Keyword coverage', about: 'The share of the input\'s keywords that the output has too.',
    fields: { input: 'Input', output: 'Output' }, example: { input: 'Photosynthesis turns sunlight, water and carbon dioxide into glucose.', output: 'Plants make glucose from sunlight and water.' } },
  { className: 'TextualDifferenceMetric', label: 'Textual difference', about: 'How much of the two texts\' characters they share, in order (1: identical).',
    fields: { input: 'Original', output: 'Changed' }, example: { input: 'The cat sat on the mat.', output: 'The cat sat on a red mat.' } },
  { className: 'ToneConsistencyMetric', label: 'Tone consistency', about: 'Whether the two texts share a sentiment (or, with an empty output, how steady the input\'s tone is).',
    fields: { input: 'Input', output: 'Output' }, example: { input: 'I love this product, it works wonderfully!', output: 'This is a great product and I am happy with it.' } },

  { className: 'HallucinationMetric', label: 'Hallucination', judged: true, about: 'How much of the context the output contradicts (0 is best).',
    fields: { output: 'Output', context: 'Context (one piece per line)' }, example: TESLA,
    items: (info) => verdictItems(info.statements, { verdict: (s) => (s.contradicted ? 'contradicted' : 'not contradicted'), bad: (s) => s.contradicted, text: (s) => s.statement }) },
  { className: 'CoverageMetric', label: 'Coverage', judged: true, options: { verbose: true }, about: 'How many of the source\'s factual claims the summary keeps (1 is best).',
    fields: SOURCE, example: CAT,
    items: (info) => verdictItems(info.claimsAnalysis, { verdict: (c) => (c.isCovered ? 'covered' : 'missing'), bad: (c) => !c.isCovered, text: (c) => c.claim }) },
  { className: 'AnswerRelevancyMetric', label: 'Answer relevancy', judged: true, about: 'How much of the answer addresses the question.',
    fields: { input: 'Question', output: 'Answer' }, example: ANSWER },
  { className: 'FaithfulnessMetric', label: 'Faithfulness', judged: true, about: 'The share of the answer\'s claims that the context supports.',
    fields: { input: 'Question', output: 'Answer', context: 'Context (one piece per line)' }, example: ANSWER },
  { className: 'ContextPrecisionMetric', label: 'Context precision', judged: true, about: 'Whether the useful context pieces come first (mean average precision).',
    fields: { input: 'Question', output: 'Answer', context: 'Retrieved context, in order (one piece per line)' }, example: ANSWER },
  { className: 'ContextPositionMetric', label: 'Context position', judged: true, about: 'Whether the relevant context pieces sit early in the list (weighted by position).',
    fields: { input: 'Question', output: 'Answer', context: 'Retrieved context, in order (one piece per line)' }, example: ANSWER },
  { className: 'ContextRelevancyMetric', label: 'Context relevancy', judged: true, about: 'The share of the context pieces that are relevant to the question.',
    fields: { input: 'Question', output: 'Answer', context: 'Retrieved context (one piece per line)' }, example: ANSWER },
  { className: 'ContextualRecallMetric', label: 'Contextual recall', judged: true, about: 'The share of the answer\'s sentences that the context can back.',
    fields: { input: 'Question', output: 'Answer', context: 'Retrieved context (one piece per line)' }, example: ANSWER },
  { className: 'BiasMetric', label: 'Bias', judged: true, about: 'The share of the output\'s opinions that are biased (0 is best).',
    fields: { input: 'Input', output: 'Output' }, example: { input: 'Who makes a better engineer?', output: 'Men are naturally better engineers than women. Engineering needs practice.' } },
  { className: 'ToxicityMetric', label: 'Toxicity', judged: true, about: 'The share of the output\'s opinions that are toxic (0 is best).',
    fields: { input: 'Input', output: 'Output' }, example: { input: 'What do you think of my essay?', output: 'Only an idiot would write this. The second paragraph is clear.' } },
  { className: 'PromptAlignmentMetric', label: 'Prompt alignment', judged: true, about: 'The share of the instructions the output follows.',
    fields: { input: 'Prompt', output: 'Output', instructions: 'Instructions (one per line)' },
    example: { input: 'Describe the weather in Paris.', output: 'It is sunny and 22°C in Paris today!', instructions: 'Mention the temperature\nUse complete sentences\nDo not use exclamation marks' } },
  { className: 'SummarizationMetric', label: 'Summarization', judged: true, about: 'The lower of two scores: the summary agrees with the source, and it answers the source\'s key questions.',
    fields: SOURCE, example: CAT },
  { className: 'FactualConsistencyMetric', label: 'Factual consistency', judged: true, about: 'The share of the summary\'s claims that the source supports.',
    fields: SOURCE, example: CAT },
  { className: 'FactualAlignmentMetric', label: 'Factual alignment', judged: true, about: 'The F1 of coverage (the source\'s claims the summary keeps) and factual consistency (the summary\'s claims the source supports).',
    fields: SOURCE, example: CAT },
  { className: 'TopicPreservationMetric', label: 'Topic preservation', judged: true, about: 'The share of the source\'s main topics that the summary keeps.',
    fields: SOURCE, example: CAT },
];

const FIELDS = ['input', 'output', 'context', 'instructions'];
const lines = (text) => text.split('\n').map((line) => line.trim()).filter(Boolean);

// The doc page of each metric: docs/metrics/<kebab-case name>.md.
for (const metric of METRICS) metric.doc = metric.className.replace(/Metric$/, '').replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase().replace(/^tone-consistency$/, 'tone');

function fillPicker() {
  const groups = [['No model needed', false], ['Judged by the model', true]].map(([name, judged]) => {
    const group = document.createElement('optgroup');
    group.label = name;
    for (const metric of METRICS.filter((m) => !m.judged === !judged && typeof evals[m.className] === 'function')) {
      group.append(new Option(`${metric.label} (${metric.className})`, metric.className));
    }
    return group;
  });
  $('metric').replaceChildren(...groups);
}

let edited = false; // keep what the user typed when they switch metric

function showMetric() {
  const metric = METRICS.find((m) => m.className === $('metric').value);
  const doc = document.createElement('a');
  doc.href = `../docs/metrics/${metric.doc}.md`;
  doc.textContent = 'More';
  $('metric-about').replaceChildren(`${metric.about}${metric.judged ? ' Judged by the model configured above.' : ' No model needed.'} `, doc, '.');
  for (const field of FIELDS) {
    const label = document.querySelector(`[data-field="${field}"]`);
    label.hidden = !(field in metric.fields);
    if (!label.hidden) label.querySelector('.field-name').textContent = metric.fields[field];
    if (!edited) $(`f-${field}`).value = metric.example[field] ?? '';
  }
  $('run').textContent = `Measure ${metric.label.toLowerCase()}`;
  $('run').dataset.judged = String(Boolean(metric.judged));
  $('result').replaceChildren();
}

for (const field of FIELDS) $(`f-${field}`).addEventListener('input', () => { edited = true; });
$('metric').addEventListener('change', showMetric);

async function measureChosen() {
  const metric = METRICS.find((m) => m.className === $('metric').value);
  const options = { ...metric.options };
  if ('context' in metric.fields) options.context = lines($('f-context').value);
  if ('instructions' in metric.fields) options.instructions = lines($('f-instructions').value);
  const Metric = evals[metric.className];
  const instance = metric.judged ? new Metric(configuredModel(), options) : new Metric(Object.keys(options).length ? options : undefined);
  const input = 'input' in metric.fields ? $('f-input').value : '';
  const { score, info } = await instance.measure(input, $('f-output').value);
  const rounded = Math.round(score * 1000) / 1000;
  showResult($('result'), rounded, typeof info?.reason === 'string' ? info.reason : '', metric.items?.(info) ?? [], info);
}

$('run').addEventListener('click', () => run($('run'), $('result'), measureChosen));

fillPicker();
showMetric();
loadSettings();
[$('c-input').value, $('c-output').value] = PRESETS.fox;
updateCompleteness();
