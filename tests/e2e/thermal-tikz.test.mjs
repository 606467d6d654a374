// Browser tests of issue 25's page side: the thermograph in the value card
// and the explorer (exact mean and temperature, an SVG plot named for its
// value, hidden with the values), and TikZ downloads of the board and of
// the whole deck (caught as downloads, their content checked).
// Screenshots at 1920×1080, 1280×800 and 390×844 for a person to look at.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SCREENSHOTS, withPage } from './harness.mjs';
import { open, useBrowser } from './board.mjs';

const TIMEOUT = 90_000;
const session = useBrowser();

const region = (page, name) => page.getByRole('region', { name });
const button = (page, name) => page.getByRole('button', { name, exact: true });
/** The value card's entry for `term`. */
const field = (page, term) =>
  region(page, 'Value').locator('dl > div').filter({ has: page.getByRole('term').getByText(term, { exact: true }) }).getByRole('definition');

/** A childish 10-cycle through the ground: {4|-2}, mean 1, temperature 3. */
const HOT = 'cgsuite::{ground}llllllrrrr:{ground}';

async function setPosition(page, text) {
  const box = page.getByRole('textbox', { name: 'Position' });
  await box.fill(text);
  await box.press('Enter');
}

async function hot(page) {
  await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('childish');
  await setPosition(page, HOT);
  await page.getByTestId('value').filter({ hasText: /^\{4\|-2\}$/ }).waitFor();
}

/** The text of the download `click` starts. */
async function downloaded(page, click) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

test('the value card shows the thermograph of {4|-2}: mean 1, temperature 3', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'thermal-value', async (page, url, problems) => {
    await open(page, url);
    await hot(page);
    assert.equal((await field(page, 'Mean').textContent()).trim(), '1');
    assert.equal((await field(page, 'Temperature').textContent()).trim(), '3');
    // The mean and temperature read as rows of the same table as the value:
    // their entries start where the value's do.
    const left = async (term) => Math.round((await field(page, term).boundingBox()).x);
    assert.deepEqual(
      [await left('Outcome'), await left('Mean'), await left('Temperature')],
      Array(3).fill(await left('Value of')),
    );
    const plot = region(page, 'Value').getByRole('img', { name: /^Thermograph of / });
    await plot.waitFor();
    // The exact breakpoints are in the plot's title.
    const title = await plot.locator('title').textContent();
    assert.match(title, /left wall through \(temperature, value\) \(-1, 5\) \(3, 1\); right wall through \(-1, -3\) \(3, 1\)/);
    // Left's wall (blue) starts left of Right's (red) at the bottom.
    const xs = await plot.evaluate((svg) =>
      [...svg.querySelectorAll('polyline')].map((p) => Number(p.getAttribute('points').split(' ')[0].split(',')[0])),
    );
    assert.equal(xs.length, 2);
    assert.ok(xs[0] < xs[1], `${xs}`);
    const box = await plot.boundingBox();
    assert.ok(box.width > 120 && box.height > 60, JSON.stringify(box));
    // Hidden values hide the thermograph too.
    await page.getByRole('checkbox', { name: 'Hide values' }).check();
    assert.equal(await page.getByRole('img', { name: /^Thermograph of / }).count(), 0);
    await page.getByRole('checkbox', { name: 'Hide values' }).uncheck();
    await plot.waitFor();
    // Misère values have none.
    await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('misere');
    await field(page, 'Misère outcome').waitFor();
    assert.equal(await page.getByRole('img', { name: /^Thermograph of / }).count(), 0);
    assert.deepEqual(problems, []);
  });
});

