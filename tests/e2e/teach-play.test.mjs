// Browser tests of teaching during play: the explorer follows a superposed
// move played on the board (its options equal `hackenbush options --moves`
// for the same move) and draws a thumbnail per option; a "win against the
// engine" puzzle played on the board to a win (keyboard, desktop) and to a
// loss then a win (taps, phone 390×844); a puzzle made after a quantum
// move, opened from its link on that very state; a classical puzzle made
// mid-game, opened on the board with the played edges gone. Controls are
// found by role and accessible name (issue 23).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { SCREENSHOTS, withPage } from './harness.mjs';
import { open, useBrowser } from './board.mjs';

const TIMEOUT = 90_000;
const session = useBrowser();
const CLI = new URL('../../target/release/hackenbush', import.meta.url).pathname;
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

const region = (page, name) => page.getByRole('region', { name });
const canvas = (page) => region(page, 'Board').locator('canvas');
const button = (page, name) => page.getByRole('button', { name, exact: true });
const teach = (page) => region(page, 'Teach');
const history = (page, name) => region(page, 'Moves').getByRole('button', { name });

async function setPosition(page, text) {
  const box = page.getByRole('textbox', { name: 'Position' });
  await box.fill(text);
  await box.press('Enter');
}

/** Open a closed disclosure ("Make puzzle") of the Teach region. */
async function disclose(page, name) {
  const summary = teach(page).locator('summary').filter({ hasText: name });
  if (!(await summary.evaluate((el) => el.parentElement.open))) await summary.click();
}

/** A paragraph of the Teach region whose text matches `text`. */
const said = (page, text) => teach(page).getByRole('paragraph').filter({ hasText: text });
/** The explorer's path line ("Path: start › L:1"). */
const path = (page, steps) => teach(page).getByText(`Path: ${steps}`, { exact: true });
/** The explorer's options for `who` ("Left" or "Right"). */
const options = (page, who) => teach(page).getByRole('heading', { name: `${who}'s options` }).locator('xpath=following-sibling::ul[1]').getByRole('button');
const option = (page, who, label) => options(page, who).filter({ has: page.getByRole('img', { name: `After ${label}`, exact: true }) });

/** Every option shown, as "L:1+4 → value" (the label from its picture's
 *  name, the value from its "label → value" line), Left's first. */
async function optionList(page) {
  const out = [];
  for (const [who, p] of [['Left', 'L'], ['Right', 'R']]) {
    for (const b of await options(page, who).all()) {
      const label = (await b.getByRole('img').getAttribute('alt')).replace(/^After /, '');
      const line = await b.evaluate((el) => {
        const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) if (n.textContent.includes(' → ')) return n.textContent;
        return '';
      });
      assert.equal(line.split(' → ')[0], label, `the option's line names its move: ${line}`);
      out.push(`${p}:${label} → ${line.split(' → ')[1]}`);
    }
  }
  return out;
}

/** The puzzle card's parts. */
const puzzle = (page) => region(page, 'Puzzle');
const check = (page) => puzzle(page).getByRole('button', { name: 'Check', exact: true });
const answer = (page) => puzzle(page).getByRole('textbox', { name: 'Your answer' });
const verdict = (page, text) => puzzle(page).getByRole('paragraph').filter({ hasText: text });
const picks = (page) => puzzle(page).getByRole('group', { name: 'Moves to pick' }).getByRole('button');

/** Whether the board's preview line names edge `label` as the one to cut. */
const previewNames = async (page, label) =>
  (await region(page, 'Board').getByText(new RegExp(`^cutting ${label} `)).count()) > 0;

/** Move the board's keyboard focus to edge `label` (the preview line
 *  names the focused edge while it may be cut). */
async function focusEdge(page, label) {
  await canvas(page).focus();
  for (let k = 0; k < 12; k++) {
    await page.keyboard.press('ArrowRight');
    if (await previewNames(page, label)) return;
  }
  throw new Error(`edge ${label} never took the focus`);
}

/** The page pixel over the middle of edge `label`, found by hovering the
 *  board's drawn pixels with synthetic pointer moves (the preview line
 *  names the hovered edge while it may be cut; the page takes one hover
 *  per animation frame). */
