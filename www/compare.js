// The demo page's "compare" view: the user drops the files of two runs (results JSONL, and the
// run record beside it when they have it), or one comparison file; the page compares the runs
// with compareRuns from evals-wasm/compare and shows the report that renderReport writes, the
// same document as the command line's HTML file, in a sandboxed frame.

const $ = (id) => document.getElementById(id);
const status = $('cmp-status');
const frame = $('cmp-report');
const download = $('cmp-download');
const runs = { baseline: null, candidate: null };

function say(text, isError = false) {
  status.textContent = text;
  status.className = isError ? 'error' : 'hint';
}

/** A run from its files: the results lines (JSONL) and, when given, the run record (.run.json). */
async function readRun(files) {
  let results = null;
  let record = null;
  let label = null;
  for (const file of files) {
    const text = await file.text();
    if (file.name.endsWith('.json')) {
      record = parseJson(text, file.name);
      if (record?.tool !== 'evals-wasm') throw new Error(`${file.name} is not the run record of an evals-wasm run`);
      continue;
    }
    results = text
      .split('\n')
      .map((line, index) => [line.trim(), index + 1])
      .filter(([line]) => line !== '')
      .map(([line, number]) => parseJson(line, `${file.name}, line ${number}`));
    label = file.name;
  }
  if (!results) throw new Error(`no results file among ${files.map((f) => f.name).join(', ')}: drop the .jsonl the run wrote (and its .run.json if you have it)`);
  return { label, run: { record, results } };
}

function parseJson(text, where) {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${where} is not JSON: ${error.message}`);
  }
}

async function show(result) {
  const { renderReport } = await import('evals-wasm/compare/report');
  const html = renderReport(result);
  frame.srcdoc = html;
  frame.hidden = false;
  if (download.href) URL.revokeObjectURL(download.href);
  download.href = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
  download.hidden = false;
  const n = result.items.length;
  say(`${result.candidate?.label ?? 'candidate'} against ${result.baseline?.label ?? 'baseline'}: ${n} matched item${n === 1 ? '' : 's'}${result.comparable ? '' : ' (the runs are not comparable: see the report)'}.`);
}

async function compare() {
  if (!runs.baseline || !runs.candidate) {
    say(runs.baseline || runs.candidate ? `Now the ${runs.baseline ? 'candidate' : 'baseline'} run.` : 'No runs yet.');
    return;
  }
  let compareRuns;
  try {
    ({ compareRuns } = await import('evals-wasm/compare'));
  } catch {
    say('This build of evals-wasm has no evals-wasm/compare module yet, so the page cannot compare runs itself. Drop a comparison file (the JSON summary of evals-wasm compare) instead.', true);
    return;
  }
  const result = await compareRuns(runs.baseline.run, runs.candidate.run);
  for (const side of ['baseline', 'candidate']) if (result[side] && !result[side].label) result[side].label = runs[side].label;
  await show(result);
}

async function guarded(action) {
  try {
    await action();
  } catch (error) {
    say(error.message, true);
  }
}

for (const side of ['baseline', 'candidate']) {
  $(`cmp-${side}`).addEventListener('change', (event) =>
    guarded(async () => {
      runs[side] = null;
      const files = [...event.target.files];
      if (files.length) runs[side] = await readRun(files);
      await compare();
    }),
  );
}

$('cmp-comparison').addEventListener('change', (event) =>
  guarded(async () => {
    const [file] = event.target.files;
    if (!file) return;
    const result = parseJson(await file.text(), file.name);
    if (result?.kind !== 'comparison') throw new Error(`${file.name} is not a comparison file (its "kind" is not "comparison")`);
    await show(result);
  }),
);

// Dropping files on a box works like choosing them in its file input.
for (const box of document.querySelectorAll('.drop')) {
  const input = box.querySelector('input');
  box.addEventListener('dragover', (event) => {
    event.preventDefault();
    box.classList.add('over');
  });
  box.addEventListener('dragleave', () => box.classList.remove('over'));
  box.addEventListener('drop', (event) => {
    event.preventDefault();
    box.classList.remove('over');
    input.files = event.dataTransfer.files;
    input.dispatchEvent(new Event('change'));
  });
}
