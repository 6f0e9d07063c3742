// Bun and Deno, both from the npm registry: the packed package in a project with node_modules
// (Deno resolves it there when the project has a package.json), scoring with evals-wasm/nlp
// (German too), evals-wasm/llm (a scripted judge) and evals-wasm/scorers (@mastra/core 1.x).

import { test, before, after } from 'node:test';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bin, checkLlm, checkNlp, checkScorers, packedProject } from './project.mjs';

let project;

before(() => {
  project = packedProject();
  writeFileSync(join(project.dir, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
});

after(() => project?.remove());

/** Runs the script with `command args`; checks and returns what it printed. */
function runScript(command, args) {
  const printed = execFileSync(command, [...args, 'script.js'], { cwd: project.dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' } });
  const seen = JSON.parse(printed.trim().split('\n').pop());
  checkNlp(seen.nlp);
  checkLlm(seen.llm);
  checkScorers(seen.scorers);
  return seen;
}

test('Bun runs the package', () => {
  const seen = runScript(bin('bun'), ['run']);
  console.log(`Bun: first measure ${seen.nlp.coldMs.toFixed(1)} ms`);
});

test('Deno runs the package from node_modules', () => {
  const seen = runScript(bin('deno'), ['run', '--allow-read', '--allow-env', '--allow-sys', '--quiet']);
  console.log(`Deno: first measure ${seen.nlp.coldMs.toFixed(1)} ms`);
});
