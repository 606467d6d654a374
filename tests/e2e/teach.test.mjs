// Browser tests of the teaching panel: the game-tree explorer two levels
// deep and back (mouse and keyboard), the synchronous payoff matrix of
// BR BR RB (value 1/4), and a "find a winning move" puzzle made in the
// page, opened from its link in a fresh page (desktop and phone), answered
// wrong (the engine's explanation shown) and right (solved). Controls are
// found by role and accessible name (issue 23).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { SCREENSHOTS, withPage } from './harness.mjs';
import { open, until, useBrowser } from './board.mjs';

const TIMEOUT = 90_000;
const session = useBrowser();
const CLI = new URL('../../target/release/hackenbush', import.meta.url).pathname;

const region = (page, name) => page.getByRole('region', { name });
const teach = (page) => region(page, 'Teach');
const button = (page, name) => page.getByRole('button', { name, exact: true });

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

const matrix = (page) => teach(page).getByRole('table');
const columns = async (page) => (await matrix(page).getByRole('columnheader').allTextContents()).slice(1);
const rows = (page) => matrix(page).getByRole('rowheader').allTextContents();
const label = (t) => Number(t.split(' ')[0]);
/** The matrix cell that plays Left's `left` and Right's `right` as one turn. */
const cell = (page, left, right) => matrix(page).getByRole('button', { name: new RegExp(`: play Left ${left} and Right ${right}$`) });
const history = (page, name) => region(page, 'Moves').getByRole('button', { name });

/** The value card's plain value. */
const plain = (page) =>
  region(page, 'Value').getByRole('term').filter({ hasText: /^Plain$/ }).locator('xpath=following-sibling::dd[1]');

/** The puzzle card's parts. */
const puzzle = (page) => region(page, 'Puzzle');
const check = (page) => puzzle(page).getByRole('button', { name: 'Check', exact: true });
const answer = (page) => puzzle(page).getByRole('textbox', { name: 'Your answer' });
const verdict = (page, text) => puzzle(page).getByRole('paragraph').filter({ hasText: text });

test('explorer: two levels in and back', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'teach-explorer', async (page, url, problems) => {
    await open(page, url);
    await setPosition(page, 'BRR G');
    await button(page, 'Explore the board').click();
    await said(page, /^Value 1\/4\* /).waitFor();
    // Left's cut of edge 1 is dominated by 4 and reversible: said in words.
    const first = option(page, 'Left', 1);
    assert.match(await first.textContent(), /dominated by 4/);
    assert.match(await first.textContent(), /reversible through Right's 4/);
    assert.match(await first.textContent(), /leaves \{4\}/);
    await first.click();
    await path(page, 'start › L:1').waitFor();
    await said(page, /^Value \* /).waitFor();
    await option(page, 'Right', 4).click();
    await said(page, /^Value 0 /).waitFor();
    await path(page, 'start › L:1 › R:4').waitFor();
    await teach(page).screenshot({ path: join(SCREENSHOTS, 'teach-explorer-deep.png') });
    await button(page, 'Back').click();
    await said(page, /^Value \* /).waitFor();
    // Keyboard: focus an option, Backspace steps out to the start.
    await options(page, 'Left').first().focus();
    await page.keyboard.press('Backspace');
    await said(page, /^Value 1\/4\* /).waitFor();
    await path(page, 'start').waitFor();
    // ↓ and Enter step into the second option (Left's 4: value 1/4).
    await options(page, 'Left').first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await path(page, 'start › L:4').waitFor();
    await said(page, /^Value 1\/4 /).waitFor();
    assert.deepEqual(problems, []);
  });
});

