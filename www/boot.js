// Load the wasm bundle and start the page (src/web/app): everything the
// page shows is rendered by Rust from the session's state.
//
// The first engine worker is started here, before the page's own bundle
// is loaded, so that both load at once: the first value waits for one
// load, not for the page's and then the worker's (src/web/engine.rs).
import init, { start } from './pkg/hackenbush_lab.js';

let spare;
try {
  spare = new Worker('./worker.js', { type: 'module' });
} catch {
  spare = undefined; // the engine starts its own when it needs one
}
try {
  await init();
  // The first render in a task of its own, apart from the module's
  // instantiation: together they made one long task of start-up.
  await new Promise((next) => setTimeout(next, 0));
  start(spare);
} catch (err) {
  const p = document.createElement('p');
  p.className = 'error';
  p.setAttribute('role', 'alert');
  p.textContent = `The playground could not start: ${(err && err.message) || err}`;
  document.getElementById('app').replaceChildren(p);
}
