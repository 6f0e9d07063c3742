// The `--name value` options of the dev-time scripts (parity-*.mjs, gen-verb-forms.mjs).

const args = process.argv.slice(2);

/** The value after `--name` on the command line, or `fallback` when the option is absent. */
export function option(name, fallback) {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
}

/** Whether the flag `--name` is on the command line. */
export const flag = (name) => args.includes(`--${name}`);
