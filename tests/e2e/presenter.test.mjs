// Browser tests of presenter mode for a projector (issue 10): the board
// zoomed to fit, the realisations, entanglement graph and moves beside it
// inside the screen at 1920×1080 and 1280×720, a large hideable value
// caption, no editing chrome; and a deck you edit (titles, reorder,
// delete) that travels in one link. Controls are found by role and
// accessible name (issue 23).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, withPage } from './harness.mjs';
import { useBrowser, open } from './board.mjs';

const TIMEOUT = 90_000;

const session = useBrowser();

const region = (page, name) => page.getByRole('region', { name });
const canvas = (page) => region(page, 'Board').locator('canvas');
const button = (page, name) => page.getByRole('button', { name, exact: true });

async function inside(what, locator, width, height) {
  const box = await locator.boundingBox();
  assert.ok(box, `${what} is shown`);
  assert.ok(
    box.x >= 0 && box.y >= 0 && box.x + box.width <= width + 0.5 && box.y + box.height <= height + 0.5,
    `${what} is inside ${width}×${height}: ${JSON.stringify(box)}`,
  );
  return box;
}

async function setPosition(page, text) {
  const box = page.getByRole('textbox', { name: 'Position' });
  await box.fill(text);
  await box.press('Enter');
}

async function setTitle(page, text) {
  const box = page.getByRole('textbox', { name: 'Title of this slide' });
  await box.fill(text);
  await box.press('Enter');
}

/** The value card shows an answer. */
async function valueShown(page) {
  await region(page, 'Value').getByRole('term').filter({ hasText: /^Value of$/ }).waitFor();
}

/** The slide list's titles ("1. Title"), in order. */
const titles = (page) => region(page, 'Slides').getByRole('listitem').getByRole('button', { name: /^\d+\. / }).allTextContents();

/** A two-slide quantum lesson: BR BR R after a superposed move, then a circus tent. */
async function lesson(page) {
  await setPosition(page, 'BR BR R');
  await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('quantum');
  await page.getByRole('combobox', { name: 'Flavour' }).selectOption('D');
  await button(page, 'Play').click();
  await valueShown(page);
  await canvas(page).focus();
  for (const key of ['ArrowRight', 'Space', 'ArrowRight', 'ArrowRight', 'Space', 'Enter']) await page.keyboard.press(key);
  await region(page, 'Moves').getByRole('button', { name: /Left \(blue\) cuts 1 \+ 3$/ }).waitFor();
  await setTitle(page, 'Superposed blue halves');
  await button(page, 'Add slide').click();
  await button(page, 'Edit').click();
  await setPosition(page, '0-1:B 1-3:R 0-2:B 2-3:R');
  await setTitle(page, 'Circus tent');
  await region(page, 'Slides').getByRole('button', { name: '2. Circus tent' }).waitFor();
}

test('a deck you edit: titles, reorder, delete, all in one link', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'deck-editor', async (page, url, problems) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page, url);
    await lesson(page);
    assert.deepEqual(await titles(page), ['1. Superposed blue halves', '2. Circus tent']);
    // Move the circus tent first; it stays the slide shown.
    await button(page, 'Move slide 2 up').click();
    assert.deepEqual(await titles(page), ['1. Circus tent', '2. Superposed blue halves']);
    const nav = page.getByRole('toolbar', { name: 'Slide navigation' });
    assert.match(await nav.textContent(), /Slide 1 of 2/);
    assert.equal(await page.getByRole('textbox', { name: 'Title of this slide' }).inputValue(), 'Circus tent');
    // A third slide, then delete it.
    await button(page, 'Add slide').click();
    assert.equal((await titles(page)).length, 3);
    await button(page, 'Delete slide 3').click();
    assert.deepEqual(await titles(page), ['1. Circus tent', '2. Superposed blue halves']);
    await region(page, 'Slides').screenshot({ path: join(SCREENSHOTS, 'deck-editor-list.png') });
    // The link carries titles, order, rules and moves.
    const share = region(page, 'Share and export');
    await share.getByRole('button', { name: 'Copy link' }).click();
    await share.getByText('Link copied.').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    assert.ok(link.startsWith(`${url}#v2=`), link);
    const other = await page.context().newPage();
    await open(other, link);
    assert.deepEqual(await titles(other), ['1. Circus tent', '2. Superposed blue halves']);
    await region(other, 'Slides').getByRole('button', { name: '2. Superposed blue halves' }).click();
    await region(other, 'Realisations (2)').waitFor();
    assert.equal(await other.getByRole('combobox', { name: 'Ruleset' }).inputValue(), 'quantum');
    await region(other, 'Moves').getByRole('button', { name: /Left \(blue\) cuts 1 \+ 3$/ }).waitFor();
    await other.close();
    assert.deepEqual(problems, []);
  });
});

