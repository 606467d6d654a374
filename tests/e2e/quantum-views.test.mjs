// Browser tests of the quantum views with the real mouse: the preview of a
// superposed move on the realisation thumbnails (split, collapse, merge)
// and in one line; hover links between the board, the thumbnails and the
// entanglement graph; a thumbnail zoomed to board size; and the engine's
// "cannot compute" message after Cancel. Controls are found by role and
// accessible name (issue 23).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, withPage } from './harness.mjs';
import {
  useBrowser, open, board, drag, colour,
} from './board.mjs';

const TIMEOUT = 90_000;

const session = useBrowser();

const region = (page, name) => page.getByRole('region', { name });
const canvas = (page) => region(page, 'Board').locator('canvas');
const button = (page, name) => page.getByRole('button', { name, exact: true });
const realisations = (page) => page.getByRole('region', { name: /^Realisations \(\d+\)$/ });
const thumbs = (page) => realisations(page).getByRole('listitem');
const vertex = (page, label) => region(page, 'Entanglement').getByRole('img', { name: `Edge ${label}`, exact: true });
/** The line under the board that previews the move being picked. */
const preview = (page, text) => region(page, 'Board').getByText(text);

async function setPosition(page, text) {
  const box = page.getByRole('textbox', { name: 'Position' });
  await box.fill(text);
  await box.press('Enter');
}

async function clearBoard(page) {
  await setPosition(page, '');
  await region(page, 'Value').getByRole('status').filter({ hasText: 'No edges left' }).waitFor();
}

/** The two lines of the rule card (the first paragraph of the Rules region). */
const ruleCard = async (page) => (await region(page, 'Rules').getByRole('paragraph').first().innerText()).split('\n');

/**
 * Draw BR at x = 0 (edges 1 B, 2 R), B at x = 2 (edge 3) and R at x = −2
 * (edge 4) by mouse, then quantum flavour D in play. Returns `at`.
 */
async function drawQuantum(page) {
  await clearBoard(page);
  const at = await board(page);
  await colour(page, 'Blue').click();
  await drag(page, at(0, 0), at(0, 1));
  await colour(page, 'Red').click();
  await drag(page, at(0, 1), at(0, 2));
  await colour(page, 'Blue').click();
  await drag(page, at(2, 0), at(2, 1));
  await colour(page, 'Red').click();
  await drag(page, at(-2, 0), at(-2, 1));
  assert.equal(await page.getByRole('textbox', { name: 'Position' }).inputValue(), 'BR B R');
  await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('quantum');
  await page.getByRole('combobox', { name: 'Flavour' }).selectOption('D');
  await button(page, 'Play').click();
  await realisations(page).waitFor();
  return at;
}

/** Each thumbnail's badge: what the move previewed would do to it ('' for none). */
async function fates(page) {
  const out = [];
  for (const li of await thumbs(page).all()) {
    const badge = li.getByRole('emphasis');
    out.push((await badge.count()) ? await badge.textContent() : '');
  }
  return out;
}

/** Each thumbnail's edges, from its picture's name ("Realisation 1: edges 1, 2, 5" → "1 2 5"). */
async function thumbLabels(page, which = thumbs(page)) {
  const out = [];
  for (const li of await which.all()) {
    const name = await li.getByRole('img').getAttribute('alt');
    out.push(name.replace(/^Realisation \d+: edges /, '').split(', ').join(' '));
  }
  return out;
}

/** The thumbnails outlined because they hold the edge under the pointer. */
const outlinedThumbs = (page) => thumbs(page).and(page.locator('.has-hot'));

