// Browser test of the picture gallery: every picture card opens on the
// board and the worker's value appears and equals the value printed on the
// card (pinned in src/position/pictures.rs; the card and the value card
// write it the same way). The time from click to value is printed for the
// notes (speed is benchmarked, never asserted here). Controls are found by
// role and accessible name.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, withPage } from './harness.mjs';
import { useBrowser } from './board.mjs';

const TIMEOUT = 120_000;

const session = useBrowser();

test('gallery: each picture opens with the value printed on its card', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'gallery', async (page, url, problems) => {
    await page.goto(url);
    await page.getByRole('region', { name: 'Board' }).locator('canvas[data-ready="true"]').waitFor();
    const valueCard = page.getByRole('region', { name: 'Value' });
    const field = (term) =>
      valueCard.locator('dl > div').filter({ has: page.getByRole('term').getByText(term, { exact: true }) }).getByRole('definition');
    const gallery = page.getByRole('group').filter({ has: page.locator('summary', { hasText: 'Presets' }) });
    // The picture cards are the presets that print their value.
    const cards = gallery.getByRole('button', { name: / value \S/ });
    const count = await cards.count();
    assert.ok(count >= 12, `a dozen pictures or more (found ${count})`);
    // Pictures load lazily, as the gallery comes into view; the cards keep
    // their places while they do (a card clicked is the card aimed at).
    const boxes = () => gallery.locator('img.card-picture').evaluateAll((imgs) =>
      imgs.map((i) => { const r = i.closest('button').getBoundingClientRect(); return [r.x, r.y + scrollY, r.width, r.height].map(Math.round); }));
    const before = await boxes();
    await gallery.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.querySelectorAll('img.card-picture')].every((i) => i.complete && i.naturalWidth > 0));
    assert.deepEqual(await boxes(), before, 'cards do not move as their pictures load');
    const times = [];
    for (let i = 0; i < count; i += 1) {
      const card = cards.nth(i);
      const title = (await card.locator('strong').textContent()).trim();
      const printed = (await card.getByText(/^value /).textContent()).replace(/^value\s+/, '').trim();
      const started = Date.now();
      await card.click();
      // The answer shown is the answer to this picture: the value line
      // names its position, and the value is the card's.
      await field('Value').filter({ hasText: new RegExp(`^${printed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).waitFor();
      const position = await page.getByRole('textbox', { name: 'Position' }).inputValue();
      times.push(`${title} ${Date.now() - started} ms`);
      assert.ok((await field('Value of').textContent()).startsWith(`${position} · `), `${title}: the value names the picture`);
      assert.equal((await field('Value').textContent()).trim(), printed, `${title}: value`);
      assert.ok(position.trim().split(/\s+/).length >= 2, `${title} is on the board`);
    }
    console.log(`gallery, click to value: ${times.join(', ')}`);
    // Each picture card shows the picture drawn, not its notation.
    for (let i = 0; i < count; i += 1) {
      assert.equal(await cards.nth(i).locator('img').count(), 1, `picture card ${i + 1} is drawn`);
      assert.equal(await cards.nth(i).locator('code').count(), 0, `picture card ${i + 1} shows no notation`);
    }
    await gallery.scrollIntoViewIfNeeded();
    await gallery.screenshot({ path: join(SCREENSHOTS, 'gallery-cards.png') });
    await page.screenshot({ path: join(SCREENSHOTS, 'gallery-last.png') });
    assert.deepEqual(problems, []);
  });
});
