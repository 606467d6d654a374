// The teaching panel beside the board: a game-tree explorer (options with
// values, dominated and reversible ones explained; click or Enter to step
// in, Back / Backspace to step out), the synchronous payoff matrix, and
// puzzles (make one from the board and share its link; solve the puzzles
// a link carries, with answers judged by the engine; "win against the
// engine" is a whole game played on the board). It reads the board through
// the page's own link (the address bar, kept current by the playground:
// drawing, rules, moves played), the position field and the rules
// selects, and plays through the page's controls, so the playground needs
// no hooks; its engine calls go to a worker of its own.

// Started on the first call, so a page that never uses the panel runs no
// second worker.
let worker = null;
const pending = new Map();
let nextId = 1;
function startWorker() {
  worker = new Worker(new URL('./teach-worker.js', import.meta.url), { type: 'module' });
  worker.onmessage = ({ data }) => {
    const resolve = pending.get(data.id);
    pending.delete(data.id);
    if (resolve) resolve(data.reply);
  };
}
/** Stop whatever runs (a deep exploration, a big matrix): the worker is
 *  terminated and every pending call answers "stopped". */
function stopWorker() {
  worker?.terminate();
  worker = null;
  for (const resolve of pending.values()) resolve({ ok: false, error: 'stopped' });
  pending.clear();
}
const call = (name, ...args) => new Promise((resolve) => {
  if (!worker) startWorker();
  const id = nextId++;
  pending.set(id, resolve);
  worker.postMessage({ id, call: name, args });
});

const $ = (sel, root = document) => root.querySelector(sel);
const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  for (const c of children) node.append(c);
  return node;
};

const QUESTIONS = [
  ['win:L', 'Find a winning move for Left'],
  ['win:R', 'Find a winning move for Right'],
  ['all:L', 'Find every winning move for Left'],
  ['all:R', 'Find every winning move for Right'],
  ['value', 'What is the value?'],
  ['first:L', 'Who wins if Left moves first?'],
  ['first:R', 'Who wins if Right moves first?'],
  ['beat:L', 'Play Left and win against the engine'],
  ['beat:R', 'Play Right and win against the engine'],
];
const sentence = (k) => (QUESTIONS.find(([key]) => key === k) || [k, k])[1];

/** The board as the page's link describes it (kept current on every change). */
const boardLink = () => location.hash.slice(1);

