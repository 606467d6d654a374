// Browser test of the picture gallery: every picture card opens on the
// board and the worker's value appears and equals the value printed on the
// card (pinned in src/position/pictures.rs). The time from click to value
// is printed for the notes (speed is benchmarked, never asserted here).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, withPage } from './harness.mjs';
import { useBrowser, open } from './board.mjs';

const TIMEOUT = 120_000;

const session = useBrowser();

test('gallery: each picture opens with the value printed on its card', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'gallery', async (page, url, problems) => {
    await open(page, url);
    const cards = page.locator('#gallery .preset', { has: page.locator('.preset-value') });
    const count = await cards.count();
    assert.ok(count >= 12, `a dozen pictures or more (found ${count})`);
    const times = [];
    for (let i = 0; i < count; i += 1) {
      const card = cards.nth(i);
      const title = (await card.locator('strong').textContent()).trim();
      const printed = (await card.locator('.preset-value').textContent()).replace(/^value\s+/, '').trim();
      const started = Date.now();
      await card.click();
      // The answer shown is the answer to this picture: the value line
      // names its position, and the value is the card's.
      await page.locator('#value').filter({ hasText: printed }).waitFor();
      times.push(`${title} ${Date.now() - started} ms`);
      assert.equal((await page.locator('#value').textContent()).trim(), printed, `${title}: value`);
      const edges = await page.evaluate(() => document.querySelector('#position').value.trim().split(/\s+/).length);
      assert.ok(edges >= 2, `${title} is on the board`);
    }
    console.log(`gallery, click to value: ${times.join(', ')}`);
    // Each picture card shows the picture drawn, not its notation.
    assert.equal(await cards.locator('.card-picture svg').count(), count, 'every picture card is drawn');
    await page.locator('#gallery').scrollIntoViewIfNeeded();
    await page.locator('#gallery').screenshot({ path: join(SCREENSHOTS, 'gallery-cards.png') });
    await page.screenshot({ path: join(SCREENSHOTS, 'gallery-last.png') });
    assert.deepEqual(problems, []);
  });
});