test('sync payoff matrix of BR BR RB', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'teach-matrix', async (page, url, problems) => {
    await open(page, url);
    await setPosition(page, 'BR BR RB');
    await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('sync');
    await button(page, 'Show the payoff matrix').click();
    await said(page, /^Value 1\/4$/).waitFor();
    const cells = await matrix(page).getByRole('cell').allTextContents();
    assert.deepEqual(cells, ['0', '1', '0', '1', '0', '0', '0', '0', '1/2']);
    const heads = await rows(page);
    assert.ok(heads.includes('6 (1/2, 50.0%)'), heads.join(' | '));
    await teach(page).screenshot({ path: join(SCREENSHOTS, 'teach-matrix.png') });
    // Left cuts 6 and Right 5: the red-grounded half is gone, BR BR is left
    // (V(2) = 1/2); the cell is played on the board as one turn, and the
    // matrix follows the board.
    await cell(page, 6, 5).click();
    await history(page, /Left \(blue\) cuts 6, Right \(red\) cuts 5$/).waitFor();
    await said(page, /^Value 1\/2$/).waitFor();
    await plain(page).filter({ hasText: /^1\/2$/ }).waitFor();
    // Right's picks 2 and 4 head the columns, Left's 1 and 3 the rows.
    assert.deepEqual((await columns(page)).map(label), [2, 4]);
    assert.deepEqual((await rows(page)).map(label), [1, 3]);
    assert.deepEqual(problems, []);
  });
});

test('the payoff matrix follows a turn played on the board, in the board\'s labels', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'teach-matrix-follow', async (page, url, problems) => {
    await open(page, url);
    await setPosition(page, 'BR BR RB');
    await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('sync');
    await button(page, 'Play').click();
    // One simultaneous turn by keyboard: Left picks 1, Right picks 2.
    await region(page, 'Board').locator('canvas').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    for (let k = 0; k < 2; k++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await history(page, /Left \(blue\) cuts 1, Right \(red\) cuts 2$/).waitFor();
    // BR RB stands as the board's edges 3 to 6 (the engine's 1 to 4).
    const cli = JSON.parse(execFileSync(CLI, ['matrix', '--json', 'BR', 'RB'], { encoding: 'utf8' }));
    await button(page, 'Show the payoff matrix').click();
    await said(page, new RegExp(`^Value ${cli.value.replace(/[/*]/g, '\\$&')}$`)).waitFor();
    assert.deepEqual(await matrix(page).getByRole('cell').allTextContents(), cli.cells.flat());
    assert.deepEqual((await columns(page)).map(label), [4, 5]);
    assert.deepEqual((await rows(page)).map(label), [3, 6]);
    assert.deepEqual(cli.cols.map((c) => c.label), [2, 3]);
    await teach(page).screenshot({ path: join(SCREENSHOTS, 'teach-matrix-follow-card.png') });
    // A cell is the turn Left 6, Right 5 on the board; the matrix follows
    // to BR, still in the board's labels.
    await cell(page, 6, 5).click();
    await history(page, /Left \(blue\) cuts 6, Right \(red\) cuts 5$/).waitFor();
    const br = JSON.parse(execFileSync(CLI, ['matrix', '--json', 'BR'], { encoding: 'utf8' }));
    await until(async () => (await matrix(page).getByRole('rowheader').count()) === 1, 'the matrix of BR');
    await said(page, new RegExp(`^Value ${br.value.replace(/[/*]/g, '\\$&')}$`)).waitFor();
    assert.deepEqual((await columns(page)).map(label), [4]);
    assert.deepEqual((await rows(page)).map(label), [3]);
    assert.deepEqual(problems, []);
  });
});

/** No button leads to a next puzzle (the action bar's or the card's),
 *  hidden or disabled ones aside: each is looked up with hidden ones
 *  included, so that a renamed button fails the check. */
async function noNextPuzzle(page) {
  const bar = page.getByRole('toolbar', { name: 'Moves' }).getByRole('button', { name: 'Next puzzle ▶', includeHidden: true });
  const big = puzzle(page).getByRole('button', { name: 'Next puzzle ▶', includeHidden: true });
  for (const [what, b] of [['the action bar', bar], ['the puzzle card', big]]) {
    assert.equal(await b.count(), 1, `${what}: one Next puzzle button`);
    assert.ok(await b.isHidden(), `${what}: Next puzzle is not shown`);
  }
}

