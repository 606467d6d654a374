// Browser tests of playing against the engine, the preview of what falls
// with a cut, presenter mode with a two-slide deck, and touch input.
// Run by `./build.sh test`; screenshots land in tests/e2e/screenshots/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, withPage } from './harness.mjs';
import { useBrowser, open, board, drag, value, clearBoard, drawTwoStalks } from './board.mjs';

const TIMEOUT = 60_000;

const session = useBrowser();

test('Engine plays Right: Left cuts, the engine replies with a winning move', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'engine-opponent', async (page, url, problems) => {
    await open(page, url);
    await drawTwoStalks(page);
    await page.locator('#mode-play').click();
    await page.locator('#right-player').selectOption('engine');
    await page.locator('#engine-note', { hasText: 'Perfect play: the engine knows the exact value.' }).waitFor();
    const at = await board(page);
    // Left cuts the blue edge (2 falls with it); the engine, as Right,
    // must answer with its winning move: the red edge 3.
    await page.mouse.click(...at(0, 0.4));
    await page.locator('#history button', { hasText: 'Left (blue) cuts 1' }).waitFor();
    await page.locator('#history button', { hasText: 'Right (red) cuts 3' }).waitFor();
    assert.match(await page.locator('#turn').textContent(), /Left \(blue\) cannot move: Right \(red\) wins\./);
    await page.waitForTimeout(700); // let the falling animation finish
    await page.screenshot({ path: join(SCREENSHOTS, 'engine-replied.png'), fullPage: true });
    // Taking back returns to Left's turn (the engine's reply goes too).
    await page.locator('#takeback').click();
    await page.locator('#turn', { hasText: 'Left (blue) to move.' }).waitFor();
    assert.deepEqual(problems, []);
  });
});

test('hovering an edge in play previews what falls with it', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'preview-fall', async (page, url, problems) => {
    await open(page, url);
    await drawTwoStalks(page);
    await page.locator('#mode-play').click();
    const at = await board(page);
    await page.mouse.move(...at(0, 0.4));
    await page.locator('#preview', { hasText: 'cutting 1 drops 2' }).waitFor();
    await page.locator('#board').screenshot({ path: join(SCREENSHOTS, 'preview-fall.png') });
    // Left may not cut red: no preview.
    await page.mouse.move(...at(2, 0.5));
    await page.locator('#preview', { hasText: /^$/ }).waitFor();
    // Keyboard focus previews too.
    await page.locator('#board').focus();
    await page.keyboard.press('ArrowRight');
    await page.locator('#preview', { hasText: 'cutting 1 drops 2' }).waitFor();
    assert.deepEqual(problems, []);
  });
});

test('presenter mode: large type, arrows step through a two-slide deck', { timeout: TIMEOUT }, async () => {
  let link;
  await withPage(session.browser, 'presenter-source', async (page, url, problems) => {
    await open(page, url);
    await page.getByLabel('Position').fill('BR');
    await page.getByLabel('Position').press('Enter');
    await value(page, '1/2');
    await page.locator('#add-slide').click();
    await page.getByLabel('Position').fill('B B');
    await page.getByLabel('Position').press('Enter');
    await value(page, '2');
    link = page.url();
    assert.deepEqual(problems, []);
  });
  await withPage(session.browser, 'presenter', async (page, url, problems) => {
    // The same link, served by this page's own server.
    await page.goto(url + link.slice(link.indexOf('#')));
    await page.locator('#board[data-ready="true"]').waitFor();
    await page.locator('#slide-of', { hasText: 'Slide 2 of 2' }).waitFor();
    await page.locator('#prev-slide').click();
    await value(page, '1/2');
    await page.keyboard.press('p');
    assert.equal(await page.locator('body').getAttribute('class'), 'presenting');
    assert.ok(await page.locator('#edit-tools').isHidden());
    assert.ok(await page.locator('#analyse-form').isHidden());
    await page.locator('#caption', { hasText: '1/2 · BR' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.locator('#caption', { hasText: '2/2 · B B' }).waitFor();
    // Presenting, the value is the large caption (the value card is chrome).
    await page.locator('#caption-value', { hasText: /^= 2$/ }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'presenter-slide-2.png') });
    await page.keyboard.press('PageUp');
    await page.locator('#caption', { hasText: '1/2 · BR' }).waitFor();
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('body').getAttribute('class'), '');
    assert.ok(await page.locator('#analyse-form').isVisible());
    assert.deepEqual(problems, []);
  });
});

test('touch: drag to draw an edge, tap to cut it', { timeout: TIMEOUT }, async () => {
  await withPage(
    session.browser,
    'touch',
    async (page, url, problems) => {
      await open(page, url);
      await clearBoard(page);
      const at = await board(page);
      await page.locator('[data-colour="B"]').tap();
      // A touch drag from the ground up (raw touch events through the
      // DevTools protocol: playwright's touchscreen only taps).
      const cdp = await page.context().newCDPSession(page);
      const touch = (type, [x, y]) =>
        cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
      const [a, b] = [at(0, 0), at(0, 1)];
      await touch('touchStart', a);
      for (let k = 1; k <= 6; k++) await touch('touchMove', [a[0] + ((b[0] - a[0]) * k) / 6, a[1] + ((b[1] - a[1]) * k) / 6]);
      await touch('touchEnd', b);
      await page.waitForFunction(() => document.getElementById('position').value === 'B');
      await value(page, '1');
      // (A tap right after the drag would read as a double tap: click.)
      await page.locator('#mode-play').click();
      await page.locator('#mode-play[aria-pressed="true"]').waitFor();
      const played = await board(page); // the play toolbar may move the board
      await page.touchscreen.tap(...played(0, 0.5));
      await page.locator('#history button', { hasText: 'Left (blue) cuts 1' }).waitFor();
      await page.locator('#status', { hasText: 'No edges left' }).waitFor();
      await page.waitForTimeout(700); // let the falling animation finish
      await page.screenshot({ path: join(SCREENSHOTS, 'touch-after-tap.png') });
      assert.deepEqual(problems, []);
    },
    { hasTouch: true },
  );
});

test('an engine that cannot compute the value says so instead of moving', { timeout: 90_000 }, async () => {
  await withPage(session.browser, 'engine-cannot-compute', async (page, url, problems) => {
    // Past the page's time limit (shortened to 2 s, as in quantum.test.mjs).
    await open(page, `${url}?limit=2`);
    await page.getByLabel('Position').fill('BRBR BRB RBR GG');
    await page.getByLabel('Position').press('Enter');
    await page.locator('#rules').selectOption('quantum');
    // The analysis fails first, in the editor; then the engine takes Left.
    await page.locator('#error', { hasText: 'Too large' }).waitFor({ timeout: 60_000 });
    await page.locator('#mode-play').click();
    await page.locator('#left-player').selectOption('engine');
    const note = page.locator('#engine-note', { hasText: 'The engine cannot compute this position' });
    await note.waitFor({ timeout: 60_000 });
    assert.match(await note.textContent(), /it will not move — play for it or choose Person/);
    assert.equal(await page.locator('#history li').count(), 1, 'the engine made no move');
    await page.locator('#engine-note').screenshot({ path: join(SCREENSHOTS, 'engine-cannot-compute-note.png') });
    assert.deepEqual(problems, []);
  });
});
