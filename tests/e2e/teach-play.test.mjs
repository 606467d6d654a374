// Browser tests of teaching during play: the explorer follows a superposed
// move played on the board (its options equal `hackenbush options --moves`
// for the same move) and draws a thumbnail per option; a "win against the
// engine" puzzle played on the board to a win (keyboard, desktop) and to a
// loss then a win (taps, phone 390×844); a puzzle made after a quantum
// move, opened from its link on that very state; a classical puzzle made
// mid-game, opened on the board with the played edges gone.

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

async function setPosition(page, text) {
  await page.getByLabel('Position').fill(text);
  await page.getByLabel('Position').press('Enter');
}

/** Move the board's keyboard focus to edge `label` (the preview line
 *  names the focused edge while it may be cut). */
async function focusEdge(page, label) {
  await page.locator('#board').focus();
  for (let k = 0; k < 12; k++) {
    await page.keyboard.press('ArrowRight');
    if ((await page.locator('#preview').textContent()).startsWith(`cutting ${label} `)) return;
  }
  throw new Error(`edge ${label} never took the focus`);
}

/** The page pixel over the middle of edge `label`, found by hovering the
 *  board with synthetic pointer moves (the preview line names the hovered
 *  edge while it may be cut). */
async function edgePixel(page, label) {
  await page.locator('#board').scrollIntoViewIfNeeded();
  const hit = await page.evaluate((label) => {
    const canvas = document.getElementById('board');
    const r = canvas.getBoundingClientRect();
    const hover = (x, y) => canvas.dispatchEvent(new PointerEvent('pointermove', { clientX: x, clientY: y, bubbles: true }));
    const hits = [];
    for (let y = r.top + 2; y < r.bottom; y += 4) {
      for (let x = r.left + 2; x < r.right; x += 4) {
        hover(x, y);
        if (document.getElementById('preview').textContent.startsWith(`cutting ${label} `)) hits.push([x, y]);
      }
    }
    canvas.dispatchEvent(new PointerEvent('pointerleave'));
    return hits[Math.floor(hits.length / 2)] || null;
  }, label);
  if (!hit) throw new Error(`edge ${label} not found on the board`);
  return hit;
}

/** A superposed move of Left on BRG GR (quantum D): edges 1 and 4,
 *  picked by keyboard (arrows step the focus over the 5 edges from 1). */
