// The playground page: wires the Rust `Playground` (canvas editor, play,
// links; runs on this thread, but never computes values) to the controls,
// and the engine worker (engine.js) for every value shown. Everything that
// reaches the page from data goes through textContent, never innerHTML.

import init, { Playground } from './pkg/hackenbush_lab.js';
import { Engine, Cancelled } from './engine.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

const $ = (id) => document.getElementById(id);
// Longest analysis the page waits for before stopping it (seconds); a
// `?limit=N` query shortens it (the browser tests use it to fail fast).
const TIME_LIMIT_S = (() => {
  const n = Number(new URLSearchParams(location.search).get('limit'));
  return Number.isFinite(n) && n > 0 && n <= 30 ? n : 30;
})();
const engine = new Engine();
const now = () => performance.now();

let pg = null;
// Every answer is kept beside the request it answers and shown only while
// that request is the board's current one (Rust checks it again before
// drawing advice), so no panel ever shows a value of another state.
let asked = null; // {key, request}: the last request sent (key: its JSON text)
let answered = null; // {key, request, report, advice}: the answer to `asked`
let requestId = 0;
let shownRevision = -1; // the editor revision the text box shows
let typing = false; // the text box holds text the drawing came from
let playing = false; // Play mode (hovering an edge previews what falls)
let wasPresenting = false;

function setMessage(el, text) {
  el.textContent = text || '';
  el.hidden = !text;
}

function showRuleOptions() {
  const rules = $('rules').value;
  for (const el of document.querySelectorAll('[data-for-rules]')) {
    el.hidden = el.dataset.forRules !== rules;
  }
  // The card's words come from Rust, for the rules the pickers make.
  const [a, b] = pg ? JSON.parse(pg.rule_card(rules, $('flavour').value, $('width').value, $('conflict').value)) : ['', ''];
  $('rule-card-1').textContent = a;
  $('rule-card-2').textContent = b;
}

function render() {
  if (!pg) return;
  pg.render(now());
  if (pg.animating(now())) requestAnimationFrame(render);
}

// ------------------------------------------------------------ the engine

let busyTimer = 0;
function setBusy(busy) {
  $('busy').hidden = !busy;
  clearInterval(busyTimer);
  if (!busy) return;
  const started = now();
  $('busy-text').textContent = 'computing…';
  // Long quantum searches take seconds: show that work is going on.
  busyTimer = setInterval(() => {
    $('busy-text').textContent = `computing… ${Math.round((now() - started) / 1000)} s`;
  }, 1000);
}

/** "BR R · quantum, flavour C, width 3 · after 2 moves" (words from Rust). */
const describeRequest = (request) => pg.describe_request(request);

function hideReport() {
  $('report').hidden = true;
  delete $('report').dataset.request;
  $('caption-value').textContent = '';
  $('caption-outcome').textContent = '';
}

/** Show an answer: every word is Rust's (`ui::answer_view::AnswerView`). */
function showReport(answer) {
  const { view, key } = answer;
  setMessage($('error'), '');
  $('value-of').textContent = view.value_of;
  $('value').textContent = view.value;
  $('pretty').textContent = view.pretty;
  // Misère answers are an outcome class, not a value.
  $('row-value').hidden = view.misere || !view.value;
  $('row-pretty').hidden = view.misere;
  $('row-birthday').hidden = view.birthday == null;
  $('birthday').textContent = view.birthday ?? '—';
  $('outcome-label').textContent = view.outcome_label;
  $('outcome').textContent = view.outcome;
  $('advice').textContent = view.advice;
  // The value beside the presenter caption, readable from the back row.
  $('caption-value').textContent = view.caption_value;
  $('caption-outcome').textContent = view.caption_outcome;
  $('report').dataset.request = key;
  $('report').hidden = false;
}

