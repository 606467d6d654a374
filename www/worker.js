// The engine worker: load the wasm bundle, hand every message (a typed
// job) to Rust and post its typed reply back (src/web/worker.rs). A panic
// aborts the wasm instance: it is reported as {id, crashed} and the page
// (src/web/engine.rs) replaces this worker.
import init, { worker_message } from './pkg/hackenbush_lab.js';

const ready = init();
const say = (err) => String((err && err.message) || err);
onmessage = ({ data }) =>
  ready.then(
    () => {
      try {
        postMessage(worker_message(data));
      } catch (err) {
        postMessage({ id: data.id, crashed: say(err) });
      }
    },
    (err) => postMessage({ id: data.id, crashed: `could not load the engine: ${say(err)}` }),
  );
