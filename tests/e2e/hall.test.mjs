// Issue 23, rows 5 and 7–11: the page in a lecture hall. The board never
// moves under the pointer; presenter mode has margins, legible captions,
// every thumbnail, halos that obey hidden values and H, and the explorer
// and payoff matrix; exports are cropped and captioned; a puzzle set on a
// phone shows the board and the question in the first screen and is solved
// with thumbs alone; a newcomer gets How to play, a legend and `?`; deck
// links are short, have a QR code, open at slide 1, and say "copied" next
// to the button. Controls are found by role and accessible name.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SCREENSHOTS, withPage } from './harness.mjs';
import { useBrowser, open } from './board.mjs';

const TIMEOUT = 120_000;
const session = useBrowser();

async function setPosition(page, text) {
  const box = page.getByRole('textbox', { name: 'Position' });
  await box.fill(text);
  await box.press('Enter');
}

async function valueShown(page) {
  await page.getByRole('region', { name: 'Value' }).locator('dt:text-is("Value of") + dd').waitFor();
}

const canvasBox = (page) => page.locator('canvas').boundingBox();

async function lesson(page) {
  await setPosition(page, 'BR BR R');
  await page.getByRole('textbox', { name: 'Title of this slide' }).fill('Normal stalks');
  await page.getByRole('textbox', { name: 'Title of this slide' }).press('Enter');
  await page.getByRole('button', { name: 'Add slide' }).click();
  await setPosition(page, 'B BR RR');
  await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('misere');
  await page.getByRole('button', { name: 'Add slide' }).click();
  await setPosition(page, 'BR BR');
  await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('quantum');
  await page.getByRole('combobox', { name: 'Flavour' }).selectOption('D');
  await page.getByRole('textbox', { name: 'Title of this slide' }).fill('Quantum circus tent, flavour D');
  await page.getByRole('textbox', { name: 'Title of this slide' }).press('Enter');
  await valueShown(page);
}

test('row 5: a first pick and Edit ↔ Play never move the board', { timeout: TIMEOUT }, async () => {
  for (const [width, height] of [[1920, 1080], [1280, 800]]) {
    await withPage(session.browser, `row5-stable-${width}`, async (page, url, problems) => {
      await page.setViewportSize({ width, height });
      await open(page, url);
      await setPosition(page, 'BR BR R');
      await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('quantum');
      await valueShown(page);
      const start = await canvasBox(page);
      await page.getByRole('button', { name: 'Play', exact: true }).click();
      await valueShown(page);
      assert.deepEqual(await canvasBox(page), start, `${width}: Edit → Play`);
      await page.locator('canvas').focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      await page.getByRole('button', { name: /Cut 1 alone|Commit/ }).first().waitFor();
      assert.deepEqual(await canvasBox(page), start, `${width}: the first pick`);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      assert.deepEqual(await canvasBox(page), start, `${width}: Play → Edit`);
      assert.deepEqual(problems, []);
    });
  }
});

/** Rows of the canvas that hold anything but the background colour. */
async function inkRows(page) {
  const png = await page.locator('canvas').screenshot();
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    const bg = [d[0], d[1], d[2]];
    let top = c.height;
    for (let y = 0; y < c.height && top === c.height; y++) {
      for (let x = 0; x < c.width; x++) {
        const i = (y * c.width + x) * 4;
        if (Math.abs(d[i] - bg[0]) + Math.abs(d[i + 1] - bg[1]) + Math.abs(d[i + 2] - bg[2]) > 60) {
          top = y;
          break;
        }
      }
    }
    return { top, height: c.height, hash: Array.from(d.filter((_, i) => i % 97 === 0)).join(',') };
  }, png.toString('base64'));
}