const card = el('section', { id: 'teach-card', className: 'card' });
card.setAttribute('aria-labelledby', 'teach-heading');
card.innerHTML = `
  <h2 id="teach-heading">Teach</h2>
  <div id="puzzle-solve" hidden>
    <h3 id="puzzle-title">Puzzle</h3>
    <p id="puzzle-progress" class="help"></p>
    <p id="puzzle-question"></p>
    <p class="help">Position <code id="puzzle-position"></code> · <span id="puzzle-rules"></span></p>
    <p id="puzzle-play" aria-live="polite" hidden></p>
    <div id="puzzle-answer-row" class="inline">
      <input id="puzzle-answer" type="text" spellcheck="false" autocomplete="off" inputmode="text"
             aria-label="Your answer" placeholder="a move (3, 1+3), a value, or L / R">
      <button id="puzzle-check" type="button" class="primary">Check</button>
    </div>
    <p id="puzzle-moves" class="toolbar" aria-label="Moves to pick"></p>
    <p id="puzzle-how" class="help" hidden>Cut your move on the board, tap it above, or type it.</p>
    <p id="puzzle-verdict" aria-live="polite"></p>
    <div class="toolbar">
      <button id="puzzle-again" type="button" class="primary" hidden>Try again</button>
      <button id="puzzle-hint" type="button">Hint</button>
      <button id="puzzle-show-value" type="button">Show the value</button>
      <button id="puzzle-show-move" type="button">Show one winning move</button>
      <button id="puzzle-prev" type="button">◀</button>
      <button id="puzzle-next" type="button">▶</button>
    </div>
    <p id="puzzle-help" class="help" aria-live="polite"></p>
    <p id="puzzle-hints" class="help"></p>
  </div>

  <details id="explorer" open>
    <summary>Game tree</summary>
    <div class="toolbar">
      <button id="explore-run" type="button">Explore the board</button>
      <button id="explore-back" type="button" disabled>Back</button>
      <button id="explore-stop" type="button" hidden>Stop</button>
    </div>
    <p id="explore-state" class="help"></p>
    <p class="help">Path: <span id="explore-path" class="path">start</span></p>
    <p id="explore-value" aria-live="polite"></p>
    <p id="explore-error" class="error" role="alert" hidden></p>
    <div id="explore-options" class="options"></div>
    <p class="help">Click an option (or Enter) to step in; Back or Backspace to step out; ↑ ↓ move between options.</p>
  </details>

  <details id="matrix-box" hidden open>
    <summary>Payoff matrix</summary>
    <button id="matrix-run" type="button">Show the payoff matrix</button>
    <p class="help">Rows are Left's cuts, columns Right's: the edge, then its weight in the optimal mixed strategy. Each cell is the value after both cuts; click or tap it to play that turn on the board.</p>
    <div id="matrix"></div>
    <p id="matrix-value" aria-live="polite"></p>
  </details>

  <details id="puzzle-make">
    <summary>Make puzzle</summary>
    <label>Question <select id="puzzle-kind">${QUESTIONS.map(([k, s]) => `<option value="${k}">${s}</option>`).join('')}</select></label>
    <label>Title <input id="puzzle-title-in" type="text" maxlength="200"></label>
    <label>Hint <input id="puzzle-hint-in" type="text" maxlength="200"></label>
    <div class="toolbar">
      <button id="puzzle-make-btn" type="button" class="primary">Make puzzle</button>
      <button id="puzzle-add" type="button">Add to set</button>
    </div>
    <p id="puzzle-set" class="help"></p>
    <p id="puzzle-make-error" class="error" role="alert" hidden></p>
    <p id="puzzle-made" hidden><input id="puzzle-link" class="puzzle-link" type="text" readonly aria-label="Puzzle link">
      <a id="puzzle-open" href="#" target="_blank" rel="noopener">Open puzzle</a></p>
  </details>`;
const aside = document.querySelector('aside') || document.body;
aside.insertBefore(card, $('#output', aside)?.nextSibling || null);

// ---------------------------------------------------------------- explorer
// The explorer starts from the state on the board: after the moves played
// (classical cuts, or superposed quantum moves), not the drawing's start.
// `path` holds the explorer's own steps (engine labels with their player);
// the board's labels and the thumbnails come back from Rust.
const explorer = { fragment: '', path: [] };

/** An SVG string from Rust shown as an image (never parsed into the page). */
function svgImage(svg, alt) {
  return el('img', {
    src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
    alt, width: 120, height: 80, className: 'thumb',
  });
}

function describeState(r) {
  const n = r.moves.length;
  return `Exploring ${r.position} · ${r.rules}${n ? ` after ${n} move${n === 1 ? '' : 's'} (${r.moves.join(' ; ')})` : ''}`;
}

function renderExploration(b) {
  const e = b.exploration;
  $('#explore-state', card).textContent = describeState(b.request);
  $('#explore-path', card).textContent = ['start', ...b.path].join(' › ');
  $('#explore-value', card).textContent =
    `Value ${e.value} (${e.pretty}), outcome ${e.outcome}. Canonical form {${e.canonical_left.join(', ')} | ${e.canonical_right.join(', ')}}`
    + (b.realisations ? ` · realisations ${b.realisations.map((r) => `{${r.join(',')}}`).join(' ')}` : '');
  const box = $('#explore-options', card);
  box.replaceChildren();
  for (const [p, name] of [['L', 'Left'], ['R', 'Right']]) {
    const list = el('ul');
    e.options.forEach((o, i) => {
      if (o.player !== p) return;
      const shown = b.shown[i];
      const sets = o.after.length > 1 ? `${o.after.length} realisations` : 'leaves';
      const b2 = el('button', { type: 'button', className: `option${o.reasons.length ? ' dropped' : ''}` },
        svgImage(shown.svg, `After ${shown.label}`),
        el('span', { className: 'what' },
          `${shown.label} → ${o.value}`,
          el('span', { className: 'why after' }, `${sets} ${shown.after.map((r) => `{${r.join(',')}}`).join(' ')}`),
          el('span', { className: 'why' }, o.reasons.length ? o.reasons.join('; ') : 'kept in the canonical form')));
      b2.dataset.move = `${p}:${shown.label}`;
      b2.dataset.step = `${p}:${o.move}`;
      b2.addEventListener('click', () => { explorer.path.push(b2.dataset.step); runExplore(); });
      list.append(el('li', {}, b2));
    });
    if (!list.children.length) list.append(el('li', { className: 'help' }, 'no move'));
    box.append(el('div', {}, el('h4', {}, `${name}'s options`), list));
  }
}

