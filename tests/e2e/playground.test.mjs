// Browser tests of the canvas playground: drawing with the mouse, undo,
// share links (round trip and malformed), play. Run by `./build.sh test`;
// screenshots land in tests/e2e/screenshots/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, withPage } from './harness.mjs';
import { useBrowser, open, board, drag, value, drawTwoStalks } from './board.mjs';

const TIMEOUT = 60_000;

const session = useBrowser();

test('draw two stalks with the mouse and read the value', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'draw-two-stalks', async (page, url, problems) => {
    await open(page, url);
    await drawTwoStalks(page);
    assert.equal(await page.getByLabel('Position').inputValue(), 'BR R');
    await value(page, '-1/2');
    assert.match(await page.locator('#outcome').textContent(), /Right \(red\) wins whoever starts/);
    assert.match(await page.locator('#advice').textContent(), /Right \(red\) wins with: /);
    assert.deepEqual(problems, []);
  });
});

test('undo and redo an edit', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'undo', async (page, url, problems) => {
    await open(page, url);
    await drawTwoStalks(page);
    await value(page, '-1/2');
    await page.locator('#undo').click();
    assert.equal(await page.getByLabel('Position').inputValue(), 'BR');
    await value(page, '1/2');
    await page.locator('#board').focus();
    await page.keyboard.press('Control+y');
    assert.equal(await page.getByLabel('Position').inputValue(), 'BR R');
    await page.keyboard.press('Control+z');
    assert.equal(await page.getByLabel('Position').inputValue(), 'BR');
    // Keyboard recolouring: select edge 2 with the arrows, press g.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('g');
    assert.equal(await page.getByLabel('Position').inputValue(), 'BG');
    await value(page, '1*');
    assert.deepEqual(problems, []);
  });
});

test('a share link restores the same state', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'link-source', async (page, url, problems) => {
    await open(page, url);
    await drawTwoStalks(page);
    await page.getByLabel('Colour-blind mode').check();
    await page.locator('#mode-play').click();
    // Left cuts the blue edge: the red one above it falls.
    const at = await board(page);
    await page.mouse.click(...at(0, 0.4));
    await page.locator('#history button', { hasText: 'Left (blue) cuts 1' }).waitFor();
    await value(page, '-1');
    await page.waitForTimeout(700); // let the falling animation finish
    await page.screenshot({ path: join(SCREENSHOTS, 'play-after-cut.png') });
    const link = page.url();
    assert.match(link, /#v1=[A-Za-z0-9_-]+$/);

    await withPage(session.browser, 'link-restored', async (again, _url, problems2) => {
      await again.goto(link);
      await again.locator('#board[data-ready="true"]').waitFor();
      assert.equal(await again.getByLabel('Position').inputValue(), 'BR R');
      assert.equal(await again.locator('#mode-play').getAttribute('aria-pressed'), 'true');
      assert.ok(await again.getByLabel('Colour-blind mode').isChecked());
      await again.locator('#history button', { hasText: 'Left (blue) cuts 1' }).waitFor();
      assert.match(await again.locator('#turn').textContent(), /Right \(red\) to move/);
      await value(again, '-1');
      assert.equal(again.url(), link);
      // Take back, then the value is that of the whole position again.
      await again.getByRole('button', { name: 'Take back' }).click();
      await value(again, '-1/2');
      assert.deepEqual(problems2, []);
    });
    assert.deepEqual(problems, []);
  });
});

test('a malformed link shows a message, not a blank page', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'malformed-link', async (page, url, problems) => {
    const nasty = encodeURIComponent('<img src=x onerror="window.pwned=1">');
    await open(page, `${url}#v1=${nasty}`);
    const message = page.locator('#link-error');
    await message.waitFor();
    assert.match(await message.textContent(), /This link could not be opened: .*invalid character/);
    assert.ok(await page.locator('#board').isVisible());
    assert.equal(await page.locator('img').count(), 0);
    assert.equal(await page.evaluate(() => window.pwned), undefined);
    // The page still works: a value for the default position arrives.
    await page.locator('#report:not([hidden])').waitFor();

    // The address bar now links to the state shown; a fresh load of
    // another bad link reports that one.
    assert.match(page.url(), /#v1=[A-Za-z0-9_-]+$/);
    await page.goto('about:blank');
    await open(page, `${url}#v1=eyJzIjpbXX0`); // {"s":[]}
    assert.match(await page.locator('#link-error').textContent(), /no positions/);
    assert.deepEqual(problems, []);
  });
});

