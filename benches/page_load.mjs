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

import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { WWW, launch, median, serve } from './support/page_bench.mjs';

const RUNS = Number(process.env.RUNS || 5);

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

const dirs = process.argv.slice(2).length ? process.argv.slice(2) : [WWW];
const browser = await launch();
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