async function analyse(force = false) {
  const request = pg.analysis_request();
  const key = request ? JSON.stringify(request) : null;
  if (!force && asked && key === asked.key) {
    // Same question (e.g. Edit → Play, which clears the board's marks):
    // show the answer already on hand again.
    if (answered && answered.key === key) {
      const view = pg.set_report(answered.request, answered.report);
      if (view !== undefined) answered.view = JSON.parse(view);
      showReport(answered);
      render();
      refresh();
      engineTurn();
    }
    return;
  }
  asked = { key, request };
  answered = null;
  // The previous answer is for another state: it goes at once.
  hideReport();
  setMessage($('error'), '');
  const id = ++requestId;
  if (engine.busy) engine.cancel(); // a new question replaces the old one
  if (!request) {
    setBusy(false);
    $('status').textContent = 'No edges left to analyse.';
    return;
  }
  setBusy(true);
  $('status').textContent = `Computing ${describeRequest(request)}…`;
  const started = now();
  // Wide quantum moves can cost far more per state than the engine's state
  // limit allows for: past the time limit, stop and say what to try.
  const timer = setTimeout(() => {
    if (id !== requestId) return;
    requestId++;
    engine.cancel();
    setBusy(false);
    hideReport();
    setMessage($('error'), `Too large to analyse here within ${TIME_LIMIT_S} s — try width 2 or fewer edges (the command-line tool has no time limit).`);
    $('status').textContent = 'Stopped.';
    pg.analysis_failed(request);
    refresh();
  }, TIME_LIMIT_S * 1000);
  try {
    const report = await engine.request(request);
    if (id !== requestId) return;
    const view = pg.set_report(request, report);
    // Rust refuses an answer for an earlier board (undefined): show nothing.
    if (view === undefined) return;
    answered = { key, request, report, view: JSON.parse(view) };
    showReport(answered);
    $('status').textContent = `Done in ${Math.round(now() - started)} ms.`;
    render();
    refresh();
    engineTurn();
  } catch (err) {
    if (id !== requestId) return;
    if (err instanceof Cancelled) {
      $('status').textContent = 'Cancelled.';
    } else {
      hideReport();
      setMessage($('error'), err && err.message ? err.message : String(err));
      $('status').textContent = 'Could not analyse.';
      pg.analysis_failed(request);
      refresh();
    }
  } finally {
    clearTimeout(timer);
    if (id === requestId) setBusy(false);
  }
}

// The engine as a player: once its answer for the board is on hand, Rust
// chooses the move (best move, or a sample of the exact mixed strategy);
// the page only supplies a random number and a short pause, so the person's
// cut is seen to fall before the reply.
const ENGINE_PAUSE_MS = 450;
let engineTimer = 0;
function engineTurn() {
  clearTimeout(engineTimer);
  engineTimer = setTimeout(() => {
    const random = crypto.getRandomValues(new Uint32Array(1))[0];
    const r = pg.engine_move(random, now());
    if (r === 'moved') {
      update();
    } else if (r.startsWith('error: ')) {
      setMessage($('board-message'), r.slice(7));
      refresh();
    } else {
      refresh();
    }
  }, ENGINE_PAUSE_MS);
}

// ------------------------------------------------------- quantum views

let hot = 0; // the label highlighted on the board and in the graph

function showViews(v) {
  $('realisations-card').hidden = !v;
  $('entanglement-card').hidden = !v;
  if (!v) return;
  $('realisation-count').textContent = `(${v.count})`;
  $('realisation-note').textContent = v.note;
  const list = $('realisations');
  // The thumbnails are rebuilt: none is hovered any more (a removed
  // element never reports the pointer leaving it).
  hoverRealisation(0);
  list.replaceChildren();
  v.thumbs.forEach((t, k) => {
    const li = document.createElement('li');
    li.dataset.k = String(k + 1);
    li.dataset.labels = ` ${t.labels.join(' ')} `;
    // A button: a click (or Enter) zooms the realisation to board size.
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'thumb';
    b.title = `Realisation ${k + 1}: click to zoom`;
    const img = document.createElement('img');
    // An <img> of a data URL: the SVG is drawn, never parsed into the page.
    img.src = svgUrl(t.svg);
    img.alt = `Realisation ${k + 1}: edges ${t.labels.join(', ') || 'none'}`;
    img.width = 210;
    img.height = 140;
    const cap = document.createElement('span');
    cap.textContent = `#${k + 1} · ${t.labels.length ? t.labels.join(' ') : '(empty)'}`;
    // What the move being picked would do to this realisation.
    const badge = document.createElement('em');
    badge.className = 'fate';
    badge.hidden = true;
    b.append(img, cap, badge);
    b.addEventListener('click', () => zoomRealisation(k + 1, t.labels));
    // Hovering a thumbnail shows its realisation on the board.
    const on = () => hoverRealisation(k + 1);
    const off = () => hoverRealisation(0);
    b.addEventListener('pointerenter', on);
    b.addEventListener('focus', on);
    b.addEventListener('pointerleave', off);
    b.addEventListener('blur', off);
    li.append(b);
    list.append(li);
  });
  $('realisations-more').hidden = v.count <= v.thumbs.length;
  $('realisations-more').textContent = `and ${v.count - v.thumbs.length} more`;
  drawGraph(v);
  markThumbs();
  showMovePreview();
}

