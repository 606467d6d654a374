// Module Worker for the teaching panel (explorer, payoff matrix, puzzles),
// apart from the analysis worker so a long exploration never delays the
// value shown under the board.
//
// main → worker: {id, call, args}   call: explore | board_matrix | sync_step | puzzle_solve
//                                          | puzzle_check | puzzle_fragment | puzzle_read
//                                          | explore_board | board_request | beat_judge | beat_hint
//                                          | board_moves_since
// worker → main: {id, reply}        reply: {ok: true, …} or {ok: false, error}

import init, * as engine from './pkg/hackenbush_lab.js';

const CALLS = new Set(['explore', 'board_matrix', 'sync_step', 'puzzle_solve', 'puzzle_check', 'puzzle_fragment', 'puzzle_read',
  'explore_board', 'board_request', 'beat_judge', 'beat_hint', 'board_moves_since']);
const ready = init().then(() => engine.init_panic_hook());

self.onmessage = async ({ data }) => {
  let reply;
  try {
    await ready;
    if (!CALLS.has(data.call)) throw new Error(`unknown call ${data.call}`);
    reply = engine[data.call](...data.args);
  } catch (err) {
    reply = { ok: false, error: `the engine failed: ${(err && err.message) || err}` };
  }
  self.postMessage({ id: data.id, reply });
};
