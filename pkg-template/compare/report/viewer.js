// The comparison report's script: draws the plots with Chart.js and runs the items table and the
// item view. renderReport() writes this function's source into the document and calls it there
// with the document's data and the inlined libraries, so it must use nothing from outside its own
// body. It leaves `window.evalsReport` ({ ready, charts, shown, timings }) for tests and scripts:
// timings are milliseconds since the script started, at the end of each stage.

/* eslint-disable no-undef -- runs in the report's page, not in the module that holds it */
export async function reportViewer(packed, { Chart, diffWords, inflateSync, strFromU8 }) {
  const started = performance.now();
  // The data: base64 of deflated JSON. The browser's own base64 and inflate are used where it has
  // them (several times faster on 10 MB), the inlined fflate otherwise.
  let bytes;
  if (typeof Uint8Array.fromBase64 === 'function') bytes = Uint8Array.fromBase64(packed.trim());
  else {
    const raw = atob(packed.trim());
    bytes = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  }
  const json = typeof DecompressionStream === 'function' ? await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'))).text() : strFromU8(inflateSync(bytes));
  const data = JSON.parse(json);
  const timings = { decodedMs: performance.now() - started };
  const items = data.items;
  const strings = data.strings;
  const count = items.key.length;
  const str = (index) => (index >= 0 ? strings[index] : null);
  const VERDICTS = ['unchanged', 'improved', 'regressed'];
  const COLOURS = { better: '#1f7a3a', worse: '#b3261e', neutral: '#7b8794', base: '#3467c4', cand: '#d9822b' };
  const byId = (id) => document.getElementById(id);
  const element = (tag, props = {}, children = []) => {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(props)) {
      if (name === 'text') node.textContent = value;
      else if (name === 'className') node.className = value;
      else node.setAttribute(name, value);
    }
    for (const child of children) if (child !== null && child !== undefined) node.append(child);
    return node;
  };
  const format = (value, digits = 3) => (typeof value === 'number' && Number.isFinite(value) ? value.toFixed(digits) : '–');
  const signedFormat = (value) => (typeof value === 'number' && value > 0 ? `+${format(value)}` : format(value));
  // The change "for the better": delta as is for higher-is-better metrics, negated for the others.
  const sign = data.metrics.map((m) => (m.direction === 'lower' ? -1 : 1));
  const charts = {};
  Chart.defaults.animation = false;
  Chart.defaults.font.family = 'system-ui, -apple-system, "Segoe UI", sans-serif';
  Chart.defaults.maintainAspectRatio = false;

  // --- forest plot: one row per metric, the interval as a floating bar and Δ as a point ---
  {
    const metrics = data.metrics.filter((m) => m.interval && Number.isFinite(m.interval.low) && Number.isFinite(m.interval.high));
    const outcome = (m) => {
      const s = m.direction === 'lower' ? -1 : 1;
      const low = Math.min(s * m.interval.low, s * m.interval.high);
      const high = Math.max(s * m.interval.low, s * m.interval.high);
      return low > 0 ? COLOURS.better : high < 0 ? COLOURS.worse : COLOURS.neutral;
    };
    const labels = metrics.map((m) => `${m.metric} (${m.direction} is better)`);
    const datasets = [
      { type: 'bar', label: 'interval', data: metrics.map((m) => [m.interval.low, m.interval.high]), backgroundColor: metrics.map(outcome), barThickness: 8, order: 2 },
      { type: 'line', label: 'Δ', data: metrics.map((m, i) => ({ x: m.delta, y: labels[i] })), showLine: false, pointRadius: 6, pointBackgroundColor: metrics.map(outcome), pointBorderColor: '#fff', order: 1 },
    ];
    const gated = metrics.filter((m) => m.gate && Number.isFinite(m.gate.margin));
    if (gated.length) {
      datasets.push({
        type: 'line',
        label: 'gate margin',
        data: gated.map((m) => ({ x: (m.direction === 'lower' ? 1 : -1) * m.gate.margin, y: labels[metrics.indexOf(m)] })),
        showLine: false,
        pointStyle: 'line',
        rotation: 90,
        pointRadius: 12,
        borderWidth: 2,
        borderColor: '#1d232a',
        order: 0,
      });
    }
    charts.forest = new Chart(byId('forest-plot'), {
      data: { labels, datasets },
      options: {
        indexAxis: 'y',
        scales: {
          x: { type: 'linear', title: { display: true, text: 'Δ = candidate − baseline' }, grid: { color: (c) => (c.tick && c.tick.value === 0 ? '#1d232a' : '#e3e7eb'), lineWidth: (c) => (c.tick && c.tick.value === 0 ? 1.5 : 1) } },
          y: { type: 'category' },
        },
        plugins: {
          legend: { display: gated.length > 0, labels: { filter: (item) => item.text === 'gate margin' } },
          tooltip: {
            callbacks: {
              label: (c) => {
                const m = metrics[c.dataIndex];
                if (c.dataset.label === 'gate margin') return `gate margin ${format(m.gate.margin)}`;
                return `Δ ${signedFormat(m.delta)} [${signedFormat(m.interval.low)}, ${signedFormat(m.interval.high)}] (${m.interval.method || ''})`;
              },
            },
          },
        },
      },
    });
  }

  timings.forestMs = performance.now() - started;

  // --- the plots of one metric ---
  const binsOf = (values, low, high, bins) => {
    const counts = new Array(bins).fill(0);
    const width = (high - low) / bins || 1;
    for (const v of values) counts[Math.min(bins - 1, Math.max(0, Math.floor((v - low) / width)))]++;
    return { counts, labels: counts.map((_, i) => format(low + width * (i + 0.5), 2)) };
  };
  const drawMetric = (m) => {
    const points = { improved: [], regressed: [], unchanged: [] };
    const deltas = [];
    const base = [];
    const cand = [];
    let low = Infinity;
    let high = -Infinity;
    for (let i = 0; i < count; i++) {
      if (items.metric[i] !== m) continue;
      const b = items.bscore[i];
      const c = items.cscore[i];
      if (b !== null) base.push(b);
      if (c !== null) cand.push(c);
      if (b === null || c === null) continue;
      points[VERDICTS[items.verdict[i]]].push({ x: b, y: c });
      deltas.push(items.delta[i] ?? c - b);
      low = Math.min(low, b, c);
      high = Math.max(high, b, c);
    }
    if (!Number.isFinite(low)) {
      low = 0;
      high = 1;
    }
    for (const name of ['scatter', 'histogram', 'distribution']) charts[name]?.destroy();
    const drawStarted = performance.now();
    charts.scatter = new Chart(byId('scatter-plot'), {
      type: 'scatter',
      data: {
        datasets: [
          { label: 'regressed', data: points.regressed, backgroundColor: COLOURS.worse, pointRadius: 2.5 },
          { label: 'improved', data: points.improved, backgroundColor: COLOURS.better, pointRadius: 2.5 },
          { label: 'unchanged', data: points.unchanged, backgroundColor: COLOURS.neutral, pointRadius: 2.5 },
          { label: 'no change (y = x)', data: [{ x: low, y: low }, { x: high, y: high }], showLine: true, pointRadius: 0, borderColor: '#1d232a', borderWidth: 1, borderDash: [4, 4] },
        ],
      },
      options: { parsing: false, scales: { x: { title: { display: true, text: `baseline (${data.labels.baseline})` } }, y: { title: { display: true, text: `candidate (${data.labels.candidate})` } } } },
    });
    timings.scatterMs ??= performance.now() - drawStarted;
    let spread = 1e-9;
    for (const d of deltas) spread = Math.max(spread, Math.abs(d));
    const dBins = binsOf(deltas, -spread, spread, 41);
    charts.histogram = new Chart(byId('delta-histogram'), {
      type: 'bar',
      data: { labels: dBins.labels, datasets: [{ label: 'items', data: dBins.counts, backgroundColor: dBins.labels.map((_, i) => (sign[m] * (i - 20) > 0 ? COLOURS.better : sign[m] * (i - 20) < 0 ? COLOURS.worse : COLOURS.neutral)), barPercentage: 1, categoryPercentage: 1 }] },
      options: { plugins: { legend: { display: false } }, scales: { x: { title: { display: true, text: 'candidate − baseline' } }, y: { title: { display: true, text: 'items' }, beginAtZero: true } } },
    });
    const sLow = Math.min(low, 0);
    const sHigh = Math.max(high, sLow + 1e-9);
    const bBins = binsOf(base, sLow, sHigh, 20);
    const cBins = binsOf(cand, sLow, sHigh, 20);
    charts.distribution = new Chart(byId('score-distribution'), {
      type: 'bar',
      data: {
        labels: bBins.labels,
        datasets: [
          { label: `baseline (${data.labels.baseline})`, data: bBins.counts, backgroundColor: COLOURS.base },
          { label: `candidate (${data.labels.candidate})`, data: cBins.counts, backgroundColor: COLOURS.cand },
        ],
      },
      options: { scales: { x: { title: { display: true, text: 'score' } }, y: { title: { display: true, text: 'items' }, beginAtZero: true } } },
    });
  };
  const picker = byId('plot-metric');
  if (data.metrics.length) drawMetric(Number(picker.value || 0));
  picker.addEventListener('change', () => drawMetric(Number(picker.value)));

  timings.metricPlotsMs = performance.now() - started;

  // --- the items table: filtered and sorted lists of indices, only the visible rows in the DOM ---
  const ROW = 28;
  const scroller = byId('item-scroll');
  const body = byId('item-rows');
  const filterInput = byId('item-filter');
  const metricSelect = byId('item-metric');
  const verdictSelect = byId('item-verdict');
  let shown = [];
  let sortKey = null;
  let sortDirection = 1;
  let selected = count ? 0 : -1;
  const worseFirst = (i) => (items.delta[i] === null ? Infinity : sign[items.metric[i]] * items.delta[i]);
  const sortValue = {
    key: (i) => items.key[i],
    metric: (i) => data.metrics[items.metric[i]].metric,
    cluster: (i) => str(items.cluster[i]) ?? '',
    baseline: (i) => items.bscore[i] ?? -Infinity,
    candidate: (i) => items.cscore[i] ?? -Infinity,
    delta: worseFirst,
    verdict: (i) => ['regressed', 'improved', 'unchanged'].indexOf(VERDICTS[items.verdict[i]]),
  };
  const hasError = (i) => items.berror[i] >= 0 || items.cerror[i] >= 0;
  const refilter = () => {
    const needle = filterInput.value.trim().toLowerCase();
    const metric = metricSelect.value === '' ? -1 : Number(metricSelect.value);
    const verdict = verdictSelect.value;
    const result = [];
    for (let i = 0; i < count; i++) {
      if (metric >= 0 && items.metric[i] !== metric) continue;
      if (verdict === 'error' ? !hasError(i) : verdict && VERDICTS[items.verdict[i]] !== verdict) continue;
      if (needle) {
        const texts = [items.key[i], str(items.boutput[i]), str(items.coutput[i])];
        if (!texts.some((t) => t && t.toLowerCase().includes(needle))) continue;
      }
      result.push(i);
    }
    if (sortKey) {
      const value = sortValue[sortKey];
      const keyed = result.map((i) => [value(i), i]);
      // Texts in natural order (q-2 before q-10), numbers by value; ties keep the report's order.
      const collator = new Intl.Collator(undefined, { numeric: true });
      const compare = (a, b) => (typeof a === 'string' ? collator.compare(a, b) : a < b ? -1 : a > b ? 1 : 0);
      keyed.sort((a, b) => sortDirection * compare(a[0], b[0]) || a[1] - b[1]);
      shown = keyed.map((pair) => pair[1]);
    } else {
      shown = result;
    }
    byId('item-count').textContent = `${shown.length} of ${count} items`;
    scroller.scrollTop = 0;
    drawRows();
  };
  const drawRows = () => {
    const first = Math.max(0, Math.floor(scroller.scrollTop / ROW) - 10);
    const last = Math.min(shown.length, first + Math.ceil((scroller.clientHeight || 420) / ROW) + 20);
    const rows = [];
    if (first > 0) rows.push(element('tr', { style: `height:${first * ROW}px`, 'aria-hidden': 'true' }));
    for (let r = first; r < last; r++) {
      const i = shown[r];
      const verdict = VERDICTS[items.verdict[i]];
      const cell = (text, className) => element('td', className ? { text, className, title: text } : { text, title: text });
      rows.push(
        element('tr', { className: `row${i === selected ? ' selected' : ''}`, 'data-index': String(i) }, [
          cell(items.key[i]),
          cell(data.metrics[items.metric[i]].metric),
          cell(str(items.cluster[i]) ?? ''),
          cell(items.berror[i] >= 0 ? 'error' : format(items.bscore[i]), 'num'),
          cell(items.cerror[i] >= 0 ? 'error' : format(items.cscore[i]), 'num'),
          cell(signedFormat(items.delta[i]), 'num'),
          cell(items.confirmed[i] || verdict === 'unchanged' ? verdict : `${verdict}?`, `verdict-${verdict}${items.confirmed[i] ? '' : ' unconfirmed'}`),
        ]),
      );
    }
    if (last < shown.length) rows.push(element('tr', { style: `height:${(shown.length - last) * ROW}px`, 'aria-hidden': 'true' }));
    body.replaceChildren(...rows);
  };
  let pending = false;
  scroller.addEventListener('scroll', () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      drawRows();
    });
  });
  for (const control of [filterInput, metricSelect, verdictSelect]) control.addEventListener('input', refilter);
  for (const th of document.querySelectorAll('#item-table th[data-sort]')) {
    th.addEventListener('click', () => {
      if (sortKey === th.dataset.sort) sortDirection = -sortDirection;
      else {
        sortKey = th.dataset.sort;
        sortDirection = 1;
      }
      for (const other of document.querySelectorAll('#item-table th[data-sort]')) other.removeAttribute('aria-sort');
      th.setAttribute('aria-sort', sortDirection > 0 ? 'ascending' : 'descending');
      refilter();
    });
  }
  body.addEventListener('click', (event) => {
    const row = event.target.closest('tr.row');
    if (!row) return;
    selected = Number(row.dataset.index);
    drawRows();
    showItem(selected);
  });

  // --- one item: both outputs, their word diff, the judge's reasons and details ---
  const verdictList = (details) => {
    // The verdicts the metric reports (a list of objects with a verdict and usually a reason).
    const lists = details ? Object.entries(details).filter(([, v]) => Array.isArray(v) && v.some((x) => x && typeof x === 'object' && 'verdict' in x)) : [];
    if (!lists.length) return null;
    return element(
      'div',
      {},
      lists.map(([name, list]) =>
        element('div', {}, [
          element('b', { text: name }),
          element(
            'ol',
            { className: 'verdicts' },
            list.map((v) => element('li', {}, [element('b', { text: String(v.verdict) }), document.createTextNode(v.reason ? ` — ${v.reason}` : ''), document.createTextNode(v.statement || v.claim ? ` (${v.statement ?? v.claim})` : '')])),
          ),
        ]),
      ),
    );
  };
  const side = (name, label, prefix, i) => {
    const details = str(items[prefix + 'details'][i]);
    const parsed = details ? JSON.parse(details) : null;
    const samples = items[prefix + 'samples'][i];
    const error = str(items[prefix + 'error'][i]);
    return element('div', { className: name }, [
      element('h4', { text: `${name}: ${label}` }),
      element('p', { text: `score ${format(items[prefix + 'score'][i])}${Array.isArray(samples) ? ` (samples ${samples.map((s) => format(s)).join(', ')})` : ''}` }),
      error ? element('p', { className: 'error-text', text: `error: ${error}` }) : null,
      element('h4', { text: 'output' }),
      element('pre', { className: 'text output', text: str(items[prefix + 'output'][i]) ?? '(no output)' }),
      element('h4', { text: 'reason' }),
      element('p', { className: 'reason', text: str(items[prefix + 'reason'][i]) ?? '(no reason given)' }),
      verdictList(parsed),
      parsed ? element('details', {}, [element('summary', { text: 'all details' }), element('pre', { text: JSON.stringify(parsed, null, 2) })]) : null,
    ]);
  };
  const wordDiff = (before, after) => {
    if (before === null || after === null) return element('p', { className: 'hint', text: 'No word diff: an output is missing.' });
    if (before === after) return element('p', { className: 'hint', text: 'The outputs are identical.' });
    const parts = diffWords(before, after, { timeout: 500 });
    if (!parts) return element('p', { className: 'hint', text: 'The outputs differ too much for a word diff.' });
    return element('pre', { className: 'text diff' }, parts.map((p) => (p.added ? element('ins', { text: p.value }) : p.removed ? element('del', { text: p.value }) : document.createTextNode(p.value))));
  };
  const showItem = (i) => {
    const target = byId('item-detail');
    if (i < 0) {
      target.replaceChildren(element('p', { className: 'hint', text: 'No matched items.' }));
      return;
    }
    const verdict = VERDICTS[items.verdict[i]];
    const cluster = str(items.cluster[i]);
    target.replaceChildren(
      element('h3', { text: `${items.key[i]} · ${data.metrics[items.metric[i]].metric}${cluster ? ` · cluster ${cluster}` : ''}` }),
      element('p', { className: `verdict-${verdict}`, text: `Δ ${signedFormat(items.delta[i])}: ${verdict}${items.confirmed[i] || verdict === 'unchanged' ? '' : ' (unconfirmed: one sample per run, so judge noise cannot be told apart)'}` }),
      element('div', { className: 'side-by-side' }, [side('baseline', data.labels.baseline, 'b', i), side('candidate', data.labels.candidate, 'c', i)]),
      element('h4', { text: 'Word diff (baseline → candidate)' }),
      wordDiff(str(items.boutput[i]), str(items.coutput[i])),
    );
  };

  refilter();
  showItem(selected);
  window.evalsReport = { ready: true, charts, shown: () => shown.slice(), timings: { ...timings, totalMs: performance.now() - started } };
}