const svgUrl = (svg) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

let hotRealisation = 0;
function hoverRealisation(k) {
  if (k === hotRealisation) return;
  hotRealisation = k;
  pg.hover_realisation(k);
  render();
}

/** Thumbnails of realisations holding the hot edge are outlined. */
function markThumbs() {
  for (const li of $('realisations').children) {
    li.classList.toggle('has-hot', hot > 0 && li.dataset.labels.includes(` ${hot} `));
  }
}

const FATE_TEXT = {
  splits: (n) => `splits in ${n}`,
  continues: () => 'goes on',
  collapses: () => 'collapses',
};

/** The move being picked: each thumbnail's fate as a badge (Rust decides). */
function showMovePreview() {
  const m = JSON.parse(pg.move_preview());
  const items = [...$('realisations').children];
  items.forEach((li, k) => {
    const r = m && !m.refused ? m.realisations[k] : null;
    const badge = li.querySelector('.fate');
    li.dataset.fate = r ? r.fate.kind : '';
    li.classList.toggle('merges', Boolean(r && r.merges));
    badge.hidden = !r;
    badge.textContent = r ? FATE_TEXT[r.fate.kind](r.fate.into) + (r.merges ? ', merges' : '') : '';
  });
}

/** The zoomed view of realisation `k` (1-based), at the board's size. */
function zoomRealisation(k, labels) {
  const board = $('board');
  const w = Math.max(320, Math.min(board.clientWidth, innerWidth - 48));
  const h = Math.max(200, Math.min(board.clientHeight, innerHeight - 140));
  const svg = pg.realisation_svg(k, w, h);
  if (!svg) return;
  // Made on demand: the page holds no <img> until there is one to show.
  const img = $('zoom-image') ?? Object.assign(document.createElement('img'), { id: 'zoom-image' });
  $('zoom-picture').replaceChildren(img);
  img.src = svgUrl(svg);
  img.width = w;
  img.height = h;
  img.alt = `Realisation ${k}: edges ${labels.join(', ') || 'none'}`;
  $('zoom-caption').textContent = `Realisation ${k} of ${$('realisations').children.length}${$('realisations-more').hidden ? '' : '+'}: edges ${labels.join(' ') || 'none'}`;
  $('zoom').showModal();
}

function svgEl(name, attrs) {
  const el = document.createElementNS(SVG_NS, name);
  for (const [k, val] of Object.entries(attrs)) el.setAttribute(k, String(val));
  return el;
}

