// Browser test of synchronous play: secret picks (Left, then Right), the
// reveal, both cut at once, and the engine's mixed strategies shown as
// percentages beside the edges. Run by `./build.sh test`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, withPage } from './harness.mjs';
import { useBrowser } from './board.mjs';

const TIMEOUT = 60_000;

const session = useBrowser();

test('synchronous: secret picks, reveal, and strategies on the edges', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'sync-play', async (page, url, problems) => {
    await page.goto(url);
    await page.locator('#board[data-ready="true"]').waitFor();
    // Three blue halves: V(3) = 5/6 (RULES.md §5).
    await page.getByLabel('Position').fill('BR BR BR');
    await page.getByLabel('Position').press('Enter');
    await page.locator('#rules').selectOption('sync');
    await page.locator('#value').filter({ hasText: /^5\/6$/ }).waitFor();
    assert.match(await page.locator('#advice').textContent(), /Optimal mixed strategies — Left \(blue\): edge 1 1\/3 \(33%\)/);
    await page.locator('#mode-play').click();
    await page.locator('#status', { hasText: 'Done' }).waitFor();
    await page.locator('#board').screenshot({ path: join(SCREENSHOTS, 'sync-strategies.png') });

    // Left picks edge 1 in secret (arrow to it, Space); nothing shows.
    await page.locator('#board').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    assert.match(await page.locator('#turn').textContent(), /Left has chosen\. Right \(red\): choose an edge/);
    assert.ok(await page.locator('#commit').isHidden());
    // Right picks edge 4 (focus was cleared: arrows start again from 1).
    for (let k = 0; k < 4; k++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    assert.match(await page.locator('#turn').textContent(), /Revealed: Left chose 1, Right chose 4/);
    assert.equal(await page.locator('#commit').textContent(), 'Cut both (Left 1, Right 4)');
    await page.keyboard.press('Enter');
    await page.locator('#history button', { hasText: 'Left (blue) cuts 1, Right (red) cuts 4' }).waitFor();
    // Left's cut dropped 2; Right's left 3 alone: B + BR remains, worth 1.
    await page.locator('#value').filter({ hasText: /^1$/ }).waitFor();
    await page.locator('#board').screenshot({ path: join(SCREENSHOTS, 'sync-after-turn.png') });
    assert.deepEqual(problems, []);
  });
});