async function runExplore(focus = true) {
  $('#explore-back', card).disabled = explorer.path.length === 0;
  $('#explore-value', card).textContent = 'computing…';
  $('#explore-stop', card).hidden = false;
  const cb = Boolean($('#colour-blind')?.checked);
  const reply = await call('explore_board', explorer.fragment, explorer.path, cb);
  $('#explore-stop', card).hidden = true;
  $('#explore-error', card).hidden = reply.ok;
  if (!reply.ok) {
    $('#explore-error', card).textContent = reply.error;
    $('#explore-state', card).textContent = '';
    $('#explore-value', card).textContent = '';
    $('#explore-options', card).replaceChildren();
    return;
  }
  renderExploration(reply.board);
  card.dataset.explored = String(explorer.path.length);
  if (focus) $('.option', card)?.focus();
}

$('#explore-run', card).addEventListener('click', () => {
  Object.assign(explorer, { fragment: boardLink(), path: [] });
  runExplore();
});
$('#explore-stop', card).addEventListener('click', stopWorker);
$('#explore-back', card).addEventListener('click', () => {
  explorer.path.pop();
  runExplore();
});
$('#explorer', card).addEventListener('keydown', (ev) => {
  const options = [...card.querySelectorAll('.option')];
  const at = options.indexOf(document.activeElement);
  if ((ev.key === 'Backspace' || ev.key === 'ArrowLeft') && explorer.path.length && ev.target.tagName !== 'INPUT') {
    ev.preventDefault();
    explorer.path.pop();
    runExplore();
  } else if (ev.key === 'ArrowDown' && options.length) {
    ev.preventDefault();
    options[(at + 1) % options.length].focus();
  } else if (ev.key === 'ArrowUp' && options.length) {
    ev.preventDefault();
    options[(at - 1 + options.length) % options.length].focus();
  }
});

// ---------------------------------------------------------- payoff matrix
function showMatrixBox() {
  $('#matrix-box', card).hidden = ($('#rules')?.value || 'normal') !== 'sync';
}
$('#rules')?.addEventListener('change', showMatrixBox);
showMatrixBox();

// The matrix is of the state on the board (after the turns played), in
// the board's labels; a cell is played on the board as one synchronous
// turn, and the matrix then follows the board.
const matrix = { shown: false, asked: 0 };
async function showMatrix() {
  matrix.shown = true;
  const id = ++matrix.asked;
  const reply = await call('board_matrix', boardLink());
  if (id !== matrix.asked) return;
  const box = $('#matrix', card);
  box.replaceChildren();
  if (!reply.ok) {
    $('#matrix-value', card).textContent = reply.error;
    return;
  }
  const m = reply.board.matrix;
  const margin = (l) => `${l.label} (${l.probability}, ${l.percent})`;
  if (m.rows.length) {
    const table = el('table', { className: 'payoff' });
    const head = el('tr', {}, el('th', {}, 'Left \\ Right'));
    m.cols.forEach((c) => head.append(el('th', { className: c.dominated ? 'dominated' : '' }, margin(c))));
    table.append(head);
    m.rows.forEach((r, i) => {
      const tr = el('tr', {}, el('th', { className: r.dominated ? 'dominated' : '' }, margin(r)));
      m.cells[i].forEach((cell, j) => {
        const c = m.cols[j];
        const cls = [cell === 'replay' ? 'conflict' : '', r.dominated || c.dominated ? 'dominated' : ''].join(' ').trim();
        const td = el('td', { className: cls, title: `Left cuts ${r.label}, Right cuts ${c.label}` });
        const next = m.positions[i][j];
        if (next === null) {
          td.append(cell);
        } else {
          // Step into the position after both cuts: played on the board.
          const b = el('button', { type: 'button', className: 'cell' }, cell);
          b.dataset.next = next;
          b.dataset.turn = `${r.label},${c.label}`;
          b.addEventListener('click', () => stepInto(r.label, c.label));
          td.append(b);
        }
        tr.append(td);
      });
      table.append(tr);
    });
    box.append(table);
  } else {
    box.append(el('p', { className: 'help' }, m.alone ? `Only ${m.alone === 'L' ? 'Left' : 'Right'} can move.` : 'Neither player can move.'));
  }
  $('#matrix-value', card).textContent = m.bracket
    ? `Value in the bracket [${m.bracket.lo}, ${m.bracket.hi}]; shaded cells replay the game.`
    : `Value ${m.value}`;
  card.dataset.matrix = boardLink();
}
$('#matrix-run', card).addEventListener('click', showMatrix);

