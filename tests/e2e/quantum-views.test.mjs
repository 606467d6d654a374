// Browser tests of the quantum views with the real mouse: the preview of a
// superposed move on the realisation thumbnails (split, collapse, merge)
// and in one line; hover links between the board, the thumbnails and the
// entanglement graph; a thumbnail zoomed to board size; and the engine's
// "cannot compute" message after Cancel.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, withPage } from './harness.mjs';
import { useBrowser, open, board, drag, clearBoard } from './board.mjs';

const TIMEOUT = 90_000;

const session = useBrowser();

/**
 * Draw BR at x = 0 (edges 1 B, 2 R), B at x = 2 (edge 3) and R at x = −2
 * (edge 4) by mouse, then quantum flavour D in play. Returns `at`.
 */
async function drawQuantum(page) {
  await clearBoard(page);
  const at = await board(page);
  await page.locator('[data-colour="B"]').click();
  await drag(page, at(0, 0), at(0, 1));
  await page.locator('[data-colour="R"]').click();
  await drag(page, at(0, 1), at(0, 2));
  await page.locator('[data-colour="B"]').click();
  await drag(page, at(2, 0), at(2, 1));
  await page.locator('[data-colour="R"]').click();
  await drag(page, at(-2, 0), at(-2, 1));
  await page.locator('#rules').selectOption('quantum');
  await page.locator('#flavour').selectOption('D');
  await page.locator('#mode-play').click();
  await page.locator('#realisations-card:not([hidden])').waitFor();
  return at;
}

const fates = (page) => page.locator('#realisations li').evaluateAll((lis) => lis.map((li) => li.dataset.fate));

test('quantum preview: hovering while picking shows which realisations split, collapse and merge', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'quantum-preview', async (page, url, problems) => {
    await open(page, url);
    const at = await drawQuantum(page);
    const preview = page.locator('#preview');

    // Left picks 1 and hovers 3: the one realisation would split in two.
    await page.mouse.click(...at(0, 0.4));
    await page.mouse.move(...at(2, 0.5));
    await preview.filter({ hasText: 'Superposing 1 + 3: 1 realisation → 2: #1 splits in 2.' }).waitFor();
    assert.deepEqual(await fates(page), ['splits']);
    assert.equal(await page.locator('#realisations li .fate').textContent(), 'splits in 2');
    await page.mouse.click(...at(2, 0.5));
    await page.keyboard.press('Enter');
    await page.locator('#realisation-count', { hasText: '(2)' }).waitFor();

    // Right picks 2 and hovers 4: one realisation splits, the other (where
    // 2 fell with 1) goes on as one.
    await page.mouse.click(...at(0, 1.5));
    await page.mouse.move(...at(-2, 0.5));
    await preview.filter({ hasText: /^Superposing 2 \+ 4: 2 realisations → 3: #\d splits in 2\.$/ }).waitFor();
    assert.deepEqual((await fates(page)).sort(), ['continues', 'splits']);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(SCREENSHOTS, 'quantum-preview-1920.png') });
    await page.setViewportSize({ width: 900, height: 760 });
    await page.waitForTimeout(200);
    // The viewport of an empty drawing does not move with the page size,
    // but the canvas does: find the edges again.
    const at2 = await board(page);
    await page.mouse.click(...at2(-2, 0.5));
    await page.keyboard.press('Enter');
    await page.locator('#realisation-count', { hasText: '(3)' }).waitFor();

    // Left hovers 1 with nothing picked: cutting it alone collapses the
    // realisation without it.
    await page.mouse.move(...at2(0, 0.4));
    await preview.filter({ hasText: /^Cutting 1: 3 realisations → 2: #\d collapses\.$/ }).waitFor();
    assert.deepEqual((await fates(page)).sort(), ['collapses', 'continues', 'continues']);
    // Picking 1 and hovering 3: two results coincide (they merge).
    await page.mouse.click(...at2(0, 0.4));
    await page.mouse.move(...at2(2, 0.5));
    await preview.filter({ hasText: /1 merge\.$/ }).waitFor();
    assert.ok((await page.locator('#realisations li.merges').count()) >= 2);
    await page.screenshot({ path: join(SCREENSHOTS, 'quantum-preview-merge.png') });
    // Moving off the board: the picks alone are previewed.
    await page.mouse.move(5, 5);
    await preview.filter({ hasText: /^Cutting 1: / }).waitFor();
    assert.deepEqual(problems, []);
  });
});