async function solveFromLink(browser, link, name, contextOptions, tapOrClick) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console: ${msg.text()}`); });
  try {
    await open(page, link);
    await puzzle(page).waitFor();
    await puzzle(page).getByText('Find a winning move for Left.', { exact: true }).waitFor();
    await puzzle(page).getByRole('heading', { name: 'Green or not' }).waitFor();
    // The link carries no answer: values are hidden on the board.
    await region(page, 'Value').getByText('Values are hidden.').waitFor();
    await answer(page).fill('1');
    await tapOrClick(check(page));
    await verdict(page, 'Right wins with 4').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-wrong.png`), fullPage: true });
    await tapOrClick(puzzle(page).getByRole('button', { name: 'Hint', exact: true }));
    await puzzle(page).getByText('Hint: look at the green edge').waitFor();
    // The right answer picked by tapping the move, not typed.
    await tapOrClick(puzzle(page).getByRole('group', { name: 'Moves to pick' }).getByRole('button', { name: '4', exact: true }));
    assert.equal(await answer(page).inputValue(), '4');
    await tapOrClick(check(page));
    const solved = verdict(page, 'Solved!');
    await solved.waitFor();
    assert.match(await solved.textContent(), /Hints used: 1/);
    // A single puzzle has no next one: no Next button, not even a disabled
    // one (on a phone it stood under the thumb, looking broken).
    await noNextPuzzle(page);
    // The right answer is shown on the puzzle's own state: the game that
    // refuted the wrong one (Left cuts 1, Right cuts 4) is taken back (it
    // stays in the history, to step through again).
    const start = region(page, 'Moves').getByRole('button', { name: 'Start', exact: true });
    await until(async () => (await start.getAttribute('aria-current')) !== null, 'the board back on the question');
    assert.equal(await puzzle(page).getByRole('button', { name: 'Try again' }).count(), 0, 'nothing to try again');
    await puzzle(page).screenshot({ path: join(SCREENSHOTS, `${name}-solved.png`) });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-page.png`), fullPage: true });
    // A student's page: what cannot be used on a locked board is not shown
    // (it was, disabled or refusing, below the puzzle); the moves, the
    // rules and help are. Each is looked up hidden or not, and must be in
    // the page, so that the check can fail.
    const any = (role, options) => page.getByRole(role, { ...options, includeHidden: true });
    const locked = {
      'the position box': any('textbox', { name: 'Position' }),
      'the slides': any('region', { name: 'Slides' }),
      'sharing': any('region', { name: 'Share and export' }),
      'the teacher\'s tools': any('region', { name: 'Teach' }),
      'the presets': any('group').filter({ has: page.getByText('Presets', { exact: true }) }),
    };
    for (const [what, locator] of Object.entries(locked)) {
      assert.equal(await locator.count(), 1, `${what}: one on the page`);
      assert.ok(await locator.isHidden(), `${what}: not on a student's page`);
    }
    for (const name of ['Moves', 'Rules', 'Help']) await region(page, name).waitFor();
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
}

