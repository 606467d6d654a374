// Browser tests of the canvas playground: drawing with the mouse, undo,
// share links (round trip and malformed), play. Run by `./build.sh test`;
// screenshots land in tests/e2e/screenshots/. Controls are found by role
// and accessible name.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, withPage } from './harness.mjs';
import {
  useBrowser, boardRegion, canvas, valueCard, position, field, turn, played, playButton, open, board, value, setPosition, drawTwoStalks, copiedLink, until,
} from './board.mjs';

const TIMEOUT = 60_000;

const session = useBrowser();

test('draw two stalks with the mouse and read the value', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'draw-two-stalks', async (page, url, problems) => {
    await open(page, url);
    await drawTwoStalks(page);
    assert.equal(await position(page).inputValue(), 'BR R');
    await value(page, '-1/2');
    assert.match(await field(page, 'Outcome').textContent(), /Right \(red\) wins whoever starts/);
    assert.match(await field(page, 'Best moves').textContent(), /Right \(red\) wins with: /);
    assert.deepEqual(problems, []);
  });
});

test('undo and redo an edit', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'undo', async (page, url, problems) => {
    await open(page, url);
    await drawTwoStalks(page);
    await value(page, '-1/2');
    await page.getByRole('toolbar', { name: 'Editing tools' }).getByRole('button', { name: 'Undo' }).click();
    assert.equal(await position(page).inputValue(), 'BR');
    await value(page, '1/2');
    await canvas(page).focus();
    await page.keyboard.press('Control+y');
    assert.equal(await position(page).inputValue(), 'BR R');
    await page.keyboard.press('Control+z');
    assert.equal(await position(page).inputValue(), 'BR');
    // Keyboard recolouring: select edge 2 with the arrows, press g.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('g');
    assert.equal(await position(page).inputValue(), 'BG');
    await value(page, '1*');
    assert.deepEqual(problems, []);
  });
});

test('a share link restores the same state', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'link-source', async (page, url, problems) => {
    await open(page, url);
    await drawTwoStalks(page);
    await page.getByRole('checkbox', { name: 'Colour-blind mode' }).check();
    await playButton(page).click();
    // Left cuts the blue edge: the red one above it falls.
    const at = await board(page);
    await page.mouse.click(...at(0, 0.4));
    await played(page, 'Left (blue) cuts 1').waitFor();
    await value(page, '-1');
    await page.waitForTimeout(700); // let the falling animation finish
    await page.screenshot({ path: join(SCREENSHOTS, 'play-after-cut.png') });
    const link = await copiedLink(page);
    assert.match(link, /#v2=[A-Za-z0-9_-]+$/);

    await withPage(session.browser, 'link-restored', async (again, _url, problems2) => {
      await again.goto(link);
      await boardRegion(again).locator('canvas[data-ready="true"]').waitFor();
      assert.equal(await position(again).inputValue(), 'BR R');
      assert.equal(await playButton(again).getAttribute('aria-pressed'), 'true');
      assert.ok(await again.getByRole('checkbox', { name: 'Colour-blind mode' }).isChecked());
      await played(again, 'Left (blue) cuts 1').waitFor();
      assert.match(await turn(again).textContent(), /Right \(red\) to move/);
      await value(again, '-1');
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
    const message = boardRegion(page).getByRole('alert');
    await message.waitFor();
    assert.match(await message.textContent(), /This link could not be opened: .*invalid character/);
    assert.ok(await canvas(page).isVisible());
    assert.equal(await page.locator('img[src="x"]').count(), 0);
    assert.equal(await page.evaluate(() => window.pwned), undefined);
    // The page still works: a value for the default position arrives.
    await field(page, 'Value of').waitFor();

    // A fresh load of another bad link reports that one.
    await page.goto('about:blank');
    await open(page, `${url}#v1=eyJzIjpbXX0`); // {"s":[]}
    await message.waitFor();
    assert.match(await message.textContent(), /no positions/);
    assert.deepEqual(problems, []);
  });
});

// The address bar links to the state shown, so a reload or a bookmark
// keeps the drawing.
test('the address bar follows the state shown', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'address-bar', async (page, url, problems) => {
    await open(page, url);
    await setPosition(page, 'BR BR R');
    await value(page, '0');
    await page.waitForFunction(() => /^#v2=[A-Za-z0-9_-]+$/.test(location.hash), null, { timeout: 5000 });
    await page.reload();
    await boardRegion(page).locator('canvas[data-ready="true"]').waitFor();
    assert.equal(await position(page).inputValue(), 'BR BR R', 'a reload keeps the drawing');
    // After a malformed link, the address bar links to the state shown.
    await page.goto('about:blank');
    await open(page, `${url}#v1=eyJzIjpbXX0`);
    await page.waitForFunction(() => /^#v2=[A-Za-z0-9_-]+$/.test(location.hash), null, { timeout: 5000 });
    assert.deepEqual(problems, []);
  });
});

test('a bad text shows an inline error and keeps the drawing', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'text-error', async (page, url, problems) => {
    await open(page, url);
    const before = await position(page).inputValue();
    await setPosition(page, 'BR Q');
    const err = page.getByRole('alert').filter({ hasText: /column/ });
    await err.waitFor();
    assert.match(await err.textContent(), /column 4/);
    assert.match(await boardRegion(page).getByRole('paragraph').first().textContent(), new RegExp(`${before.split(/\s+/).join('').length} edges`), 'the drawing is kept');
    await setPosition(page, 'GGG');
    await err.waitFor({ state: 'hidden' });
    await value(page, '*3');
    assert.deepEqual(problems, []);
  });
});

