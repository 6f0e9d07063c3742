// A small static file server for the demo page and the browser tests, bound to 127.0.0.1.
// `node www/serve.mjs [port]` serves the repository root (so /www/ and /pkg/ are reachable)
// and prints the demo's URL.

import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/**
 * Serves the files under `root` on 127.0.0.1:`port` (0: a free port). Resolves to the server.
 * A folder asked for without its trailing slash (`/www`) is redirected to it (`/www/`), so that
 * its page's relative links work; with `home`, so is `/` (to `home`).
 */
export function serveStatic(root, port = 0, { home } = {}) {
  const base = resolve(root);
  const server = createServer(async (request, response) => {
    const url = new URL(request.url, 'http://localhost');
    let path = decodeURIComponent(url.pathname);
    if (path === '/' && home !== undefined) {
      response.writeHead(302, { location: home }).end();
      return;
    }
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(base, path));
    if (file !== base && !file.startsWith(base + sep)) {
      response.writeHead(403).end();
      return;
    }
    if (!path.endsWith('/index.html') && (await isFolder(file))) {
      response.writeHead(301, { location: `${url.pathname}/${url.search}` }).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      response.end(body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}

async function isFolder(path) {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const server = await serveStatic(root, Number(process.argv[2] ?? 8080), { home: '/www/' });
  console.log(`evals-wasm demo: http://127.0.0.1:${server.address().port}/www/`);
  console.log('(Ctrl-C to stop)');
}
