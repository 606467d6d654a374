// Quantum play in the page, timed: for each classroom drawing, the time
// from choosing its width to its value shown (the card lists the value as
// soon as it is known, before the best moves) and to the whole answer
// ("Done"), from clicking Play to the
// value shown in play, then the engine plays both
// sides and each later position's value is timed from the move shown in
// the list of moves to "Done" in the value card (the engine's pause before
// it moves is not counted). Builds of www/ side by side in one run:
//
//   node benches/page_play.mjs [DIR ...]      (default: www)
//
// MOVES (default 6) moves per game. The drawings are the first of the
// classroom family (benches/quantum_classroom.rs, seed 24) whose first
// analysis the page finishes within a lecture's patience; with SLOW=1,
// the family's slowest cells natively instead; with CELLS=FILE, every
// flavour and width (2, 3, unbounded) of each drawing in FILE, a
// `K POSITION` line each, as
// `cargo bench --bench quantum_classroom -- --list` prints the family
// (MOVES=0 times the first values alone). Not run by CI.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { WWW, launch, serve } from './support/page_bench.mjs';

const MOVES = Number(process.env.MOVES || 6);

const EASY = [
  ['d0 C w3', '0-1:B 0-2:G 1-3:G 1-2:G 1-4:B 4-5:R 5-6:R 6-7:G', 'C', '3'],
  ['d6 C w3', '0-1:R 0-2:B 1-3:G 1-4:G 4-4:G 1-5:R 0-2:B 3-6:R', 'C', '3'],
  ['d5 C w2', '0-1:R 0-2:G 2-3:B 2-4:B 4-4:B 1-5:R G 1-6:R 5-7:G 7-6:B', 'C', '2'],
  ['d8 C w2', '0-1:B 0-2:R 1-3:R 0-4:B 4-4:B 0-1:B 3-5:R 2-1:G 1-6:B 6-7:R', 'C', '2'],
  ['d7 D w2', '0-1:B 1-2:B 0-1:G 0-2:R 0-2:G 2-1:R 2-0:G 1-1:G G', 'D', '2'],
];

const SLOW = [
  ['d2 C w3', '0-1:G 0-0:G 0-2:R 2-2:B 2-2:R 2-2:B 1-3:R 3-4:B 1-5:B 1-1:B', 'C', '3'],
  ['d5 C w3', '0-1:R 0-2:G 2-3:B 2-4:B 4-4:B 1-5:R G 1-6:R 5-7:G 7-6:B', 'C', '3'],
  ["d8 C' w3", '0-1:B 0-2:R 1-3:R 0-4:B 4-4:B 0-1:B 3-5:R 2-1:G 1-6:B 6-7:R', "C'", '3'],
  ["d5 C'u unbounded", '0-1:R 0-2:G 2-3:B 2-4:B 4-4:B 1-5:R G 1-6:R 5-7:G 7-6:B', "C'u", 'unbounded'],
  ['d7 A unbounded', '0-1:B 1-2:B 0-1:G 0-2:R 0-2:G 2-1:R 2-0:G 1-1:G G', 'A', 'unbounded'],
  ["d8 C'u unbounded", '0-1:B 0-2:R 1-3:R 0-4:B 4-4:B 0-1:B 3-5:R 2-1:G 1-6:B 6-7:R', "C'u", 'unbounded'],
  ["d2 C' unbounded", '0-1:G 0-0:G 0-2:R 2-2:B 2-2:R 2-2:B 1-3:R 3-4:B 1-5:B 1-1:B', "C'", 'unbounded'],
  ['d8 B unbounded', '0-1:B 0-2:R 1-3:R 0-4:B 4-4:B 0-1:B 3-5:R 2-1:G 1-6:B 6-7:R', 'B', 'unbounded'],
  ['d9 A unbounded', '0-1:G G 0-2:B 0-0:B 0-3:R 0-0:G 1-3:B 3-2:G', 'A', 'unbounded'],
];

