// Browser tests of playing against the engine, the preview of what falls
// with a cut, presenter mode with a two-slide deck, and touch input.
// Run by `./build.sh test`; screenshots land in tests/e2e/screenshots/.
// Controls are found by role and accessible name.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, withPage } from './harness.mjs';
import {
  useBrowser, boardRegion, canvas, valueCard, position, turn, movesList, played, playButton, player, colour, noEdgesLeft, open, board, value, setPosition, clearBoard, drawTwoStalks,
} from './board.mjs';

const TIMEOUT = 60_000;

const session = useBrowser();

test('Engine plays Right: Left cuts, the engine replies with a winning move', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'engine-opponent', async (page, url, problems) => {
    await open(page, url);
    await drawTwoStalks(page);
    await playButton(page).click();
    await player(page, 'Right').selectOption('engine');
    await boardRegion(page).getByText('Perfect play: the engine knows the exact value.').waitFor();
    const at = await board(page);
    // Left cuts the blue edge (2 falls with it); the engine, as Right,
    // must answer with its winning move: the red edge 3.
    await page.mouse.click(...at(0, 0.4));
    await played(page, 'Left (blue) cuts 1').waitFor();
    await played(page, 'Right (red) cuts 3').waitFor();
    assert.match(await turn(page).textContent(), /Left \(blue\) cannot move: Right \(red\) wins\./);
    await page.waitForTimeout(700); // let the falling animation finish
    await page.screenshot({ path: join(SCREENSHOTS, 'engine-replied.png'), fullPage: true });
    // Taking back returns to Left's turn (the engine's reply goes too).
    await page.getByRole('toolbar', { name: 'Play' }).getByRole('button', { name: 'Take back' }).click();
    await turn(page).filter({ hasText: 'Left (blue) to move.' }).waitFor();
    assert.deepEqual(problems, []);
  });
});

test('hovering an edge in play previews what falls with it', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'preview-fall', async (page, url, problems) => {
    await open(page, url);
    await drawTwoStalks(page);
    await playButton(page).click();
    const at = await board(page);
    const preview = boardRegion(page).getByText(/^cutting /);
    await page.mouse.move(...at(0, 0.4));
    await boardRegion(page).getByText('cutting 1 drops 2').waitFor();
    await canvas(page).screenshot({ path: join(SCREENSHOTS, 'preview-fall.png') });
    // Left may not cut red: no preview.
    await page.mouse.move(...at(2, 0.5));
    await preview.waitFor({ state: 'detached' });
    // Keyboard focus previews too.
    await canvas(page).focus();
    await page.keyboard.press('ArrowRight');
    await boardRegion(page).getByText('cutting 1 drops 2').waitFor();
    assert.deepEqual(problems, []);
  });
});

