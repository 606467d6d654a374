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

import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { WWW, launch, median, serve } from './support/page_bench.mjs';

const RUNS = Number(process.env.RUNS || 3);

const VALUE_SHOWN = () => {
  const v = document.querySelector('[data-testid=value]');
  return Boolean(v && v.textContent.trim());
};

const [linksFile, ...rest] = process.argv.slice(2);
if (!linksFile) {
  console.error('usage: node benches/page_engine.mjs LINKS_FILE [DIR ...]');
  process.exit(2);
}
const links = (await readFile(linksFile, 'utf8'))
  .split('\n')
  .map((l) => l.trim().split(/\s+/))
  .filter((l) => l.length === 2);
const dirs = rest.length ? rest : [WWW];
const browser = await launch();
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
