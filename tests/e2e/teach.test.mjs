// Browser tests of the teaching panel: the game-tree explorer two levels
// deep and back (mouse and keyboard), the synchronous payoff matrix of
// BR BR RB (value 1/4), and a "find a winning move" puzzle made in the
// page, opened from its link in a fresh page (desktop and phone), answered
// wrong (the engine's explanation shown) and right (solved).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { SCREENSHOTS, withPage } from './harness.mjs';
import { open, useBrowser } from './board.mjs';

const TIMEOUT = 90_000;
const session = useBrowser();
const CLI = new URL('../../target/release/hackenbush', import.meta.url).pathname;

async function setPosition(page, text) {
  await page.getByLabel('Position').fill(text);
  await page.getByLabel('Position').press('Enter');
}

test('explorer: two levels in and back', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'teach-explorer', async (page, url, problems) => {
    await open(page, url);
    await page.locator('#teach-card[data-ready="true"]').waitFor();
    await setPosition(page, 'BRR G');
    await page.locator('#explore-run').click();
    await page.locator('#explore-value', { hasText: 'Value 1/4* ' }).waitFor();
    // Left's cut of edge 1 is dominated by 4 and reversible: said in words.
    const first = page.locator('[data-move="L:1"]');
    assert.match(await first.textContent(), /dominated by 4/);
    assert.match(await first.textContent(), /reversible through Right's 4/);
    assert.match(await first.textContent(), /leaves \{4\}/);
    await first.click();
    await page.locator('#explore-path', { hasText: 'start › L:1' }).waitFor();
    await page.locator('#explore-value', { hasText: 'Value * ' }).waitFor();
    await page.locator('[data-move="R:4"]').click();
    await page.locator('#explore-value', { hasText: 'Value 0 ' }).waitFor();
    await page.locator('#explore-path', { hasText: 'start › L:1 › R:4' }).waitFor();
    await page.locator('#teach-card').screenshot({ path: join(SCREENSHOTS, 'teach-explorer-deep.png') });
    await page.locator('#explore-back').click();
    await page.locator('#explore-value', { hasText: 'Value * ' }).waitFor();
    // Keyboard: focus an option, Backspace steps out to the start.
    await page.locator('.option').first().focus();
    await page.keyboard.press('Backspace');
    await page.locator('#explore-value', { hasText: 'Value 1/4* ' }).waitFor();
    assert.equal(await page.locator('#explore-path').textContent(), 'start');
    // ↓ and Enter step into the second option (Left's 4: value 1/4).
    await page.locator('.option').first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.locator('#explore-path', { hasText: 'start › L:4' }).waitFor();
    assert.deepEqual(problems, []);
  });
});

test('sync payoff matrix of BR BR RB', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'teach-matrix', async (page, url, problems) => {
    await open(page, url);
    await setPosition(page, 'BR BR RB');
    await page.locator('#rules').selectOption('sync');
    await page.locator('#matrix-run').click();
    await page.locator('#matrix-value', { hasText: 'Value 1/4' }).waitFor();
    const cells = await page.locator('table.payoff td').allTextContents();
    assert.deepEqual(cells, ['0', '1', '0', '1', '0', '0', '0', '0', '1/2']);
    const heads = await page.locator('table.payoff th').allTextContents();
    assert.ok(heads.includes('6 (1/2, 50.0%)'), heads.join(' | '));
    await page.locator('#teach-card').screenshot({ path: join(SCREENSHOTS, 'teach-matrix.png') });
    // Left cuts 6 and Right 5: the red-grounded half is gone, BR BR is left
    // (V(2) = 1/2); the cell is played on the board as one turn, and the
    // matrix follows the board.
    await page.locator('table.payoff button[data-next="BR BR"]').click();
    await page.locator('#history button', { hasText: 'Left (blue) cuts 6, Right (red) cuts 5' }).waitFor();
    await page.locator('#matrix-value', { hasText: 'Value 1/2' }).waitFor();
    await page.locator('#value').filter({ hasText: /^1\/2$/ }).waitFor();
    // Right's picks 2 and 4 head the columns, Left's 1 and 3 the rows.
    const heads2 = await page.locator('table.payoff th').allTextContents();
    assert.deepEqual(heads2.slice(1).map((t) => Number(t.split(' ')[0])), [2, 4, 1, 3]);
    assert.deepEqual(problems, []);
  });
});