test('presenter mode: large type, arrows step through a two-slide deck', { timeout: TIMEOUT }, async () => {
  let link;
  await withPage(session.browser, 'presenter-source', async (page, url, problems) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page, url);
    await setPosition(page, 'BR');
    await value(page, '1/2');
    await page.getByRole('region', { name: 'Slides' }).getByRole('button', { name: 'Add slide' }).click();
    await setPosition(page, 'B B');
    await value(page, '2');
    // A link to the slide on screen (the second).
    const share = page.getByRole('region', { name: 'Share and export' });
    await share.getByRole('button', { name: 'Link to this slide' }).click();
    await share.getByText('Link copied.').waitFor();
    link = await page.evaluate(() => navigator.clipboard.readText());
    assert.deepEqual(problems, []);
  });
  await withPage(session.browser, 'presenter', async (page, url, problems) => {
    // The same link, served by this page's own server.
    await open(page, url + link.slice(link.indexOf('#')));
    const slides = page.getByRole('toolbar', { name: 'Slide navigation' });
    await slides.getByText('Slide 2 of 2').waitFor();
    await slides.getByRole('button', { name: '◀ Previous' }).click();
    await value(page, '1/2');
    await page.keyboard.press('p');
    const present = page.getByRole('toolbar', { name: 'Mode' }).getByRole('button', { name: 'Leave presenter mode' });
    assert.equal(await present.getAttribute('aria-pressed'), 'true');
    assert.match(await page.locator('body').getAttribute('class'), /\bpresenting\b/);
    assert.ok(await page.getByRole('toolbar', { name: 'Editing tools' }).isHidden());
    assert.ok(await position(page).isHidden());
    assert.ok(await page.getByRole('button', { name: 'Analyse' }).isHidden());
    const caption = boardRegion(page).getByText(/^\d\/2 · /);
    await boardRegion(page).getByText('1/2 · BR').waitFor();
    const size = await caption.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    assert.ok(size >= 24, `large type: the caption is ${size} px`);
    await page.keyboard.press('ArrowRight');
    await boardRegion(page).getByText('2/2 · B B').waitFor();
    // Presenting, the value is the large caption (the value card is chrome).
    await boardRegion(page).getByText('= 2', { exact: true }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'presenter-slide-2.png') });
    await page.keyboard.press('PageUp');
    await boardRegion(page).getByText('1/2 · BR').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('toolbar', { name: 'Mode' }).getByRole('button', { name: 'Present' }).waitFor();
    assert.doesNotMatch(await page.locator('body').getAttribute('class'), /\bpresenting\b/);
    assert.ok(await position(page).isVisible());
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
      await colour(page, 'Blue').tap();
      // A touch drag from the ground up (raw touch events through the
      // DevTools protocol: playwright's touchscreen only taps).
      const cdp = await page.context().newCDPSession(page);
      const touch = (type, [x, y]) =>
        cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
      const [a, b] = [at(0, 0), at(0, 1)];
      await touch('touchStart', a);
      for (let k = 1; k <= 6; k++) await touch('touchMove', [a[0] + ((b[0] - a[0]) * k) / 6, a[1] + ((b[1] - a[1]) * k) / 6]);
      await touch('touchEnd', b);
      for (let k = 0; k < 50 && (await position(page).inputValue()) !== 'B'; k++) await page.waitForTimeout(50);
      assert.equal(await position(page).inputValue(), 'B');
      await value(page, '1');
      // (A tap right after the drag would read as a double tap: click.)
      await playButton(page).click();
      await page.getByRole('toolbar', { name: 'Mode' }).getByRole('button', { name: 'Play', pressed: true }).waitFor();
      const playing = await board(page); // the board must not have moved, but measure again
      await page.touchscreen.tap(...playing(0, 0.5));
      await played(page, 'Left (blue) cuts 1').waitFor();
      await noEdgesLeft(page).waitFor();
      await page.waitForTimeout(700); // let the falling animation finish
      await page.screenshot({ path: join(SCREENSHOTS, 'touch-after-tap.png') });
      assert.deepEqual(problems, []);
    },
    { hasTouch: true },
  );
});

test('an engine that cannot compute the value says so instead of moving', { timeout: 90_000 }, async () => {
  await withPage(session.browser, 'engine-cannot-compute', async (page, url, problems) => {
    // Past the page's time limit (shortened to 2 s, as in quantum.test.mjs):
    // eleven BRG stalks (33 edges, the default quantum rules). Smaller
    // drawings once used here ('BRBR BRB RBR GG') are now valued in
    // milliseconds by probes.
    await open(page, `${url}?limit=2`);
    await setPosition(page, Array.from({ length: 11 }, () => 'BRG').join(' '));
    await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('quantum');
    // The analysis fails first, in the editor; then the engine takes Left.
    await valueCard(page).getByRole('alert').filter({ hasText: 'Too large' }).waitFor({ timeout: 60_000 });
    await playButton(page).click();
    await player(page, 'Left').selectOption('engine');
    const note = boardRegion(page).getByText('The engine cannot compute this position');
    await note.waitFor({ timeout: 60_000 });
    assert.match(await note.textContent(), /it will not move — play for it or choose Person/);
    await page.waitForTimeout(1000); // the engine's pause before a move, and more
    assert.equal(await movesList(page).getByRole('listitem').count(), 1, 'the engine made no move');
    await note.screenshot({ path: join(SCREENSHOTS, 'engine-cannot-compute-note.png') });
    assert.deepEqual(problems, []);
  });
});