function drawGraph(v) {
  const g = $('entanglement');
  const cb = $('colour-blind').checked;
  g.replaceChildren();
  // The links' geometry comes from Rust (bowed lines, hyperedge stars).
  for (const link of v.links) {
    const stroke = link.side === 'L' ? '#1f5fbf' : '#c62828';
    // Colour-blind mode: Right's links are dashed, not only red.
    const cbDash = cb && link.side === 'R' ? { 'stroke-dasharray': '4 2.5' } : {};
    const group = svgEl('g', { class: 'link', 'data-move': link.number });
    if (link.curve) {
      const [ax, ay, cx, cy, bx, by] = link.curve;
      group.append(svgEl('path', { d: `M${ax} ${ay} Q${cx} ${cy} ${bx} ${by}`, fill: 'none', stroke, 'stroke-width': 1.6, ...cbDash }));
    } else {
      for (const [x2, y2] of link.spokes) group.append(svgEl('line', { x1: link.x, y1: link.y, x2, y2, stroke, 'stroke-width': 1.6, ...cbDash }));
      group.append(svgEl('circle', { cx: link.x, cy: link.y, r: 1.8, fill: stroke }));
    }
    group.append(svgEl('circle', { cx: link.x, cy: link.y, r: 4.2, fill: '#fff', stroke, 'stroke-width': 0.8 }));
    const num = svgEl('text', { x: link.x, y: link.y + 1.9, 'text-anchor': 'middle', 'font-size': 5.5, fill: stroke });
    num.textContent = String(link.number);
    group.append(num);
    g.append(group);
  }
  for (const x of v.vertices) {
    const node = svgEl('g', { class: `vertex${x.absent ? ' absent' : ''}${x.label === hot ? ' hot' : ''}`, 'data-label': x.label, tabindex: 0 });
    node.append(svgEl('circle', {
      cx: x.x, cy: x.y, r: 6, fill: x.absent ? '#eee' : '#fff', stroke: x.colour, 'stroke-width': 2,
      ...(x.absent ? { 'stroke-dasharray': '2 1.5', opacity: 0.7 } : {}),
    }));
    // The strike goes under the number, so the label stays readable.
    if (x.absent) node.append(svgEl('line', { x1: x.x - 7, y1: x.y + 7, x2: x.x + 7, y2: x.y - 7, stroke: '#8a8f99', 'stroke-width': 1 }));
    const t = svgEl('text', { x: x.x, y: x.y + 2.2, 'text-anchor': 'middle', 'font-size': 6.5, fill: '#1d1f24' });
    t.textContent = String(x.label);
    // Colour-blind mode: the edge's colour letter beside its number.
    if (cb) {
      const tag = svgEl('text', { class: 'cb-letter', x: x.x + 7.5, y: x.y + 7.5, 'font-size': 4.5, fill: '#1d1f24' });
      tag.textContent = x.letter;
      node.append(tag);
    }
    node.append(t);
    const title = svgEl('title', {});
    title.textContent = `Edge ${x.label}${x.absent ? ' (gone from every realisation)' : ''}`;
    node.append(title);
    const on = () => setHot(x.label);
    node.addEventListener('pointerenter', on);
    node.addEventListener('focus', on);
    node.addEventListener('pointerleave', () => setHot(0));
    node.addEventListener('blur', () => setHot(0));
    g.append(node);
  }
  $('entanglement-summary').textContent = v.summary;
}

/** Highlight `label` (0: none) on the board and in the graph. */
function setHot(label) {
  if (label === hot) return;
  hot = label;
  pg.hover(label);
  for (const node of $('entanglement').querySelectorAll('.vertex')) {
    node.classList.toggle('hot', Number(node.dataset.label) === label);
  }
  showPreview(JSON.parse(pg.status()).preview);
  markThumbs();
  showMovePreview();
  render();
}

// The preview line keeps its height in play (empty when nothing is
// hovered), so the page below does not jump as the pointer moves.
function showPreview(text) {
  $('preview').textContent = text || '';
  $('preview').hidden = !playing;
}

// ------------------------------------------------------- page from state

