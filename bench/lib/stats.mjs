// Small statistics and formatting helpers shared by the benchmark scripts.

export const median = (values) => percentile(values, 50);

/** The p-th percentile (nearest rank on sorted values); NaN for no values. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** Milliseconds with a precision that suits their size: "0.043 ms", "11.8 ms", "33.2 s". */
export function ms(value) {
  if (!Number.isFinite(value)) return '–';
  if (value >= 1000) return `${(value / 1000).toFixed(value >= 10_000 ? 1 : 2)} s`;
  if (value >= 10) return `${value.toFixed(1)} ms`;
  if (value >= 1) return `${value.toFixed(2)} ms`;
  return `${value.toFixed(3)} ms`;
}

/** A count with thousands separators and `digits` decimals. */
export function num(value, digits = 0) {
  if (!Number.isFinite(value)) return '–';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A ratio such as "2,800×". */
export function times(value) {
  if (!Number.isFinite(value)) return '–';
  return `${num(value, value >= 100 ? 0 : value >= 10 ? 1 : 2)}×`;
}

export const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
export const mb = (bytes) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** A GitHub-flavoured Markdown table from column names and rows of cells. */
export function table(columns, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(columns), line(columns.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Least-squares slope of log(y) over log(x): the exponent k of y ∝ x^k. */
export function exponent(points) {
  const xs = points.map(([x]) => Math.log(x));
  const ys = points.map(([, y]) => Math.log(y));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num_ = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i += 1) {
    num_ += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return num_ / den;
}
