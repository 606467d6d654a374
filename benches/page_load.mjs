// Page load to the first value shown, cold and warm cache, and the wasm
// bundle's bytes (raw and gzip), for one or more builds of www/ side by
// side in one run:
//
//   node benches/page_load.mjs [DIR ...]      (default: www)
//
// e.g. `node benches/page_load.mjs /tmp/before-www www` compares a build
// of an earlier commit with this one. Each build is served on loopback
// with caching allowed (so the warm load reads the wasm from the
// browser's cache), loaded RUNS times in a fresh browser context (cold)
// and then reloaded RUNS times in that context (warm); the median is
// printed. "First value" is the moment the value card first shows a
// value of the default board: the old page's `#value` code element, the
// rebuilt page's value definition (`[data-testid=value]`).

import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const require = createRequire(resolve(here, '../tests/e2e/package.json'));
const { chromium } = require('playwright-core');
const { CHROMIUM, CHROMIUM_ARGS } = await import(resolve(here, '../tests/e2e/harness.mjs'));

const RUNS = Number(process.env.RUNS || 5);
const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
};

async function serve(root) {
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

const FIRST_VALUE = () => {
  const old = document.querySelector('#report:not([hidden]) #value');
  if (old && old.textContent.trim()) return true;
  const rebuilt = document.querySelector('[data-testid=value]');
  return Boolean(rebuilt && rebuilt.textContent.trim());
};

async function timeLoad(page, url, reload) {
  const started = Date.now();
  if (reload) await page.reload({ waitUntil: 'commit' });
  else await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(FIRST_VALUE, null, { timeout: 60_000, polling: 'raf' });
  return Date.now() - started;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const dirs = process.argv.slice(2).length ? process.argv.slice(2) : [resolve(here, '../www')];
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
console.log('| build | wasm raw | wasm gzip | first value, cold (median ms) | first value, warm (median ms) |');
console.log('|---|---|---|---|---|');
for (const dir of dirs) {
  const root = resolve(dir);
  const wasm = await readFile(join(root, 'pkg', 'hackenbush_lab_bg.wasm'));
  const server = await serve(root);
  const cold = [];
  const warm = [];
  for (let k = 0; k < RUNS; k++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    cold.push(await timeLoad(page, server.url, false));
    warm.push(await timeLoad(page, server.url, true));
    await context.close();
  }
  await server.close();
  console.log(`| ${dir} | ${wasm.length} | ${gzipSync(wasm, { level: 9 }).length} | ${median(cold)} | ${median(warm)} |`);
}
await browser.close();