async function edgePixel(page, label) {
  await canvas(page).scrollIntoViewIfNeeded();
  const boardRegion = await region(page, 'Board').elementHandle();
  const hit = await canvas(page).evaluate(async (c, [label, boardRegion]) => {
    const r = c.getBoundingClientRect();
    const scale = c.width / r.width;
    const img = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    const at = (x, y) => {
      const i = (Math.floor(y * scale) * c.width + Math.floor(x * scale)) * 4;
      return [img[i], img[i + 1], img[i + 2]];
    };
    const [br, bg, bb] = at(2, 2);
    // Saturated ink: blue, red or green edges and their halos.
    const inked = (x, y) => {
      const [R, G, B] = at(x, y);
      const spread = Math.max(R, G, B) - Math.min(R, G, B);
      return spread > 60 && Math.abs(R - br) + Math.abs(G - bg) + Math.abs(B - bb) > 60;
    };
    const frame = () => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
    const named = () => boardRegion.textContent.includes(`cutting ${label} `);
    const hits = [];
    for (let x = 3; x < r.width && !(hits.length && hits.at(-1)[0] < r.left + x - 12); x += 6) {
      for (let y = 3; y < r.height; y += 6) {
        if (!inked(x, y)) continue;
        c.dispatchEvent(new PointerEvent('pointermove', { clientX: r.left + x, clientY: r.top + y, bubbles: true }));
        await frame();
        if (named()) hits.push([r.left + x, r.top + y]);
      }
    }
    c.dispatchEvent(new PointerEvent('pointerleave'));
    await frame();
    return hits[Math.floor(hits.length / 2)] || null;
  }, [label, boardRegion]);
  if (!hit) throw new Error(`edge ${label} not found on the board`);
  return hit;
}

/** A superposed move of Left on BRG GR (quantum D): edges 1 and 4,
 *  picked by keyboard (arrows step the focus over the 5 edges from 1). */
