// Shared helpers for the browser tests: a tiny static server for www/ on an
// ephemeral port, and headless Debian Chromium driven by playwright-core.

import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = fileURLToPath(new URL('.', import.meta.url));
export const WWW = resolve(here, '../../www');
export const SCREENSHOTS = resolve(here, 'screenshots');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

// TOOLCHAIN.md trap 3: what Chromium needs as root in this sandbox.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ts': 'text/plain; charset=utf-8',
};

/**
 * Serve `root` on 127.0.0.1 at an ephemeral port. Resolves to {url, close()}.
 * Tests see every build fresh (`no-store`); `{ cache: true }` lets the
 * browser cache, for the page benchmarks' warm loads.
 */
export async function startServer(root = WWW, { cache = false } = {}) {
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file = normalize(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) {
        res.writeHead(403).end('forbidden');
        return;
      }
      if ((await stat(file).catch(() => null))?.isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': MIME[extname(file)] ?? 'application/octet-stream',
        'cache-control': cache ? 'max-age=3600' : 'no-store',
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', ok);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections?.();
        server.close(() => ok());
      }),
  };
}

/** Fail early, with a message saying what to run, if the bundle or browser is missing. */
export function checkPrerequisites() {
  if (!existsSync(join(WWW, 'pkg', 'hackenbush_lab_bg.wasm'))) {
    throw new Error('www/pkg is missing: build the wasm bundle first (./build.sh build)');
  }
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (./build.sh test does this)`);
  }
}

export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/**
 * Run `body(page, url, problems)` on a fresh page of `browser` against a
 * server of its own. `problems` collects console errors, page errors and
 * failed requests. A screenshot is saved as screenshots/<name>.png whether
 * the body passes or fails. `contextOptions` go to browser.newContext (e.g.
 * `{hasTouch: true}` for touch tests).
 */
export async function withPage(browser, name, body, contextOptions = {}) {
  const server = await startServer();
  const context = await browser.newContext({ viewport: { width: 900, height: 760 }, ...contextOptions });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  // A request aborted is not a page failure: leaving the page aborts what
  // it was loading (the spare engine worker, say), and so does stopping a
  // worker mid-load. Every other failure is.
  page.on('requestfailed', (req) => {
    const error = req.failure()?.errorText ?? '';
    if (!error.includes('net::ERR_ABORTED')) problems.push(`request failed: ${req.url()} ${error}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  try {
    await body(page, server.url, problems);
  } finally {
    await mkdir(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true }).catch(() => {});
    await context.close();
    await server.close();
  }
}
