// The engine worker: load the wasm bundle, hand every message (a typed
// job) to Rust and post its typed reply back (src/web/worker.rs). A panic
// aborts the wasm instance: it is reported as {id, crashed} and the page
// (src/web/engine.rs) replaces this worker.
import init, { worker_message } from './pkg/hackenbush_lab.js';

const ready = init();
const say = (err) => String((err && err.message) || err);

// The byte arrays of a reply (a replay's realisations: megabytes) are
// moved to the page, not copied: reading a copied message is work on the
// page's main thread. Never the wasm memory itself.
function buffers(value, memory, out = new Set()) {
  if (ArrayBuffer.isView(value)) {
    if (value.buffer !== memory && value.buffer instanceof ArrayBuffer) out.add(value.buffer);
  } else if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) buffers(value[key], memory, out);
  }
  return out;
}

onmessage = ({ data }) =>
  ready.then(
    (wasm) => {
      try {
        const reply = worker_message(data);
        postMessage(reply, [...buffers(reply, wasm.memory.buffer)]);
      } catch (err) {
        postMessage({ id: data.id, crashed: say(err) });
      }
    },
    (err) => postMessage({ id: data.id, crashed: `could not load the engine: ${say(err)}` }),
  );
