// Module Worker: loads the wasm engine once and answers analysis requests,
// so that long computations never freeze the page.
//
// main → worker: {type: 'analyse', id, request}
//                  (request: an analysis::Request {position, rules, moves?, first?})
// worker → main: {type: 'ready', version}
//                {type: 'fatal', error}            (the engine could not load)
//                {type: 'result', id, reply, crashed}
//   reply is the engine's answer object: {ok: true, answer} or
//   {ok: false, error, kind} with kind 'input' or 'budget'.
//   crashed is true when the engine panicked; the wasm instance may then be
//   unusable, so the owner should replace this worker.

import init, { analyse, engine_version, init_panic_hook } from './pkg/hackenbush_lab.js';

const describe = (err) => (err && err.message) || String(err);

const ready = init().then(() => {
  init_panic_hook();
  self.postMessage({ type: 'ready', version: engine_version() });
});
ready.catch((err) => {
  self.postMessage({ type: 'fatal', error: `could not load the engine: ${describe(err)}` });
});

self.onmessage = async ({ data }) => {
  if (!data || data.type !== 'analyse') return;
  try {
    await ready;
  } catch {
    return; // already reported as fatal
  }
  let reply;
  let crashed = false;
  try {
    reply = analyse(data.request);
  } catch (err) {
    crashed = true;
    reply = { ok: false, error: `the engine crashed: ${describe(err)}` };
  }
  self.postMessage({ type: 'result', id: data.id, reply, crashed });
};