test('a quantum puzzle on a laptop and a projector: the question and the puzzle card on the first screen', { timeout: TIMEOUT }, async () => {
  for (const [width, height] of [[1280, 800], [1920, 1080]]) {
    await withPage(session.browser, `teach-puzzle-quantum-${width}`, async (page, url, problems) => {
      await page.setViewportSize({ width, height });
      const out = execFileSync(CLI, ['puzzle', '--rules', 'quantum', '--question', 'win:L', '--link', url, 'BR BR B'], { encoding: 'utf8' });
      const link = out.trim().split('\n').pop();
      assert.ok(link.startsWith(`${url}#v2=`), out);
      await open(page, link);
      await puzzle(page).waitFor();
      // At 1280 the card stood below the realisations and the entanglement
      // graph, off the screen, and nothing above the board said what was
      // asked: a student saw a board and a Check button.
      const screen = async (what, locator) => {
        const box = await locator.boundingBox();
        assert.ok(box && box.y >= 0 && box.y + box.height <= height && box.x + box.width <= width, `${what} on the first screen at ${width}×${height}: ${JSON.stringify(box)}`);
      };
      const asked = page.getByRole('paragraph').filter({ hasText: /^Find a winning move for Left\.$/ });
      assert.equal(await asked.count(), 2, 'the question above the board and on the card');
      const above = await asked.first().boundingBox();
      const board = await region(page, 'Board').locator('canvas').boundingBox();
      assert.ok(above.y + above.height <= board.y, 'the question stands above the board');
      await screen('the question above the board', asked.first());
      await screen('the puzzle card', puzzle(page).getByRole('heading', { name: 'Puzzle' }));
      await screen('the answer box', answer(page));
      await screen('Check', check(page));
      // The how-to speaks of the puzzle's board, which cannot be drawn on.
      const intro = region(page, 'How to play');
      assert.match(await intro.innerText(), /The puzzle is played on the board: click an edge to cut it/);
      assert.doesNotMatch(await intro.innerText(), /Draw in Edit/);
      // A puzzle hides the Value card: the how-to does not send the student there.
      assert.match(await intro.innerText(), /A value says who wins/);
      assert.doesNotMatch(await intro.innerText(), /Value card/);
      // The answer box shows the notation a quantum move takes.
      assert.equal(await answer(page).getAttribute('placeholder'), 'a move, e.g. 3 or 1+3');
      await puzzle(page).getByRole('group', { name: 'Moves to pick' }).getByRole('button', { name: '1+3', exact: true }).click();
      await check(page).click();
      await verdict(page, 'Solved!').waitFor();
      assert.deepEqual(problems, []);
    });
  }
});

test('a puzzle on a phone: the board as tall as its drawing needs, the choices above the thumb bar', { timeout: TIMEOUT }, async () => {
  await withPage(
    session.browser,
    'teach-puzzle-phone-fit',
    async (page, url, problems) => {
      const out = execFileSync(CLI, ['puzzle', '--question', 'win:L', '--link', url, 'BR RB G'], { encoding: 'utf8' });
      await open(page, out.trim().split('\n').pop());
      await puzzle(page).waitFor();
      const choices = puzzle(page).getByRole('group', { name: 'Moves to pick' });
      await choices.getByRole('button', { name: '1', exact: true }).waitFor();
      const board = region(page, 'Board').locator('canvas');
      const bar = page.getByRole('toolbar', { name: 'Moves' });
      // BR RB G is two units tall and four wide: 69 px a unit at this
      // width, twice that and a 48 px margin above and below (and a 1 px
      // border), 236 px, where the board was 46% of the screen (388 px)
      // and the choices stood under the bar.
      const height = async () => Math.round((await board.boundingBox()).height);
      await until(async () => (await height()) === 236, 'the board 236 px tall');
      const shown = await choices.boundingBox();
      const thumb = await bar.boundingBox();
      assert.ok(shown.y + shown.height <= thumb.y, `the choices above the bar: ${JSON.stringify({ shown, thumb })}`);
      // The board keeps its height while the puzzle is played: a wrong
      // answer is refuted on the board (edges fall), nothing moves.
      await choices.getByRole('button', { name: '1', exact: true }).tap();
      await check(page).tap();
      await verdict(page, 'Right wins').waitFor();
      await region(page, 'Moves').getByRole('button', { name: /Right \(red\) cuts/ }).waitFor();
      assert.equal(await height(), 236);
      await page.screenshot({ path: join(SCREENSHOTS, 'teach-puzzle-phone-fit-first-screen.png') });
      assert.deepEqual(problems, []);
    },
    { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  );
});

test('make a puzzle, open its link, answer wrong then right (desktop and phone)', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'teach-puzzle-make', async (page, url, problems) => {
    await open(page, url);
    await setPosition(page, 'BRR G');
    await disclose(page, 'Make puzzle');
    await teach(page).getByRole('combobox', { name: 'Question' }).selectOption('win:L');
    await teach(page).getByRole('textbox', { name: 'Title', exact: true }).fill('Green or not');
    await teach(page).getByRole('textbox', { name: 'Hint', exact: true }).fill('look at the green edge');
    await teach(page).getByRole('button', { name: 'Make puzzle', exact: true }).click();
    const linkBox = teach(page).getByRole('textbox', { name: 'Puzzle link' });
    await linkBox.waitFor();
    const link = await linkBox.inputValue();
    assert.ok(link.startsWith(`${url}#v2=`), link);
    // A puzzle without a solution is refused.
    await teach(page).getByRole('combobox', { name: 'Question' }).selectOption('win:R');
    await teach(page).getByRole('button', { name: 'Make puzzle', exact: true }).click();
    await teach(page).getByRole('alert').filter({ hasText: 'no solution' }).waitFor();

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
    await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('quantum');
    await page.getByRole('combobox', { name: 'Width' }).selectOption('unbounded');
    await button(page, 'Explore the board').click();
    const stop = teach(page).getByRole('button', { name: 'Stop', exact: true });
    await stop.waitFor();
    await stop.click();
    // (The page says "Stopped: explore the board again …".)
    await teach(page).getByRole('alert').filter({ hasText: /[Ss]topped|Cancelled/ }).waitFor();
    await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('normal');
    await setPosition(page, 'BR');
    await button(page, 'Explore the board').click();
    await said(page, /^Value 1\/2 /).waitFor();
    assert.deepEqual(problems, []);
  });
});

