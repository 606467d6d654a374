// Page helpers shared by the browser tests: opening the playground, mapping
// layout points to pixels, drawing by mouse, and waiting for a value.

import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { checkPrerequisites, launchBrowser } from './harness.mjs';

// The editor's empty-drawing view (src/ui/viewport.rs): 80 px per edge,
// the ground line 48 px above the canvas bottom, x = 0 at the centre.
const UNIT = 80;
const GROUND_GAP = 48;

/**
 * One headless Chromium for the whole test file: registers the before/after
 * hooks and returns a handle whose `browser` is set once it has started.
 */
export function useBrowser() {
  const handle = { browser: null };
  before(async () => {
    checkPrerequisites();
    handle.browser = await launchBrowser();
  });
  after(async () => {
    await handle.browser?.close();
  });
  return handle;
}

/** Open the page and wait until the board is ready. */
export async function open(page, url) {
  await page.goto(url);
  await page.locator('#board[data-ready="true"]').waitFor();
}

/** Page pixel of layout point (x, y) in the empty-drawing view. */
export async function board(page) {
  const box = await page.locator('#board').boundingBox();
  return (x, y) => [box.x + box.width / 2 + x * UNIT, box.y + box.height - GROUND_GAP - y * UNIT];
}

export async function drag(page, [ax, ay], [bx, by]) {
  await page.mouse.move(ax, ay);
  await page.mouse.down();
  await page.mouse.move(bx, by, { steps: 6 });
  await page.mouse.up();
}

/** Wait until the value panel shows exactly `expected`. */
export async function value(page, expected) {
  await page.locator('#value').filter({ hasText: new RegExp(`^${expected.replace(/[/*]/g, '\\$&')}$`) }).waitFor();
}

export async function clearBoard(page) {
  await page.getByLabel('Position').fill('');
  await page.getByLabel('Position').press('Enter');
  await page.locator('#status').filter({ hasText: 'No edges left' }).waitFor();
}

/** Clear the board, then draw BR (blue then red, one stalk) and R beside it. */
export async function drawTwoStalks(page) {
  await clearBoard(page);
  const at = await board(page);
  await page.locator('[data-colour="B"]').click();
  await drag(page, at(0, 0), at(0, 1));
  await page.locator('[data-colour="R"]').click();
  await drag(page, at(0, 1), at(0, 2));
  await drag(page, at(2, 0), at(2, 1));
  assert.equal(await page.getByLabel('Position').inputValue(), 'BR R');
}