/** Play Left's `left` and Right's `right` on the board as one turn (the
 *  playground opens the board's link with the turn added); the matrix
 *  follows. */
async function stepInto(left, right) {
  const reply = await call('sync_step', boardLink(), left, right);
  if (!reply.ok) {
    $('#matrix-value', card).textContent = reply.error;
    return;
  }
  dispatchEvent(new CustomEvent('hackenbush-open-link', { detail: reply.fragment }));
}
/** An open matrix follows every change of the board. */
function followMatrix() {
  if (!matrix.shown || $('#matrix-box', card).hidden || card.dataset.matrix === boardLink()) return;
  showMatrix();
}

// ------------------------------------------------------------ make puzzle
const set = [];
/** A puzzle on the state on the board (after the moves played: a
 *  superposed state keeps its start and moves, which the link carries). */
async function draftPuzzle() {
  const reply = await call('board_request', boardLink());
  if (!reply.ok) {
    $('#puzzle-make-error').hidden = false;
    $('#puzzle-make-error').textContent = reply.error;
    return null;
  }
  const r = reply.request;
  return {
    position: r.position,
    rules: r.rules,
    moves: r.moves,
    first: r.first,
    question: $('#puzzle-kind').value,
    title: $('#puzzle-title-in').value,
    hint: $('#puzzle-hint-in').value,
  };
}
async function checked(p) {
  const reply = await call('puzzle_solve', p);
  $('#puzzle-make-error').hidden = reply.ok;
  if (!reply.ok) $('#puzzle-make-error').textContent = reply.error;
  return reply.ok;
}
async function publish(puzzles) {
  const reply = await call('puzzle_fragment', puzzles);
  if (!reply.ok) {
    $('#puzzle-make-error').hidden = false;
    $('#puzzle-make-error').textContent = reply.error;
    return;
  }
  const link = `${location.origin}${location.pathname}#${reply.fragment}`;
  $('#puzzle-link').value = link;
  $('#puzzle-open').href = link;
  $('#puzzle-made').hidden = false;
}
$('#puzzle-make-btn').addEventListener('click', async () => {
  const p = await draftPuzzle();
  if (p && await checked(p)) publish(set.length ? [...set, p] : [p]);
});
$('#puzzle-add').addEventListener('click', async () => {
  const p = await draftPuzzle();
  if (!p || !(await checked(p))) return;
  set.push(p);
  $('#puzzle-set').textContent = `${set.length} puzzle${set.length === 1 ? '' : 's'} in the set; Make puzzle adds this board and gives the link.`;
});

// ----------------------------------------------------------- solve puzzles
const solving = { puzzles: [], at: 0, solved: [], hints: 0 };