test('presets, colour-blind mode and hidden values', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'presets', async (page, url, problems) => {
    await open(page, url);
    await page.getByRole('button', { name: /^Circus tent/ }).click();
    await value(page, '1');
    await canvas(page).screenshot({ path: join(SCREENSHOTS, 'circus-tent.png') });
    await page.getByRole('button', { name: /^Redwood table/ }).click();
    // The gallery's pictures are patterned with the board.
    const sprig = page.getByRole('button', { name: /^Sprig/ }).locator('img');
    const plain = await sprig.getAttribute('src');
    await page.getByRole('checkbox', { name: 'Colour-blind mode' }).check();
    await until(async () => (await sprig.getAttribute('src')) !== plain, 'the Sprig card patterned');
    assert.match(decodeURIComponent(await sprig.getAttribute('src')), /stroke-dasharray/);
    await setPosition(page, 'BR RB G GG 0-1:B 1-1:R 0-1:G');
    await field(page, 'Value of').filter({ hasText: 'BR RB G GG 0-1:B 1-1:R 0-1:G' }).waitFor();
    await canvas(page).screenshot({ path: join(SCREENSHOTS, 'colour-blind.png') });
    await page.getByRole('checkbox', { name: 'Hide values' }).check();
    await valueCard(page).getByText('Values are hidden.').waitFor();
    assert.equal(await page.getByTestId('value').isVisible(), false);
    assert.equal(await field(page, 'Value').isVisible(), false);
    // The gallery's cards hide their values with the rest.
    const cardValues = page.locator('.preset-value');
    assert.ok((await cardValues.count()) > 0);
    assert.equal(await cardValues.filter({ visible: true }).count(), 0);
    await page.getByRole('checkbox', { name: 'Hide values' }).uncheck();
    await cardValues.filter({ visible: true }).first().waitFor();
    assert.deepEqual(problems, []);
  });
});

test('a value too long to print shows its length, outcome and best moves; the explorer says why it stops', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'value-too-long', async (page, url, problems) => {
    await open(page, url);
    // A 30-edge mixed stalk: valued at once, but its canonical form
    // prints billions of characters.
    await setPosition(page, 'BRGRBGGBRRGBBGRGBRGGBRBGRGBGRB');
    const pretty = field(page, 'Value');
    await pretty.filter({ hasText: 'too long to show' }).waitFor();
    assert.ok(await field(page, 'Plain').isHidden(), 'no plain row for a value not shown');
    assert.match(await pretty.textContent(), /^too long to show \(3,869,774,999 characters\)$/);
    assert.match(await field(page, 'Outcome').textContent(), /Left \(blue\) wins whoever starts/);
    assert.match(await field(page, 'Best moves').textContent(), /Left \(blue\) wins with: /);
    assert.equal(await valueCard(page).getByRole('alert').count(), 0);
    await valueCard(page).locator('dl').screenshot({ path: join(SCREENSHOTS, 'value-too-long-elided.png') });
    const teach = page.getByRole('region', { name: 'Teach' });
    await teach.getByRole('button', { name: 'Explore the board' }).click();
    const why = teach.getByText('Too long to show here');
    await why.waitFor();
    assert.match(await why.textContent(), /characters, more than the limit of 100000 — the command-line tool prints it/);
    // The page still works: a short stalk is valued and explored.
    await setPosition(page, 'BR');
    await value(page, '1/2');
    assert.deepEqual(problems, []);
  });
});