test('the explorer shows the thermograph and each option’s mean and temperature', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'thermal-explorer', async (page, url, problems) => {
    await open(page, url);
    await hot(page);
    await button(page, 'Explore the board').click();
    const plot = region(page, 'Teach').getByRole('img', { name: /^Thermograph of / });
    await plot.waitFor();
    const heats = region(page, 'Teach').getByText(/^mean -?\d+(\/\d+)?, temperature -?\d+(\/\d+)?$/);
    await heats.first().waitFor();
    assert.ok((await heats.count()) >= 2);
    await region(page, 'Teach').screenshot({ path: join(SCREENSHOTS, 'thermal-explorer-card.png') });
    // Hidden values are hidden in the tree too (a QA pass found the value
    // card saying so while the tree showed them): the options stay, to be
    // walked through, without their values or what the canonical form
    // keeps of them.
    const teach = region(page, 'Teach');
    const options = teach.locator('#explore-options').getByRole('button', { name: /^After / });
    const count = await options.count();
    assert.ok(count >= 2, `${count} options`);
    await page.getByRole('checkbox', { name: 'Hide values' }).check();
    await teach.getByText(/^Values are hidden: what is each option worth\?/).waitFor();
    assert.equal(await teach.getByText(/→|kept in the canonical form|Canonical form/).count(), 0);
    assert.equal(await heats.count(), 0);
    assert.equal(await plot.count(), 0);
    assert.equal(await options.count(), count);
    await teach.screenshot({ path: join(SCREENSHOTS, 'thermal-explorer-hidden.png') });
    await page.getByRole('checkbox', { name: 'Hide values' }).uncheck();
    await teach.getByText(/^Value .* outcome .* Canonical form/).waitFor();
    await heats.first().waitFor();
    assert.deepEqual(problems, []);
  });
});

test('TikZ of the board and of the deck download as .tex', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'tikz-export', async (page, url, problems) => {
    await open(page, url);
    await setPosition(page, 'BR BR R');
    await page.getByTestId('value').filter({ hasText: /^0$/ }).waitFor();
    const board = await downloaded(page, () => button(page, 'TikZ').click());
    assert.equal(board.name, 'hackenbush.tex');
    assert.equal(board.text.split('\\begin{tikzpicture}').length - 1, 1);
    assert.equal((board.text.match(/^\\draw\[(blue|red) edge/gm) ?? []).length, 5);
    assert.match(board.text, /value \$0\$/);
    // A deck of two slides: one picture each.
    await button(page, 'Add slide').click();
    await setPosition(page, 'G');
    await page.getByTestId('value').filter({ hasText: /^\*$/ }).waitFor();
    const deck = await downloaded(page, () => button(page, 'Deck as TikZ').click());
    assert.equal(deck.name, 'hackenbush-deck.tex');
    assert.match(deck.text, /^\\documentclass\{article\}/);
    const pictures = deck.text.split('\\begin{tikzpicture}').slice(1);
    assert.equal(pictures.length, 2);
    assert.equal((pictures[0].match(/^\\draw\[(blue|red) edge/gm) ?? []).length, 5);
    assert.equal((pictures[1].match(/^\\draw\[green edge/gm) ?? []).length, 1);
    assert.match(pictures[0], /1 \/ 2/);
    assert.match(pictures[1], /2 \/ 2/);
    assert.deepEqual(problems, []);
  });
});

for (const [w, h] of [[1920, 1080], [1280, 800], [390, 844]]) {
  test(`the thermograph at ${w}×${h} leaves the board where it is`, { timeout: TIMEOUT }, async () => {
    await withPage(
      session.browser,
      `thermal-${w}x${h}`,
      async (page, url, problems) => {
        await open(page, url);
        // The board's place on the page scrolled to the top (typing may
        // scroll it; on a wide screen the board stays put as the column
        // beside it scrolls).
        const place = async () => {
          await page.evaluate(() => window.scrollTo(0, 0));
          return page.locator('#board').boundingBox();
        };
        const before = await place();
        await hot(page);
        await region(page, 'Value').getByRole('img', { name: /^Thermograph of / }).waitFor();
        assert.deepEqual(await place(), before, 'the board never moves');
        await page.screenshot({ path: join(SCREENSHOTS, `thermal-viewport-${w}x${h}.png`) });
        await region(page, 'Value').screenshot({ path: join(SCREENSHOTS, `thermal-value-card-${w}x${h}.png`) });
        assert.deepEqual(problems, []);
      },
      { viewport: { width: w, height: h } },
    );
  });
}