function renderPuzzle() {
  const p = solving.puzzles[solving.at];
  const n = solving.puzzles.length;
  $('#puzzle-title').textContent = p.title || (n > 1 ? `Puzzle ${solving.at + 1}` : 'Puzzle');
  $('#puzzle-progress').textContent = `Puzzle ${solving.at + 1} of ${n} · solved ${solving.solved.filter(Boolean).length} of ${n}`;
  $('#puzzle-question').textContent = `${sentence(p.question)}${p.question.startsWith('all:') ? ' (moves separated by spaces)' : ''}`;
  $('#puzzle-position').textContent = p.position;
  $('#puzzle-rules').textContent = p.rules + (p.moves?.length ? ` · after ${movesSaid(p)}` : '');
  $('#puzzle-hint').hidden = !p.hint;
  $('#puzzle-show-move').hidden = !/^(win|all|beat):/.test(p.question);
  $('#puzzle-prev').hidden = $('#puzzle-next').hidden = n < 2;
  $('#puzzle-verdict').textContent = solving.solved[solving.at] ? 'Solved.' : '';
  $('#puzzle-verdict').className = solving.solved[solving.at] ? 'verdict-right' : '';
  $('#puzzle-help').textContent = '';
  $('#puzzle-hints').textContent = `Hints used: ${solving.hints}`;
  const beat = p.question.startsWith('beat:');
  $('#puzzle-answer-row').hidden = beat;
  $('#puzzle-play').hidden = !beat;
  $('#puzzle-again').hidden = true;
  $('#puzzle-how').hidden = !/^(win|all):/.test(p.question);
  setSides(beat ? p.question.split(':')[1] : null);
  if (beat) judgeBeat(); else showMoveButtons(p);
}

// ------------------------------------------------- a game against the engine
// The student plays their side on the board; the page's engine plays the
// other (its best move, from the solver). After every move the worker
// judges the board's record: still winning, won, or the move that gave the
// win away, with the engine's answer in words.
const PLAYER = { L: 'Left (blue)', R: 'Right (red)' };

/** Person on the student's side, the engine on the other (`null`: people
 *  on both), through the page's own selects. */
function setSides(student) {
  for (const [id, side] of [['#left-player', 'L'], ['#right-player', 'R']]) {
    const select = $(id);
    if (!select) continue;
    const want = student && side !== student ? 'engine' : 'person';
    if (select.value !== want) {
      select.value = want;
      select.dispatchEvent(new Event('change'));
    }
  }
}

let judged = 0;
async function judgeBeat() {
  const p = solving.puzzles[solving.at];
  if (!p || !p.question.startsWith('beat:')) return;
  const id = ++judged;
  const reply = await call('beat_judge', p, boardLink());
  if (id !== judged || solving.puzzles[solving.at] !== p) return;
  const verdict = $('#puzzle-verdict');
  const play = $('#puzzle-play');
  const student = p.question.split(':')[1];
  const engine = student === 'L' ? 'R' : 'L';
  if (!reply.ok) {
    verdict.className = 'verdict-wrong';
    verdict.textContent = reply.error;
    return;
  }
  const { status, played } = reply;
  $('#puzzle-again').hidden = played === 0;
  $('#puzzle-again').textContent = status.state === 'won' ? 'Play again' : 'Try again';
  card.dataset.beat = status.state;
  if (status.state === 'play') {
    play.textContent = played === 0
      ? `You play ${PLAYER[student]} and move first on the board; the engine plays ${PLAYER[engine]}.`
      : 'Still winning. Your move.';
    if (!solving.solved[solving.at]) { verdict.textContent = ''; verdict.className = ''; }
  } else if (status.state === 'engine') {
    play.textContent = 'The engine is answering…';
  } else if (status.state === 'won') {
    play.textContent = 'Game over.';
    solving.solved[solving.at] = true;
    const done = solving.solved.filter(Boolean).length;
    verdict.className = 'verdict-right';
    verdict.textContent = `Solved! You won: ${status.explanation}. Hints used: ${solving.hints}.${done === solving.puzzles.length && done > 1 ? ' The whole set is solved.' : ''}`;
    $('#puzzle-progress').textContent = `Puzzle ${solving.at + 1} of ${solving.puzzles.length} · solved ${done} of ${solving.puzzles.length}`;
  } else {
    play.textContent = 'This game is lost.';
    verdict.className = 'verdict-wrong';
    verdict.textContent = `Not quite: ${status.explanation}.`;
  }
}

