// The playground page: wires the Rust `Playground` (canvas editor, play,
// links; runs on this thread, but never computes values) to the controls,
// and the engine worker (engine.js) for every value shown. Everything that
// reaches the page from data goes through textContent, never innerHTML.

import init, { Playground } from './pkg/hackenbush_lab.js';
import { Engine, Cancelled } from './engine.js';

const OUTCOMES = {
  L: 'Left (blue) wins whoever starts',
  R: 'Right (red) wins whoever starts',
  P: 'The second player wins',
  N: 'The first player wins',
};

const RULE_CARDS = {
  normal: [
    'Cut an edge of your colour (Left blue, Right red, green either); whatever is no longer grounded falls.',
    'Normal play: the player who cannot move loses.',
  ],
  misere: ['Same moves as normal play.', 'Misère play: the player who cannot move wins.'],
  childish: [
    'A cut is legal only if nothing else falls with it.',
    'The player who cannot move loses.',
  ],
  uncolored: [
    'While uncoloured (X) edges remain, a move colours one: Left paints blue, Right red.',
    'Then play continues as normal Hackenbush.',
  ],
  sync: [
    'Both choose at once, Left a blue or green edge, Right a red or green one; both are cut.',
    'The value is that of the matrix game (mixed strategies allowed).',
  ],
  quantum: [
    'A move may superpose 2..w edges: the game splits into one realisation per edge.',
    'The flavour (A–D) decides when a plain single-edge move is allowed.',
  ],
};

const $ = (id) => document.getElementById(id);
const engine = new Engine();
const now = () => performance.now();

let pg = null;
let asked = null; // the last analysis request sent (JSON text)
let requestId = 0;
let shownRevision = -1; // the editor revision the text box shows
let typing = false; // the text box holds text the drawing came from

function setMessage(el, text) {
  el.textContent = text || '';
  el.hidden = !text;
}

function choiceFromPickers() {
  const choice = { rules: $('rules').value };
  if (choice.rules === 'quantum') {
    if ($('flavour').value) choice.flavour = $('flavour').value;
    if ($('width').value) choice.width = $('width').value;
  }
  if (choice.rules === 'sync' && $('conflict').value) choice.conflict = $('conflict').value;
  return choice;
}

function showRuleOptions() {
  const rules = $('rules').value;
  for (const el of document.querySelectorAll('[data-for-rules]')) {
    el.hidden = el.dataset.forRules !== rules;
  }
  const [a, b] = RULE_CARDS[rules] ?? ['', ''];
  $('rule-card-1').textContent = a;
  $('rule-card-2').textContent = b;
}

function render() {
  if (!pg) return;
  pg.render(now());
  if (pg.animating(now())) requestAnimationFrame(render);
}

// ------------------------------------------------------------ the engine

function setBusy(busy) {
  $('busy').hidden = !busy;
}

function showReport(report, advice) {
  setMessage($('error'), '');
  $('value').textContent = report.value;
  $('pretty').textContent = report.pretty || report.value;
  $('outcome').textContent = `${OUTCOMES[report.outcome] ?? report.outcome} (${report.outcome})`;
  $('outcome-sentence').textContent = report.outcome_sentence || '';
  $('birthday').textContent = report.birthday ?? '—';
  $('advice').textContent = advice || '—';
  $('report').hidden = false;
}

async function analyse(force = false) {
  const req = pg.analysis_request();
  if (!force && req === asked) return;
  asked = req;
  const id = ++requestId;
  if (engine.busy) engine.cancel(); // a new question replaces the old one
  if (!req) {
    setBusy(false);
    $('report').hidden = true;
    setMessage($('error'), '');
    $('status').textContent = 'No edges left to analyse.';
    return;
  }
  const { position, choice } = JSON.parse(req);
  setBusy(true);
  $('status').textContent = 'Computing…';
  const started = now();
  try {
    const report = await engine.analyse(position, choice);
    if (id !== requestId) return;
    const advice = pg.set_report(JSON.stringify(report));
    showReport(report, advice);
    $('status').textContent = `Done in ${Math.round(now() - started)} ms.`;
    render();
  } catch (err) {
    if (id !== requestId) return;
    if (err instanceof Cancelled) {
      $('status').textContent = 'Cancelled.';
    } else {
      $('report').hidden = true;
      setMessage($('error'), err && err.message ? err.message : String(err));
      $('status').textContent = 'Could not analyse.';
    }
  } finally {
    if (id === requestId) setBusy(false);
  }
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
  $('commit').hidden = !play || s.picked.length === 0;
  $('commit').textContent = `Commit move (${s.picked.join(' + ')})`;
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
  $('deck').hidden = s.slides < 2;
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
  setMessage($('link-error'), err ? `This link could not be opened: ${err}` : '');
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
    if (!e.buttons) return;
    pg.pointer_move(...at(e));
    render();
  });
  canvas.addEventListener('pointerup', (e) => {
    const err = pg.pointer_up(...at(e), now());
    setMessage($('board-message'), err);
    typing = false;
    update();
  });
  canvas.addEventListener('pointercancel', () => {
    pg.pointer_cancel();
    update();
  });
  canvas.addEventListener('keydown', (e) => {
    const r = pg.key(e.key, e.ctrlKey || e.metaKey, e.shiftKey, now());
    if (r) e.preventDefault();
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
  $('cancel').addEventListener('click', () => {
    requestId++;
    engine.cancel();
    setBusy(false);
    $('status').textContent = 'Cancelled.';
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
  $('redo').addEventListener('click', edit(() => pg.redo()));
  $('delete').addEventListener('click', edit(() => setMessage($('board-message'), pg.delete_selection())));
  $('mode-edit').addEventListener('click', edit(() => pg.set_mode(false)));
  $('mode-play').addEventListener('click', edit(() => pg.set_mode(true)));
  $('takeback').addEventListener('click', edit(() => pg.takeback()));
  $('restart').addEventListener('click', edit(() => pg.restart()));
  $('commit').addEventListener('click', edit(() => setMessage($('board-message'), pg.commit(now()))));
  $('add-slide').addEventListener('click', edit(() => pg.add_slide()));
  $('prev-slide').addEventListener('click', edit(() => pg.go_to_slide(JSON.parse(pg.status()).slide - 1)));
  $('next-slide').addEventListener('click', edit(() => pg.go_to_slide(JSON.parse(pg.status()).slide + 1)));

  const rulesChanged = () => {
    showRuleOptions();
    setMessage($('rules-error'), pg.set_rules(JSON.stringify(choiceFromPickers())));
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
  $('export-png').addEventListener('click', () => canvas.toBlob((b) => b && download(b, 'hackenbush.png')));
  $('export-svg').addEventListener('click', () =>
    download(new Blob([pg.svg()], { type: 'image/svg+xml' }), 'hackenbush.svg'),
  );

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
    if ((e.ctrlKey || e.metaKey) && /^[zy]$/i.test(e.key)) {
      e.preventDefault();
      if (e.key.toLowerCase() === 'y' || e.shiftKey) pg.redo();
      else pg.undo();
      typing = false;
      update();
    }
  });
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
    b.append(title, note, code);
    b.addEventListener('click', () => {
      setMessage($('board-message'), pg.load_preset(i));
      typing = false;
      update();
    });
    list.append(b);
  });
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
