// Browser tests of quantum play: picking edges, committing a superposed
// move, the realisations and entanglement views, refusals in words, the
// share link, and the layouts for wide screens and phones. Run by
// `./build.sh test`; screenshots land in tests/e2e/screenshots/. Controls
// are found by role and accessible name (issue 23).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, withPage } from './harness.mjs';
import { useBrowser, open } from './board.mjs';

const TIMEOUT = 90_000;

const session = useBrowser();

const region = (page, name) => page.getByRole('region', { name });
const canvas = (page) => region(page, 'Board').locator('canvas');
const button = (page, name) => page.getByRole('button', { name, exact: true });
const realisations = (page) => page.getByRole('region', { name: /^Realisations \(\d+\)$/ });
const graph = (page) => region(page, 'Entanglement').getByRole('img', { name: /vertices/ });
/** The rule card: the first paragraph of the Rules region. */
const ruleCard = (page) => region(page, 'Rules').getByRole('paragraph').first();
/** The value card's entry for `term` ("Plain", "Best moves", …). */
const entry = (page, term) =>
  region(page, 'Value').getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
const done = (page) => region(page, 'Value').getByRole('status').filter({ hasText: /^Done/ });
const moves = (page, name) => region(page, 'Moves').getByRole('button', { name });

async function setPosition(page, text) {
  const box = page.getByRole('textbox', { name: 'Position' });
  await box.fill(text);
  await box.press('Enter');
}

/** BR BR R under quantum rules, flavour D, in play. */
async function quantumGame(page) {
  await setPosition(page, 'BR BR R');
  await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('quantum');
  await page.getByRole('combobox', { name: 'Flavour' }).selectOption('D');
  await button(page, 'Play').click();
  await realisations(page).waitFor();
}

/**
 * Focus the board and act on edges by keyboard (arrows move the focus over
 * the 5 standing edges, Space picks or cuts). `focus.at` tracks the
 * session's keyboard focus between calls (0: none yet).
 */
async function pick(page, labels, focus) {
  await canvas(page).focus();
  for (const l of labels) {
    while (focus.at !== l) {
      await page.keyboard.press('ArrowRight');
      focus.at = focus.at === 5 ? 1 : focus.at + 1;
    }
    await page.keyboard.press('Space');
  }
}