// Take back every move since the puzzle was posed (the page's own button),
// so a puzzle set after quantum moves starts again from its state.
$('#puzzle-again').addEventListener('click', async () => {
  const p = solving.puzzles[solving.at];
  const reply = await call('beat_judge', p, boardLink());
  const n = reply.ok ? reply.played : 0;
  for (let k = 0; k < n; k++) $('#takeback')?.click();
  $('#puzzle-verdict').textContent = '';
  $('#puzzle-verdict').className = '';
  judgeBeat();
});

// Every move on the board changes the turn line and the move list: a
// game against the engine is judged again, and an open explorer at its
// root follows the board to the new state.
let judgeTimer = 0;
const onBoardChange = () => {
  clearTimeout(judgeTimer);
  judgeTimer = setTimeout(() => {
    judgeBeat();
    answerFromBoard();
    followBoard();
    followMatrix();
  }, 30);
};
function followBoard() {
  if (!explorer.fragment || explorer.path.length || !$('#explorer', card).open) return;
  const now = boardLink();
  if (now === explorer.fragment) return;
  explorer.fragment = now;
  runExplore(false);
}
for (const id of ['#turn', '#history']) {
  const node = $(id);
  if (node) new MutationObserver(onBoardChange).observe(node, { childList: true, subtree: true, characterData: true });
}

/** A move question answered on the board: the move cut there is taken
 *  back (the board stays on the puzzle's state) and picked as the answer;
 *  one winning move is checked at once, every winning move is collected. */
async function answerFromBoard() {
  const p = solving.puzzles[solving.at];
  if (!p || !/^(win|all):/.test(p.question)) return;
  const reply = await call('board_moves_since', boardLink(), p.moves.length);
  if (!reply.ok || !reply.moves.length || solving.puzzles[solving.at] !== p) return;
  for (let k = 0; k < reply.moves.length; k++) $('#takeback')?.click();
  const [kind, mover] = p.question.split(':');
  const [who, move] = reply.moves[0].split(':');
  if (who !== mover) return;
  const button = [...$('#puzzle-moves').children].find((b) => b.dataset.move === move);
  if (button) button.click(); else $('#puzzle-answer').value = move;
  if (kind === 'win') $('#puzzle-check').click();
}

/** The playground is wired (its selects listen) once the board is ready. */
function boardReady() {
  const board = $('#board');
  if (!board || board.dataset.ready === 'true') return Promise.resolve();
  return new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (board.dataset.ready === 'true') { watch.disconnect(); resolve(); }
    });
    watch.observe(board, { attributes: true, attributeFilter: ['data-ready'] });
  });
}

/** The moves a puzzle was posed after, in words: "Left 1+4, Right 2". */
function movesSaid(p) {
  let who = p.first || 'L';
  return p.moves.map((m) => {
    const said = `${who === 'L' ? 'Left' : 'Right'} ${m.replace(/,/g, '+')}`;
    who = who === 'L' ? 'R' : 'L';
    return said;
  }).join(', ');
}

// Move questions are answered by tapping moves (phones have no good way
// to type 1+3): one button per legal move of the mover, values not shown.
async function showMoveButtons(p) {
  const box = $('#puzzle-moves');
  box.replaceChildren();
  const kind = p.question.split(':')[0];
  if (!['win', 'all', 'beat'].includes(kind)) return;
  const mover = p.question.split(':')[1];
  const reply = await call('explore', { position: p.position, rules: p.rules, moves: p.moves || [], first: p.first || 'L' });
  if (!reply.ok || solving.puzzles[solving.at] !== p) return;
  for (const o of reply.exploration.options.filter((x) => x.player === mover)) {
    const b = el('button', { type: 'button', className: 'pick' }, o.move);
    b.dataset.move = o.move;
    b.addEventListener('click', () => {
      const input = $('#puzzle-answer');
      if (kind === 'all') {
        const picked = new Set(input.value.split(/\s+/).filter(Boolean));
        if (picked.has(o.move)) picked.delete(o.move); else picked.add(o.move);
        input.value = [...picked].join(' ');
        b.setAttribute('aria-pressed', String(picked.has(o.move)));
      } else {
        input.value = o.move;
        for (const other of box.children) other.setAttribute('aria-pressed', String(other === b));
      }
    });
    box.append(b);
  }
}