async function superposed(page) {
  await setPosition(page, 'BRG GR');
  await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('quantum');
  await page.getByRole('combobox', { name: 'Flavour' }).selectOption('D');
  await button(page, 'Play').click();
  await page.getByRole('region', { name: /^Realisations/ }).waitFor();
  await canvas(page).focus();
  for (const presses of [1, 3]) {
    for (let k = 0; k < presses; k++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
  }
  await button(page, 'Commit superposed move (1 + 4)').waitFor();
  await page.keyboard.press('Enter');
  await history(page, /Left \(blue\) cuts 1 \+ 4$/).waitFor();
  await region(page, 'Realisations (2)').waitFor();
}

test('the explorer follows a superposed move, as the CLI does, with thumbnails', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'teach-follow', async (page, url, problems) => {
    await open(page, url);
    await superposed(page);
    await button(page, 'Explore the board').click();
    await said(page, 'after 1 move (1,4)').waitFor();
    await said(page, /^Value .*realisations/).waitFor();
    const cli = JSON.parse(execFileSync(CLI, [
      'options', '--rules', 'quantum', '--flavour', 'D', 'BRG', 'GR', '--moves', '1+4', '--json',
    ], { encoding: 'utf8' }));
    const expected = cli.options.map((o) => `${o.player}:${o.move} → ${o.value}`);
    assert.deepEqual(await optionList(page), expected);
    await said(page, new RegExp(`^Value ${cli.value.replace(/[*^]/g, '\\$&')} `)).waitFor();
    // Every option shows a drawing of what it leaves.
    const all = teach(page).getByRole('heading', { name: /'s options$/ }).locator('xpath=following-sibling::ul[1]').getByRole('button').getByRole('img');
    const thumbs = await all.evaluateAll((imgs) =>
      imgs.map((i) => ({ ok: i.complete && i.naturalWidth > 0, svg: decodeURIComponent(i.src) })));
    assert.equal(thumbs.length, cli.options.length);
    for (const t of thumbs) {
      assert.ok(t.ok, 'thumbnail not drawn');
      assert.match(t.svg, /^data:image\/svg\+xml;charset=utf-8,<svg /);
    }
    await teach(page).screenshot({ path: join(SCREENSHOTS, 'teach-follow-quantum.png') });
    // One level deeper and back stays on the superposed state.
    await options(page, 'Left').first().click();
    await teach(page).getByText(/^Path: start › /).waitFor();
    await button(page, 'Back').click();
    await path(page, 'start').waitFor();
    await said(page, 'after 1 move (1,4)').waitFor();
    // The open explorer follows the next move played on the board (Right
    // cuts 5 alone: the focus was on 4).
    await canvas(page).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await history(page, /Right \(red\) cuts 5$/).waitFor();
    await said(page, 'after 2 moves (1,4 ; 5)').waitFor();
    assert.deepEqual(problems, []);
  });
});

/** Make a puzzle (`question`) of the board in the page; its link. */
async function makePuzzle(page, question, title) {
  await disclose(page, 'Make puzzle');
  await teach(page).getByRole('combobox', { name: 'Question' }).selectOption(question);
  if (title) await teach(page).getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await teach(page).getByRole('button', { name: 'Make puzzle', exact: true }).click();
  const link = teach(page).getByRole('textbox', { name: 'Puzzle link' });
  await link.waitFor();
  return link.inputValue();
}

/** Make a "win against the engine" puzzle of `position` in the page. */
async function makeBeat(page, position, question) {
  await setPosition(page, position);
  return makePuzzle(page, question);
}

async function student(link, options) {
  const context = await session.browser.newContext(options);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console: ${msg.text()}`); });
  await open(page, link);
  await puzzle(page).waitFor();
  return { context, page, problems };
}

test('win against the engine: played on the board to a win (keyboard) and to a loss, then a win (phone, taps)', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'teach-beat', async (page, url, problems) => {
    await open(page, url);
    // BB R (value 1): Left wins by cutting 2, never 1.
    const link = await makeBeat(page, 'BB R', 'beat:L');

    const desk = await student(link, { viewport: { width: 900, height: 760 } });
    const d = desk.page;
    await puzzle(d).getByText(/^You play Left \(blue\) and move first/).waitFor();
    // The engine plays Right; the puzzle hides the player pickers.
    const right = d.getByRole('combobox', { name: 'Right', includeHidden: true });
    assert.equal(await right.inputValue(), 'engine');
    assert.ok(await right.isHidden(), 'no player pickers in a puzzle');
    assert.ok(await answer(d).isHidden(), 'nothing to type: the game is played on the board');
    await focusEdge(d, 2);
    await d.keyboard.press('Enter');
    // The engine answers on the board with its only move.
    await history(d, /Right \(red\) cuts 3$/).waitFor();
    await puzzle(d).getByText('Still winning. Your move.').waitFor();
    await focusEdge(d, 1);
    await d.keyboard.press('Enter');
    await verdict(d, 'Solved! You won: Right has no move left: Left wins in 2 moves.').waitFor();
    await d.waitForTimeout(700); // the falling animation
    await d.screenshot({ path: join(SCREENSHOTS, 'teach-beat-won.png'), fullPage: true });
    assert.deepEqual(desk.problems, []);
    await desk.context.close();

    const phone = await student(link, PHONE);
    const p = phone.page;
    await puzzle(p).getByText(/^You play Left \(blue\)/).waitFor();
    // A game is judged move by move: the bar under the thumb offers no
    // Check (it did, and said "pick or type an answer first").
    const barCheck = p.getByRole('toolbar', { name: 'Moves' }).getByRole('button', { name: 'Check', exact: true, includeHidden: true });
    assert.equal(await barCheck.count(), 1);
    assert.ok(await barCheck.isHidden(), 'no Check in the bar of a game');
    await p.touchscreen.tap(...(await edgePixel(p, 1)));
    await verdict(p, 'Not quite: after 1 (value -1), Right wins with 3 (value 0).').waitFor();
    const again = puzzle(p).getByRole('button', { name: 'Try again', exact: true });
    await again.waitFor();
    // Every button of the puzzle stays inside the phone's width.
    let rightmost = 0;
    for (const b of await puzzle(p).getByRole('button').all()) {
      const box = await b.boundingBox();
      if (box) rightmost = Math.max(rightmost, box.x + box.width);
    }
    assert.ok(rightmost <= 390, `a puzzle button ends at ${rightmost}px`);
    await p.waitForTimeout(700);
    await p.screenshot({ path: join(SCREENSHOTS, 'teach-beat-lost-phone.png'), fullPage: true });
    // Try again: the moves are taken back and the game starts over.
    await again.tap();
    await puzzle(p).getByText(/^You play Left \(blue\) and move first/).waitFor();
    await p.getByRole('toolbar', { name: 'Moves' }).getByText('Left (blue) to move.', { exact: true }).waitFor();
    assert.equal(await verdict(p, /Not quite|Solved/).count(), 0, 'the verdict is gone');
    await p.touchscreen.tap(...(await edgePixel(p, 2)));
    await puzzle(p).getByText(/Still winning/).waitFor();
    // A hint mid-game is for the board now, and is counted.
    await puzzle(p).getByRole('button', { name: 'Show one winning move', exact: true }).tap();
    await puzzle(p).getByText('One winning move now: 1.').waitFor();
    await puzzle(p).getByText('Hints used: 1', { exact: true }).waitFor();
    await p.touchscreen.tap(...(await edgePixel(p, 1)));
    const won = verdict(p, 'Solved! You won');
    await won.waitFor();
    assert.match(await won.textContent(), /Hints used: 1\./);
    await p.waitForTimeout(700);
    await p.screenshot({ path: join(SCREENSHOTS, 'teach-beat-won-phone.png') });
    assert.deepEqual(phone.problems, []);
    await phone.context.close();
    assert.deepEqual(problems, []);
  });
});

test('a puzzle made after a quantum move opens on that state from its link', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'teach-quantum-puzzle', async (page, url, problems) => {
    await open(page, url);
    await superposed(page);
    const link = await makePuzzle(page, 'value', 'After a superposed move');
    const value = execFileSync(CLI, [
      'value', '--rules', 'quantum', '--flavour', 'D', 'BRG', 'GR', '--moves', '1+4',
    ], { encoding: 'utf8' }).trim();
    const start = execFileSync(CLI, ['value', '--rules', 'quantum', '--flavour', 'D', 'BRG', 'GR'], { encoding: 'utf8' }).trim();
    assert.notEqual(value, start);

    const phone = await student(link, PHONE);
    const p = phone.page;
    // The board replays the move: the superposed state, two realisations.
    await history(p, /Left \(blue\) cuts 1 \+ 4$/).waitFor();
    await region(p, 'Realisations (2)').waitFor();
    await puzzle(p).getByRole('heading', { name: 'After a superposed move' }).waitFor();
    await puzzle(p).getByText('BRG GR · quantum, flavour D, width 2 · after Left (blue) 1+4', { exact: true }).waitFor();
    await answer(p).fill(start);
    await check(p).tap();
    await verdict(p, 'Not quite').waitFor();
    await answer(p).fill(value);
    await check(p).tap();
    await verdict(p, 'Solved!').waitFor();
    await p.screenshot({ path: join(SCREENSHOTS, 'teach-quantum-puzzle-phone.png') });
    assert.deepEqual(phone.problems, []);
    await phone.context.close();
    assert.deepEqual(problems, []);
  });
});

test('a classical puzzle made mid-game keeps the board, the moves and its labels', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'teach-classical-puzzle', async (page, url, problems) => {
    await open(page, url);
    await setPosition(page, 'B R BB R');
    await button(page, 'Play').click();
    await focusEdge(page, 1);
    await page.keyboard.press('Enter');
    await history(page, /Left \(blue\) cuts 1$/).waitFor();
    await focusEdge(page, 2);
    await page.keyboard.press('Enter');
    await history(page, /Right \(red\) cuts 2$/).waitFor();
    const link = await makePuzzle(page, 'win:L');

    const phone = await student(link, PHONE);
    const p = phone.page;
    // The start and both moves are on the board: BB R stands as 3, 4, 5.
    await history(p, /Right \(red\) cuts 2$/).waitFor();
    await puzzle(p).getByText('B R BB R · normal play · after Left (blue) 1, Right (red) 2', { exact: true }).waitFor();
    await picks(p).filter({ hasText: /^4$/ }).waitFor();
    assert.deepEqual(await picks(p).allTextContents(), ['3', '4']);
    // Answers and explanations in the board's labels. A cut on the board
    // is an answer: checked at once; a wrong one is refuted on the board
    // (the engine plays Right's answer), and Try again takes both back.
    await p.touchscreen.tap(...(await edgePixel(p, 3)));
    await verdict(p, 'Not quite: after 3 (value -1), Right wins with 5 (value 0).').waitFor();
    assert.equal(await answer(p).inputValue(), '3');
    await history(p, /Left \(blue\) cuts 3$/).waitFor();
    await history(p, /Right \(red\) cuts 5$/).waitFor();
    await p.waitForTimeout(700); // the falling animation
    await p.screenshot({ path: join(SCREENSHOTS, 'teach-classical-puzzle-refuted.png') });
    await puzzle(p).getByRole('button', { name: 'Try again', exact: true }).tap();
    await p.getByRole('toolbar', { name: 'Moves' }).getByText('Left (blue) to move.', { exact: true }).waitFor();
    assert.equal(await history(p, /Right \(red\) cuts 2$/).getAttribute('aria-current'), 'step');
    await picks(p).filter({ hasText: /^4$/ }).tap();
    await check(p).tap();
    await verdict(p, 'Solved! 4 wins for Left').waitFor();
    await p.screenshot({ path: join(SCREENSHOTS, 'teach-classical-puzzle-phone.png') });
    await canvas(p).screenshot({ path: join(SCREENSHOTS, 'teach-classical-puzzle-board.png') });
    assert.deepEqual(phone.problems, []);
    await phone.context.close();
    assert.deepEqual(problems, []);
  });
});

test('phone: a cut tapped on the board, then the explorer of what is left, stepped into by taps', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'teach-follow-phone', async (page, url, problems) => {
    await open(page, url);
    await setPosition(page, 'BR BR');
    await button(page, 'Play').tap();
    await page.getByRole('button', { name: 'Play', exact: true, pressed: true }).waitFor();
    await page.touchscreen.tap(...(await edgePixel(page, 1)));
    await history(page, /Left \(blue\) cuts 1$/).waitFor();
    await button(page, 'Explore the board').tap();
    // The engine renumbers what stands (BR as 1, 2); the explorer speaks
    // in the board's labels, 3 and 4.
    await said(page, /^Value 1\/2 /).waitFor();
    await said(page, /^Exploring BR · normal$/).waitFor();
    assert.deepEqual((await optionList(page)).map((o) => o.split(' ')[0]), ['L:3', 'R:4']);
    assert.match(await option(page, 'Right', 4).textContent(), /leaves \{3\}/);
    let widest = 0;
    for (const b of await options(page, 'Left').or(options(page, 'Right')).all()) {
      const box = await b.boundingBox();
      widest = Math.max(widest, box.x + box.width);
    }
    assert.ok(widest <= 390, `an option ends at ${widest}px`);
    await teach(page).screenshot({ path: join(SCREENSHOTS, 'teach-follow-phone-card.png') });
    await option(page, 'Right', 4).tap();
    await path(page, 'start › R:4').waitFor();
    await said(page, /^Value 1 /).waitFor();
    assert.deepEqual(problems, []);
  }, PHONE);
});

test('a projector: a hundred options fold in the explorer, and both columns stay inside the card', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'teach-fold', async (page, url, problems) => {
    await open(page, url);
    // Seed-25 classroom drawing 1, quantum A at width 3: Right has 120
    // options (`hackenbush options --json`), Left 4.
    const position = '0-1:R 1-2:R 1-3:G 2-2:G 3-4:G 3-5:R 5-5:R 4-6:R 2-7:R';
    await setPosition(page, position);
    await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('quantum');
    await page.getByRole('combobox', { name: 'Flavour' }).selectOption('A');
    await page.getByRole('combobox', { name: 'Width' }).selectOption('3');
    await button(page, 'Explore the board').click();
    await said(page, /^Value .*realisations/).waitFor();
    const cli = JSON.parse(execFileSync(CLI, [
      'options', '--rules', 'quantum', '--flavour', 'A', '--width', '3', position, '--json',
    ], { encoding: 'utf8' }));
    const of = (p) => cli.options.filter((o) => o.player === p);
    assert.deepEqual([of('L').length, of('R').length], [4, 120]);
    // Folded: Right's first 12, and every option the canonical form keeps.
    const kept = of('R').filter((o, i) => i >= 12 && o.reasons.length === 0).length;
    assert.equal(await options(page, 'Left').count(), 4);
    assert.equal(await options(page, 'Right').count(), 12 + kept);
    assert.equal(await button(page, "Show all 4 of Left's options").count(), 0, 'a short list does not fold');
    // Nothing sticks out of the card, and the page does not scroll sideways
    // (the right column used to run past the card and the screen).
    const card = await teach(page).boundingBox();
    for (const b of [...await options(page, 'Left').all(), ...await options(page, 'Right').all()]) {
      const box = await b.boundingBox();
      assert.ok(box.x >= card.x && box.x + box.width <= card.x + card.width + 0.5, `${JSON.stringify(box)} outside ${JSON.stringify(card)}`);
    }
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), 'the page scrolls sideways');
    await option(page, 'Right', '1+2').scrollIntoViewIfNeeded();
    await teach(page).screenshot({ path: join(SCREENSHOTS, 'teach-fold-projector.png') });

    await button(page, "Show all 120 of Right's options").click();
    assert.equal(await options(page, 'Right').count(), 120);
    assert.equal(await button(page, "Show fewer of Right's options").getAttribute('aria-expanded'), 'true');
    await button(page, "Show fewer of Right's options").click();
    assert.equal(await options(page, 'Right').count(), 12 + kept);
    // Arrow keys walk the options in view: down from Right's last shown
    // comes back to Left's first.
    await options(page, 'Right').last().focus();
    await page.keyboard.press('ArrowDown');
    assert.ok(await options(page, 'Left').first().evaluate((el) => el === document.activeElement), 'ArrowDown wraps over the options in view');
    assert.deepEqual(problems, []);
  }, { viewport: { width: 1920, height: 1080 } });
});
