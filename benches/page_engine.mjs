// The engine's speed in the page: for builds of www/ side by side in one
// run, the time from opening a link to its value shown, for links that
// take the engine a second or more natively (a warm page: the bundle is
// cached, so this is the worker's computation plus the page's start-up).
//
//   node benches/page_engine.mjs LINKS_FILE [DIR ...]   (default: www)
//
// LINKS_FILE holds one `name fragment` per line (a share-link fragment,
// e.g. made with `hackenbush convert --to json` into a v1 link). RUNS
// (default 3) loads per link; the median is printed. Not run by CI.

import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const require = createRequire(resolve(here, '../tests/e2e/package.json'));
const { chromium } = require('playwright-core');
const { CHROMIUM, CHROMIUM_ARGS } = await import(resolve(here, '../tests/e2e/harness.mjs'));

const RUNS = Number(process.env.RUNS || 3);
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

const VALUE_SHOWN = () => {
  const v = document.querySelector('[data-testid=value]');
  return Boolean(v && v.textContent.trim());
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const [linksFile, ...rest] = process.argv.slice(2);
if (!linksFile) {
  console.error('usage: node benches/page_engine.mjs LINKS_FILE [DIR ...]');
  process.exit(2);
}
const links = (await readFile(linksFile, 'utf8'))
  .split('\n')
  .map((l) => l.trim().split(/\s+/))
  .filter((l) => l.length === 2);
const dirs = rest.length ? rest : [resolve(here, '../www')];
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
console.log(`| link | ${dirs.join(' | ')} |`);
console.log(`|---|${dirs.map(() => '---').join('|')}|`);
const rows = links.map(([name]) => [name]);
for (const dir of dirs) {
  const server = await serve(resolve(dir));
  for (const [k, [, fragment]] of links.entries()) {
    const times = [];
    for (let r = 0; r < RUNS; r++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(server.url);
      await page.waitForFunction(VALUE_SHOWN, null, { timeout: 60_000, polling: 'raf' });
      const started = Date.now();
      await page.goto(`${server.url}#${fragment}`, { waitUntil: 'commit' });
      await page.reload({ waitUntil: 'commit' });
      await page.waitForFunction(VALUE_SHOWN, null, { timeout: 120_000, polling: 'raf' });
      times.push(Date.now() - started);
      await context.close();
    }
    rows[k].push(`${median(times)} ms`);
  }
  await server.close();
}
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
await browser.close();