function useHint(text) {
  solving.hints += 1;
  $('#puzzle-help').textContent = text;
  $('#puzzle-hints').textContent = `Hints used: ${solving.hints}`;
}

$('#puzzle-check').addEventListener('click', async () => {
  const p = solving.puzzles[solving.at];
  const answer = $('#puzzle-answer').value;
  const reply = await call('puzzle_check', p, answer);
  const verdict = $('#puzzle-verdict');
  if (!reply.ok) {
    verdict.className = 'verdict-wrong';
    verdict.textContent = reply.error;
    return;
  }
  const v = reply.verdict;
  if (v.correct) solving.solved[solving.at] = true;
  verdict.className = v.correct ? 'verdict-right' : 'verdict-wrong';
  const done = solving.solved.filter(Boolean).length;
  verdict.textContent = v.correct
    ? `Solved! ${v.explanation}. Hints used: ${solving.hints}.${done === solving.puzzles.length && done > 1 ? ' The whole set is solved.' : ''}`
    : `Not quite: ${v.explanation}.`;
  $('#puzzle-progress').textContent = `Puzzle ${solving.at + 1} of ${solving.puzzles.length} · solved ${done} of ${solving.puzzles.length}`;
});
$('#puzzle-answer').addEventListener('keydown', (ev) => {
  if (ev.key === 'Enter') $('#puzzle-check').click();
});
$('#puzzle-hint').addEventListener('click', () => useHint(`Hint: ${solving.puzzles[solving.at].hint}`));
$('#puzzle-show-value').addEventListener('click', async () => {
  const p = solving.puzzles[solving.at];
  const reply = await call('puzzle_solve', { ...p, question: 'value' });
  useHint(reply.ok ? `The value is ${reply.solution.value}.` : reply.error);
});
$('#puzzle-show-move').addEventListener('click', async () => {
  const p = solving.puzzles[solving.at];
  if (p.question.startsWith('beat:')) {
    // In a game, the hint is for the state on the board now.
    const hint = await call('beat_hint', p, boardLink());
    useHint(!hint.ok ? hint.error
      : hint.move ? `One winning move now: ${hint.move}.` : 'No winning move to show now.');
    return;
  }
  const reply = await call('puzzle_solve', p);
  useHint(reply.ok ? `One winning move: ${reply.solution.answer[0]}.` : reply.error);
});
const step = (d) => {
  const n = solving.puzzles.length;
  solving.at = (solving.at + d + n) % n;
  // Keep the board on the same slide when the link is a deck.
  $(d > 0 ? '#next-slide' : '#prev-slide')?.click();
  $('#puzzle-answer').value = '';
  renderPuzzle();
};
$('#puzzle-prev').addEventListener('click', () => step(-1));
$('#puzzle-next').addEventListener('click', () => step(1));

/** Might this link carry a puzzle (a slide with a `q` field)? A cheap
 *  look, so an ordinary shared link starts no second worker; Rust reads
 *  and checks the puzzles. */
function mayHoldPuzzle(hash) {
  try {
    const b64 = hash.slice(3).replace(/-/g, '+').replace(/_/g, '/');
    return atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)).includes('"q":');
  } catch {
    return false; // not base64: the playground reports the broken link
  }
}

async function readLink() {
  const hash = location.hash.slice(1);
  if (!hash.startsWith('v1=') || !mayHoldPuzzle(hash)) return;
  const reply = await call('puzzle_read', hash);
  if (!reply.ok) return; // the playground reports broken links
  const puzzles = reply.puzzles.filter(Boolean);
  if (!puzzles.length) return;
  Object.assign(solving, { puzzles, at: 0, solved: puzzles.map(() => false), hints: 0 });
  // The question goes right above the board (on a phone the panel beside
  // it is far below), and the explorer starts closed: it shows the answer.
  const box = $('#puzzle-solve');
  $('#turn')?.before(box);
  box.hidden = false;
  $('#explorer', card).open = false;
  await boardReady();
  renderPuzzle();
  card.dataset.puzzle = 'ready';
}
readLink();
// A puzzle link pasted into the address bar of an open page.
addEventListener('hashchange', readLink);
card.dataset.ready = 'true';