test('quantum D: a superposed move, its realisations and entanglement, restored from the link', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'quantum-superposed', async (page, url, problems) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page, url);
    await quantumGame(page);
    const focus = { at: 0 };
    assert.match(await ruleCard(page).textContent(), /Flavour D/);
    await region(page, 'Realisations (1)').waitFor();
    assert.equal(await region(page, 'Entanglement').getByRole('img', { name: /^Edge \d+$/ }).count(), 5);
    await done(page).waitFor();
    // Values as `hackenbush value --rules quantum --flavour D [--moves …] 'BR BR R'`
    // prints them: the worker answers later states of a game from the solver
    // it kept from the first analysis, and must answer as a fresh one.
    const plain = async () => (await entry(page, 'Plain').textContent()).trim();
    assert.equal(await plain(), '-1/4');

    // Pick edges 1 and 3 (Left's blue halves), see the selection, commit with Enter.
    await pick(page, [1, 3], focus);
    await button(page, 'Commit superposed move (1 + 3)').waitFor();
    await canvas(page).screenshot({ path: join(SCREENSHOTS, 'quantum-picked.png') });
    await page.keyboard.press('Enter');
    await moves(page, /Left \(blue\) cuts 1 \+ 3$/).waitFor();

    await region(page, 'Realisations (2)').waitFor();
    assert.equal(await realisations(page).getByRole('listitem').count(), 2);
    await realisations(page).getByText(/2 cuts gave 2 realisations/).waitFor();
    await region(page, 'Entanglement').getByRole('img', { name: '5 vertices, 1 link' }).waitFor();
    assert.equal(await graph(page).locator('.link').count(), 1);
    assert.match(await page.getByRole('toolbar', { name: 'Moves' }).textContent(), /Right \(red\) to move/);

    // The engine values the superposed state (it replays the move).
    await done(page).waitFor();
    assert.equal(await plain(), '-1/2');
    assert.match(await entry(page, 'Best moves').textContent(), /Right \(red\)/);

    // Hovering a vertex of the graph highlights it (and its edge on the board).
    const vertex3 = region(page, 'Entanglement').getByRole('img', { name: 'Edge 3', exact: true });
    await vertex3.hover();
    assert.match(await vertex3.getAttribute('class'), /hot/);

    // A refused move is explained in words: edge 1 is not Right's.
    await button(page, 'Cut one').click();
    await pick(page, [1], focus);
    const msg = region(page, 'Board').getByRole('alert');
    await msg.waitFor();
    assert.match(await msg.textContent(), /edge 1 is not Right's to cut in any realisation/);

    // Right cuts edge 5 alone (flavour D allows it): edge 5 is gone everywhere.
    await pick(page, [5], focus);
    await moves(page, /Right \(red\) cuts 5$/).waitFor();
    await region(page, 'Entanglement').getByRole('img', { name: 'Edge 5 (gone from every realisation)' }).waitFor();
    await region(page, 'Realisations (2)').waitFor();
    await done(page).waitFor();
    assert.equal(await plain(), '1/2');
    await page.mouse.move(0, 0);
    await page.waitForTimeout(700); // let the falling animation finish
    await page.screenshot({ path: join(SCREENSHOTS, 'quantum-after-moves.png'), fullPage: true });
    const share = region(page, 'Share and export');
    await share.getByRole('button', { name: 'Copy link' }).click();
    await share.getByText('Link copied.').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(link, /#v2=[A-Za-z0-9_~.-]+$/);

    await withPage(session.browser, 'quantum-restored', async (again, _url, problems2) => {
      await open(again, link);
      await realisations(again).waitFor();
      assert.equal(await again.getByRole('combobox', { name: 'Ruleset' }).inputValue(), 'quantum');
      assert.equal(await again.getByRole('combobox', { name: 'Flavour' }).inputValue(), 'D');
      await region(again, 'Realisations (2)').waitFor();
      assert.equal(await graph(again).locator('.link').count(), 1);
      await region(again, 'Entanglement').getByRole('img', { name: '5 vertices, 1 link, 1 gone from every realisation' }).waitFor();
      await moves(again, /Right \(red\) cuts 5$/).waitFor();
      await done(again).waitFor();
      // Taking back restores the previous state's views.
      await button(again, 'Take back').click();
      await region(again, 'Entanglement').getByRole('img', { name: '5 vertices, 1 link' }).waitFor();
      assert.equal(await region(again, 'Entanglement').getByRole('img', { name: /gone from every realisation/ }).count(), 0);
      // An earlier state than the one the kept solver was made for.
      await done(again).waitFor();
      assert.equal((await entry(again, 'Plain').textContent()).trim(), '-1/2');
      assert.deepEqual(problems2, []);
    });
    assert.deepEqual(problems, []);
  });
});

