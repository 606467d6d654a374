// End-to-end tests of the playground page in headless Chromium.
// Run by `./build.sh test` (node --test tests/e2e/); screenshots land in
// tests/e2e/screenshots/ for a person to look at. Controls are found by
// role and accessible name.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, withPage } from './harness.mjs';
import {
  useBrowser, valueCard, field,
} from './board.mjs';

const TIMEOUT = 60_000;

const session = useBrowser();

/** Open the page and wait until the board is ready. */
async function open(page, url) {
  await page.goto(url);
  await page.getByRole('region', { name: 'Board' }).locator('canvas[data-ready="true"]').waitFor();
}

async function setPosition(page, text) {
  await page.getByRole('textbox', { name: 'Position' }).fill(text);
  await page.getByRole('textbox', { name: 'Position' }).press('Enter');
}

test('the page loads without console errors', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'loaded', async (page, url, problems) => {
    await open(page, url);
    assert.equal(await page.title(), 'Hackenbush Lab');
    await page.getByText(/^Engine v\d/).waitFor();
    assert.ok(await page.getByRole('textbox', { name: 'Position' }).isVisible());
    const ruleset = page.getByRole('combobox', { name: 'Ruleset' });
    assert.ok(await ruleset.isVisible());
    const rules = await ruleset.locator('option').evaluateAll((os) => os.map((o) => o.value));
    assert.deepEqual(rules, ['normal', 'misere', 'childish', 'uncolored', 'quantum', 'sync']);
    // The first position is valued, and nothing is reported wrong.
    await field(page, 'Value of').waitFor();
    assert.equal(await page.getByRole('alert').count(), 0);
    assert.deepEqual(problems, []);
  });
});

test('BR is worth 1/2 and Left wins whoever starts', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'br', async (page, url, problems) => {
    await open(page, url);
    await setPosition(page, 'BR');
    await page.getByTestId('value').filter({ hasText: /^1\/2$/ }).waitFor();
    assert.match(await field(page, 'Outcome').textContent(), /Left \(blue\) wins whoever starts/);
    assert.match(await field(page, 'Birthday').textContent(), /^\d+$/);
    assert.deepEqual(problems, []);
  });
});

test('a malformed position shows an error, escaped, not a blank page', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'malformed', async (page, url, problems) => {
    await open(page, url);
    const images = await page.locator('img').count();
    const nasty = 'BQ <img src=x onerror="window.pwned=1">';
    await page.getByRole('textbox', { name: 'Position' }).fill(nasty);
    await page.getByRole('button', { name: 'Analyse' }).click();
    // Text is checked as it is typed: the error shows under the text box.
    const error = page.getByRole('alert').filter({ hasText: /column/ });
    await error.waitFor();
    assert.match(await error.textContent(), /column 2: unexpected 'Q'/, 'the error names the column and token');
    // The refused text stays in the box, to be mended where the error
    // points (a QA pass saw Analyse put the drawing's text back, the error
    // still naming a column of the text gone); mended and sent with Enter,
    // it is the drawing's text.
    const box = page.getByRole('textbox', { name: 'Position' });
    assert.equal(await box.inputValue(), nasty);
    await box.fill('BR  GQ');
    await box.press('Enter');
    await page.getByRole('alert').filter({ hasText: /column 6: unexpected 'Q'/ }).waitFor();
    assert.equal(await box.inputValue(), 'BR  GQ');
    await box.fill('BR  G');
    await box.press('Enter');
    await error.waitFor({ state: 'hidden' });
    assert.equal(await box.inputValue(), 'BR G');
    assert.ok(await page.getByRole('heading', { name: 'Hackenbush Lab' }).isVisible());
    assert.ok(await page.getByRole('textbox', { name: 'Position' }).isVisible());
    // Input is never parsed as HTML: no new image (the gallery's own
    // pictures are the only ones), none with the typed source.
    assert.equal(await page.locator('img').count(), images, 'input is never parsed as HTML');
    assert.equal(await page.locator('img[src="x"]').count(), 0);
    assert.equal(await page.evaluate(() => window.pwned), undefined);
    assert.deepEqual(problems, []);
  });
});

test('an engine that cannot load is reported in the page', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'no-wasm', async (page, url) => {
    await page.route('**/*.wasm', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto(url);
    const error = page.getByRole('alert');
    await error.waitFor();
    assert.match(await error.textContent(), /could not (load|start)/);
    assert.equal(await page.getByText(/^Loading/).count(), 0, 'no endless "Loading…"');
  });
});

test('the ruleset picker shows only the options that apply', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'quantum-options', async (page, url, problems) => {
    await open(page, url);
    const rules = page.getByRole('region', { name: 'Rules' });
    const picker = (name) => rules.getByRole('combobox', { name });
    assert.equal(await picker('Flavour').isVisible(), false);
    await picker('Ruleset').selectOption('quantum');
    assert.ok(await picker('Flavour').isVisible());
    assert.ok(await picker('Width').isVisible());
    assert.equal(await picker('Green conflict').isVisible(), false);
    await picker('Ruleset').selectOption('sync');
    assert.ok(await picker('Green conflict').isVisible());
    assert.equal(await picker('Flavour').isVisible(), false);
    assert.deepEqual(problems, []);
  });
});