async function superposed(page) {
  await setPosition(page, 'BRG GR');
  await page.locator('#rules').selectOption('quantum');
  await page.locator('#flavour').selectOption('D');
  await page.locator('#mode-play').click();
  await page.locator('#realisations-card:not([hidden])').waitFor();
  await page.locator('#board').focus();
  for (const presses of [1, 3]) {
    for (let k = 0; k < presses; k++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
  }
  assert.equal(await page.locator('#commit').textContent(), 'Commit superposed move (1 + 4)');
  await page.keyboard.press('Enter');
  await page.locator('#history button', { hasText: 'Left (blue) cuts 1 + 4' }).waitFor();
  await page.locator('#realisation-count', { hasText: '(2)' }).waitFor();
}

test('the explorer follows a superposed move, as the CLI does, with thumbnails', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'teach-follow', async (page, url, problems) => {
    await open(page, url);
    await superposed(page);
    await page.locator('#explore-run').click();
    await page.locator('#explore-state', { hasText: 'after 1 move (1,4)' }).waitFor();
    await page.locator('#explore-value', { hasText: 'realisations' }).waitFor();
    const cli = JSON.parse(execFileSync(CLI, [
      'options', '--rules', 'quantum', '--flavour', 'D', 'BRG', 'GR', '--moves', '1+4', '--json',
    ], { encoding: 'utf8' }));
    const expected = cli.options.map((o) => `${o.player}:${o.move} → ${o.value}`);
    const shown = await page.locator('#explore-options .option').evaluateAll((bs) =>
      bs.map((b) => `${b.dataset.move} → ${b.querySelector('.what').firstChild.textContent.split(' → ')[1]}`));
    assert.deepEqual(shown, expected);
    assert.match(await page.locator('#explore-value').textContent(), new RegExp(`^Value ${cli.value.replace(/[*^]/g, '\\$&')} `));
    // Every option shows a drawing of what it leaves.
    const thumbs = await page.locator('#explore-options .option img.thumb').evaluateAll((imgs) =>
      imgs.map((i) => ({ ok: i.complete && i.naturalWidth > 0, svg: decodeURIComponent(i.src) })));
    assert.equal(thumbs.length, cli.options.length);
    for (const t of thumbs) {
      assert.ok(t.ok, 'thumbnail not drawn');
      assert.match(t.svg, /^data:image\/svg\+xml;charset=utf-8,<svg /);
    }
    await page.locator('#teach-card').screenshot({ path: join(SCREENSHOTS, 'teach-follow-quantum.png') });
    // One level deeper and back stays on the superposed state.
    await page.locator('#explore-options .option').first().click();
    await page.locator('#explore-path', { hasText: 'start › ' }).waitFor();
    await page.locator('#explore-back').click();
    await page.locator('#explore-path', { hasText: /^start$/ }).waitFor();
    await page.locator('#explore-state', { hasText: 'after 1 move (1,4)' }).waitFor();
    // The open explorer follows the next move played on the board (Right
    // cuts 5 alone: the focus was on 4).
    await page.locator('#board').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await page.locator('#history button', { hasText: 'Right (red) cuts 5' }).waitFor();
    await page.locator('#explore-state', { hasText: 'after 2 moves (1,4 ; 5)' }).waitFor();
    assert.deepEqual(problems, []);
  });
});

/** Make a "win against the engine" puzzle of `position` in the page. */
async function makeBeat(page, position, question) {
  await setPosition(page, position);
  await page.locator('#puzzle-make summary').click();
  await page.locator('#puzzle-kind').selectOption(question);
  await page.locator('#puzzle-make-btn').click();
  await page.locator('#puzzle-made').waitFor();
  return page.locator('#puzzle-link').inputValue();
}