test('quantum A refuses a single edge in words; layouts for wide screens and phones', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'quantum-flavour-a', async (page, url, problems) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await open(page, url);
    await quantumGame(page);
    await page.getByRole('combobox', { name: 'Flavour' }).selectOption('A');
    assert.match(await ruleCard(page).textContent(), /Flavour A/);
    // Flavour A never cuts an edge alone: "Cut one" is not offered, and a
    // single picked edge is refused in words at Commit.
    assert.ok(await button(page, 'Cut one').isHidden());
    await pick(page, [1], { at: 0 });
    await page.keyboard.press('Enter');
    const msg = region(page, 'Board').getByRole('alert');
    await msg.waitFor();
    assert.match(await msg.textContent(), /flavour A: unsuperposed moves are never allowed/);
    // Board left, views right on a wide screen.
    const board = await region(page, 'Board').boundingBox();
    const views = await realisations(page).boundingBox();
    assert.ok(views.x > board.x + board.width - 1, 'views beside the board');
    await done(page).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'quantum-wide.png') });

    // A phone: one column, 44 px targets.
    await page.setViewportSize({ width: 390, height: 844 });
    // (The board panel's box dissolves into the one column on phones.)
    const b2 = await canvas(page).boundingBox();
    const v2 = await realisations(page).boundingBox();
    assert.ok(v2.y >= b2.y + b2.height - 1, 'views below the board');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
    for (const name of ['Pick edges', 'Take back', 'Play']) {
      const box = await button(page, name).boundingBox();
      assert.ok(box.height >= 44 && box.width >= 44, `${name} is ${box.width}×${box.height}`);
    }
    // Whose turn is read whole on a phone (it was cut: "… Click edges to
    // pick them, …"); how to pick is on the buttons under it.
    const turnLine = page.getByRole('toolbar', { name: 'Moves' }).getByRole('paragraph').first();
    const line = await turnLine.evaluate((el) => {
      const text = document.createRange();
      text.selectNodeContents(el);
      return { shown: el.innerText.trim(), needs: text.getBoundingClientRect().width, has: el.getBoundingClientRect().width };
    });
    assert.equal(line.shown, 'Left (blue) to move.');
    assert.ok(line.needs <= line.has + 0.01, `the turn line fits: ${JSON.stringify(line)}`);
    await page.screenshot({ path: join(SCREENSHOTS, 'quantum-phone.png'), fullPage: true });
    assert.deepEqual(problems, []);
  });
});

/** Where whose turn and the bar's buttons stand: the turn's own words
 *  (without the how-to) shown whole, and every shown button inside the bar. */
