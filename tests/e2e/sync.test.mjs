// Browser test of synchronous play: secret picks (Left, then Right), the
// reveal, both cut at once, and the engine's mixed strategies shown as
// percentages beside the edges. Run by `./build.sh test`. Controls are
// found by role and accessible name.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, withPage } from './harness.mjs';
import { useBrowser } from './board.mjs';

const TIMEOUT = 60_000;

const session = useBrowser();

test('synchronous: secret picks, reveal, and strategies on the edges', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'sync-play', async (page, url, problems) => {
    const board = page.getByRole('region', { name: 'Board' });
    const canvas = board.locator('canvas');
    const valueCard = page.getByRole('region', { name: 'Value' });
    const field = (term) =>
      valueCard.locator('dl > div').filter({ has: page.getByRole('term').getByText(term, { exact: true }) }).getByRole('definition');
    const bar = page.getByRole('toolbar', { name: 'Moves' });
    const turn = bar.getByRole('paragraph').first();
    await page.goto(url);
    await board.locator('canvas[data-ready="true"]').waitFor();
    // Three blue halves: V(3) = 5/6 (RULES.md §5).
    await page.getByRole('textbox', { name: 'Position' }).fill('BR BR BR');
    await page.getByRole('textbox', { name: 'Position' }).press('Enter');
    await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('sync');
    await page.getByTestId('value').filter({ hasText: /^5\/6$/ }).waitFor();
    assert.match(await field('Best moves').textContent(), /Optimal mixed strategies — Left \(blue\): edge 1 with probability 1\/3 \(33%\)/);
    await page.getByRole('toolbar', { name: 'Mode' }).getByRole('button', { name: 'Play' }).click();
    await valueCard.getByRole('status').filter({ hasText: 'Done' }).waitFor();
    await canvas.screenshot({ path: join(SCREENSHOTS, 'sync-strategies.png') });

    // Left picks edge 1 in secret (arrow to it, Space); nothing shows.
    await canvas.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    assert.match(await turn.textContent(), /Left has chosen\. Right \(red\): choose an edge/);
    assert.equal(await bar.getByRole('button', { name: /^(Cut both|Commit)/ }).count(), 0, 'nothing to commit yet');
    // Right picks edge 4 (focus was cleared: arrows start again from 1).
    for (let k = 0; k < 4; k++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    assert.match(await turn.textContent(), /Revealed: Left chose 1, Right chose 4/);
    assert.ok(await bar.getByRole('button', { name: 'Cut both (Left 1, Right 4)' }).isVisible());
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Moves' }).getByRole('button', { name: 'Left (blue) cuts 1, Right (red) cuts 4' }).waitFor();
    // Left's cut dropped 2; Right's left 3 alone: B + BR remains, worth 1.
    await page.getByTestId('value').filter({ hasText: /^1$/ }).waitFor();
    await canvas.screenshot({ path: join(SCREENSHOTS, 'sync-after-turn.png') });
    // On a phone the next turn's instruction is read whole under the thumb
    // (it was cut: "… in secret (Right, l…"), on two lines if need be.
    await page.setViewportSize({ width: 390, height: 844 });
    await turn.filter({ hasText: 'Left (blue): choose an edge in secret (Right, look away).' }).waitFor();
    const fit = await turn.evaluate((el) => ({
      width: [el.scrollWidth, el.clientWidth],
      height: [el.scrollHeight, el.clientHeight],
    }));
    assert.ok(fit.width[0] <= fit.width[1] + 1 && fit.height[0] <= fit.height[1] + 1, `the turn line fits: ${JSON.stringify(fit)}`);
    await page.screenshot({ path: join(SCREENSHOTS, 'sync-phone.png') });
    assert.deepEqual(problems, []);
  });
});