/** Whether each word of the "Value of" line sits on one line, inside
 *  the value card (a QA pass found edges split at their hyphen). */
async function valueOfWords(page) {
  return field(page, 'Value of').evaluate((dd) => {
    const card = dd.closest('section').getBoundingClientRect();
    return [...dd.querySelectorAll('.word')].map((w) => ({
      word: w.textContent,
      lines: new Set([...w.getClientRects()].map((r) => Math.round(r.top))).size,
      inside: w.getBoundingClientRect().right <= card.right + 0.5,
    }));
  });
}

test('phone: a 30-edge stalk fits the board and its top edges can be cut by touch', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'phone-long-stalk', async (page, url, problems) => {
    await open(page, url);
    // The "Value of" line breaks between edges, never inside one.
    const edges = '0-1:R 1-1:G 0-2:G 2-3:G 2-2:B 2-2:G 2-2:B 2-0:G 3-4:R 3-1:B 1-5:B 5-6:R 6-7:G 7-8:B';
    await setPosition(page, edges);
    await field(page, 'Value of').filter({ hasText: '7-8:B' }).waitFor();
    const words = await valueOfWords(page);
    assert.ok(words.length >= 14, JSON.stringify(words));
    assert.deepEqual(words.filter((w) => w.lines !== 1 || !w.inside), []);
    const lines = await field(page, 'Value of').evaluate((dd) => dd.getClientRects().length);
    assert.ok(lines >= 1);
    await setPosition(page, 'BR'.repeat(15));
    await field(page, 'Value of').filter({ hasText: 'BR'.repeat(15) }).waitFor();
    // A word wider than the line may break, but stays inside the card.
    assert.deepEqual((await valueOfWords(page)).filter((w) => !w.inside), []);
    await canvas(page).screenshot({ path: join(SCREENSHOTS, 'phone-long-stalk-board.png') });
    await playButton(page).click();
    // (Play sits under the value card on a phone: back up to the board.)
    await canvas(page).scrollIntoViewIfNeeded();
    // The drawing is fitted (src/ui/viewport.rs): one unit wide, 30 tall,
    // 48 px margins, at most 80 px per unit, centred on x = 0.
    const box = await canvas(page).boundingBox();
    const scale = Math.min(80, box.width - 96, (box.height - 96) / 30);
    const y = box.y + box.height - 48 - 28.5 * scale;
    assert.ok(y > box.y, `edge 29 is on the board (${y} below ${box.y})`);
    await page.touchscreen.tap(box.x + box.width / 2, y);
    await played(page, 'Left (blue) cuts 29').waitFor();
    assert.deepEqual(problems, []);
  }, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
});

test('phone: in Edit the colours and tools come right under the board, in Play the value does', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'phone-edit-tools', async (page, url, problems) => {
    await open(page, url);
    await setPosition(page, 'BR BR R G');
    await field(page, 'Value of').filter({ hasText: 'BR BR R G' }).waitFor();
    const tools = page.getByRole('toolbar', { name: 'Editing tools' });
    const top = async (l) => (await l.boundingBox()).y;
    // The first screen, as a person opening the page sees it.
    await page.evaluate(() => scrollTo(0, 0));
    await page.waitForFunction(() => scrollY === 0);
    const board = await canvas(page).boundingBox();
    // Under the board and inside the first screen, above the value card
    // (it was a screen below, under the whole card).
    const toolsAt = await top(tools);
    assert.ok(toolsAt >= board.y + board.height, `tools at ${toolsAt}, board ends at ${board.y + board.height}`);
    assert.ok(toolsAt >= 0 && toolsAt + 44 <= 844, `the tools are in the first screen: ${toolsAt}`);
    assert.ok(toolsAt < (await top(field(page, 'Value'))), 'the tools come before the value');
    // Every colour is on the screen, none behind a sideways scroll.
    for (const name of ['Blue', 'Red', 'Green', 'Uncoloured']) {
      const b = await tools.getByRole('button', { name, exact: true }).boundingBox();
      assert.ok(b.x >= 0 && b.x + b.width <= 390 && b.y + b.height <= 844 - 60, `${name}: ${JSON.stringify(b)}`);
    }
    await page.screenshot({ path: join(SCREENSHOTS, 'phone-edit-tools-in-edit.png') });
    // In Play the value comes first under the board, as before.
    await playButton(page).click();
    await canvas(page).scrollIntoViewIfNeeded();
    const mode = page.getByRole('toolbar', { name: 'Mode' });
    assert.ok((await top(field(page, 'Value'))) < (await top(mode)), 'in Play the value comes before the tools');
    assert.deepEqual(problems, []);
  }, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
});

