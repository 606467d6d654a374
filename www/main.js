// Thin glue between the form and the engine worker. All data reaches the
// page through textContent, never innerHTML.

import { Engine, Cancelled } from './engine.js';

export const OUTCOME_SENTENCES = {
  L: 'Left wins whoever starts',
  R: 'Right wins whoever starts',
  P: 'The second player wins',
  N: 'The first player wins',
};

export function outcomeSentence(outcome) {
  return OUTCOME_SENTENCES[outcome] ?? `Unknown outcome ${outcome}`;
}

const $ = (id) => document.getElementById(id);
const ui = {
  form: $('analyse-form'),
  position: $('position'),
  rules: $('rules'),
  flavour: $('flavour'),
  width: $('width'),
  conflict: $('conflict'),
  busy: $('busy'),
  cancel: $('cancel'),
  status: $('status'),
  error: $('error'),
  report: $('report'),
  value: $('value'),
  pretty: $('pretty'),
  outcome: $('outcome'),
  birthday: $('birthday'),
  version: $('version'),
};

const engine = new Engine();
let current = 0; // the id of the latest request; older answers are ignored

function choiceFromForm() {
  const choice = { rules: ui.rules.value };
  if (choice.rules === 'quantum') {
    if (ui.flavour.value) choice.flavour = ui.flavour.value;
    if (ui.width.value) choice.width = ui.width.value;
  }
  if (choice.rules === 'sync' && ui.conflict.value) choice.conflict = ui.conflict.value;
  return choice;
}

function showRulesOptions() {
  for (const el of document.querySelectorAll('[data-for-rules]')) {
    el.hidden = el.dataset.forRules !== ui.rules.value;
  }
}

function setBusy(busy) {
  ui.busy.hidden = !busy;
  ui.form.setAttribute('aria-busy', String(busy));
}

function showError(message) {
  ui.report.hidden = true;
  ui.error.textContent = message;
  ui.error.hidden = false;
}

function showReport(report) {
  ui.error.hidden = true;
  ui.value.textContent = report.value;
  ui.pretty.textContent = report.pretty || report.value;
  ui.outcome.textContent = `${outcomeSentence(report.outcome)} (${report.outcome})`;
  ui.birthday.textContent = report.birthday ?? '—';
  ui.report.hidden = false;
}

async function run() {
  const id = ++current;
  if (engine.busy) engine.cancel(); // a new question replaces the old one
  const position = ui.position.value;
  const choice = choiceFromForm();
  const started = performance.now();
  setBusy(true);
  ui.status.textContent = 'Computing…';
  try {
    const report = await engine.analyse(position, choice);
    if (id !== current) return;
    showReport(report);
    ui.status.textContent = `Done in ${Math.round(performance.now() - started)} ms.`;
  } catch (err) {
    if (id !== current) return;
    if (err instanceof Cancelled) {
      ui.status.textContent = 'Cancelled.';
    } else {
      showError(err && err.message ? err.message : String(err));
      ui.status.textContent = 'Could not analyse.';
    }
  } finally {
    if (id === current) setBusy(false);
  }
}

ui.form.addEventListener('submit', (event) => {
  event.preventDefault();
  run();
});
ui.cancel.addEventListener('click', () => {
  current++;
  engine.cancel();
  setBusy(false);
  ui.status.textContent = 'Cancelled.';
  ui.position.focus();
});
ui.rules.addEventListener('change', showRulesOptions);

showRulesOptions();
engine.version().then(
  (version) => { ui.version.textContent = `v${version}`; },
  (err) => {
    ui.version.textContent = 'unavailable';
    showError(err.message);
  },
);
