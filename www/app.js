// The demo page: completeness as you type, and the LLM metrics through the built-in
// OpenAI-compatible model configured on the page.

import { CompletenessMetric, HallucinationMetric, CoverageMetric, openaiCompatible } from 'evals-wasm';

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

function showResult(target, score, reason, items) {
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
  target.replaceChildren(head, why, list);
}

async function run(button, target, measure) {
  button.disabled = true;
  const busy = document.createElement('p');
  busy.textContent = 'Asking the model…';
  target.replaceChildren(busy);
  try {
    await measure();
  } catch (error) {
    showError(target, error);
  } finally {
    button.disabled = false;
  }
}

$('h-run').addEventListener('click', () =>
  run($('h-run'), $('h-result'), async () => {
    const context = $('h-context').value.split('\n').map((line) => line.trim()).filter(Boolean);
    const metric = new HallucinationMetric(configuredModel(), { context });
    const { score, info } = await metric.measure('', $('h-output').value);
    showResult($('h-result'), score, info.reason, (info.statements ?? []).map((s) => ({
      verdict: s.contradicted ? 'contradicted' : 'not contradicted',
      bad: s.contradicted,
      text: s.statement,
      reason: s.reason,
    })));
  }));

$('v-run').addEventListener('click', () =>
  run($('v-run'), $('v-result'), async () => {
    const metric = new CoverageMetric(configuredModel(), { verbose: true });
    const { score, info } = await metric.measure($('v-source').value, $('v-summary').value);
    showResult($('v-result'), score, info.reason, info.claimsAnalysis.map((c) => ({
      verdict: c.isCovered ? 'covered' : 'missing',
      bad: !c.isCovered,
      text: c.claim,
      reason: c.reason,
    })));
  }));

loadSettings();
[$('c-input').value, $('c-output').value] = PRESETS.fox;
updateCompleteness();