test('row 7: presenter mode — margins, legible captions, every thumbnail, halos obey H and hidden values, explorer and matrix', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'row7-presenter', async (page, url, problems) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await open(page, url);
    await lesson(page);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    // A superposed move: four realisations' worth of thumbnails.
    await page.locator('canvas').focus();
    for (const key of ['Tab', 'Space', 'Tab', 'Tab', 'Space', 'Enter']) await page.keyboard.press(key);
    await page.getByRole('region', { name: 'Moves' }).getByText(/1 \+ 3/).waitFor();
    await page.getByRole('button', { name: 'Present' }).click();
    await valueShown(page);
    // A margin above the fitted drawing.
    const ink = await inkRows(page);
    assert.ok(ink.top >= 16, `the drawing starts ${ink.top} px below the canvas top`);
    // Captions legible from the back row.
    const caption = page.getByRole('region', { name: 'Board' }).locator('.caption');
    const size = await caption.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    assert.ok(size >= 24, `caption ${size} px`);
    // Every realisation thumbnail on screen, none clipped.
    const thumbs = page.getByRole('region', { name: /Realisations/ }).getByRole('img');
    const n = await thumbs.count();
    assert.ok(n >= 2, `${n} thumbnails`);
    for (let k = 0; k < n; k++) {
      const b = await thumbs.nth(k).boundingBox();
      assert.ok(b && b.width > 20 && b.x >= 0 && b.y >= 0 && b.x + b.width <= 1920 && b.y + b.height <= 1080, `thumbnail ${k + 1}: ${JSON.stringify(b)}`);
    }
    const capSize = await page.getByRole('region', { name: /Realisations/ }).locator('li span').first()
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    assert.ok(capSize >= 18, `realisation captions ${capSize} px`);
    // Halos: H turns them off and on; hidden values keep them off.
    const withHalos = (await inkRows(page)).hash;
    await page.keyboard.press('h');
    const noHalos = (await inkRows(page)).hash;
    assert.notEqual(withHalos, noHalos, 'H turns the halos off');
    await page.keyboard.press('h');
    await page.getByRole('checkbox', { name: 'Hide values' }).check();
    assert.equal((await inkRows(page)).hash, noHalos, 'hidden values: no halos');
    await page.getByRole('checkbox', { name: 'Hide values' }).uncheck();
    // The explorer and the payoff matrix as the presenter's panel.
    const panel = page.getByRole('toolbar', { name: 'Presenter panel' });
    await panel.getByRole('button', { name: /Explorer|Game tree/ }).click();
    await page.getByRole('region', { name: 'Teach' }).getByText(/Left's options|Value/).first().waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'row7-presenter-explorer.png') });
    assert.deepEqual(problems, []);
  });
});

/** Decode a PNG in the page: its size and the box of its non-background ink. */
async function pngInk(page, bytes) {
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let [x0, y0, x1, y1] = [c.width, c.height, 0, 0];
    for (let y = 0; y < c.height; y++) {
      for (let x = 0; x < c.width; x++) {
        const i = (y * c.width + x) * 4;
        const light = d[i] > 235 && d[i + 1] > 235 && d[i + 2] > 225;
        if (!light) {
          x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
        }
      }
    }
    return { width: c.width, height: c.height, ink: [x0, y0, x1, y1] };
  }, bytes.toString('base64'));
}

test('row 8: exports are cropped and captioned with the slide title, rules and value; the handout prints every slide', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'row8-export', async (page, url, problems) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await open(page, url);
    await lesson(page);
    await page.getByRole('button', { name: '◀ Previous' }).click();
    await page.getByRole('button', { name: '◀ Previous' }).click();
    await valueShown(page);
    const exportBar = page.getByRole('toolbar', { name: 'Export' });
    const [svgDownload] = await Promise.all([page.waitForEvent('download'), exportBar.getByRole('button', { name: 'SVG' }).click()]);
    const svg = await readFile(await svgDownload.path(), 'utf8');
    assert.match(svg, /Normal stalks/, 'the SVG caption names the slide');
    assert.match(svg, /normal play/, 'and its rules');
    assert.match(svg, /value/, 'and its value');
    const [pngDownload] = await Promise.all([page.waitForEvent('download'), exportBar.getByRole('button', { name: 'PNG' }).click()]);
    const png = await pngInk(page, await readFile(await pngDownload.path()));
    const [x0, y0, x1, y1] = png.ink;
    const covered = ((x1 - x0) * (y1 - y0)) / (png.width * png.height);
    assert.ok(covered > 0.6, `the drawing and caption cover ${Math.round(covered * 100)} % of the ${png.width}×${png.height} PNG`);
    // The handout: every slide on a page of its own, in a new window.
    const [handout] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Print handout' }).click(),
    ]);
    await handout.waitForLoadState();
    assert.equal(await handout.locator('.page').count(), 3);
    assert.match(await handout.locator('body').textContent(), /Quantum circus tent, flavour D/);
    assert.deepEqual(problems, []);
  });
});

