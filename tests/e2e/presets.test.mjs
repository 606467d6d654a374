// Browser tests of the parameterised presets: choosing a preset shows small
// inputs for its parameters; Build makes the position, and a bad value is
// refused in words in the page (the board stays as it was).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, withPage } from './harness.mjs';
import { useBrowser, open } from './board.mjs';

const TIMEOUT = 90_000;

const session = useBrowser();

const field = (page, name) => page.locator(`#preset-fields input[data-field="${name}"]`);

test('presets: Blue Meadow 3,2 and Nim heaps 1 2 3 from their parameter inputs; bad values refused in words', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'preset-form', async (page, url, problems) => {
    await open(page, url);
    const position = page.getByLabel('Position');

    await page.locator('.preset', { hasText: 'Blue Meadow' }).click();
    await page.locator('#preset-form:not([hidden])').waitFor();
    assert.equal(await position.inputValue(), 'BR BR R');
    assert.equal(await field(page, 'blue halves').inputValue(), '2');
    assert.equal(await field(page, 'red wholes').getAttribute('type'), 'number');
    await field(page, 'blue halves').fill('3');
    await field(page, 'red wholes').fill('2');
    await page.locator('#preset-build').click();
    assert.equal(await position.inputValue(), 'BR BR BR R R');
    assert.ok(await page.locator('#preset-error').isHidden());
    await page.locator('#value').filter({ hasText: /^-1\/2$/ }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'preset-form-meadow.png') });

    // Out of range: a message in the page, the board unchanged.
    await field(page, 'blue halves').fill('99');
    await field(page, 'blue halves').press('Enter');
    await page.locator('#preset-error:not([hidden])').waitFor();
    assert.match(await page.locator('#preset-error').textContent(), /blue halves must be a whole number from 0 to 64/);
    assert.equal(await position.inputValue(), 'BR BR BR R R');

    // Nim heaps as a list; then a list with a word in it is refused.
    await page.locator('.preset', { hasText: 'Nim heaps' }).click();
    assert.ok(await page.locator('#preset-error').isHidden(), 'a new preset clears the old message');
    assert.equal(await field(page, 'heaps').inputValue(), '3 2');
    await field(page, 'heaps').fill('1 2 3');
    await field(page, 'heaps').press('Enter');
    assert.equal(await position.inputValue(), 'G GG GGG');
    await page.locator('#value').filter({ hasText: /^0$/ }).waitFor();
    await field(page, 'heaps').fill('1 two');
    await page.locator('#preset-build').click();
    assert.match(await page.locator('#preset-error').textContent(), /"two" is not a non-negative integer/);
    assert.equal(await position.inputValue(), 'G GG GGG');

    // Pictures have no parameters: no form.
    await page.locator('.preset', { hasText: 'House' }).click();
    assert.ok(await page.locator('#preset-form').isHidden());
    assert.deepEqual(problems, []);
  });
});

test('presets on a phone: the parameter inputs fit the 390 px screen', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'preset-form-phone', async (page, url, problems) => {
    await open(page, url);
    await page.locator('.preset', { hasText: 'Random' }).click();
    await field(page, 'edges').fill('12');
    await field(page, 'seed').fill('5');
    await page.locator('#preset-build').click();
    assert.equal((await page.getByLabel('Position').inputValue()).length > 0, true);
    const box = await page.locator('#preset-form').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `form inside the screen: ${JSON.stringify(box)}`);
    await page.locator('#preset-form').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'preset-form-phone.png') });
    assert.deepEqual(problems, []);
  }, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
});
