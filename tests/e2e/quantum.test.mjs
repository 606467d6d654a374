// Browser tests of quantum play: picking edges, committing a superposed
// move, the realisations and entanglement views, refusals in words, the
// share link, and the layouts for wide screens and phones. Run by
// `./build.sh test`; screenshots land in tests/e2e/screenshots/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, withPage } from './harness.mjs';
import { useBrowser, open } from './board.mjs';

const TIMEOUT = 90_000;

const session = useBrowser();

/** BR BR R under quantum rules, flavour D, in play. */
async function quantumGame(page) {
  await page.getByLabel('Position').fill('BR BR R');
  await page.getByLabel('Position').press('Enter');
  await page.locator('#rules').selectOption('quantum');
  await page.locator('#flavour').selectOption('D');
  await page.locator('#mode-play').click();
  await page.locator('#realisations-card:not([hidden])').waitFor();
}

/**
 * Focus the board and act on edges by keyboard (arrows move the focus over
 * the 5 standing edges, Space picks or cuts). `focus.at` tracks the
 * session's keyboard focus between calls (0: none yet).
 */
async function pick(page, labels, focus) {
  await page.locator('#board').focus();
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
    await open(page, url);
    await quantumGame(page);
    const focus = { at: 0 };
    assert.match(await page.locator('#rule-card-2').textContent(), /Flavour D/);
    assert.equal(await page.locator('#realisation-count').textContent(), '(1)');
    assert.equal(await page.locator('#entanglement .vertex').count(), 5);
    await page.locator('#report:not([hidden])').waitFor();

    // Pick edges 1 and 3 (Left's blue halves), see the selection, commit with Enter.
    await pick(page, [1, 3], focus);
    assert.equal(await page.locator('#commit').textContent(), 'Commit superposed move (1 + 3)');
    await page.locator('#board').screenshot({ path: join(SCREENSHOTS, 'quantum-picked.png') });
    await page.keyboard.press('Enter');
    await page.locator('#history button', { hasText: 'Left (blue) cuts 1 + 3' }).waitFor();

    assert.equal(await page.locator('#realisation-count').textContent(), '(2)');
    assert.equal(await page.locator('#realisations li').count(), 2);
    assert.match(await page.locator('#realisation-note').textContent(), /2 cuts gave 2 realisations/);
    assert.equal(await page.locator('#entanglement .link').count(), 1);
    assert.equal(await page.locator('#entanglement-summary').textContent(), '5 vertices, 1 link');
    assert.match(await page.locator('#turn').textContent(), /Right \(red\) to move/);

    // The engine values the superposed state (it replays the move).
    await page.locator('#status', { hasText: 'Done' }).waitFor();
    assert.ok((await page.locator('#value').textContent()).length > 0);
    assert.match(await page.locator('#advice').textContent(), /Right \(red\)/);

    // Hovering a vertex of the graph highlights it (and its edge on the board).
    await page.locator('#entanglement .vertex[data-label="3"]').hover();
    assert.match(await page.locator('#entanglement .vertex[data-label="3"]').getAttribute('class'), /hot/);

    // A refused move is explained in words: edge 1 is not Right's.
    await page.locator('#pick-single').click();
    await pick(page, [1], focus);
    const msg = page.locator('#board-message');
    await msg.waitFor();
    assert.match(await msg.textContent(), /edge 1 is not Right's to cut in any realisation/);

    // Right cuts edge 5 alone (flavour D allows it): edge 5 is gone everywhere.
    await pick(page, [5], focus);
    await page.locator('#history button', { hasText: 'Right (red) cuts 5' }).waitFor();
    await page.locator('#entanglement .vertex.absent[data-label="5"]').waitFor();
    assert.equal(await page.locator('#realisation-count').textContent(), '(2)');
    await page.locator('#status', { hasText: 'Done' }).waitFor();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(700); // let the falling animation finish
    await page.screenshot({ path: join(SCREENSHOTS, 'quantum-after-moves.png'), fullPage: true });
    const link = page.url();
    assert.match(link, /#v1=[A-Za-z0-9_-]+$/);

    await withPage(session.browser, 'quantum-restored', async (again, _url, problems2) => {
      await again.goto(link);
      await again.locator('#board[data-ready="true"]').waitFor();
      await again.locator('#realisations-card:not([hidden])').waitFor();
      assert.equal(await again.locator('#rules').inputValue(), 'quantum');
      assert.equal(await again.locator('#flavour').inputValue(), 'D');
      assert.equal(await again.locator('#realisation-count').textContent(), '(2)');
      assert.equal(await again.locator('#entanglement .link').count(), 1);
      assert.equal(await again.locator('#entanglement-summary').textContent(), '5 vertices, 1 link, 1 gone from every realisation');
      await again.locator('#history button', { hasText: 'Right (red) cuts 5' }).waitFor();
      await again.locator('#status', { hasText: 'Done' }).waitFor();
      // Taking back restores the previous state's views.
      await again.getByRole('button', { name: 'Take back' }).click();
      assert.equal(await again.locator('#entanglement .vertex.absent').count(), 0);
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
    await page.locator('#flavour').selectOption('A');
    assert.match(await page.locator('#rule-card-2').textContent(), /Flavour A/);
    // Flavour A never cuts an edge alone: "Cut one" is not offered, and a
    // single picked edge is refused in words at Commit.
    assert.ok(await page.locator('#pick-single').isHidden());
    await pick(page, [1], { at: 0 });
    await page.keyboard.press('Enter');
    assert.match(await page.locator('#board-message').textContent(), /flavour A: unsuperposed moves are never allowed/);
    // Board left, views right on a wide screen.
    const board = await page.locator('#board-panel').boundingBox();
    const views = await page.locator('#realisations-card').boundingBox();
    assert.ok(views.x > board.x + board.width - 1, 'views beside the board');
    await page.locator('#status', { hasText: 'Done' }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'quantum-wide.png') });

    // A phone: one column, 44 px targets.
    await page.setViewportSize({ width: 390, height: 844 });
    // (The board panel's box dissolves into the one column on phones.)
    const b2 = await page.locator('#board').boundingBox();
    const v2 = await page.locator('#realisations-card').boundingBox();
    assert.ok(v2.y >= b2.y + b2.height - 1, 'views below the board');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
    for (const id of ['#pick-superpose', '#takeback', '#mode-play']) {
      const box = await page.locator(id).boundingBox();
      assert.ok(box.height >= 44 && box.width >= 44, `${id} is ${box.width}×${box.height}`);
    }
    await page.screenshot({ path: join(SCREENSHOTS, 'quantum-phone.png'), fullPage: true });
    assert.deepEqual(problems, []);
  });
});