/** A teacher's two-puzzle set, made on the page. */
async function puzzleLink(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await open(page, url);
  const make = page.getByRole('group').filter({ has: page.locator('summary', { hasText: 'Make puzzle' }) });
  await make.locator('summary').click();
  await setPosition(page, 'BR B R');
  await make.getByRole('combobox', { name: 'Question' }).selectOption('win:L');
  await make.getByRole('button', { name: 'Add to set' }).click();
  await page.getByText('1 puzzle in the set').first().waitFor();
  await setPosition(page, 'BR BR RB');
  await make.getByRole('combobox', { name: 'Question' }).selectOption('value');
  await make.getByRole('button', { name: 'Make puzzle' }).click();
  const link = make.getByRole('textbox', { name: 'Puzzle link' });
  await link.waitFor();
  // A puzzle link has a Copy button of its own.
  assert.ok(await make.getByRole('button', { name: /Copy/ }).first().isVisible(), 'Copy for puzzle links');
  const text = await link.inputValue();
  await context.close();
  return text;
}

test('row 9: a puzzle set on a phone — board and question in the first screen, thumbs only, refutation, Next', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'row9-phone-puzzle', async (page, url, problems) => {
    const link = await puzzleLink(session.browser, url);
    await page.goto(link);
    await page.locator('canvas[data-ready="true"]').waitFor();
    const puzzle = page.getByRole('region', { name: 'Puzzle' });
    await puzzle.getByText('Puzzle 1 of 2').waitFor();
    const board = await canvasBox(page);
    assert.ok(board.y >= 0 && board.y + board.height <= 844, `the board is in the first screen: ${JSON.stringify(board)}`);
    const question = page.getByText('Find a winning move for Left').first();
    const q = await question.boundingBox();
    assert.ok(q && q.y >= 0 && q.y + q.height <= board.y + 1, `the question is above the board: ${JSON.stringify(q)}`);
    // No editing, no showing values, no player pickers.
    assert.equal(await page.getByRole('button', { name: 'Edit', exact: true }).filter({ visible: true }).count(), 0, 'no Edit');
    const hide = page.getByRole('checkbox', { name: 'Hide values' });
    if (await hide.isVisible()) assert.ok(await hide.isDisabled(), 'Hide values is locked');
    assert.equal(await page.getByRole('combobox', { name: 'Left' }).filter({ visible: true }).count(), 0, 'no player pickers');
    // A wrong move, tapped: the refutation is played on the board.
    const moves = puzzle.getByRole('group', { name: 'Moves to pick' });
    await moves.getByRole('button', { name: '3' }).tap();
    const check = page.getByRole('button', { name: 'Check' }).filter({ visible: true }).first();
    const c = await check.boundingBox();
    assert.ok(c && c.y + c.height <= 844 && c.y >= 0, `Check is within thumb reach: ${JSON.stringify(c)}`);
    await check.tap();
    await page.getByText(/Not quite/).first().waitFor();
    await page.getByRole('region', { name: 'Moves' }).getByRole('listitem').nth(2).waitFor({ timeout: 20_000 });
    await page.screenshot({ path: join(SCREENSHOTS, 'row9-phone-refutation.png') });
    await page.getByRole('button', { name: /Try again/ }).first().tap();
    await moves.getByRole('button', { name: '1' }).tap();
    await check.tap();
    await page.getByText(/Solved!/).first().waitFor();
    const next = page.getByRole('button', { name: /^Next/ }).filter({ visible: true }).first();
    const nb = await next.boundingBox();
    assert.ok(nb && nb.y + nb.height <= 844, 'Next within reach after a solve');
    await next.tap();
    await puzzle.getByText('Puzzle 2 of 2').waitFor();
    // The next puzzle opens as the first did: its board in the first
    // screen, not the card scrolled to where the last one was answered.
    const inView = () => {
      const r = document.querySelector('canvas').getBoundingClientRect();
      return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight;
    };
    await page.waitForFunction(inView, null, { timeout: 5_000 }).catch(() => {});
    const board2 = await canvasBox(page);
    const where = await page.evaluate(() => `scrollY ${scrollY}, focus ${document.activeElement?.id || document.activeElement?.tagName}`);
    assert.ok(board2.y >= 0 && board2.y + board2.height <= 844, `puzzle 2's board is in the first screen: ${JSON.stringify(board2)}, ${where}`);
    await page.screenshot({ path: join(SCREENSHOTS, 'row9-phone-puzzle2.png') });
    assert.deepEqual(problems, []);
  }, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
});

