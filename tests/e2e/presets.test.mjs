// Browser tests of the parameterised presets: choosing a preset shows small
// inputs for its parameters; Build makes the position, and a bad value is
// refused in words in the page (the board stays as it was). Controls are
// found by role and accessible name (issue 23).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, withPage } from './harness.mjs';
import { useBrowser, open } from './board.mjs';

const TIMEOUT = 90_000;

const session = useBrowser();

/** The preset gallery (a group opening with "Presets"). */
const presets = (page) => page.getByRole('group').filter({ has: page.getByText('Presets', { exact: true }) });
/** A preset's card: its title is the first word(s) of the button's name. */
const preset = (page, title) => presets(page).getByRole('button', { name: new RegExp(`^${title} `) });
/** A parameter input, by its label. */
const field = (page, name) => presets(page).getByLabel(name, { exact: true });
const build = (page) => presets(page).getByRole('button', { name: 'Build', exact: true });
const error = (page) => presets(page).getByRole('alert');

/** The value card's plain value. */
const plain = (page) =>
  page.getByRole('region', { name: 'Value' }).getByRole('term').filter({ hasText: /^Plain$/ }).locator('xpath=following-sibling::dd[1]');

async function plainValue(page, expected) {
  await plain(page).filter({ hasText: new RegExp(`^${expected.replace(/[/*]/g, '\\$&')}$`) }).waitFor();
}

test('presets: Blue Meadow 3,2 and Nim heaps 1 2 3 from their parameter inputs; bad values refused in words', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'preset-form', async (page, url, problems) => {
    await open(page, url);
    const position = page.getByRole('textbox', { name: 'Position' });

    await preset(page, 'Blue Meadow').click();
    await build(page).waitFor();
    assert.equal(await position.inputValue(), 'BR BR R');
    assert.equal(await field(page, 'blue halves').inputValue(), '2');
    assert.equal(await presets(page).getByRole('spinbutton', { name: 'red wholes' }).count(), 1, 'a number input');
    await field(page, 'blue halves').fill('3');
    await field(page, 'red wholes').fill('2');
    await build(page).click();
    assert.equal(await position.inputValue(), 'BR BR BR R R');
    assert.equal(await error(page).count(), 0);
    await plainValue(page, '-1/2');
    await page.screenshot({ path: join(SCREENSHOTS, 'preset-form-meadow.png') });

    // Out of range: a message in the page, the board unchanged.
    await field(page, 'blue halves').fill('99');
    await field(page, 'blue halves').press('Enter');
    await error(page).waitFor();
    assert.match(await error(page).textContent(), /blue halves must be a whole number from 0 to 64/);
    assert.equal(await position.inputValue(), 'BR BR BR R R');

    // Nim heaps as a list; then a list with a word in it is refused.
    await preset(page, 'Nim heaps').click();
    assert.equal(await error(page).count(), 0, 'a new preset clears the old message');
    assert.equal(await field(page, 'heaps').inputValue(), '3 2');
    await field(page, 'heaps').fill('1 2 3');
    await field(page, 'heaps').press('Enter');
    assert.equal(await position.inputValue(), 'G GG GGG');
    await plainValue(page, '0');
    await field(page, 'heaps').fill('1 two');
    await build(page).click();
    await error(page).waitFor();
    assert.match(await error(page).textContent(), /"two" is not a non-negative integer/);
    assert.equal(await position.inputValue(), 'G GG GGG');

    // Pictures have no parameters: no form.
    await preset(page, 'House').click();
    assert.ok(await build(page).isHidden());
    assert.equal(await presets(page).getByRole('textbox').count() + await presets(page).getByRole('spinbutton').count(), 0);
    assert.deepEqual(problems, []);
  });
});

test('presets on a phone: the parameter inputs fit the 390 px screen', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'preset-form-phone', async (page, url, problems) => {
    await open(page, url);
    await preset(page, 'Random').tap();
    await field(page, 'edges').fill('12');
    await field(page, 'seed').fill('5');
    await build(page).tap();
    assert.equal((await page.getByRole('textbox', { name: 'Position' }).inputValue()).length > 0, true);
    for (const [what, locator] of [['edges', field(page, 'edges')], ['seed', field(page, 'seed')], ['Build', build(page)]]) {
      const box = await locator.boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= 390, `${what} inside the screen: ${JSON.stringify(box)}`);
    }
    await build(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'preset-form-phone.png') });
    assert.deepEqual(problems, []);
  }, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
});