test('a quantum position too large for the browser says so instead of hanging', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'quantum-too-large', async (page, url, problems) => {
    await open(page, url);
    // Wide moves on 32 green edges are far beyond the worker: they used
    // to outgrow its memory budget within seconds; since the engine skips
    // move sets that repeat smaller moves' results and keeps the options
    // it has met in one flat buffer, the page's time limit may stop them
    // first. Either way the page must say so, with the same advice.
    await page.getByLabel('Position').fill('GGGGGGGGGGGGGGGG GGGGGGGGGGGGGGGG');
    await page.getByLabel('Position').press('Enter');
    await page.locator('#rules').selectOption('quantum');
    await page.locator('#width').selectOption('unbounded');
    // While it runs: the spinner, the elapsed time and Cancel.
    await page.locator('#busy:not([hidden])').waitFor();
    assert.ok(await page.locator('#cancel').isVisible());
    const err = page.locator('#error');
    await err.waitFor({ timeout: 60_000 });
    assert.match(await err.textContent(), /Too large to analyse here(: the memory budget of 256M is used up .*| within 30 s) — try width 2 or fewer edges/);
    assert.ok(await page.locator('#report').isHidden(), 'no value is shown for a position that was not analysed');
    assert.ok(await page.locator('#busy').isHidden());
    assert.deepEqual(problems, []);
  });
});