for (const [width, height] of [[1920, 1080], [1280, 720]]) {
  test(`presenter mode at ${width}×${height}: board, realisations, entanglement and moves on screen`, { timeout: TIMEOUT }, async () => {
    await withPage(session.browser, `presenter-${width}`, async (page, url, problems) => {
      await page.setViewportSize({ width, height });
      await open(page, url);
      await lesson(page);
      await button(page, '◀ Previous').click();
      await region(page, 'Realisations (2)').waitFor();
      await valueShown(page);
      const small = (await canvas(page).boundingBox()).height;
      await button(page, 'Present').click();
      await button(page, 'Leave presenter mode').waitFor();
      const board = region(page, 'Board');
      const caption = board.getByRole('paragraph').filter({ hasText: 'Superposed blue halves' });
      await caption.waitFor();
      const captionValue = board.getByText(/^= /);
      await captionValue.waitFor();
      await inside('the board', canvas(page), width, height);
      await inside('the realisations', region(page, 'Realisations (2)'), width, height);
      await inside('the entanglement graph', region(page, 'Entanglement').getByRole('img', { name: /vertices/ }), width, height);
      await inside('the moves', region(page, 'Moves'), width, height);
      await inside('the caption', caption, width, height);
      // Bigger than the editor's board; no editing chrome on screen. (The
      // value card stays beside the board: it is the presenter's panel.)
      const box = await canvas(page).boundingBox();
      assert.ok(box.height > height * 0.55, `the board fills the screen's height (${small} → ${box.height})`);
      assert.ok(box.width > width * 0.5, 'the board takes most of the width');
      const chrome = {
        'the editing tools': page.getByRole('toolbar', { name: 'Editing tools' }),
        'the position box': page.getByRole('textbox', { name: 'Position' }),
        'the player pickers': page.getByRole('combobox', { name: 'Left' }),
        'the rules': region(page, 'Rules'),
        'the ruleset picker': page.getByRole('combobox', { name: 'Ruleset' }),
        'the Edit button': button(page, 'Edit'),
        'the slide editor': page.getByRole('textbox', { name: 'Title of this slide' }),
      };
      for (const [what, locator] of Object.entries(chrome)) {
        assert.ok(await locator.isHidden(), `${what} is hidden when presenting`);
      }
      await page.screenshot({ path: join(SCREENSHOTS, `presenter-quantum-${width}x${height}.png`) });
      // The value and the outcome are read whole from the back of the room:
      // a long title gives way, not they; nor is whose turn it is cut.
      const outcome = board.getByText(/^Right \(red\) wins whoever starts \(R\)$/);
      for (const [what, locator] of [['the value', captionValue], ['the outcome', outcome], ['the turn', board.getByText(/^Right \(red\) to move\.$/)]]) {
        const fit = await locator.evaluate((el) => {
          const line = el.closest('p').getBoundingClientRect();
          const box = el.getBoundingClientRect();
          // The text's own width, ellipsis or not (scrollWidth rounds a
          // fraction of a pixel away, and that fraction is enough to cut).
          const text = document.createRange();
          text.selectNodeContents(el);
          return { needs: text.getBoundingClientRect().width, has: box.width, right: box.right, lineRight: line.right };
        });
        assert.ok(fit.has > 0 && fit.needs <= fit.has + 0.01 && fit.right <= fit.lineRight + 1,
          `${what} is shown whole at ${width}×${height}: ${JSON.stringify(fit)}`);
      }
      // V hides the value caption, V shows it again.
      await page.keyboard.press('v');
      assert.ok(!(await captionValue.isVisible()), 'V hides the value caption');
      await page.keyboard.press('v');
      assert.ok(await captionValue.isVisible(), 'V shows the value caption');
      // The next slide: the circus tent, zoomed to fit.
      await page.keyboard.press('ArrowRight');
      await board.getByRole('paragraph').filter({ hasText: 'Circus tent' }).waitFor();
      // A slide in edit mode has no turn to show and nothing to press: the
      // action bar is not shown (on a phone it was an empty strip).
      const bar = page.getByRole('toolbar', { name: 'Moves', includeHidden: true });
      assert.equal(await bar.count(), 1, 'one action bar');
      await bar.waitFor({ state: 'hidden' });
      await page.screenshot({ path: join(SCREENSHOTS, `presenter-tent-${width}x${height}.png`) });
      await page.keyboard.press('Escape');
      await button(page, 'Present').waitFor();
      assert.ok(await page.getByRole('textbox', { name: 'Position' }).isVisible());
      assert.deepEqual(problems, []);
    });
  });
}