async function barFits(page) {
  return page.getByRole('toolbar', { name: 'Moves' }).evaluate((bar) => {
    const box = bar.getBoundingClientRect();
    const who = bar.querySelector('.turn-who');
    const words = document.createRange();
    words.selectNodeContents(who);
    const cut = [...bar.querySelectorAll('button')]
      .filter((b) => b.checkVisibility())
      .map((b) => [b.textContent.trim(), b.getBoundingClientRect()])
      .filter(([, r]) => r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
      .map(([name]) => name);
    // Shown: the words' box within the span's and the line's (each clips).
    const text = words.getBoundingClientRect();
    const right = Math.min(text.right, who.getBoundingClientRect().right, who.parentElement.getBoundingClientRect().right);
    return { turn: who.textContent, needs: text.width, has: right - text.left, cut };
  });
}

test('on a laptop the value is beside the board, and whose turn is read whole beside the pick buttons', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'quantum-bar-widths', async (page, url, problems) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, url);
    await quantumGame(page);
    // On a laptop quantum play has three columns, as on a projector: the
    // board, the realisations over the graph, the rules over the value.
    // With one column beside the board the rules came after the
    // realisations, the value and the graph, 1700 px down: a lecturer who
    // had just picked Quantum lost the Flavour picker she was about to use.
    await done(page).waitFor();
    const firstScreen = async (what, locator) => {
      await page.evaluate(() => window.scrollTo(0, 0));
      const box = await locator.boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= 800 && box.x + box.width <= 1280, `${what} on the first screen: ${JSON.stringify(box)}`);
      return box;
    };
    const valueTerm = () => region(page, 'Value').getByRole('term').filter({ hasText: /^Value$/ });
    const flavour = await firstScreen('the flavour', page.getByRole('combobox', { name: 'Flavour' }));
    const value = await firstScreen('the value', valueTerm());
    const shown = await firstScreen('the realisations', realisations(page).getByRole('listitem').first());
    const [rulesCard, valueCard] = [await region(page, 'Rules').boundingBox(), await region(page, 'Value').boundingBox()];
    assert.ok(flavour.y < value.y && rulesCard.x === valueCard.x && rulesCard.y < valueCard.y, 'the rules over the value');
    assert.ok(shown.x + shown.width < value.x, 'the realisations beside them');
    await pick(page, [1, 3], { at: 0 });
    await button(page, 'Commit superposed move (1 + 3)').waitFor();
    // 1280 × 800 (a laptop), 900 × 760 (a narrow window: the board's
    // column under 36rem, the bar in two rows), 1920 × 1080 (a projector).
    // The turn was cut to "Left (blue) …" at 1280 while picking.
    for (const [width, height] of [[1280, 800], [900, 760], [1920, 1080]]) {
      await page.setViewportSize({ width, height });
      const fit = await barFits(page);
      assert.equal(fit.turn, 'Left (blue) to move.');
      assert.ok(fit.needs <= fit.has + 0.5, `at ${width} px the turn is cut: ${JSON.stringify(fit)}`);
      assert.deepEqual(fit.cut, [], `at ${width} px buttons stand outside the bar`);
      await page.getByRole('toolbar', { name: 'Moves' }).screenshot({ path: join(SCREENSHOTS, `quantum-bar-${width}.png`) });
    }
    // Still so once the game has split the board into realisations.
    await page.setViewportSize({ width: 1280, height: 800 });
    await button(page, 'Commit superposed move (1 + 3)').click();
    await region(page, 'Realisations (2)').waitFor();
    await done(page).waitFor();
    await firstScreen('the value after a superposed move', valueTerm());
    await firstScreen('the flavour after a superposed move', page.getByRole('combobox', { name: 'Flavour' }));
    // A narrower window keeps one column beside the board: the
    // realisations, then the value (it came after the entanglement graph,
    // the title and the how-to, off the first screen), then the graph.
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const top = async (name) => (await region(page, name).boundingBox()).y;
    const narrow = await valueTerm().boundingBox();
    assert.ok(narrow.y + narrow.height <= 800, `the value on the first screen at 1100 px: ${JSON.stringify(narrow)}`);
    assert.ok((await top('Realisations (2)')) < (await top('Value')), 'the realisations first');
    assert.ok((await top('Value')) < (await top('Entanglement')), 'the value before the graph');
    await page.setViewportSize({ width: 1280, height: 800 });
    // On a desktop the help names the mouse's gestures.
    assert.match(await realisations(page).getByRole('paragraph').last().innerText(), /hover one to see it on the board, click to zoom/);
    assert.deepEqual(problems, []);
  });
});

test('a narrow board column: switching Edit and Play leaves the mode buttons where they are', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'quantum-bar-narrow', async (page, url, problems) => {
    // 900 px wide: the board's column is under 36rem, the bar in two rows.
    await page.setViewportSize({ width: 900, height: 760 });
    await open(page, url);
    await setPosition(page, 'BR BR R');
    await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('quantum');
    const modes = page.getByRole('toolbar', { name: 'Mode' });
    const at = async () => Math.round((await modes.getByRole('button', { name: 'Edit' }).boundingBox()).y);
    const editing = await at();
    // The editing line is read whole (it ended "… vertex t…").
    const line = page.getByRole('toolbar', { name: 'Moves' }).getByRole('paragraph').first();
    assert.match(await line.innerText(), /^Editing: drag from the ground or a vertex to draw an edge\.$/);
    const clipped = await line.evaluate((p) => [p, ...p.querySelectorAll('span')].some((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1));
    assert.equal(clipped, false, 'the editing line is not clipped');
    // Play brings a row of pick buttons into the bar: the Edit button
    // stayed put (it moved 16 px down, away from the pointer that would
    // switch back).
    await modes.getByRole('button', { name: 'Play' }).click();
    await button(page, 'Pick edges').waitFor();
    assert.equal(await at(), editing, 'the Edit button does not move on entering Play');
    await modes.getByRole('button', { name: 'Edit' }).click();
    await button(page, 'Pick edges').waitFor({ state: 'hidden' });
    assert.equal(await at(), editing, 'nor on leaving it');
    assert.deepEqual(problems, []);
  });
});

