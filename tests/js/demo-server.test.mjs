// The demo's static server (www/serve.mjs, run by scripts/demo.sh): the page at /www/, and the
// addresses people type for it (/ and /www) redirected there instead of a 404.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '../../www/serve.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const servers = [];
after(() => Promise.all(servers.map((server) => new Promise((done) => server.close(done)))));

async function start(options) {
  const server = await serveStatic(root, 0, options);
  servers.push(server);
  return `http://127.0.0.1:${server.address().port}`;
}

test('/ and /www redirect to /www/, which serves the page; files and 404s are unchanged', async () => {
  const base = await start({ home: '/www/' });
  for (const [path, location] of [['/', '/www/'], ['/www', '/www/'], ['/www?x=1', '/www/?x=1'], ['/pkg', '/pkg/']]) {
    const response = await fetch(base + path, { redirect: 'manual' });
    assert.ok([301, 302].includes(response.status), `${path}: ${response.status}`);
    assert.equal(response.headers.get('location'), location, path);
  }
  const page = await fetch(`${base}/www`);
  assert.equal(page.status, 200);
  assert.equal(page.url, `${base}/www/`);
  assert.match(await page.text(), /<html/i);
  assert.equal((await fetch(`${base}/www/serve.mjs`)).status, 200);
  assert.equal((await fetch(`${base}/www/nothing-here.js`)).status, 404);
  assert.equal((await fetch(`${base}/../etc/passwd`)).status, 404);
});

test('without a home page, / is the root folder\'s index as before (the browser tests serve the repository so)', async () => {
  const base = await start();
  assert.equal((await fetch(`${base}/`, { redirect: 'manual' })).status, 404, 'the repository root has no index.html');
});
