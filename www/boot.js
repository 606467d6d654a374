// Load the wasm bundle and start the page (src/web/app): everything the
// page shows is rendered by Rust from the session's state.
import init, { start } from './pkg/hackenbush_lab.js';

try {
  await init();
  start();
} catch (err) {
  const p = document.createElement('p');
  p.className = 'error';
  p.setAttribute('role', 'alert');
  p.textContent = `The playground could not start: ${(err && err.message) || err}`;
  document.getElementById('app').replaceChildren(p);
}