test('a puzzle set: two puzzles in one link, with progress', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'teach-puzzle-set', async (page, url, problems) => {
    await open(page, url);
    await setPosition(page, 'BRR G');
    await disclose(page, 'Make puzzle');
    const question = teach(page).getByRole('combobox', { name: 'Question' });
    await question.selectOption('win:L');
    await teach(page).getByRole('button', { name: 'Add to set', exact: true }).click();
    await said(page, /^1 puzzle in the set/).waitFor();
    await setPosition(page, 'BR BR RB');
    await question.selectOption('value');
    await teach(page).getByRole('button', { name: 'Make puzzle', exact: true }).click();
    const linkBox = teach(page).getByRole('textbox', { name: 'Puzzle link' });
    await linkBox.waitFor();
    const link = await linkBox.inputValue();

    const context = await session.browser.newContext({ viewport: { width: 900, height: 760 } });
    const student = await context.newPage();
    await open(student, link);
    await puzzle(student).getByText('Puzzle 1 of 2 · solved 0 of 2', { exact: true }).waitFor();
    await puzzle(student).getByRole('group', { name: 'Moves to pick' }).getByRole('button', { name: '4', exact: true }).click();
    await check(student).click();
    await verdict(student, 'Solved!').waitFor();
    // Both ways on to the next puzzle are shown and work.
    const barNext = student.getByRole('toolbar', { name: 'Moves' }).getByRole('button', { name: 'Next puzzle ▶' });
    assert.ok(await barNext.isEnabled(), 'the action bar\'s Next puzzle');
    assert.ok(await puzzle(student).getByRole('button', { name: 'Next puzzle ▶' }).isEnabled(), 'the card\'s');
    await puzzle(student).getByRole('button', { name: 'Next puzzle', exact: true }).click();
    await puzzle(student).getByText('Puzzle 2 of 2 · solved 1 of 2', { exact: true }).waitFor();
    await puzzle(student).getByText('What is the value?', { exact: true }).waitFor();
    // The second puzzle's position, on the card (the position box is not
    // on a student's page).
    await puzzle(student).getByText('BR BR RB · normal play', { exact: true }).waitFor();
    // 1/2 + 1/2 − 1/2 = 1/2 under normal play.
    await answer(student).fill('1');
    await check(student).click();
    await verdict(student, 'Not quite: the value is less than 1.').waitFor();
    await answer(student).fill(' 1/2 ');
    await check(student).click();
    await verdict(student, 'The whole set is solved.').waitFor();
    // The last puzzle solved: there is no next one to offer.
    await noNextPuzzle(student);
    await student.screenshot({ path: join(SCREENSHOTS, 'teach-puzzle-set.png'), fullPage: true });
    await context.close();
    assert.deepEqual(problems, []);
  });
});