function refresh() {
  if (!pg) return;
  const s = JSON.parse(pg.status());
  const text = $('position');
  if (s.revision !== shownRevision) {
    if (!typing) {
      text.value = s.text;
      setMessage($('text-error'), '');
    }
    shownRevision = s.revision;
  }
  $('undo').disabled = !s.can_undo;
  $('redo').disabled = !s.can_redo;
  for (const b of document.querySelectorAll('[data-colour]')) {
    b.setAttribute('aria-pressed', String(b.dataset.colour === s.colour));
  }
  for (const b of document.querySelectorAll('[data-tool]')) {
    b.setAttribute('aria-pressed', String(b.dataset.tool === s.tool));
  }
  const play = s.mode === 'Play';
  $('mode-edit').setAttribute('aria-pressed', String(!play));
  $('mode-play').setAttribute('aria-pressed', String(play));
  $('edit-tools').hidden = play;
  $('play-tools').hidden = !play;
  $('ungrounded').hidden = play || s.ungrounded === 0;
  $('ungrounded').textContent = `${s.ungrounded} edge${s.ungrounded === 1 ? '' : 's'} not connected to the ground (drawn faded; they fall when play starts).`;
  $('turn').textContent = play ? s.turn : 'Editing: drag from the ground or a vertex to draw an edge.';
  $('commit').hidden = !play || !s.commit;
  $('commit').textContent = s.commit;
  $('pick-mode').hidden = !play || !s.quantum;
  $('pick-superpose').setAttribute('aria-pressed', String(s.superpose));
  $('pick-single').setAttribute('aria-pressed', String(!s.superpose));
  // Moves the flavour forbids are not offered (flavour A never cuts alone).
  $('pick-single').hidden = !s.single_cut;
  if (play && s.quantum && !s.game_over) {
    $('turn').textContent = `${s.turn} ${s.superpose ? 'Click edges to pick them, then Commit (Enter).' : 'Click an edge to cut it alone.'}`;
  }
  showViews(JSON.parse(pg.views()));
  // A shown answer must be for what the board shows now.
  if (!$('report').hidden && !(answered && pg.is_current(answered.request))) hideReport();
  // History strip: the start, then every move; later moves stay visible
  // (greyed) after a takeback until a new move replaces them.
  const strip = $('history');
  strip.replaceChildren();
  const entries = ['Start', ...s.history.map((h, k) => `${k + 1}. ${h}`)];
  entries.forEach((label, k) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.className = k === s.cursor ? 'current' : k > s.cursor ? 'future' : '';
    if (k === s.cursor) b.setAttribute('aria-current', 'step');
    b.addEventListener('click', () => {
      pg.jump(k);
      update();
    });
    li.append(b);
    strip.append(li);
  });
  $('takeback').disabled = s.cursor === 0;
  playing = play;
  $('left-player').value = s.left_engine ? 'engine' : 'person';
  $('right-player').value = s.right_engine ? 'engine' : 'person';
  setMessage($('engine-note'), s.engine);
  $('engine-note').classList.toggle('error', s.engine_blocked);
  showPreview(s.preview);
  document.body.classList.toggle('presenting', s.presenting);
  // Entering or leaving presenter mode (button, P, Escape, a deck link)
  // takes the page in or out of full screen where the browser lets it.
  if (s.presenting !== wasPresenting) fullscreen(s.presenting);
  wasPresenting = s.presenting;
  $('present').setAttribute('aria-pressed', String(s.presenting));
  $('caption').hidden = !s.presenting;
  $('caption-text').textContent = s.slides > 1 ? `${s.slide + 1}/${s.slides} · ${s.caption}` : s.caption;
  // Presenting a position being edited: the editing hint is chrome too.
  if (s.presenting && !play) $('turn').textContent = '';
  $('deck').hidden = s.slides < 2 && !s.presenting;
  $('prev-slide').hidden = $('next-slide').hidden = $('slide-of').hidden = s.slides < 2;
  $('caption-toggle').hidden = !s.presenting;
  showDeck(s);
  $('slide-of').textContent = `Slide ${s.slide + 1} of ${s.slides}`;
  $('prev-slide').disabled = s.slide === 0;
  $('next-slide').disabled = s.slide + 1 >= s.slides;
  const hide = $('hide-values').checked;
  $('values').hidden = hide;
  $('values-hidden').hidden = !hide;
  // Keep the address bar a link to this state (no history entries).
  history.replaceState(null, '', `#${pg.link()}`);
}

/** After any change: redraw, refresh the controls, ask the engine. */
function update() {
  refresh();
  render();
  analyse();
}

function syncPickers() {
  const st = JSON.parse(pg.settings());
  $('rules').value = st.choice.rules || 'normal';
  $('flavour').value = st.choice.flavour ?? '';
  $('width').value = st.choice.width ?? '';
  $('conflict').value = st.choice.conflict ?? '';
  $('first').value = st.first;
  $('hide-values').checked = st.hide;
  $('colour-blind').checked = st.cb;
  showRuleOptions();
}

function openLink(hash) {
  const err = pg.open_link(hash);
  setMessage($('link-error'), err ? `This link could not be opened: ${err}` : pg.link_note());
  if (!err) {
    typing = false;
    syncPickers();
  }
}

// ------------------------------------------------------------------ events