test('the payoff matrix follows a turn played on the board, in the board\'s labels', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'teach-matrix-follow', async (page, url, problems) => {
    await open(page, url);
    await setPosition(page, 'BR BR RB');
    await page.locator('#rules').selectOption('sync');
    await page.locator('#mode-play').click();
    // One simultaneous turn by keyboard: Left picks 1, Right picks 2.
    await page.locator('#board').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    for (let k = 0; k < 2; k++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await page.locator('#history button', { hasText: 'Left (blue) cuts 1, Right (red) cuts 2' }).waitFor();
    // BR RB stands as the board's edges 3 to 6 (the engine's 1 to 4).
    const cli = JSON.parse(execFileSync(CLI, ['matrix', '--json', 'BR', 'RB'], { encoding: 'utf8' }));
    await page.locator('#matrix-run').click();
    await page.locator('#matrix-value', { hasText: `Value ${cli.value}` }).waitFor();
    assert.deepEqual(await page.locator('table.payoff td').allTextContents(), cli.cells.flat());
    const heads = await page.locator('table.payoff th').allTextContents();
    const label = (t) => Number(t.split(' ')[0]);
    assert.deepEqual(heads.slice(1, 3).map(label), [4, 5]);
    assert.deepEqual(heads.slice(3).map(label), [3, 6]);
    assert.deepEqual(cli.cols.map((c) => c.label), [2, 3]);
    await page.locator('#teach-card').screenshot({ path: join(SCREENSHOTS, 'teach-matrix-follow-card.png') });
    // A cell is the turn Left 6, Right 5 on the board; the matrix follows
    // to BR, still in the board's labels.
    await page.locator('table.payoff button[data-turn="6,5"]').click();
    await page.locator('#history button', { hasText: 'Left (blue) cuts 6, Right (red) cuts 5' }).waitFor();
    const br = JSON.parse(execFileSync(CLI, ['matrix', '--json', 'BR'], { encoding: 'utf8' }));
    await page.waitForFunction(() => document.querySelectorAll('table.payoff th').length === 3);
    await page.locator('#matrix-value', { hasText: `Value ${br.value}` }).waitFor();
    assert.deepEqual((await page.locator('table.payoff th').allTextContents()).slice(1).map(label), [4, 3]);
    assert.deepEqual(problems, []);
  });
});

