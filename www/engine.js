// A promise API over the engine worker. UI code (the form today, a canvas
// editor later) talks to this module only:
//
//   const engine = new Engine();
//   const answer = await engine.analyse('BR', 'normal');
//   engine.cancel();             // stop whatever runs; pending calls reject
//   await engine.version();
//
// analyse() resolves with the answer {value, pretty, outcome, birthday?, …}
// and rejects with an EngineError (kind 'input' for a bad position or
// option, 'budget' when the work is too large for a tab, 'crash' if the
// engine panicked, 'load' if it could not start) or a Cancelled error.

export class EngineError extends Error {
  constructor(message, kind) {
    super(message);
    this.name = 'EngineError';
    this.kind = kind;
  }
}

export class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'Cancelled';
  }
}

export class Engine {
  #worker = null;
  #pending = new Map(); // id → {resolve, reject}
  #nextId = 1;
  #version = null; // {promise, resolve, reject}

  constructor() {
    this.#start();
  }

  /** Analyse `position` (RULES.md notation) under `rules` (e.g. 'normal', 'quantum:C:3', 'sync:replay'). */
  analyse(position, rules = 'normal') {
    return this.request({ position: String(position), rules });
  }

  /**
   * Answer a full request {position, rules, moves?, first?} (quantum moves
   * are replayed by the engine); resolves with the answer, which for
   * quantum states also lists the realisations.
   */
  request(request) {
    if (!this.#worker) this.#start();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ type: 'analyse', id, request });
    });
  }

  /** True while an analysis is pending. */
  get busy() {
    return this.#pending.size > 0;
  }

  /** Stop the running analysis: terminate the worker and start a fresh one. */
  cancel() {
    this.#stop(() => new Cancelled());
    this.#start();
  }

  /** The engine's version string, once the wasm module has loaded. */
  version() {
    if (!this.#worker) this.#start();
    return this.#version.promise;
  }

  #start() {
    const version = { settled: false };
    version.promise = new Promise((resolve, reject) => Object.assign(version, { resolve, reject }));
    version.promise.then(() => (version.settled = true), () => (version.settled = true));
    version.promise.catch(() => {}); // a load failure is also reported through analyse()
    // A worker cancelled before it was ready never reports its version:
    // whoever waits for it gets the next worker's.
    const previous = this.#version;
    if (previous && !previous.settled) version.promise.then(previous.resolve, previous.reject);
    this.#version = version;

    const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }) => {
      if (worker !== this.#worker) return;
      if (data.type === 'ready') {
        version.resolve(data.version);
      } else if (data.type === 'fatal') {
        this.#fail(data.error);
      } else if (data.type === 'result') {
        const call = this.#pending.get(data.id);
        if (!call) return;
        this.#pending.delete(data.id);
        if (data.reply && data.reply.ok) call.resolve(data.reply.answer);
        else call.reject(new EngineError(String(data.reply?.error ?? 'unknown error'), data.crashed ? 'crash' : (data.reply?.kind ?? 'input')));
        if (data.crashed) this.#stop(() => new EngineError('the engine crashed; restarted it', 'crash'));
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker !== this.#worker) return;
      this.#fail(`could not start the engine worker${event.message ? `: ${event.message}` : ''}`);
    };
    worker.onmessageerror = () => {
      if (worker === this.#worker) this.#fail('the engine sent a message that could not be read');
    };
    this.#worker = worker;
  }

  #fail(message) {
    this.#version.reject(new EngineError(message, 'load'));
    this.#stop(() => new EngineError(message, 'load'));
  }

  // Terminate the worker and reject every pending call. The next analyse()
  // starts a new worker.
  #stop(makeError) {
    if (this.#worker) this.#worker.terminate();
    this.#worker = null;
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const call of pending) call.reject(makeError());
  }
}