test('a bad text shows an inline error and keeps the drawing', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'text-error', async (page, url, problems) => {
    await open(page, url);
    await page.getByLabel('Position').fill('BR Q');
    await page.getByLabel('Position').press('Enter');
    const err = page.locator('#text-error');
    await err.waitFor();
    assert.match(await err.textContent(), /column 4/);
    await page.getByLabel('Position').fill('GGG');
    await page.getByLabel('Position').press('Enter');
    await err.waitFor({ state: 'hidden' });
    await value(page, '*3');
    assert.deepEqual(problems, []);
  });
});

test('presets, colour-blind mode and hidden values', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'presets', async (page, url, problems) => {
    await open(page, url);
    await page.locator('.preset', { hasText: 'Circus tent' }).click();
    await value(page, '1');
    await page.locator('#board').screenshot({ path: join(SCREENSHOTS, 'circus-tent.png') });
    await page.locator('.preset', { hasText: 'Redwood table' }).click();
    await page.getByLabel('Colour-blind mode').check();
    await page.getByLabel('Position').fill('BR RB G GG 0-1:B 1-1:R 0-1:G');
    await page.getByLabel('Position').press('Enter');
    await page.locator('#report:not([hidden])').waitFor();
    await page.locator('#board').screenshot({ path: join(SCREENSHOTS, 'colour-blind.png') });
    await page.getByLabel('Hide values').check();
    assert.equal(await page.locator('#value').isVisible(), false);
    assert.deepEqual(problems, []);
  });
});

test('a value too long to print shows its length, outcome and best moves; the explorer says why it stops', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'value-too-long', async (page, url, problems) => {
    await open(page, url);
    // A 30-edge mixed stalk: valued at once, but its canonical form
    // prints billions of characters.
    await page.getByLabel('Position').fill('BRGRBGGBRRGBBGRGBRGGBRBGRGBGRB');
    await page.getByLabel('Position').press('Enter');
    await page.locator('#pretty', { hasText: 'too long to show' }).waitFor();
    assert.ok(await page.locator('#row-value').isHidden(), 'no plain row for a value not shown');
    assert.match(await page.locator('#pretty').textContent(), /^too long to show \(3,869,774,999 characters\)$/);
    assert.match(await page.locator('#outcome').textContent(), /Left \(blue\) wins whoever starts/);
    assert.match(await page.locator('#advice').textContent(), /Left \(blue\) wins with: /);
    assert.ok(await page.locator('#error').isHidden());
    await page.locator('#report').screenshot({ path: join(SCREENSHOTS, 'value-too-long-elided.png') });
    await page.locator('#explore-run').click();
    await page.locator('#explore-error', { hasText: 'Too long to show here' }).waitFor();
    assert.match(await page.locator('#explore-error').textContent(), /characters, more than the limit of 100000 — the command-line tool prints it/);
    // The page still works: a short stalk is valued and explored.
    await page.getByLabel('Position').fill('BR');
    await page.getByLabel('Position').press('Enter');
    await value(page, '1/2');
    assert.deepEqual(problems, []);
  });
});

test('phone: a 30-edge stalk fits the board and its top edges can be cut by touch', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'phone-long-stalk', async (page, url, problems) => {
    await open(page, url);
    await page.getByLabel('Position').fill('BR'.repeat(15));
    await page.getByLabel('Position').press('Enter');
    await page.locator('#value').filter({ hasText: /\S/ }).waitFor();
    await page.locator('#board').screenshot({ path: join(SCREENSHOTS, 'phone-long-stalk-board.png') });
    await page.locator('#mode-play').click();
    // The drawing is fitted (src/ui/viewport.rs): one unit wide, 30 tall,
    // 48 px margins, at most 80 px per unit, centred on x = 0.
    const box = await page.locator('#board').boundingBox();
    const scale = Math.min(80, box.width - 96, (box.height - 96) / 30);
    const y = box.y + box.height - 48 - 28.5 * scale;
    assert.ok(y > box.y, `edge 29 is on the board (${y} below ${box.y})`);
    await page.touchscreen.tap(box.x + box.width / 2, y);
    await page.locator('#history button', { hasText: 'Left (blue) cuts 29' }).waitFor();
    assert.deepEqual(problems, []);
  }, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
});
