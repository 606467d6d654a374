// What the page benchmarks share: Debian's Chromium through playwright-core
// (installed under tests/e2e) and the tests' static server for a build of
// www/, letting the browser cache (so a warm load reads the wasm from the
// browser's cache).

import { resolve } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const require = createRequire(resolve(here, '../../tests/e2e/package.json'));
const { chromium } = require('playwright-core');
const { CHROMIUM, CHROMIUM_ARGS, startServer } = await import(resolve(here, '../../tests/e2e/harness.mjs'));

/// The repository's www/ folder.
export const WWW = resolve(here, '../../www');

export function launch() {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/// Serve a build of www/ on loopback, letting the browser cache it.
export function serve(root) {
  return startServer(root, { cache: true });
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
