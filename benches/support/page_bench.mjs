// What the page benchmarks share: Debian's Chromium through playwright-core
// (installed under tests/e2e), and a static server for a build of www/ on
// loopback that lets the browser cache (so a warm load reads the wasm from
// the browser's cache).

import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const require = createRequire(resolve(here, '../../tests/e2e/package.json'));
const { chromium } = require('playwright-core');
const { CHROMIUM, CHROMIUM_ARGS } = await import(resolve(here, '../../tests/e2e/harness.mjs'));

/// The repository's www/ folder.
export const WWW = resolve(here, '../../www');

export function launch() {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
};

export async function serve(root) {
  const server = createServer(async (req, res) => {
    try {
      let file = normalize(join(root, decodeURIComponent(new URL(req.url, 'http://x').pathname)));
      if (file !== root && !file.startsWith(root + sep)) return res.writeHead(403).end();
      if ((await stat(file).catch(() => null))?.isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': MIME[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'max-age=3600',
      });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((ok) => server.close(ok)) };
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