test('quantum preview: hovering while picking shows which realisations split, collapse and merge', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'quantum-preview', async (page, url, problems) => {
    await open(page, url);
    const at = await drawQuantum(page);

    // Left picks 1 and hovers 3: the one realisation would split in two.
    await page.mouse.click(...at(0, 0.4));
    await page.mouse.move(...at(2, 0.5));
    await preview(page, 'Superposing 1 + 3: 1 realisation → 2: #1 splits in 2.').waitFor();
    assert.deepEqual(await fates(page), ['splits in 2']);
    await page.mouse.click(...at(2, 0.5));
    await page.keyboard.press('Enter');
    await region(page, 'Realisations (2)').waitFor();

    // Right picks 2 and hovers 4: one realisation splits, the other (where
    // 2 fell with 1) goes on as one.
    await page.mouse.click(...at(0, 1.5));
    await page.mouse.move(...at(-2, 0.5));
    await preview(page, /^Superposing 2 \+ 4: 2 realisations → 3: #\d splits in 2\.$/).waitFor();
    assert.deepEqual((await fates(page)).sort(), ['goes on', 'splits in 2']);
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
    await region(page, 'Realisations (3)').waitFor();

    // Left hovers 1 with nothing picked: cutting it alone collapses the
    // realisation without it.
    await page.mouse.move(...at2(0, 0.4));
    await preview(page, /^Cutting 1: 3 realisations → 2: #\d collapses\.$/).waitFor();
    assert.deepEqual((await fates(page)).sort(), ['collapses', 'goes on', 'goes on']);
    // Picking 1 and hovering 3: two results coincide (they merge).
    await page.mouse.click(...at2(0, 0.4));
    await page.mouse.move(...at2(2, 0.5));
    await preview(page, /1 merge\.$/).waitFor();
    assert.ok((await fates(page)).filter((f) => /, merges$/.test(f)).length >= 2, 'two results merge');
    await page.screenshot({ path: join(SCREENSHOTS, 'quantum-preview-merge.png') });
    // Moving off the board: the picks alone are previewed.
    await page.mouse.move(5, 5);
    await preview(page, /^Cutting 1: /).waitFor();
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
    await region(page, 'Realisations (2)').waitFor();
    const labels = await thumbLabels(page);
    assert.equal(labels.length, 2);

    // Hovering edge 3 on the board: the realisations holding it are
    // outlined, and its vertex in the graph is lit.
    await page.mouse.move(...at(2, 0.5));
    await vertex(page, 3).and(page.locator('.hot')).waitFor();
    const outlined = await thumbLabels(page, outlinedThumbs(page));
    assert.deepEqual(outlined, labels.filter((l) => l.split(' ').includes('3')));
    assert.equal(outlined.length, 1);

    // Hovering a thumbnail shows its realisation on the board (the edges
    // it lacks fade): the canvas changes, and changes back on leaving.
    // (Its pixels are read in place: a screenshot would scroll the page
    // under the mouse.)
    await page.mouse.move(5, 5);
    const pixels = () => canvas(page).evaluate((el) => el.toDataURL());
    const plain = await pixels();
    await thumbs(page).nth(0).hover();
    await page.waitForTimeout(100);
    const shown = await pixels();
    assert.notDeepEqual(shown, plain, 'the board shows the hovered realisation');
    await page.screenshot({ path: join(SCREENSHOTS, 'quantum-thumb-hover.png') });
    await page.mouse.move(5, 5);
    await page.waitForTimeout(100);
    assert.deepEqual(await pixels(), plain);

    // Hovering a graph vertex highlights its edge on the board (and the
    // realisations holding it).
    await vertex(page, 1).hover();
    await vertex(page, 1).and(page.locator('.hot')).waitFor();
    assert.notDeepEqual(await pixels(), plain);
    assert.equal(await outlinedThumbs(page).count(), 1);

    // A click zooms a thumbnail to the board's size; Escape closes, and
    // so does a click.
    await thumbs(page).nth(1).getByRole('button').click();
    const zoom = page.getByRole('dialog', { name: /^Realisation 2 of 2: edges / });
    await zoom.waitFor();
    const img = await zoom.getByRole('img').boundingBox();
    const thumb = await thumbs(page).nth(1).getByRole('img').boundingBox();
    assert.ok(img.width > 2 * thumb.width, `zoomed ${img.width} px vs ${thumb.width} px`);
    await page.screenshot({ path: join(SCREENSHOTS, 'quantum-zoom.png') });
    await page.keyboard.press('Escape');
    await zoom.waitFor({ state: 'hidden' });
    await thumbs(page).nth(0).getByRole('button').click();
    const zoom1 = page.getByRole('dialog', { name: /^Realisation 1 of 2: edges / });
    await zoom1.waitFor();
    await page.mouse.click(20, 20);
    await zoom1.waitFor({ state: 'hidden' });
    assert.equal(await page.getByRole('dialog').count(), 0, 'no dialog is open');
    assert.deepEqual(problems, []);
  });
});

test('phone and projector sizes: thumbnails, badges and the preview line fit', { timeout: TIMEOUT }, async () => {
  for (const [w, h] of [[1280, 720], [390, 844]]) {
    await withPage(session.browser, `quantum-preview-${w}`, async (page, url, problems) => {
      await open(page, url);
      await setPosition(page, 'BR B R');
      await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('quantum');
      await page.getByRole('combobox', { name: 'Flavour' }).selectOption('D');
      await button(page, 'Play').click();
      await realisations(page).waitFor();
      // Keyboard picks (the layout differs per size): 1, then focus 3.
      await canvas(page).focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      const line = preview(page, /^Superposing 1 \+ 3/);
      await line.waitFor();
      const l = await line.boundingBox();
      assert.ok(l.x >= 0 && l.x + l.width <= w, `the preview line inside ${w} px: ${JSON.stringify(l)}`);
      const li = await thumbs(page).first().boundingBox();
      assert.ok(li.x >= 0 && li.x + li.width <= w, `thumbnail inside ${w} px: ${JSON.stringify(li)}`);
      const badge = await thumbs(page).first().getByRole('emphasis').boundingBox();
      assert.ok(badge && badge.x >= 0 && badge.x + badge.width <= w, `badge inside ${w} px: ${JSON.stringify(badge)}`);
      await realisations(page).scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SCREENSHOTS, `quantum-preview-${w}-view.png`) });
      assert.deepEqual(problems, []);
    }, { viewport: { width: w, height: h } });
  }
});

