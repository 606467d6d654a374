// Browser tests of presenter mode for a projector (issue 10): the board
// zoomed to fit, the realisations, entanglement graph and moves beside it
// inside the screen at 1920×1080 and 1280×720, a large hideable value
// caption, no editing chrome; and a deck you edit (titles, reorder,
// delete) that travels in one link.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, withPage } from './harness.mjs';
import { useBrowser, open } from './board.mjs';

const TIMEOUT = 90_000;

const session = useBrowser();

async function inside(page, selector, width, height) {
  const box = await page.locator(selector).boundingBox();
  assert.ok(box, `${selector} is shown`);
  assert.ok(
    box.x >= 0 && box.y >= 0 && box.x + box.width <= width + 0.5 && box.y + box.height <= height + 0.5,
    `${selector} is inside ${width}×${height}: ${JSON.stringify(box)}`,
  );
  return box;
}

/** A two-slide quantum lesson: BR BR R after a superposed move, then a circus tent. */
async function lesson(page) {
  await page.getByLabel('Position').fill('BR BR R');
  await page.getByLabel('Position').press('Enter');
  await page.locator('#rules').selectOption('quantum');
  await page.locator('#flavour').selectOption('D');
  await page.locator('#mode-play').click();
  await page.locator('#report:not([hidden])').waitFor();
  await page.locator('#board').focus();
  for (const key of ['ArrowRight', 'Space', 'ArrowRight', 'ArrowRight', 'Space', 'Enter']) await page.keyboard.press(key);
  await page.locator('#history button', { hasText: 'Left (blue) cuts 1 + 3' }).waitFor();
  await page.locator('#deck-editor summary').click();
  await page.locator('#slide-title').fill('Superposed blue halves');
  await page.locator('#slide-title').press('Enter');
  await page.locator('#add-slide').click();
  await page.locator('#mode-edit').click();
  await page.getByLabel('Position').fill('0-1:B 1-3:R 0-2:B 2-3:R');
  await page.getByLabel('Position').press('Enter');
  await page.locator('#slide-title').fill('Circus tent');
  await page.locator('#slide-title').press('Enter');
  await page.locator('#slides li').nth(1).waitFor();
}

test('a deck you edit: titles, reorder, delete, all in one link', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'deck-editor', async (page, url, problems) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, url);
    await lesson(page);
    const titles = () => page.locator('#slides .slide-go').allTextContents();
    assert.deepEqual(await titles(), ['Superposed blue halves', 'Circus tent']);
    // Move the circus tent first; it stays the slide shown.
    await page.getByRole('button', { name: 'Move slide 2 up' }).click();
    assert.deepEqual(await titles(), ['Circus tent', 'Superposed blue halves']);
    assert.equal(await page.locator('#slide-of').textContent(), 'Slide 1 of 2');
    // A third slide, then delete it.
    await page.locator('#add-slide').click();
    assert.equal((await titles()).length, 3);
    await page.getByRole('button', { name: 'Delete slide 3' }).click();
    assert.deepEqual(await titles(), ['Circus tent', 'Superposed blue halves']);
    await page.locator('#deck-editor').screenshot({ path: join(SCREENSHOTS, 'deck-editor-list.png') });
    // The link carries titles, order, rules and moves.
    const hash = await page.evaluate(() => location.hash);
    const other = await page.context().newPage();
    await open(other, `${url}${hash}`);
    await other.locator('#deck-editor summary').click();
    assert.deepEqual(await other.locator('#slides .slide-go').allTextContents(), ['Circus tent', 'Superposed blue halves']);
    await other.getByRole('button', { name: 'Superposed blue halves' }).click();
    await other.locator('#realisation-count', { hasText: '(2)' }).waitFor();
    assert.equal(await other.locator('#rules').inputValue(), 'quantum');
    await other.close();
    assert.deepEqual(problems, []);
  });
});

for (const [width, height] of [[1920, 1080], [1280, 720]]) {
  test(`presenter mode at ${width}×${height}: board, realisations, entanglement and moves on screen`, { timeout: TIMEOUT }, async () => {
    await withPage(session.browser, `presenter-${width}`, async (page, url, problems) => {
      await page.setViewportSize({ width, height });
      await open(page, url);
      await lesson(page);
      await page.locator('#prev-slide').click();
      await page.locator('#realisation-count', { hasText: '(2)' }).waitFor();
      await page.locator('#report:not([hidden])').waitFor();
      const small = await page.evaluate(() => document.querySelector('#board').getBoundingClientRect().height);
      await page.locator('#present').click();
      await page.locator('body.presenting').waitFor();
      await page.locator('#caption', { hasText: 'Superposed blue halves' }).waitFor();
      await page.locator('#caption-value', { hasText: /^= / }).waitFor();
      for (const id of ['#board', '#realisations-card', '#entanglement', '#history-card', '#caption']) {
        await inside(page, id, width, height);
      }
      // Bigger than the editor's board; no editing chrome on screen.
      const board = await page.locator('#board').boundingBox();
      assert.ok(board.height > height * 0.55, `the board fills the screen's height (${small} → ${board.height})`);
      assert.ok(board.width > width * 0.5, 'the board takes most of the width');
      for (const id of ['#edit-tools', '#analyse-form', '#left-player', '#hide-values', '#status', '#rules', '#mode-edit']) {
        assert.ok(await page.locator(id).isHidden(), `${id} is hidden when presenting`);
      }
      await page.screenshot({ path: join(SCREENSHOTS, `presenter-quantum-${width}x${height}.png`) });
      // V hides the value caption, V shows it again.
      await page.keyboard.press('v');
      assert.ok(!(await page.locator('#caption-value').isVisible()));
      await page.keyboard.press('v');
      assert.ok(await page.locator('#caption-value').isVisible());
      // The next slide: the circus tent, zoomed to fit.
      await page.keyboard.press('ArrowRight');
      await page.locator('#caption', { hasText: 'Circus tent' }).waitFor();
      await page.screenshot({ path: join(SCREENSHOTS, `presenter-tent-${width}x${height}.png`) });
      await page.keyboard.press('Escape');
      await page.locator('body:not(.presenting)').waitFor();
      assert.ok(await page.locator('#analyse-form').isVisible());
      assert.deepEqual(problems, []);
    });
  });
}