test('presenter mode names each slide’s rules under the caption, as the slides step', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'presenter-rules', async (page, url, problems) => {
    await open(page, url);
    // Two slides of one position under two rule sets: on the board they
    // look the same, and the rules card is hidden on a projector.
    await setPosition(page, 'BR BR R');
    await setTitle(page, 'Two halves');
    await button(page, 'Add slide').click();
    await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('quantum');
    await page.getByRole('combobox', { name: 'Flavour' }).selectOption('C');
    await page.getByRole('combobox', { name: 'Width' }).selectOption('3');
    await valueShown(page);
    await button(page, '◀ Previous').click();
    await page.getByRole('combobox', { name: 'Ruleset' }).and(page.locator(':not([disabled])')).waitFor();
    assert.equal(await page.getByRole('combobox', { name: 'Ruleset' }).inputValue(), 'normal');
    await button(page, 'Present').click();
    const board = region(page, 'Board');
    const rules = board.getByRole('paragraph').filter({ hasText: /^Rules: / });
    await rules.filter({ hasText: /^Rules: normal play$/ }).waitFor();
    await inside('the rules line', rules, 1920, 1080);
    await page.keyboard.press('ArrowRight');
    await rules.filter({ hasText: /^Rules: quantum, flavour C, width 3$/ }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'presenter-rules-line.png') });
    await page.keyboard.press('ArrowLeft');
    await rules.filter({ hasText: /^Rules: normal play$/ }).waitFor();
    await button(page, 'Leave presenter mode').click();
    assert.ok(await rules.isHidden(), 'the rules card says it outside presenter mode');
    assert.deepEqual(problems, []);
  }, { viewport: { width: 1920, height: 1080 } });
});

// A QA pass: presenting on a phone, the projector's layout left the board
// a strip (its drawing at 20-odd px units) with labels at twice their size
// covering it. The board is as tall as in Edit there.
test('presenter mode on a phone keeps the board as tall as in Edit', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'presenter-phone', async (page, url, problems) => {
    await open(page, url);
    await page.getByRole('button', { name: /^House/ }).click();
    await page.getByTestId('value').filter({ hasText: '1/4*3' }).waitFor();
    const edit = await canvas(page).boundingBox();
    await button(page, 'Present').click();
    await button(page, 'Leave presenter mode').waitFor();
    await page.waitForFunction(() => document.body.classList.contains('presenting'));
    const shown = await inside('the board', canvas(page), 390, 844);
    assert.ok(shown.height >= Math.min(edit.height, 240) - 1, `presenting ${shown.height} px, editing ${edit.height} px`);
    // The caption keeps a readable start of the untitled slide's position
    // beside its value (it was cut to "0…").
    const title = await page.locator('#caption-text').boundingBox();
    assert.ok(title.width >= 100, `caption title ${title.width} px wide`);
    await page.locator('#caption-value').filter({ hasText: '1/4*3' }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'presenter-phone.png') });
    assert.deepEqual(problems, []);
  }, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
});