test('on a touch screen the help says tap, not hover or click', { timeout: TIMEOUT }, async () => {
  await withPage(
    session.browser,
    'quantum-touch-words',
    async (page, url, problems) => {
      await open(page, url);
      assert.match(await page.getByRole('region', { name: 'How to play' }).innerText(), /press Play and tap an edge to cut it/);
      assert.match(await page.getByRole('region', { name: 'How to play' }).innerText(), /The Value card says who wins: a positive value favours Left/);
      await quantumGame(page);
      const help = await realisations(page).getByRole('paragraph').last().innerText();
      assert.match(help, /tap one to zoom in/);
      assert.doesNotMatch(help, /hover|click/i);
      assert.doesNotMatch(await region(page, 'Entanglement').innerText(), /hover/i);
      assert.deepEqual(problems, []);
    },
    { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  );
});

test('a quantum position too large for the browser says so instead of hanging', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'quantum-too-large', async (page, url, problems) => {
    await open(page, url);
    // Wide moves on 32 green edges are far beyond the worker: they used
    // to outgrow its memory budget within seconds; since the engine skips
    // move sets that repeat smaller moves' results and keeps the options
    // it has met in one flat buffer, the page's time limit may stop them
    // first. Either way the page must say so, with the same advice.
    await setPosition(page, 'GGGGGGGGGGGGGGGG GGGGGGGGGGGGGGGG');
    await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('quantum');
    await page.getByRole('combobox', { name: 'Width' }).selectOption('unbounded');
    // While it runs: the spinner, the elapsed time and Cancel.
    const value = region(page, 'Value');
    const cancel = value.getByRole('button', { name: 'Cancel' });
    await cancel.waitFor();
    await value.getByText(/computing… \d+ s/).waitFor();
    const err = value.getByRole('alert');
    await err.waitFor({ timeout: 60_000 });
    assert.match(await err.textContent(), /Too large to analyse here(: the memory budget of 256M is used up.*| within 30 s) — try width 3 or 2, or fewer edges/);
    assert.equal(await value.getByRole('term').count(), 0, 'no value is shown for a position that was not analysed');
    assert.ok(await cancel.isHidden());
    assert.deepEqual(problems, []);
  });
});

test('a classroom drawing stopped by the time limit keeps computing when asked, and shows its value', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'quantum-keep-computing', async (page, url, problems) => {
    // The page's limit shortened to 2 s (so Keep computing allows 20 s):
    // seed-25 classroom drawing 5 under C at width 3 takes about 4 s
    // natively and longer here.
    await open(page, `${url}?limit=2`);
    await page.getByRole('button', { name: 'Got it' }).click();
    await setPosition(page, 'R 0-1:R 0-2:G 1-3:G 0-1:R 1-4:G 2-2:B 2-5:B 3-3:G 1-6:G');
    await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('quantum');
    await page.getByRole('combobox', { name: 'Flavour' }).selectOption('C');
    await page.getByRole('combobox', { name: 'Width' }).selectOption('3');
    const value = region(page, 'Value');
    const alert = value.getByRole('alert').filter({ hasText: 'Too large' });
    await alert.waitFor({ timeout: 30_000 });
    assert.match(await alert.textContent(), /within 2 s/);
    const keep = value.getByRole('button', { name: 'Keep computing (up to 20 s)' });
    await keep.waitFor();
    await value.screenshot({ path: join(SCREENSHOTS, 'keep-computing-offered.png') });
    await keep.click();
    // It runs again, with Cancel, and the stop's message is gone.
    await value.getByRole('button', { name: 'Cancel' }).waitFor();
    assert.equal(await alert.count(), 0);
    assert.equal(await keep.count(), 0);
    await done(page).waitFor({ timeout: 60_000 });
    // `hackenbush value --rules quantum --flavour C --width 3` of the drawing.
    assert.equal(
      await entry(page, 'Plain').innerText(),
      '{{{-3|{-3,-3*|-3}},{-3|{-3|-3*},{-3,{-3,-3*|-3}|-3,{-3,-3*|-3}}}|{-3,-3*|-3,-3*,{-3,-3*|-3*,{-3*|-4}}},{-3,{-3,-3*|-3}|-3,{-3,-3*|{-3|-4},{-3*|-4}}}},{{-3|{{-3|-3*}|-3*}}|{-3,{-3,-3*|-3}|{-3*|{-3*|-4}}},{{-3|{-3|-3*},{-3,{-3,-3*|-3}|-3,{-3,-3*|-3}}}|-3,-3*}}|{-3,-3*|-4}}',
    );
    assert.equal(await keep.count(), 0);
    // The board's next question runs at the page's limit again: a change
    // of width stops at 2 s and offers to keep computing once more.
    await page.getByRole('combobox', { name: 'Width' }).selectOption('unbounded');
    await alert.waitFor({ timeout: 30_000 });
    assert.match(await alert.textContent(), /within 2 s/);
    await keep.waitFor();
    // On a phone the button is in reach under the message.
    await page.setViewportSize({ width: 390, height: 844 });
    await keep.scrollIntoViewIfNeeded();
    assert.ok(await keep.isVisible());
    await page.screenshot({ path: join(SCREENSHOTS, 'keep-computing-phone.png') });
    assert.deepEqual(problems, []);
  });
});