// A stand-in worker speaking the worker protocol (src/web/worker.rs: a
// typed job {id, job} in, {id, job, result} out), to test the page's side
// of it (report display, computing… indicator, Cancel) independently of
// the engine: 'GGGGGGGGG' never answers, 'XXX' answers with markup (in an
// error under normal play, in a report otherwise), anything else is worth
// 1/2.
const MARKUP = '<img src=x onerror="window.pwned=1"><b>bold</b>';
const FAKE_WORKER = `
const MARKUP = ${JSON.stringify(MARKUP)};
self.onmessage = ({ data: message }) => {
  const { id, job } = message;
  const request = (job.analyse && job.analyse.request) || {};
  const reply = (result) => self.postMessage({ id, job, result });
  if (request.position === 'GGGGGGGGG') return;
  if (request.position === 'XXX' && request.rules === 'normal') {
    reply({ Err: { input: MARKUP } });
    return;
  }
  if (request.position === 'XXX') {
    reply({ Ok: { analysis: { answer: { value: MARKUP, pretty: MARKUP, outcome: 'N',
      outcome_sentence: 'The first player wins', birthday: 1 } } } });
    return;
  }
  reply({ Ok: { analysis: { answer: { value: '1/2', pretty: '½', outcome: 'L',
    outcome_sentence: 'Left (blue) wins whoever starts', birthday: 2 } } } });
};`;

test('a report is displayed, and Cancel restarts a busy worker', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'fake-report', async (page, url, problems) => {
    const workers = [];
    const closed = [];
    page.on('worker', (w) => {
      workers.push(w);
      w.on('close', () => closed.push(w));
    });
    await page.route('**/worker.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: FAKE_WORKER }),
    );
    await open(page, url);
    await page.getByTestId('value').filter({ hasText: /^1\/2$/ }).waitFor();
    // The worker that answered, and at most one spare loading beside it.
    assert.ok(workers.length >= 1 && workers.length <= 2, `${workers.length} workers`);

    await setPosition(page, 'GGGGGGGGG');
    const card = valueCard(page);
    const busy = card.getByText(/computing… \d+ s/);
    await busy.waitFor();
    assert.match(await card.getByRole('status').textContent(), /^Computing GGGGGGGGG · normal play…$/);
    assert.equal(await card.locator('dl').count(), 0, 'no value beside computing…');
    await page.screenshot({ path: join(SCREENSHOTS, 'computing.png') }).catch(() => {});
    await card.getByRole('button', { name: 'Cancel' }).click();
    await busy.waitFor({ state: 'hidden' });
    assert.match(await card.getByRole('alert').textContent(), /^Cancelled: press Analyse/);
    for (let k = 0; k < 50 && closed.length === 0; k++) await page.waitForTimeout(50);
    assert.deepEqual(closed, [workers[0]], 'Cancel terminates the busy worker (not the spare)');

    await page.getByRole('textbox', { name: 'Position' }).fill('BR');
    await page.getByRole('button', { name: 'Analyse' }).click();
    await page.getByTestId('value').filter({ hasText: /^1\/2$/ }).waitFor();
    assert.ok(workers.length >= 2, 'another worker (the spare) answers');
    assert.deepEqual(closed, [workers[0]], 'no other worker was stopped');
    assert.equal(await field(page, 'Value of').textContent(), 'BR · normal play');
    assert.equal(await field(page, 'Value').textContent(), '½');
    assert.equal(await field(page, 'Outcome').textContent(), 'Left (blue) wins whoever starts (L)');
    assert.equal(await field(page, 'Birthday').textContent(), '2');
    assert.deepEqual(problems, []);
  });
});

test('engine answers are shown as text, never parsed as HTML', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'fake-markup', async (page, url, problems) => {
    await page.route('**/worker.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: FAKE_WORKER }),
    );
    await open(page, url);
    const images = await page.locator('img').count();
    await setPosition(page, 'XXX');
    const error = valueCard(page).getByRole('alert');
    await error.waitFor();
    assert.match(await error.textContent(), new RegExp(`${MARKUP.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));

    await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('childish');
    await field(page, 'Value of').filter({ hasText: 'XXX · childish' }).waitFor();
    await page.getByTestId('value').filter({ hasText: MARKUP }).waitFor();
    assert.equal(await field(page, 'Value').textContent(), MARKUP);
    assert.equal(await field(page, 'Outcome').textContent(), 'The first player wins (N)');
    assert.equal(await page.locator('img').count(), images, 'no image from the answer');
    assert.equal(await page.locator('img[src="x"], main b').count(), 0);
    assert.equal(await page.evaluate(() => window.pwned), undefined);
    assert.deepEqual(problems, []);
  });
});