test('the board is painted again only when what it shows changes', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'paint-on-change', async (page, url, problems) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, url);
    await setPosition(page, 'BR BR');
    await value(page, '1');
    // Count the board's paints: each one starts by setting its transform.
    await page.evaluate(() => {
      const board = document.querySelector('[data-ready="true"]');
      window.__paints = 0;
      const set = CanvasRenderingContext2D.prototype.setTransform;
      CanvasRenderingContext2D.prototype.setTransform = function (...a) {
        if (this.canvas === board) window.__paints += 1;
        return set.apply(this, a);
      };
    });
    const paints = () => page.evaluate(() => window.__paints);
    // Exploring the board starts a job and shows its answer beside the
    // board: nothing on the board changes, so it is not painted.
    const teach = page.getByRole('region', { name: 'Teach' });
    await teach.getByRole('button', { name: 'Explore the board' }).click();
    await teach.getByRole('heading', { name: "Left's options" }).waitFor();
    assert.equal(await paints(), 0, 'no paint while the explorer works');
    // A context the browser lost and restored comes back blank: painted
    // again, though the scene is the same.
    await page.evaluate(() => {
      const board = document.querySelector('[data-ready="true"]');
      board.dispatchEvent(new Event('contextrestored'));
    });
    assert.equal(await paints(), 1, 'a restored context is painted again');
    // A new drawing changes the board: it is painted.
    await setPosition(page, 'BR B');
    await value(page, '3/2');
    assert.ok((await paints()) > 0, 'the new position is painted');
    assert.deepEqual(problems, []);
  });
});

test('phone: in Play the board is as tall as its drawing needs, so the value is on the first screen', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'phone-play-fit', async (page, url, problems) => {
    await open(page, url);
    await setPosition(page, 'BRB RB G');
    await field(page, 'Value of').filter({ hasText: 'BRB RB G' }).waitFor();
    const height = async () => Math.round((await canvas(page).boundingBox()).height);
    const editing = await height();
    await playButton(page).tap();
    // BRB RB G is three units tall and four wide: 69 px a unit at this
    // width, three times that and a 48 px margin above and below (and a
    // 1 px border), 305 px, where Edit keeps 52% of the screen for drawing
    // upward.
    await until(async () => (await height()) === 305, `the board 305 px tall in Play (${editing} in Edit)`);
    assert.ok(editing > 300, `Edit keeps room to draw: ${editing} px`);
    await page.evaluate(() => window.scrollTo(0, 0));
    const outcome = field(page, 'Outcome');
    await outcome.waitFor();
    const bar = await page.getByRole('toolbar', { name: 'Moves' }).boundingBox();
    const shown = await outcome.boundingBox();
    assert.ok(shown.y + shown.height <= bar.y, `the outcome above the thumb bar: ${JSON.stringify({ shown, bar })}`);
    await page.screenshot({ path: join(SCREENSHOTS, 'phone-play-fit-first-screen.png') });
    // A cut: edges fall, the board keeps its height.
    await canvas(page).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await played(page, /cuts/).waitFor();
    assert.equal(await height(), 305);
    // Back in Edit the sky is back.
    await page.getByRole('toolbar', { name: 'Mode' }).getByRole('button', { name: 'Edit' }).tap();
    await until(async () => (await height()) === editing, 'the Edit height again');
    assert.deepEqual(problems, []);
  }, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
});