test('row 10: a newcomer gets How to play once, a legend, ? for shortcuts, one number format, presets in view', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'row10-newcomer', async (page, url, problems) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, url);
    const intro = page.getByRole('region', { name: 'How to play' });
    await intro.waitFor();
    await intro.getByRole('button', { name: 'Got it' }).click();
    await intro.waitFor({ state: 'hidden' });
    await page.reload();
    await page.locator('canvas[data-ready="true"]').waitFor();
    assert.equal(await page.getByRole('region', { name: 'How to play' }).filter({ visible: true }).count(), 0, 'dismissed for good');
    // The legend explains halos, faded and dashed edges and labels.
    await page.getByRole('button', { name: 'Legend' }).first().click();
    const legend = await page.getByRole('region', { name: /Help|Legend/ }).textContent();
    for (const word of ['halo', 'faded', 'dashed', 'label']) assert.match(legend, new RegExp(word, 'i'), `legend: ${word}`);
    // Plain, Birthday and the outcome letters have explanations.
    for (const term of ['Plain', 'Birthday', 'Outcome']) {
      const title = await page.getByRole('region', { name: 'Value' }).locator(`dt:text-is("${term}") abbr, dt:text-is("${term}")`).first().getAttribute('title');
      assert.ok(title && title.length > 10, `${term} is explained`);
    }
    // ? shows the keyboard shortcuts.
    await page.locator('body').press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await page.keyboard.press('Escape');
    // One number format: the card's value is the value card's.
    const person = page.getByRole('button', { name: /^Person/ });
    const cardValue = (await person.textContent()).match(/value (.+)$/)?.[1]?.trim();
    await person.click();
    await valueShown(page);
    const shown = await page.getByRole('region', { name: 'Value' }).locator('dt:text-is("Value") + dd').textContent();
    assert.equal(shown.trim(), cardValue, 'gallery and value card agree');
    // The board is in view after a preset far down the page.
    const b = await canvasBox(page);
    assert.ok(b.y >= -1 && b.y < 800, `the board is on screen: ${JSON.stringify(b)}`);
    assert.deepEqual(problems, []);
  });
});

test('row 11: a deck link is short, opens at slide 1, has a QR code, and says copied next to the button', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'row11-sharing', async (page, url, problems) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page, url);
    await lesson(page);
    const share = page.getByRole('region', { name: 'Share and export' });
    await share.getByRole('button', { name: 'Copy link' }).click();
    await share.getByText('Link copied.').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    // The old format needed 1 935 characters for such a deck.
    assert.ok(link.length <= 967, `a 3-slide deck link of ${link.length} characters`);
    await share.getByRole('button', { name: 'QR code' }).click();
    const qr = page.getByRole('img', { name: /QR/ });
    await qr.waitFor();
    const q = await qr.boundingBox();
    assert.ok(q.width >= 300 && q.height >= 300, `the QR code is ${q.width}×${q.height}`);
    await page.screenshot({ path: join(SCREENSHOTS, 'row11-qr.png') });
    await page.keyboard.press('Escape');
    // A student opens the link: slide 1, whatever the sender was showing.
    const student = await page.context().newPage();
    await student.goto(link);
    await student.getByRole('toolbar', { name: 'Slide navigation' }).getByText('Slide 1 of 3').waitFor();
    assert.equal(await student.getByRole('combobox', { name: 'Ruleset' }).inputValue(), 'normal');
    await student.close();
    assert.deepEqual(problems, []);
  });
});
