// Browser tests of issue 10: a value always names what it is the value of
// (never a stale value beside "Computing…", Analyse after Cancel asks
// again), links carry the engine settings, and the notation in the page
// (pretty and plain; who is ahead under sync; misère outcomes plainly).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, withPage } from './harness.mjs';
import { useBrowser, open } from './board.mjs';

const TIMEOUT = 90_000;

const session = useBrowser();

async function setPosition(page, text) {
  await page.getByLabel('Position').fill(text);
  await page.getByLabel('Position').press('Enter');
}

test('a width change never shows the old value beside Computing…; Analyse after Cancel recomputes', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'stale-width', async (page, url, problems) => {
    await open(page, url);
    // A green edge keeps the search by options (blue-red sums are valued
    // by comparison with numbers, too fast to watch computing).
    await setPosition(page, 'BR BR BR BR R G');
    await page.locator('#rules').selectOption('quantum');
    await page.locator('#flavour').selectOption('C');
    await page.locator('#value').filter({ hasText: /^3\/4\*$/ }).waitFor({ timeout: 60_000 });
    assert.match(await page.locator('#value-of').textContent(), /^BR BR BR BR R G · quantum, flavour C, width 2$/);
    const old = (await page.locator('#value').textContent()).trim();

    // Width 3: the 3/4* of width 2 goes at once, while the new one computes.
    await page.locator('#width').selectOption('3');
    await page.locator('#busy:not([hidden])').waitFor();
    assert.ok(await page.locator('#report').isHidden(), 'no value beside Computing…');
    assert.match(await page.locator('#status').textContent(), /^Computing BR BR BR BR R G · quantum, flavour C, width 3…$/);
    await page.screenshot({ path: join(SCREENSHOTS, 'stale-width-computing.png') });
    const shown = await page.evaluate(
      (old) => [...document.querySelectorAll('#values *')].filter((e) => e.offsetParent && e.textContent.includes(old)).length,
      old,
    );
    assert.equal(shown, 0, `${old} is nowhere on show`);

    // Cancel: still no value; Analyse asks again (the worker is busy again).
    await page.locator('#cancel').click();
    await page.locator('#busy').waitFor({ state: 'hidden' });
    assert.ok(await page.locator('#report').isHidden());
    assert.match(await page.locator('#status').textContent(), /^Cancelled/);
    await page.locator('#analyse').click();
    await page.locator('#busy:not([hidden])').waitFor();
    assert.match(await page.locator('#status').textContent(), /^Computing/);
    // Cancel, then Enter in the text box also recomputes.
    await page.locator('#cancel').click();
    await page.locator('#busy').waitFor({ state: 'hidden' });
    await page.getByLabel('Position').press('Enter');
    await page.locator('#busy:not([hidden])').waitFor();
    assert.ok(await page.locator('#report').isHidden());
    // Width 3 takes long here; a smaller board's answer names width 3.
    await setPosition(page, 'BR BR R');
    await page.locator('#report:not([hidden])').waitFor({ timeout: 60_000 });
    assert.equal(await page.locator('#value-of').textContent(), 'BR BR R · quantum, flavour C, width 3');
    // Workers replaced by Cancel still leave the engine's version in the footer.
    await page.locator('#version').filter({ hasText: /^v\d/ }).waitFor();
    assert.deepEqual(problems, []);
  });
});

