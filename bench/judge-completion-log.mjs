// The table of bench/judge-completion.mjs from its progress lines (its standard error), for a
// run stopped before its end: `LABEL #I: TIME, N calls[, C cut][, ERROR]` per measure.
//
//   node bench/judge-completion-log.mjs run.log

import { readFileSync } from 'node:fs';
import { median, ms, table } from './lib/stats.mjs';

const seconds = (text) => {
  const [value, unit] = text.split(' ');
  return Number(value) * (unit === 's' ? 1000 : unit === 'min' ? 60_000 : 1);
};
const rows = new Map();
for (const line of readFileSync(process.argv[2], 'utf8').split('\n')) {
  const m = line.match(/^(.+) #(\d+): ([\d.]+ (?:ms|s|min)), (\d+) calls(?:, (\d+) cut)?(?:, (.+))?$/);
  if (!m) continue;
  const [, label, , time, calls, cut, failed] = m;
  if (!rows.has(label)) rows.set(label, []);
  rows.get(label).push({ wall: seconds(time), calls: Number(calls), cut: cut === undefined ? undefined : Number(cut), failed });
}
const counts = (values) => {
  const tally = new Map();
  for (const v of values) tally.set(v, (tally.get(v) ?? 0) + 1);
  return [...tally].sort((a, b) => String(a[0]).localeCompare(String(b[0]), 'en', { numeric: true })).map(([v, n]) => `${v}×${n}`).join(' ');
};
console.log(table(
  ['metric', 'completed', 'calls per measure', 'time per measure (median)', 'cut off', 'errors'],
  [...rows].map(([label, runs]) => {
    const errors = runs.filter((r) => r.failed).map((r) => r.failed);
    const cut = runs.some((r) => r.cut === undefined) ? 'not logged' : String(runs.reduce((t, r) => t + r.cut, 0));
    return [label, `${runs.length - errors.length}/${runs.length}`, counts(runs.map((r) => r.calls)), ms(median(runs.map((r) => r.wall))), cut, counts(errors) || '—'];
  }),
));
const all = [...rows.values()].flat();
const done = all.filter((r) => !r.failed).length;
console.log(`\nAll: ${done}/${all.length} measures completed (${((100 * done) / Math.max(1, all.length)).toFixed(1)} %).`);