/** Every flavour and width of each `K POSITION` line of `file`. */
function cells(file) {
  const games = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = line.trim().match(/^(\d+) (.+)$/);
    if (!m) continue;
    for (const width of ['2', '3', 'unbounded']) {
      for (const flavour of ['A', 'B', 'C', "C'", "C'u", 'D']) {
        games.push([`d${m[1]} ${flavour} w${width}`, m[2], flavour, width]);
      }
    }
  }
  return games;
}

const GAMES = process.env.CELLS ? cells(process.env.CELLS) : process.env.SLOW ? SLOW : EASY;

const region = (page, name) => page.getByRole('region', { name });
const done = (page) => region(page, 'Value').getByRole('status').filter({ hasText: /^Done/ });
/** The value card's status once a position is answered (or the game is over). */
const answered = (page) => region(page, 'Value').getByRole('status').filter({ hasText: /^(Done|No edges left)/ });
const history = (page) => region(page, 'Moves').getByRole('listitem');

/** Wait until `n` moves are listed (Start included) and the value is done. */
async function settled(page, n) {
  for (;;) {
    if ((await history(page).count()) >= n && (await answered(page).isVisible())) return;
    await page.waitForTimeout(5);
  }
}

async function game(browser, url, [, position, flavour, width]) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(url);
  await region(page, 'Board').locator('canvas[data-ready="true"]').waitFor();
  const box = page.getByRole('textbox', { name: 'Position' });
  await box.fill(position);
  await box.press('Enter');
  await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('quantum');
  await page.getByRole('combobox', { name: 'Flavour' }).selectOption(flavour);
  const staged = region(page, 'Value')
    .getByRole('list', { name: 'Known so far' })
    .getByRole('listitem')
    .filter({ hasText: /^Value: / });
  let started = Date.now();
  await page.getByRole('combobox', { name: 'Width' }).selectOption(width);
  // Polled every few ms: a locator's own wait polls every 500 ms once a
  // wait is long, which rounds the times up by as much. Bounded as that
  // wait was (300 s).
  let shown = null;
  while (!(await done(page).isVisible())) {
    if (shown === null && (await staged.count()) > 0) shown = Date.now() - started;
    if (Date.now() - started > 300_000) throw new Error(`no value within 300 s: ${position} ${flavour} ${width}`);
    await page.waitForTimeout(5);
  }
  const edit = Date.now() - started;
  // A quick answer may come before the value's own stage was seen.
  shown ??= edit;
  // The edit view's analysis is the start's: Play asks the same question.
  started = Date.now();
  await page.getByRole('toolbar', { name: 'Mode' }).getByRole('button', { name: 'Play' }).click();
  await settled(page, 1);
  const first = Date.now() - started;
  await page.getByRole('combobox', { name: 'Left' }).selectOption('engine');
  await page.getByRole('combobox', { name: 'Right' }).selectOption('engine');
  const later = [];
  for (let k = 1; k <= MOVES; k++) {
    // The next move appears after the engine's pause; time from there.
    const deadline = Date.now() + 60_000;
    while ((await history(page).count()) < k + 1) {
      if (Date.now() > deadline) break;
      await page.waitForTimeout(2);
    }
    if ((await history(page).count()) < k + 1) break; // the game ended
    started = Date.now();
    await settled(page, k + 1);
    if (!(await done(page).isVisible())) break; // no edges left
    later.push(Date.now() - started);
  }
  await context.close();
  return { shown, edit, first, later };
}

const dirs = process.argv.slice(2).length ? process.argv.slice(2) : [WWW];
const browser = await launch();
console.log('| game | build | value shown (ms) | whole answer (ms) | Play to value (ms) | later positions: slowest (ms) | moves |');
console.log('|---|---|---|---|---|---|---|');
for (const dir of dirs) {
  const server = await serve(resolve(dir));
  for (const g of GAMES) {
    const { shown, edit, first, later } = await game(browser, server.url, g);
    console.log(`| ${g[0]} | ${dir} | ${shown} | ${edit} | ${first} | ${later.length ? Math.max(...later) : '-'} | ${later.length} |`);
  }
  await server.close();
}
await browser.close();