function wire() {
  const canvas = $('board');
  const at = (e) => {
    const r = canvas.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };
  canvas.addEventListener('pointerdown', (e) => {
    canvas.focus();
    canvas.setPointerCapture(e.pointerId);
    pg.pointer_down(...at(e));
    render();
  });
  canvas.addEventListener('pointermove', (e) => {
    if (!e.buttons) {
      if (playing) setHot(pg.label_at(...at(e)));
      return;
    }
    pg.pointer_move(...at(e));
    render();
  });
  canvas.addEventListener('pointerup', (e) => {
    const err = pg.pointer_up(...at(e), now());
    setMessage($('board-message'), err);
    typing = false;
    update();
  });
  canvas.addEventListener('pointerleave', () => {
    if (hot) setHot(0);
  });
  canvas.addEventListener('pointercancel', () => {
    pg.pointer_cancel();
    update();
  });
  canvas.addEventListener('keydown', (e) => {
    const r = pg.key(e.key, e.ctrlKey || e.metaKey, e.shiftKey, now());
    if (r) e.preventDefault();
    // A presenter key may have changed slides, and with them the rules.
    if (r === 'used') syncPickers();
    setMessage($('board-message'), r.startsWith('error: ') ? r.slice(7) : '');
    typing = false;
    update();
  });
  new ResizeObserver(() => {
    pg.resize(canvas.clientWidth, canvas.clientHeight, devicePixelRatio);
    render();
  }).observe(canvas);

  // The text box: typing updates the drawing (after a pause); Enter now.
  const text = $('position');
  let timer = 0;
  const applyText = () => {
    clearTimeout(timer);
    const err = pg.set_text(text.value);
    setMessage($('text-error'), err);
    typing = true;
    update();
  };
  text.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(applyText, 400);
  });
  $('analyse-form').addEventListener('submit', (e) => {
    e.preventDefault();
    applyText();
    if (!$('text-error').textContent) {
      typing = false;
      shownRevision = -1;
      refresh();
    }
    // Analyse again only if the last answer is not on show (cancelled or
    // failed); update() already asked about a changed position.
    if ($('report').hidden && !engine.busy) analyse(true);
  });
  // The zoomed realisation: a click anywhere or Escape (the dialog's own)
  // closes it.
  $('zoom').addEventListener('click', () => $('zoom').close());
  $('zoom').addEventListener('close', () => $('realisations').querySelector(`[data-k="${hotRealisation}"] button`)?.focus());
  $('cancel').addEventListener('click', () => {
    requestId++;
    engine.cancel();
    setBusy(false);
    hideReport();
    // No answer is on hand, so the engine opponent will not move; and the
    // question is forgotten, so Analyse (Enter) asks it again.
    if (asked?.request) pg.analysis_failed(asked.request);
    asked = null;
    $('status').textContent = 'Cancelled: press Analyse (Enter) to compute again.';
    refresh();
    render();
  });

  const edit = (f) => () => {
    f();
    typing = false;
    update();
  };
  for (const b of document.querySelectorAll('[data-colour]')) {
    b.addEventListener('click', edit(() => setMessage($('board-message'), pg.set_colour(b.dataset.colour))));
  }
  for (const b of document.querySelectorAll('[data-tool]')) {
    b.addEventListener('click', edit(() => pg.set_tool(b.dataset.tool)));
  }
  $('undo').addEventListener('click', edit(() => pg.undo()));
  $('clear').addEventListener('click', edit(() => pg.clear()));
  $('redo').addEventListener('click', edit(() => pg.redo()));
  $('delete').addEventListener('click', edit(() => setMessage($('board-message'), pg.delete_selection())));
  $('mode-edit').addEventListener('click', edit(() => pg.set_mode(false)));
  $('mode-play').addEventListener('click', edit(() => pg.set_mode(true)));
  $('takeback').addEventListener('click', edit(() => pg.takeback()));
  $('restart').addEventListener('click', edit(() => pg.restart()));
  $('commit').addEventListener('click', edit(() => setMessage($('board-message'), pg.commit(now()))));
  $('pick-superpose').addEventListener('click', edit(() => pg.set_superpose(true)));
  $('pick-single').addEventListener('click', edit(() => pg.set_superpose(false)));
  $('add-slide').addEventListener('click', edit(() => pg.add_slide()));
  $('prev-slide').addEventListener('click', edit(() => pg.go_to_slide(JSON.parse(pg.status()).slide - 1)));
  $('next-slide').addEventListener('click', edit(() => pg.go_to_slide(JSON.parse(pg.status()).slide + 1)));

  const playerChanged = (side, el) =>
    edit(() => {
      pg.set_engine(side, el.value === 'engine');
      setMessage($('board-message'), '');
      // The answer on hand may already let the engine move.
      engineTurn();
    });
  $('left-player').addEventListener('change', playerChanged('L', $('left-player')));
  $('right-player').addEventListener('change', playerChanged('R', $('right-player')));
  $('more').addEventListener('click', () => {
    const open = !document.body.classList.contains('more-open');
    document.body.classList.toggle('more-open', open);
    $('more').setAttribute('aria-expanded', String(open));
  });
  $('present').addEventListener('click', () => {
    const on = $('present').getAttribute('aria-pressed') !== 'true';
    pg.set_presenting(on);
    update();
  });
  // Leaving full screen (Escape in the browser) leaves presenter mode too.
  document.addEventListener('fullscreenchange', () => {
    if (!document.fullscreenElement && JSON.parse(pg.status()).presenting) {
      pg.set_presenting(false);
      update();
    }
  });
  $('caption-toggle').addEventListener('click', toggleCaption);
  $('slide-title').addEventListener('change', edit(() => setMessage($('deck-error'), pg.set_slide_title($('slide-title').value))));

  const rulesChanged = () => {
    showRuleOptions();
    setMessage($('rules-error'), pg.set_rules($('rules').value, $('flavour').value, $('width').value, $('conflict').value));
    update();
  };
  for (const id of ['rules', 'flavour', 'width', 'conflict']) $(id).addEventListener('change', rulesChanged);
  $('first').addEventListener('change', edit(() => pg.set_first($('first').value)));
  const viewChanged = edit(() => pg.set_view($('hide-values').checked, $('colour-blind').checked));
  $('hide-values').addEventListener('change', viewChanged);
  $('colour-blind').addEventListener('change', viewChanged);

  $('copy-link').addEventListener('click', async () => {
    const url = `${location.origin}${location.pathname}#${pg.link()}`;
    try {
      await navigator.clipboard.writeText(url);
      $('status').textContent = 'Link copied.';
    } catch {
      $('status').textContent = 'Copy the link from the address bar.';
    }
  });
  const download = (blob, name) => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };
  // Pictures at the device pixel ratio (2× at least), without the engine's
  // halos unless asked (a puzzle's picture must not give the answer away),
  // and optionally captioned with what the picture is and its value.
  $('export-png').addEventListener('click', () => {
    try {
      const c = pg.export_canvas($('export-analysis').checked, exportCaption(), Math.max(2, devicePixelRatio));
      c.toBlob((b) => b && download(b, 'hackenbush.png'));
    } catch (err) {
      setMessage($('board-message'), `could not export: ${err && err.message ? err.message : err}`);
    }
  });
  $('export-svg').addEventListener('click', () =>
    download(new Blob([pg.svg($('export-analysis').checked)], { type: 'image/svg+xml' }), 'hackenbush.svg'),
  );

  // A link the page opens itself (the payoff matrix steps into a turn):
  // handed over as an event, not through the address bar, where a refresh
  // (replaceState) could overwrite it before its hashchange arrived.
  addEventListener('hackenbush-open-link', (e) => {
    openLink(`#${e.detail}`);
    update();
  });
  // A link pasted into the address bar.
  addEventListener('hashchange', () => {
    if (location.hash.slice(1) !== pg.link()) {
      openLink(location.hash);
      update();
    }
  });
  // Undo/redo from anywhere but a text field.
  addEventListener('keydown', (e) => {
    if (e.target === canvas || e.target.closest('input, select, textarea')) return;
    // Presenter keys work wherever the focus is (but not while typing).
    if (!e.ctrlKey && !e.metaKey && !e.altKey) {
      if ((e.key === 'v' || e.key === 'V') && document.body.classList.contains('presenting')) {
        e.preventDefault();
        toggleCaption();
        return;
      }
      const r = pg.presenter_key(e.key);
      if (r) {
        e.preventDefault();
        setMessage($('board-message'), r.startsWith('error: ') ? r.slice(7) : '');
        syncPickers();
        update();
        return;
      }
    }
    if ((e.ctrlKey || e.metaKey) && /^[zy]$/i.test(e.key)) {
      e.preventDefault();
      if (e.key.toLowerCase() === 'y' || e.shiftKey) pg.redo();
      else pg.undo();
      typing = false;
      update();
    }
  });
}