async function student(link, options) {
  const context = await session.browser.newContext(options);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console: ${msg.text()}`); });
  await page.goto(link);
  await page.locator('#teach-card[data-puzzle="ready"]').waitFor();
  return { context, page, problems };
}

test('win against the engine: played on the board to a win (keyboard) and to a loss, then a win (phone, taps)', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'teach-beat', async (page, url, problems) => {
    await open(page, url);
    // BB R (value 1): Left wins by cutting 2, never 1.
    const link = await makeBeat(page, 'BB R', 'beat:L');

    const desk = await student(link, { viewport: { width: 900, height: 760 } });
    const d = desk.page;
    await d.locator('#puzzle-play', { hasText: 'You play Left (blue) and move first' }).waitFor();
    assert.equal(await d.locator('#right-player').inputValue(), 'engine');
    assert.ok(await d.locator('#puzzle-answer-row').isHidden());
    await focusEdge(d, 2);
    await d.keyboard.press('Enter');
    // The engine answers on the board with its only move.
    await d.locator('#history button', { hasText: 'Right (red) cuts 3' }).waitFor();
    await d.locator('#puzzle-play', { hasText: 'Still winning. Your move.' }).waitFor();
    await focusEdge(d, 1);
    await d.keyboard.press('Enter');
    await d.locator('#puzzle-verdict', { hasText: 'Solved! You won: Right has no move left: Left wins in 2 moves.' }).waitFor();
    await d.waitForTimeout(700); // the falling animation
    await d.screenshot({ path: join(SCREENSHOTS, 'teach-beat-won.png'), fullPage: true });
    assert.deepEqual(desk.problems, []);
    await desk.context.close();

    const phone = await student(link, PHONE);
    const p = phone.page;
    await p.locator('#puzzle-play', { hasText: 'You play Left (blue)' }).waitFor();
    await p.touchscreen.tap(...(await edgePixel(p, 1)));
    await p.locator('#puzzle-verdict', { hasText: 'Not quite: after 1 (value -1), Right wins with 3 (value 0).' }).waitFor();
    await p.locator('#puzzle-again:not([hidden])').waitFor();
    // Every button of the puzzle stays inside the phone's width.
    const right = await p.locator('#puzzle-solve button:visible').evaluateAll((bs) => Math.max(...bs.map((b) => b.getBoundingClientRect().right)));
    assert.ok(right <= 390, `a puzzle button ends at ${right}px`);
    await p.waitForTimeout(700);
    await p.screenshot({ path: join(SCREENSHOTS, 'teach-beat-lost-phone.png'), fullPage: true });
    // Try again: the moves are taken back and the game starts over.
    await p.locator('#puzzle-again').tap();
    await p.locator('#puzzle-play', { hasText: 'You play Left (blue) and move first' }).waitFor();
    await p.locator('#turn', { hasText: 'Left (blue) to move.' }).waitFor();
    assert.equal(await p.locator('#puzzle-verdict').textContent(), '');
    await p.touchscreen.tap(...(await edgePixel(p, 2)));
    await p.locator('#puzzle-play', { hasText: 'Still winning' }).waitFor();
    // A hint mid-game is for the board now, and is counted.
    await p.locator('#puzzle-show-move').tap();
    await p.locator('#puzzle-help', { hasText: 'One winning move now: 1.' }).waitFor();
    await p.locator('#puzzle-hints', { hasText: 'Hints used: 1' }).waitFor();
    await p.touchscreen.tap(...(await edgePixel(p, 1)));
    await p.locator('#puzzle-verdict', { hasText: 'Solved! You won' }).waitFor();
    assert.match(await p.locator('#puzzle-verdict').textContent(), /Hints used: 1\./);
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
    await page.locator('#puzzle-make summary').click();
    await page.locator('#puzzle-kind').selectOption('value');
    await page.locator('#puzzle-title-in').fill('After a superposed move');
    await page.locator('#puzzle-make-btn').click();
    await page.locator('#puzzle-made').waitFor();
    const link = await page.locator('#puzzle-link').inputValue();
    const value = execFileSync(CLI, [
      'value', '--rules', 'quantum', '--flavour', 'D', 'BRG', 'GR', '--moves', '1+4',
    ], { encoding: 'utf8' }).trim();
    const start = execFileSync(CLI, ['value', '--rules', 'quantum', '--flavour', 'D', 'BRG', 'GR'], { encoding: 'utf8' }).trim();
    assert.notEqual(value, start);

    const phone = await student(link, PHONE);
    const p = phone.page;
    // The board replays the move: the superposed state, two realisations.
    await p.locator('#history button', { hasText: 'Left (blue) cuts 1 + 4' }).waitFor();
    await p.locator('#realisation-count', { hasText: '(2)' }).waitFor();
    assert.equal(await p.locator('#puzzle-position').textContent(), 'BRG GR');
    assert.equal(await p.locator('#puzzle-rules').textContent(), 'quantum:D:2 · after Left 1+4');
    await p.locator('#puzzle-answer').fill(start);
    await p.locator('#puzzle-check').tap();
    await p.locator('#puzzle-verdict', { hasText: 'Not quite' }).waitFor();
    await p.locator('#puzzle-answer').fill(value);
    await p.locator('#puzzle-check').tap();
    await p.locator('#puzzle-verdict', { hasText: 'Solved!' }).waitFor();
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
    await page.locator('#mode-play').click();
    await focusEdge(page, 1);
    await page.keyboard.press('Enter');
    await page.locator('#history button', { hasText: 'Left (blue) cuts 1' }).waitFor();
    await focusEdge(page, 2);
    await page.keyboard.press('Enter');
    await page.locator('#history button', { hasText: 'Right (red) cuts 2' }).waitFor();
    await page.locator('#puzzle-make summary').click();
    await page.locator('#puzzle-kind').selectOption('win:L');
    await page.locator('#puzzle-make-btn').click();
    await page.locator('#puzzle-made').waitFor();
    const link = await page.locator('#puzzle-link').inputValue();

    const phone = await student(link, PHONE);
    const p = phone.page;
    // The start and both moves are on the board: BB R stands as 3, 4, 5.
    await p.locator('#history button', { hasText: 'Right (red) cuts 2' }).waitFor();
    assert.equal(await p.locator('#puzzle-position').textContent(), 'B R BB R');
    assert.equal(await p.locator('#puzzle-rules').textContent(), 'normal · after Left 1, Right 2');
    await p.locator('#puzzle-moves [data-move="4"]').waitFor();
    const picks = await p.locator('#puzzle-moves button').evaluateAll((bs) => bs.map((b) => b.dataset.move));
    assert.deepEqual(picks, ['3', '4']);
    // Answers and explanations in the board's labels. A cut on the board
    // is an answer: checked at once, and taken back off the board.
    await p.touchscreen.tap(...(await edgePixel(p, 3)));
    await p.locator('#puzzle-verdict', { hasText: 'Not quite: after 3 (value -1), Right wins with 5 (value 0).' }).waitFor();
    assert.equal(await p.locator('#puzzle-answer').inputValue(), '3');
    await p.locator('#turn', { hasText: 'Left (blue) to move.' }).waitFor();
    await p.locator('#history button.current', { hasText: 'Right (red) cuts 2' }).waitFor();
    await p.locator('#puzzle-moves [data-move="4"]').tap();
    await p.locator('#puzzle-check').tap();
    await p.locator('#puzzle-verdict', { hasText: 'Solved! 4 wins for Left' }).waitFor();
    await p.screenshot({ path: join(SCREENSHOTS, 'teach-classical-puzzle-phone.png') });
    await p.locator('#board').screenshot({ path: join(SCREENSHOTS, 'teach-classical-puzzle-board.png') });
    assert.deepEqual(phone.problems, []);
    await phone.context.close();
    assert.deepEqual(problems, []);
  });
});

test('phone: a cut tapped on the board, then the explorer of what is left, stepped into by taps', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'teach-follow-phone', async (page, url, problems) => {
    await open(page, url);
    await setPosition(page, 'BR BR');
    await page.locator('#mode-play').tap();
    await page.locator('#mode-play[aria-pressed="true"]').waitFor();
    await page.touchscreen.tap(...(await edgePixel(page, 1)));
    await page.locator('#history button', { hasText: 'Left (blue) cuts 1' }).waitFor();
    await page.locator('#explore-run').tap();
    // The engine renumbers what stands (BR as 1, 2); the explorer speaks
    // in the board's labels, 3 and 4.
    await page.locator('#explore-value', { hasText: 'Value 1/2 ' }).waitFor();
    assert.match(await page.locator('#explore-state').textContent(), /^Exploring BR · normal$/);
    const moves = await page.locator('#explore-options .option').evaluateAll((bs) => bs.map((b) => b.dataset.move));
    assert.deepEqual(moves, ['L:3', 'R:4']);
    assert.match(await page.locator('[data-move="R:4"]').textContent(), /leaves \{3\}/);
    const widest = await page.locator('#explore-options .option').evaluateAll((bs) => Math.max(...bs.map((b) => b.getBoundingClientRect().right)));
    assert.ok(widest <= 390, `an option ends at ${widest}px`);
    await page.locator('#teach-card').screenshot({ path: join(SCREENSHOTS, 'teach-follow-phone-card.png') });
    await page.locator('[data-move="R:4"]').tap();
    await page.locator('#explore-path', { hasText: 'start › R:4' }).waitFor();
    await page.locator('#explore-value', { hasText: 'Value 1 ' }).waitFor();
    assert.deepEqual(problems, []);
  }, PHONE);
});