test('hover links: board edge ↔ thumbnails ↔ entanglement graph; a thumbnail zooms on click', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'quantum-links', async (page, url, problems) => {
    await open(page, url);
    const at = await drawQuantum(page);
    await page.mouse.click(...at(0, 0.4));
    await page.mouse.click(...at(2, 0.5));
    await page.keyboard.press('Enter');
    await page.locator('#realisation-count', { hasText: '(2)' }).waitFor();
    const labels = await page.locator('#realisations li').evaluateAll((lis) => lis.map((li) => li.dataset.labels.trim()));
    assert.equal(labels.length, 2);

    // Hovering edge 3 on the board: the realisations holding it are
    // outlined, and its vertex in the graph is lit.
    await page.mouse.move(...at(2, 0.5));
    await page.locator('#entanglement .vertex.hot[data-label="3"]').waitFor();
    const outlined = await page.locator('#realisations li.has-hot').evaluateAll((lis) => lis.map((li) => li.dataset.labels.trim()));
    assert.deepEqual(outlined, labels.filter((l) => l.split(' ').includes('3')));
    assert.equal(outlined.length, 1);

    // Hovering a thumbnail shows its realisation on the board (the edges
    // it lacks fade): the canvas changes, and changes back on leaving.
    // (Its pixels are read in place: a screenshot would scroll the page
    // under the mouse.)
    await page.mouse.move(5, 5);
    const canvas = { screenshot: () => page.evaluate(() => document.getElementById('board').toDataURL()) };
    const plain = await canvas.screenshot();
    await page.locator('#realisations li').nth(0).hover();
    await page.waitForTimeout(100);
    const shown = await canvas.screenshot();
    assert.notDeepEqual(shown, plain, 'the board shows the hovered realisation');
    await page.screenshot({ path: join(SCREENSHOTS, 'quantum-thumb-hover.png') });
    await page.mouse.move(5, 5);
    await page.waitForTimeout(100);
    assert.deepEqual(await canvas.screenshot(), plain);

    // Hovering a graph vertex highlights its edge on the board (and the
    // realisations holding it).
    await page.locator('#entanglement .vertex[data-label="1"]').hover();
    await page.locator('#entanglement .vertex.hot[data-label="1"]').waitFor();
    assert.notDeepEqual(await canvas.screenshot(), plain);
    assert.equal(await page.locator('#realisations li.has-hot').count(), 1);

    // A click zooms a thumbnail to the board's size; Escape closes, and
    // so does a click.
    await page.locator('#realisations li button').nth(1).click();
    const zoom = page.locator('#zoom[open]');
    await zoom.waitFor();
    const img = await page.locator('#zoom-image').boundingBox();
    const thumb = await page.locator('#realisations li img').nth(1).boundingBox();
    assert.ok(img.width > 2 * thumb.width, `zoomed ${img.width} px vs ${thumb.width} px`);
    assert.match(await page.locator('#zoom-caption').textContent(), /^Realisation 2 of 2: edges /);
    await page.screenshot({ path: join(SCREENSHOTS, 'quantum-zoom.png') });
    await page.keyboard.press('Escape');
    await zoom.waitFor({ state: 'detached' });
    await page.locator('#realisations li button').nth(0).click();
    await zoom.waitFor();
    await page.mouse.click(20, 20);
    await zoom.waitFor({ state: 'detached' });
    assert.deepEqual(problems, []);
  });
});

test('phone and projector sizes: thumbnails, badges and the preview line fit', { timeout: TIMEOUT }, async () => {
  for (const [w, h] of [[1280, 720], [390, 844]]) {
    await withPage(session.browser, `quantum-preview-${w}`, async (page, url, problems) => {
      await open(page, url);
      await page.getByLabel('Position').fill('BR B R');
      await page.getByLabel('Position').press('Enter');
      await page.locator('#rules').selectOption('quantum');
      await page.locator('#flavour').selectOption('D');
      await page.locator('#mode-play').click();
      await page.locator('#realisations-card:not([hidden])').waitFor();
      // Keyboard picks (the layout differs per size): 1, then focus 3.
      await page.locator('#board').focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.locator('#preview', { hasText: 'Superposing 1 + 3' }).waitFor();
      const li = await page.locator('#realisations li').first().boundingBox();
      assert.ok(li.x >= 0 && li.x + li.width <= w, `thumbnail inside ${w} px: ${JSON.stringify(li)}`);
      await page.locator('#realisations-card').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SCREENSHOTS, `quantum-preview-${w}-view.png`) });
      assert.deepEqual(problems, []);
    }, { viewport: { width: w, height: h } });
  }
});

test('the engine says it cannot compute after Cancel on a long analysis', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'engine-after-cancel', async (page, url, problems) => {
    await open(page, url);
    // Long at width 3: the green edge keeps the search by options
    // (blue-red sums are valued by comparison with numbers, at once).
    await page.getByLabel('Position').fill('BR BR BR BR R G');
    await page.getByLabel('Position').press('Enter');
    await page.locator('#rules').selectOption('quantum');
    await page.locator('#flavour').selectOption('C');
    await page.locator('#width').selectOption('3');
    await page.locator('#mode-play').click();
    await page.locator('#left-player').selectOption('engine');
    await page.locator('#busy:not([hidden])').waitFor();
    await page.locator('#engine-note', { hasText: 'The engine is thinking…' }).waitFor();
    await page.locator('#cancel').click();
    await page.locator('#busy').waitFor({ state: 'hidden' });
    const note = page.locator('#engine-note');
    await note.filter({ hasText: /^The engine cannot compute this position's value: it will not move/ }).waitFor();
    assert.ok(await note.evaluate((el) => el.classList.contains('error')), 'shown as a warning');
    // It stays after the next refresh (a hover), and the engine does not move.
    await page.locator('#board').hover();
    await page.waitForTimeout(800);
    assert.match(await note.textContent(), /cannot compute/);
    assert.equal(await page.locator('#history li').count(), 1, 'no move was played');
    // A person may play for it: Left cuts alone? No: flavour C allows it
    // only when the edge is Left's in every realisation, as here.
    await page.locator('#pick-single').click();
    await page.locator('#board').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await page.locator('#history li').nth(1).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'engine-after-cancel.png') });
    assert.deepEqual(problems, []);
  });
});

test('the rule card follows the pickers (its words come from Rust)', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'rule-card', async (page, url, problems) => {
    await open(page, url);
    assert.match(await page.locator('#rule-card-2').textContent(), /^Normal play: the player who cannot move loses\.$/);
    await page.locator('#rules').selectOption('quantum');
    await page.locator('#flavour').selectOption('A');
    await page.locator('#width').selectOption('3');
    assert.match(await page.locator('#rule-card-1').textContent(), /^A superposed move names 2 to 3 edges/);
    assert.match(await page.locator('#rule-card-2').textContent(), /^Flavour A: an edge is never cut alone/);
    await page.locator('#rules').selectOption('misere');
    assert.match(await page.locator('#rule-card-2').textContent(), /cannot move wins/);
    assert.deepEqual(problems, []);
  });
});
