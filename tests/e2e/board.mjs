// Page helpers shared by the browser tests: opening the playground, the
// page's regions and controls by role and accessible name, mapping layout
// points to pixels, drawing by mouse, and waiting for a value.

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

export const boardRegion = (page) => page.getByRole('region', { name: 'Board' });
export const canvas = (page) => boardRegion(page).locator('canvas');
export const valueCard = (page) => page.getByRole('region', { name: 'Value' });
export const position = (page) => page.getByRole('textbox', { name: 'Position' });
/** The value card's entry for `term` ("Value of", "Value", "Outcome", …). */
export const field = (page, term) =>
  valueCard(page).locator('dl > div').filter({ has: page.getByRole('term').getByText(term, { exact: true }) }).getByRole('definition');
/** The line under the board saying whose turn it is. */
export const turn = (page) => page.getByRole('toolbar', { name: 'Moves' }).getByRole('paragraph').first();
/** The moves played ("Start" first). */
export const movesList = (page) => page.getByRole('region', { name: 'Moves' });
/** A move in the list of moves played, by its words. */
export const played = (page, words) => movesList(page).getByRole('button', { name: words });
export const playButton = (page) => page.getByRole('toolbar', { name: 'Mode' }).getByRole('button', { name: 'Play' });
export const player = (page, side) => page.getByRole('toolbar', { name: 'Play' }).getByRole('combobox', { name: side });
/** An editing tool (a colour, Move, Delete) by name. */
export const colour = (page, name) => page.getByRole('toolbar', { name: 'Editing tools' }).getByRole('button', { name, exact: true });
export const noEdgesLeft = (page) => valueCard(page).getByRole('status').filter({ hasText: 'No edges left' });

/** Open the page and wait until the board is ready. */
export async function open(page, url) {
  await page.goto(url);
  await canvas(page).and(page.locator('[data-ready="true"]')).waitFor();
}

/** Page pixel of layout point (x, y) in the empty-drawing view. */
export async function board(page) {
  const box = await canvas(page).boundingBox();
  return (x, y) => [box.x + box.width / 2 + x * UNIT, box.y + box.height - GROUND_GAP - y * UNIT];
}

export async function drag(page, [ax, ay], [bx, by]) {
  await page.mouse.move(ax, ay);
  await page.mouse.down();
  await page.mouse.move(bx, by, { steps: 6 });
  await page.mouse.up();
}

/** Wait until the plain value is exactly `expected`. */
export async function value(page, expected) {
  await page.getByTestId('value').filter({ hasText: new RegExp(`^${expected.replace(/[/*]/g, '\\$&')}$`) }).waitFor();
}

/** Type a position into the position box and apply it. */
export async function setPosition(page, text) {
  await position(page).fill(text);
  await position(page).press('Enter');
}

export async function clearBoard(page) {
  await setPosition(page, '');
  await noEdgesLeft(page).waitFor();
}

/** Clear the board, then draw BR (blue then red, one stalk) and R beside it. */
export async function drawTwoStalks(page) {
  await clearBoard(page);
  const at = await board(page);
  await colour(page, 'Blue').click();
  await drag(page, at(0, 0), at(0, 1));
  await colour(page, 'Red').click();
  await drag(page, at(0, 1), at(0, 2));
  await drag(page, at(2, 0), at(2, 1));
  assert.equal(await position(page).inputValue(), 'BR R');
}

/** The link the Share card copies (the whole deck, from slide 1). */
export async function copiedLink(page) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const share = page.getByRole('region', { name: 'Share and export' });
  await share.getByRole('button', { name: 'Copy link' }).click();
  await share.getByText('Link copied.').waitFor();
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Poll `condition` until it holds (10 s). */
export async function until(condition, what) {
  for (let k = 0; k < 100; k++) {
    if (await condition()) return;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
