// End-to-end tests of the playground page in headless Chromium.
// Run by `./build.sh test` (node --test tests/e2e/); screenshots land in
// tests/e2e/screenshots/ for a person to look at.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, withPage } from './harness.mjs';
import { useBrowser } from './board.mjs';

const TIMEOUT = 60_000;

const session = useBrowser();

/** Open the page and wait until the worker has loaded the wasm engine. */
async function open(page, url) {
  await page.goto(url);
  await page.locator('#version').filter({ hasText: /^v\d/ }).waitFor();
  await page.locator('#board[data-ready="true"]').waitFor();
}

test('the page loads without console errors', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'loaded', async (page, url, problems) => {
    await open(page, url);
    assert.equal(await page.title(), 'Hackenbush Lab');
    assert.ok(await page.getByLabel('Position').isVisible());
    assert.ok(await page.getByLabel('Ruleset').isVisible());
    const rules = await page.locator('#rules option').evaluateAll((os) => os.map((o) => o.value));
    assert.deepEqual(rules, ['normal', 'misere', 'childish', 'uncolored', 'quantum', 'sync']);
    assert.equal(await page.locator('#error').isVisible(), false);
    assert.deepEqual(problems, []);
  });
});

test('BR is worth 1/2 and Left wins whoever starts', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'br', async (page, url, problems) => {
    await open(page, url);
    await page.getByLabel('Position').fill('BR');
    await page.getByLabel('Position').press('Enter');
    await page.locator('#value').filter({ hasText: /^1\/2$/ }).waitFor();
    assert.match(await page.locator('#outcome').textContent(), /Left \(blue\) wins whoever starts/);
    assert.match(await page.locator('#birthday').textContent(), /^\d+$/);
    assert.deepEqual(problems, []);
  });
});

test('a malformed position shows an error, escaped, not a blank page', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'malformed', async (page, url, problems) => {
    await open(page, url);
    const nasty = 'BQ <img src=x onerror="window.pwned=1">';
    await page.getByLabel('Position').fill(nasty);
    await page.getByRole('button', { name: 'Analyse' }).click();
    // Text is checked as it is typed: the error shows under the text box.
    const error = page.locator('#text-error');
    await error.waitFor();
    assert.match(await error.textContent(), /column 2: unexpected 'Q'/, 'the error names the column and token');
    assert.ok(await page.getByRole('heading', { name: 'Hackenbush Lab' }).isVisible());
    assert.ok(await page.getByLabel('Position').isVisible());
    assert.equal(await page.locator('main img').count(), 0, 'input is never parsed as HTML');
    assert.equal(await page.evaluate(() => window.pwned), undefined);
    assert.deepEqual(problems, []);
  });
});

test('an engine that cannot load is reported in the page', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'no-wasm', async (page, url) => {
    await page.route('**/*.wasm', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto(url);
    const error = page.locator('#error');
    await error.waitFor();
    assert.match(await error.textContent(), /could not (load|start) the engine/);
    assert.equal(await page.locator('#version').textContent(), 'unavailable');
  });
});

test('the ruleset picker shows only the options that apply', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'quantum-options', async (page, url, problems) => {
    await open(page, url);
    assert.equal(await page.getByLabel('Flavour').isVisible(), false);
    await page.getByLabel('Ruleset').selectOption('quantum');
    assert.ok(await page.getByLabel('Flavour').isVisible());
    assert.ok(await page.getByLabel('Width').isVisible());
    assert.equal(await page.getByLabel('Green conflict').isVisible(), false);
    await page.getByLabel('Ruleset').selectOption('sync');
    assert.ok(await page.getByLabel('Green conflict').isVisible());
    assert.equal(await page.getByLabel('Flavour').isVisible(), false);
    assert.deepEqual(problems, []);
  });
});

// A stand-in worker speaking the worker.js protocol, to test the page's side
// of it (report display, computing… indicator, Cancel) independently of the
// engine: 'GGGGGGGGG' never answers, 'XXX' answers with markup (in an error and
// in a report), anything else is worth 1/2.
const MARKUP = '<img src=x onerror="window.pwned=1"><b>bold</b>';
const FAKE_WORKER = `
const MARKUP = ${JSON.stringify(MARKUP)};
self.postMessage({ type: 'ready', version: '0.0.0-fake' });
self.onmessage = ({ data: message }) => {
  const data = { id: message.id, ...message.request };
  if (data.position === 'GGGGGGGGG') return;
  if (data.position === 'XXX' && data.rules === 'normal') {
    self.postMessage({ type: 'result', id: data.id, crashed: false, reply: { ok: false, error: MARKUP } });
    return;
  }
  if (data.position === 'XXX') {
    self.postMessage({ type: 'result', id: data.id, crashed: false, reply: { ok: true,
      answer: { value: MARKUP, pretty: MARKUP, outcome: 'N', birthday: 1 } } });
    return;
  }
  self.postMessage({ type: 'result', id: data.id, crashed: false, reply: { ok: true,
    answer: { value: '1/2', pretty: '½', outcome: 'L', birthday: 2 } } });
};`;

test('a report is displayed, and Cancel restarts a busy worker', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'fake-report', async (page, url, problems) => {
    let workers = 0;
    page.on('worker', () => workers++);
    await page.route('**/worker.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: FAKE_WORKER }),
    );
    await open(page, url);
    assert.equal(await page.locator('#version').textContent(), 'v0.0.0-fake');

    await page.getByLabel('Position').fill('GGGGGGGGG');
    await page.getByLabel('Position').press('Enter');
    const busy = page.locator('#busy');
    await busy.waitFor();
    assert.match(await busy.textContent(), /computing…/);
    await page.screenshot({ path: join(SCREENSHOTS, 'computing.png') }).catch(() => {});
    await page.getByRole('button', { name: 'Cancel' }).click();
    await busy.waitFor({ state: 'hidden' });
    assert.match(await page.locator('#status').textContent(), /^Cancelled: press Analyse/);
    assert.equal(workers, 2, 'Cancel terminates the worker and starts a new one');

    await page.getByLabel('Position').fill('BR');
    await page.getByRole('button', { name: 'Analyse' }).click();
    await page.locator('#value').filter({ hasText: /^1\/2$/ }).waitFor();
    assert.equal(await page.locator('#pretty').textContent(), '½');
    assert.equal(await page.locator('#outcome').textContent(), 'Left (blue) wins whoever starts (L)');
    assert.equal(await page.locator('#birthday').textContent(), '2');
    assert.deepEqual(problems, []);
  });
});

test('engine answers are shown as text, never parsed as HTML', { timeout: TIMEOUT }, async () => {
  await withPage(session.browser, 'fake-markup', async (page, url, problems) => {
    await page.route('**/worker.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: FAKE_WORKER }),
    );
    await open(page, url);
    await page.getByLabel('Position').fill('XXX');
    await page.getByLabel('Position').press('Enter');
    await page.locator('#error:not([hidden])').waitFor();
    assert.equal(await page.locator('#error').textContent(), MARKUP);

    await page.getByLabel('Ruleset').selectOption('childish');
    await page.locator('#report:not([hidden])').waitFor();
    await page.locator('#value').filter({ hasText: MARKUP }).waitFor();
    assert.equal(await page.locator('#pretty').textContent(), MARKUP);
    assert.equal(await page.locator('#outcome').textContent(), 'The first player wins (N)');
    assert.equal(await page.locator('main img, main b').count(), 0);
    assert.equal(await page.evaluate(() => window.pwned), undefined);
    assert.deepEqual(problems, []);
  });
});