test('a long list of best moves folds, so the rules stay on a projector screen', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'quantum-best-moves-fold', async (page, url, problems) => {
    await open(page, url);
    await page.getByRole('button', { name: 'Got it' }).click(); // a lecturer who has read how to play
    // Seed-25 classroom drawing 1: under A at width 3 Right wins with 120
    // superposed moves (`value --json`), Left's best are 3+4 and 3+5.
    await setPosition(page, '0-1:R 1-2:R 1-3:G 2-2:G 3-4:G 3-5:R 5-5:R 4-6:R 2-7:R');
    await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('quantum');
    await page.getByRole('combobox', { name: 'Flavour' }).selectOption('A');
    await page.getByRole('combobox', { name: 'Width' }).selectOption('3');
    await done(page).waitFor();
    const best = entry(page, 'Best moves');
    const shown = async () => (await best.innerText()).trim().split('\n').map((l) => l.trim());
    const count = (line) => line.split(': ')[1].split(', ').filter((m) => /^\d+(\+\d+)*$/.test(m)).length;
    let [left, right] = await shown();
    assert.equal(left, 'Left (blue) best (losing): 3+4, 3+5', 'a short line is shown whole');
    assert.match(right, /^Right \(red\) wins with: 1\+2, .*, … Show all 120$/);
    assert.equal(count(right), 12, right);
    // The flavour stays on the first screen under the answer, to try the
    // next one (listed whole, the 120 moves pushed the rules off it).
    const flavour = await page.getByRole('combobox', { name: 'Flavour' }).boundingBox();
    assert.ok(flavour && flavour.y + flavour.height <= 1080, `${JSON.stringify(flavour)} is below the screen`);
    await page.screenshot({ path: join(SCREENSHOTS, 'quantum-best-moves-folded.png') });

    const unfold = page.getByRole('button', { name: 'Show all 120 best moves of Right (red)' });
    assert.equal(await unfold.getAttribute('aria-expanded'), 'false');
    await unfold.click();
    const fold = page.getByRole('button', { name: 'Show fewer best moves of Right (red)' });
    assert.equal(await fold.getAttribute('aria-expanded'), 'true');
    [left, right] = await shown();
    assert.equal(count(right.replace(/ Show fewer$/, '')), 120, right);
    await fold.click();
    [, right] = await shown();
    assert.equal(count(right), 12);
    assert.deepEqual(problems, []);
  }, { viewport: { width: 1920, height: 1080 } });
});