test('a realisation caption of ten edges wraps in even lines, not a line and an orphan', { timeout: TIMEOUT }, async () => {
  for (const [w, h] of [[1920, 1080], [1280, 800], [390, 844]]) {
    await withPage(session.browser, `quantum-caption-${w}`, async (page, url, problems) => {
      await open(page, url);
      await setPosition(page, 'BR BR BR BR BR');
      await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('quantum');
      const caption = thumbs(page).first().getByText('#1 · 1 2 3 4 5 6 7 8 9 10', { exact: true });
      await caption.waitFor();
      // One client rect per rendered line of the caption's text.
      const lines = await caption.evaluate((span) => {
        const range = document.createRange();
        range.selectNodeContents(span);
        const rows = new Map();
        for (const r of range.getClientRects()) {
          const y = Math.round(r.top);
          rows.set(y, (rows.get(y) ?? 0) + r.width);
        }
        return [...rows.values()];
      });
      // The thumbnail is too narrow for ten labels on one line at every
      // size here, so the wrap itself is what is checked.
      assert.ok(lines.length >= 2, `at ${w} px the caption wraps: ${lines.map(Math.round)}`);
      const [widest, narrowest] = [Math.max(...lines), Math.min(...lines)];
      assert.ok(narrowest >= widest / 2, `at ${w} px the caption's lines are even: ${lines.map(Math.round)}`);
      assert.deepEqual(problems, []);
    }, { viewport: { width: w, height: h } });
  }
});

test('the engine says it cannot compute after Cancel on a long analysis', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'engine-after-cancel', async (page, url, problems) => {
    await open(page, url);
    // Long at width 3: the green edges keep the search by options
    // (blue-red sums are valued by comparison with numbers, at once).
    // `value` takes 17 s natively; BR BR BR BR R G, once as long, now
    // takes 0.2 s, and the analysis could end before Cancel was clicked.
    await setPosition(page, 'BR BR BR BR R G GR');
    await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('quantum');
    await page.getByRole('combobox', { name: 'Flavour' }).selectOption('C');
    await page.getByRole('combobox', { name: 'Width' }).selectOption('3');
    await button(page, 'Play').click();
    await page.getByRole('combobox', { name: 'Left' }).selectOption('engine');
    const cancel = region(page, 'Value').getByRole('button', { name: 'Cancel' });
    await cancel.waitFor();
    await region(page, 'Board').getByText('The engine is thinking…').waitFor();
    await cancel.click();
    await cancel.waitFor({ state: 'hidden' });
    const note = region(page, 'Board').getByText(/^The engine cannot compute this position's value: it will not move/);
    await note.waitFor();
    assert.ok(await note.evaluate((el) => el.classList.contains('error')), 'shown as a warning');
    // It stays after the next refresh (a hover), and the engine does not move.
    await canvas(page).hover();
    await page.waitForTimeout(800);
    assert.match(await note.textContent(), /cannot compute/);
    const history = region(page, 'Moves').getByRole('listitem');
    assert.equal(await history.count(), 1, 'no move was played');
    // A person may play for it: Left cuts alone? No: flavour C allows it
    // only when the edge is Left's in every realisation, as here.
    await button(page, 'Cut one').click();
    await canvas(page).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await history.nth(1).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'engine-after-cancel.png') });
    assert.deepEqual(problems, []);
  });
});

test('the rule card follows the pickers (its words come from Rust)', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'rule-card', async (page, url, problems) => {
    await open(page, url);
    assert.match((await ruleCard(page))[1], /^Normal play: the player who cannot move loses\.$/);
    await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('quantum');
    await page.getByRole('combobox', { name: 'Flavour' }).selectOption('A');
    await page.getByRole('combobox', { name: 'Width' }).selectOption('3');
    assert.match((await ruleCard(page))[0], /^A superposed move names 2 to 3 edges/);
    assert.match((await ruleCard(page))[1], /^Flavour A: an edge is never cut alone/);
    await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('misere');
    assert.match((await ruleCard(page))[1], /cannot move wins/);
    assert.deepEqual(problems, []);
  });
});