/** "BR R · normal play · value 1/2" for the picture (from Rust: the
 * value only when it is the value of this very board), or "" if unticked. */
function exportCaption() {
  return $('export-caption').checked ? pg.export_caption() : '';
}

/** The Fullscreen API, where the browser allows it (it may refuse). */
function fullscreen(on) {
  if (on && !document.fullscreenElement && document.documentElement.requestFullscreen) {
    document.documentElement.requestFullscreen().catch(() => {});
  } else if (!on && document.fullscreenElement) {
    document.exitFullscreen().catch(() => {});
  }
}

function toggleCaption() {
  const off = document.body.classList.toggle('caption-off');
  $('caption-toggle').setAttribute('aria-pressed', String(!off));
}

/** The slide list: a title field per slide, reorder and delete buttons. */
function showDeck(s) {
  const titles = JSON.parse(pg.slide_titles());
  const title = $('slide-title');
  if (document.activeElement !== title) title.value = s.slides > 0 && s.caption !== s.text ? s.caption : '';
  const list = $('slides');
  list.replaceChildren();
  titles.forEach((t, k) => {
    const li = document.createElement('li');
    if (k === s.slide) li.className = 'current';
    const go = document.createElement('button');
    go.type = 'button';
    go.className = 'slide-go';
    go.textContent = t || '(empty)';
    go.addEventListener('click', () => act(() => pg.go_to_slide(k), true));
    const up = button('↑', `Move slide ${k + 1} up`, () => act(() => pg.move_slide(k, k - 1)));
    up.disabled = k === 0;
    const down = button('↓', `Move slide ${k + 1} down`, () => act(() => pg.move_slide(k, k + 1)));
    down.disabled = k + 1 >= titles.length;
    const del = button('✕', `Delete slide ${k + 1}`, () => act(() => pg.delete_slide(k), true));
    del.disabled = titles.length < 2;
    li.append(go, up, down, del);
    list.append(li);
  });
}