async function solveFromLink(browser, link, name, contextOptions, tapOrClick) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console: ${msg.text()}`); });
  try {
    await page.goto(link);
    await page.locator('#teach-card[data-puzzle="ready"]').waitFor();
    assert.equal(await page.locator('#puzzle-question').textContent(), 'Find a winning move for Left');
    assert.equal(await page.locator('#puzzle-title').textContent(), 'Green or not');
    // The link carries no answer: values are hidden on the board.
    await page.locator('#puzzle-answer').fill('1');
    await tapOrClick(page.locator('#puzzle-check'));
    await page.locator('#puzzle-verdict', { hasText: 'Right wins with 4' }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-wrong.png`), fullPage: true });
    await tapOrClick(page.locator('#puzzle-hint'));
    await page.locator('#puzzle-help', { hasText: 'Hint: look at the green edge' }).waitFor();
    // The right answer picked by tapping the move, not typed.
    await tapOrClick(page.locator('#puzzle-moves [data-move="4"]'));
    assert.equal(await page.locator('#puzzle-answer').inputValue(), '4');
    await tapOrClick(page.locator('#puzzle-check'));
    await page.locator('#puzzle-verdict', { hasText: 'Solved!' }).waitFor();
    assert.match(await page.locator('#puzzle-verdict').textContent(), /Hints used: 1/);
    await page.locator('#puzzle-solve').screenshot({ path: join(SCREENSHOTS, `${name}-solved.png`) });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-page.png`), fullPage: true });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
}

test('make a puzzle, open its link, answer wrong then right (desktop and phone)', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'teach-puzzle-make', async (page, url, problems) => {
    await open(page, url);
    await setPosition(page, 'BRR G');
    await page.locator('#puzzle-make summary').click();
    await page.locator('#puzzle-kind').selectOption('win:L');
    await page.locator('#puzzle-title-in').fill('Green or not');
    await page.locator('#puzzle-hint-in').fill('look at the green edge');
    await page.locator('#puzzle-make-btn').click();
    await page.locator('#puzzle-made').waitFor();
    const link = await page.locator('#puzzle-link').inputValue();
    assert.match(link, /#v1=/);
    // A puzzle without a solution is refused.
    await page.locator('#puzzle-kind').selectOption('win:R');
    await page.locator('#puzzle-make-btn').click();
    await page.locator('#puzzle-make-error', { hasText: 'no solution' }).waitFor();

    await solveFromLink(session.browser, link, 'teach-puzzle-desktop', { viewport: { width: 900, height: 760 } }, (l) => l.click());
    await solveFromLink(
      session.browser, link, 'teach-puzzle-phone',
      { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
      (l) => l.tap(),
    );
    assert.deepEqual(problems, []);
  });
});

test('a long exploration can be stopped, and the explorer works after', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'teach-stop', async (page, url, problems) => {
    await open(page, url);
    await setPosition(page, 'BRG BRG BRG RGB GRB BRG');
    await page.locator('#rules').selectOption('quantum');
    await page.locator('#width').selectOption('unbounded');
    await page.locator('#explore-run').click();
    await page.locator('#explore-stop:not([hidden])').waitFor();
    await page.locator('#explore-stop').click();
    await page.locator('#explore-error', { hasText: 'stopped' }).waitFor();
    await page.locator('#rules').selectOption('normal');
    await setPosition(page, 'BR');
    await page.locator('#explore-run').click();
    await page.locator('#explore-value', { hasText: 'Value 1/2 ' }).waitFor();
    assert.deepEqual(problems, []);
  });
});

test('a puzzle set: two puzzles in one link, with progress', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'teach-puzzle-set', async (page, url, problems) => {
    await open(page, url);
    await setPosition(page, 'BRR G');
    await page.locator('#puzzle-make summary').click();
    await page.locator('#puzzle-kind').selectOption('win:L');
    await page.locator('#puzzle-add').click();
    await page.locator('#puzzle-set', { hasText: '1 puzzle in the set' }).waitFor();
    await setPosition(page, 'BR BR RB');
    await page.locator('#puzzle-kind').selectOption('value');
    await page.locator('#puzzle-make-btn').click();
    await page.locator('#puzzle-made').waitFor();
    const link = await page.locator('#puzzle-link').inputValue();

    const context = await session.browser.newContext({ viewport: { width: 900, height: 760 } });
    const student = await context.newPage();
    await student.goto(link);
    await student.locator('#teach-card[data-puzzle="ready"]').waitFor();
    await student.locator('#puzzle-progress', { hasText: 'Puzzle 1 of 2 · solved 0 of 2' }).waitFor();
    await student.locator('#puzzle-moves [data-move="4"]').click();
    await student.locator('#puzzle-check').click();
    await student.locator('#puzzle-verdict', { hasText: 'Solved!' }).waitFor();
    await student.locator('#puzzle-next').click();
    await student.locator('#puzzle-progress', { hasText: 'Puzzle 2 of 2 · solved 1 of 2' }).waitFor();
    assert.equal(await student.locator('#puzzle-question').textContent(), 'What is the value?');
    assert.equal(await student.locator('#puzzle-position').textContent(), 'BR BR RB');
    // 1/2 + 1/2 − 1/2 = 1/2 under normal play.
    await student.locator('#puzzle-answer').fill('1');
    await student.locator('#puzzle-check').click();
    await student.locator('#puzzle-verdict', { hasText: 'Not quite: the value is less than 1.' }).waitFor();
    await student.locator('#puzzle-answer').fill(' 1/2 ');
    await student.locator('#puzzle-check').click();
    await student.locator('#puzzle-verdict', { hasText: 'The whole set is solved.' }).waitFor();
    await student.screenshot({ path: join(SCREENSHOTS, 'teach-puzzle-set.png'), fullPage: true });
    await context.close();
    assert.deepEqual(problems, []);
  });
});