test('a new position clears the old best-move halos and value at once', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'stale-position', async (page, url, problems) => {
    // A stand-in worker that answers 'BR' at once and never answers anything
    // else: whatever the page shows after the edit must not be BR's answer.
    await page.route('**/worker.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `self.postMessage({ type: 'ready', version: '0.0.0-fake' });
self.onmessage = ({ data }) => {
  if (data.request.position !== 'BR') return;
  self.postMessage({ type: 'result', id: data.id, crashed: false, reply: { ok: true,
    answer: { value: '1/2', pretty: '½', outcome: 'L', outcome_sentence: 'Left wins whoever starts', birthday: 2,
      left_moves: { winning: true, labels: ['1'] } } } });
};`,
      }),
    );
    await open(page, url);
    await setPosition(page, 'BR');
    await page.locator('#value').filter({ hasText: /^1\/2$/ }).waitFor();
    assert.match(await page.locator('#advice').textContent(), /Left \(blue\) wins with: 1/);
    await setPosition(page, 'BR BR BR BR BR BR BR BR BR BR BR BR R');
    await page.locator('#busy:not([hidden])').waitFor();
    assert.ok(await page.locator('#report').isHidden());
    await page.waitForTimeout(300);
    assert.ok(await page.locator('#report').isHidden(), 'still nothing from the old position');
    assert.deepEqual(problems, []);
  });
});

test('Engine settings and play mode travel in the link', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'engine-link', async (page, url, problems) => {
    await open(page, url);
    await setPosition(page, 'BR BR R');
    await page.locator('#mode-play').click();
    await page.locator('#right-player').selectOption('engine');
    const hash = await page.evaluate(() => location.hash);
    // A fresh page from the link: Right is still the engine, and it replies.
    const other = await page.context().newPage();
    await open(other, `${url}${hash}`);
    assert.equal(await other.locator('#right-player').inputValue(), 'engine');
    assert.equal(await other.locator('#left-player').inputValue(), 'person');
    assert.equal(await other.locator('#mode-play').getAttribute('aria-pressed'), 'true');
    await other.locator('#report:not([hidden])').waitFor();
    await other.locator('#board').focus();
    await other.keyboard.press('ArrowRight');
    await other.keyboard.press('Space');
    await other.locator('#history li').nth(2).waitFor();
    assert.match(await other.locator('#history li').nth(2).textContent(), /Right \(red\) cuts/);
    await other.close();
    assert.deepEqual(problems, []);
  });
});

test('notation: pretty and plain; sync says who is ahead; misère says misère outcome', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'notation', async (page, url, problems) => {
    await open(page, url);
    await setPosition(page, 'BR G GR');
    await page.locator('#value').filter({ hasText: '{1/2*|1/2}' }).waitFor();
    assert.equal(await page.locator('#pretty').textContent(), '1/2↓');
    assert.ok(await page.locator('#pretty').isVisible());
    assert.ok(await page.locator('#value').isVisible());

    await page.locator('#rules').selectOption('sync');
    await setPosition(page, 'BR BR RB');
    await page.locator('#value').filter({ hasText: /^1\/4$/ }).waitFor();
    assert.equal(await page.locator('#outcome-label').textContent(), 'Who is ahead');
    const ahead = await page.locator('#outcome').textContent();
    assert.doesNotMatch(ahead, /whoever starts|player wins/, 'nobody starts a synchronous game');
    assert.match(ahead, /Left/);

    await page.locator('#rules').selectOption('misere');
    await setPosition(page, 'BR G GR');
    await page.locator('#outcome', { hasText: 'Misère outcome' }).waitFor();
    assert.equal(await page.locator('#outcome-label').textContent(), 'Misère outcome');
    assert.match(await page.locator('#outcome').textContent(), /^Misère outcome R: Right wins whoever starts \(misère play\)$/);
    assert.ok(await page.locator('#value').isHidden(), 'no "Value R / Pretty misère outcome R"');
    assert.ok(await page.locator('#pretty').isHidden());
    await page.locator('#output').screenshot({ path: join(SCREENSHOTS, 'notation-misere.png') });
    assert.deepEqual(problems, []);
  });
});

test('phone: a shared link opens in its mode with the board and the value in the first 390×844 screen', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'phone-link', async (page, url, problems) => {
    await open(page, url);
    await setPosition(page, 'BR BR R G');
    await page.locator('#mode-play').click();
    await page.locator('#report:not([hidden])').waitFor();
    const hash = await page.evaluate(() => location.hash);

    const phone = await page.context().browser().newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const p = await phone.newPage();
    p.on('pageerror', (e) => problems.push(`phone page error: ${e.message}`));
    await open(p, `${url}${hash}`);
    assert.equal(await p.locator('#mode-play').getAttribute('aria-pressed'), 'true', 'opens in play, as shared');
    await p.locator('#report:not([hidden])').waitFor();
    for (const id of ['#board', '#pretty', '#outcome', '#turn']) {
      const box = await p.locator(id).boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= 844, `${id} is inside the first screen: ${JSON.stringify(box)}`);
    }
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
    await p.screenshot({ path: join(SCREENSHOTS, 'phone-first-screen.png') });
    // Link, export and slides wait behind More.
    assert.ok(await p.locator('#export-png').isHidden());
    await p.locator('#more').tap();
    assert.equal(await p.locator('#more').getAttribute('aria-expanded'), 'true');
    await p.locator('#export-png').waitFor();
    // Tapping an edge plays it; the value follows the new board.
    const before = await p.locator('#value-of').textContent();
    const board = await p.locator('#board').boundingBox();
    assert.ok(board.height >= 240, 'a board you can play on');
    await p.close();
    await phone.close();
    assert.match(before, /^BR BR R G · normal play$/);
    assert.deepEqual(problems, []);
  });
});

test('Clear empties the board in one undoable step', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'clear', async (page, url, problems) => {
    await open(page, url);
    await setPosition(page, 'BR BR R');
    await page.locator('#report:not([hidden])').waitFor();
    await page.locator('#clear').click();
    assert.equal(await page.getByLabel('Position').inputValue(), '');
    await page.locator('#status', { hasText: 'No edges left' }).waitFor();
    assert.ok(await page.locator('#report').isHidden(), 'no value of the old board');
    await page.locator('#undo').click();
    assert.equal(await page.getByLabel('Position').inputValue(), 'BR BR R');
    await page.locator('#report:not([hidden])').waitFor();
    assert.equal(await page.locator('#value-of').textContent(), 'BR BR R · normal play');
    assert.deepEqual(problems, []);
  });
});

test('PNG export: 2× at least, captioned, halos only when asked', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'export-png', async (page, url, problems) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, url);
    await setPosition(page, 'BR R');
    await page.locator('#report:not([hidden])').waitFor();
    const css = await page.locator('#board').boundingBox();
    const png = async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#export-png').click()]);
      const path = await download.path();
      const { readFile } = await import('node:fs/promises');
      const bytes = await readFile(path);
      assert.equal(bytes.toString('latin1', 1, 4), 'PNG');
      return { bytes, width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
    };
    const plain = await png();
    // The canvas's CSS size (without its 1 px border), at 2×, plus a caption band.
    assert.ok(Math.abs(plain.width - 2 * (css.width - 2)) <= 2, `width ${plain.width} for ${css.width} CSS px`);
    assert.ok(plain.height > 2 * (css.height - 2), 'a caption band below the board');
    await page.locator('#export-caption').uncheck();
    const bare = await png();
    assert.ok(Math.abs(bare.height - 2 * (css.height - 2)) <= 2, `height ${bare.height} without caption`);
    // Halos are drawn only when asked: the picture differs.
    await page.locator('#export-analysis').check();
    const halos = await png();
    assert.equal(halos.width, bare.width);
    assert.notDeepEqual(halos.bytes, bare.bytes, 'the halos change the picture');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(SCREENSHOTS, 'export-captioned.png'), plain.bytes);
    assert.deepEqual(problems, []);
  });
});

test('colour-blind mode: the entanglement graph names colours and dashes Right’s links', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'colour-blind-graph', async (page, url, problems) => {
    await open(page, url);
    await setPosition(page, 'BR BR R');
    await page.locator('#rules').selectOption('quantum');
    await page.locator('#flavour').selectOption('D');
    await page.locator('#mode-play').click();
    await page.locator('#entanglement-card:not([hidden])').waitFor();
    assert.equal(await page.locator('#entanglement .cb-letter').count(), 0);
    await page.locator('#board').focus();
    // Left superposes 1 and 3; Right superposes 4 and 5.
    for (const key of ['ArrowRight', 'Space', 'ArrowRight', 'ArrowRight', 'Space', 'Enter']) await page.keyboard.press(key);
    await page.locator('#history button', { hasText: 'Left (blue) cuts 1 + 3' }).waitFor();
    for (const key of ['ArrowRight', 'Space', 'ArrowRight', 'Space', 'Enter']) await page.keyboard.press(key);
    await page.locator('#history button', { hasText: 'Right (red) cuts 4 + 5' }).waitFor();
    assert.equal(await page.locator('#entanglement [stroke-dasharray="4 2.5"]').count(), 0, 'colour only, before the toggle');
    await page.locator('#colour-blind').check();
    assert.deepEqual(await page.locator('#entanglement .cb-letter').allTextContents(), ['B', 'R', 'B', 'R', 'R']);
    assert.ok(await page.locator('#entanglement .link[data-move="2"] [stroke-dasharray="4 2.5"]').count() > 0, 'Right’s link is dashed');
    assert.equal(await page.locator('#entanglement .link[data-move="1"] [stroke-dasharray]').count(), 0, 'Left’s link is solid');
    await page.locator('#entanglement-card').screenshot({ path: join(SCREENSHOTS, 'colour-blind-graph.png') });
    assert.deepEqual(problems, []);
  });
});

test('quantum width 2: a third pick is refused at once, in words', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'width-limit', async (page, url, problems) => {
    await open(page, url);
    await setPosition(page, 'BR BR B');
    await page.locator('#rules').selectOption('quantum');
    await page.locator('#flavour').selectOption('D');
    await page.locator('#mode-play').click();
    await page.locator('#board').focus();
    for (const key of ['ArrowRight', 'Space', 'ArrowRight', 'ArrowRight', 'Space']) await page.keyboard.press(key);
    assert.equal(await page.locator('#commit').textContent(), 'Commit superposed move (1 + 3)');
    for (const key of ['ArrowRight', 'ArrowRight', 'Space']) await page.keyboard.press(key);
    assert.match(await page.locator('#board-message').textContent(), /^width 2: a superposed move names at most 2 edges/);
    assert.equal(await page.locator('#commit').textContent(), 'Commit superposed move (1 + 3)', 'the picks stay as they were');
    assert.deepEqual(problems, []);
  });
});