function button(text, label, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.setAttribute('aria-label', label);
  b.addEventListener('click', onClick);
  return b;
}

/** A deck command; `rules` when it may show another slide (new pickers). */
function act(f, rules = false) {
  setMessage($('deck-error'), f());
  if (rules) syncPickers();
  typing = false;
  update();
}

function buildGallery() {
  const list = $('gallery');
  JSON.parse(pg.presets()).forEach((p, i) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'preset';
    const title = document.createElement('strong');
    title.textContent = p.title;
    const note = document.createElement('span');
    note.textContent = p.note;
    const code = document.createElement('code');
    code.textContent = p.text;
    b.append(title, note);
    if (p.value) {
      const value = document.createElement('span');
      value.className = 'preset-value';
      value.textContent = `value ${p.value}`;
      b.append(value);
    }
    if (p.picture) {
      // A picture is shown drawn (the engine's own SVG), not as notation.
      const drawing = document.createElement('span');
      drawing.className = 'card-picture';
      drawing.setAttribute('aria-hidden', 'true');
      drawing.innerHTML = p.picture;
      b.append(drawing);
    } else {
      b.append(code);
    }
    b.addEventListener('click', () => {
      setMessage($('board-message'), pg.load_preset(i));
      showPresetForm(i, p);
      typing = false;
      update();
    });
    list.append(b);
  });
  $('preset-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const index = Number($('preset-form').dataset.index);
    const values = [...$('preset-fields').querySelectorAll('input')].map((x) => x.value);
    // Rust checks every value (ranges, letters, lists) and says what is wrong.
    const err = pg.load_preset_form(index, JSON.stringify(values));
    setMessage($('preset-error'), err);
    if (err) return;
    typing = false;
    update();
  });
}

/** The chosen preset's parameters as small inputs (none for pictures). */
function showPresetForm(index, preset) {
  const form = $('preset-form');
  form.hidden = preset.form.length === 0;
  form.dataset.index = String(index);
  setMessage($('preset-error'), '');
  $('preset-form-title').textContent = `${preset.title}:`;
  const fields = $('preset-fields');
  fields.replaceChildren();
  for (const f of preset.form) {
    const label = document.createElement('label');
    const input = document.createElement('input');
    if (f.kind === 'count') {
      input.type = 'number';
      input.min = String(f.min);
      input.max = String(f.max);
      input.step = '1';
      input.inputMode = 'numeric';
    } else {
      input.type = 'text';
      input.spellcheck = false;
      input.placeholder = f.kind === 'list' ? 'e.g. 1 2 3' : '';
    }
    input.value = f.value;
    input.dataset.field = f.name;
    label.append(`${f.name} `, input);
    fields.append(label);
  }
}

async function start() {
  engine.version().then(
    (v) => {
      $('version').textContent = `v${v}`;
    },
    (err) => {
      $('version').textContent = 'unavailable';
      setMessage($('error'), err.message);
    },
  );
  try {
    await init();
    pg = new Playground('board');
  } catch (err) {
    setMessage($('error'), `could not load the engine: ${err && err.message ? err.message : err}`);
    $('status').textContent = 'The playground could not start.';
    // The worker loads the same module, so it cannot start either.
    $('version').textContent = 'unavailable';
    return;
  }
  buildGallery();
  if (location.hash.length > 1) openLink(location.hash);
  syncPickers(); // also after a bad link: the pickers and rule card show the defaults
  wire();
  $('board').dataset.ready = 'true';
  update();
}

start();
