//! The page as a Leptos (client-side) app: a pure function of the
//! session's [`PageView`], with every event turned into an [`Action`].
//!
//! One [`Shell`] per page holds the [`Session`] (the whole page state),
//! the engine client, the board's canvas and the view signal. Everything
//! goes through [`dispatch`]: the session applies the action, the shell
//! carries out the browser [`Effect`]s, publishes the new `PageView`
//! (regions re-render from memos of their part), redraws the canvas and
//! brings the engine workers in line with the jobs the session wants.
//! Nothing here keeps a copy of the page state; the only local state is
//! browser plumbing (the canvas, the workers, timers, whether the person
//! is typing in a text box).
//!
//! The regions live in one module each: [`board`] (canvas, action bar,
//! toolbars), [`rules`], [`value`], [`quantum`], [`history`], [`deck`],
//! [`share`] (links, QR, export), [`text`] (position box and presets),
//! [`teach`] (explorer, payoff matrix, making puzzles), [`puzzle`] and
//! [`help`] (how to play, legend, shortcuts).

mod board;
mod deck;
mod effects;
mod help;
mod history;
mod puzzle;
mod quantum;
mod rules;
mod share;
mod teach;
mod text;
mod thermograph;
mod value;

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;
use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use super::engine::{EngineWorkers, Event};
use crate::ui::jobs::{JobAnswer, Lane};
use crate::ui::opponent::Controller;
use crate::ui::page::{Action, Notice, PageView, Place, PresenterPanel};
use crate::ui::scene::Scene;
use crate::ui::session::{Mode, Session};

/// The pause before the engine opponent answers, so the person's cut is
/// seen to fall first.
const ENGINE_PAUSE_MS: u64 = 450;

/// The board's canvas and its 2D context.
struct BoardCanvas {
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    dpr: f64,
    /// The scene the canvas shows. The pixels stay until the scene changes
    /// or the canvas is resized (which clears it), so an action that
    /// changes nothing on the board (a job started, a stage of an answer,
    /// a hover in a side panel) does not paint it again in its task.
    drawn: Option<Scene>,
}

impl BoardCanvas {
    fn show(&mut self, scene: Scene) {
        if self.drawn.as_ref() != Some(&scene) {
            super::canvas::render(&self.ctx, &scene, self.dpr);
            self.drawn = Some(scene);
        }
    }
}

/// The page's one owner of the session and the browser plumbing.
pub(crate) struct Shell {
    session: RefCell<Session>,
    /// Actions waiting while one is applied (an effect or a worker reply
    /// may ask for another).
    queue: RefCell<VecDeque<Action>>,
    applying: Cell<bool>,
    view: RwSignal<PageView>,
    board: RefCell<Option<BoardCanvas>>,
    engine: RefCell<EngineWorkers>,
    animating: Cell<bool>,
    /// Whether the last board key changed anything (then the browser's
    /// default for it is prevented).
    key_used: Cell<bool>,
    /// The engine opponent's pending turn.
    engine_turn: RefCell<Option<TimeoutHandle>>,
    /// How long the last analysis took (ms), for the value card.
    last_ms: RwSignal<Option<f64>>,
    /// Seconds since the running analysis started (ticks while it runs).
    computing_s: RwSignal<u32>,
    /// The person is typing in the position box: a new drawing text does
    /// not overwrite what they type.
    typing: Cell<bool>,
    /// How much of the page is mounted ([`StartupStep`]): the board first, the
    /// side panels in later tasks, so no task of start-up is long.
    stage: RwSignal<StartupStep>,
}

/// The steps of start-up, each in its own task (issue 26: opening the
/// page or a link blocks the main thread for no task over 100 ms): the
/// board and its toolbars first, then the other regions a few at a time,
/// in the order they stand on the page. Building a region's elements is
/// most of the cost, so no step holds more than a couple of cards.
type StartupStep = u8;

/// The board's toolbars and the quantum views beside it (hidden until
/// quantum rules are picked): built in the task after the board's.
pub(crate) const AROUND_BOARD_STAGE: StartupStep = 1;

/// Reading the dismissed intro touches local storage (slow the first
/// time): done in the task that mounts the intro.
const INTRO_STAGE: StartupStep = 2;

/// The second and last thirds of the preset gallery (the first comes
/// with the presets card, step 8).
pub(crate) const GALLERY_LATER: [StartupStep; 2] = [9, 10];

/// The last step: then the canvas says `data-ready="true"`.
const LAST_STAGE: StartupStep = 11;

/// Whether start-up has reached step `k`: a memo, so a view behind it
/// (`move || at.get().then(|| view! {…})`) is built once, when its step
/// comes.
pub(crate) fn mounted(k: StartupStep) -> Memo<bool> {
    let stage = shell().stage;
    Memo::new(move |_| stage.get() >= k)
}

thread_local! {
    static SHELL: RefCell<Option<Rc<Shell>>> = const { RefCell::new(None) };
}

fn shell() -> Rc<Shell> {
    SHELL.with(|s| s.borrow().clone().expect("the app is started"))
}

/// A named moment in the page's performance timeline.
fn mark(name: &str) {
    if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
        let _ = p.mark(name);
    }
}

/// Milliseconds since the page loaded.
pub(crate) fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

/// The page view signal (read by every region).
pub(crate) fn page() -> RwSignal<PageView> {
    shell().view
}

/// A part of the page view that re-renders only when it changes.
pub(crate) fn part<T>(f: impl Fn(&PageView) -> T + Send + Sync + 'static) -> Memo<T>
where
    T: PartialEq + Clone + Send + Sync + 'static,
{
    let view = page();
    Memo::new(move |_| view.with(&f))
}

/// The message at `place`, if any.
pub(crate) fn notice_at(place: Place) -> Memo<Option<Notice>> {
    part(move |v| v.notice(place).cloned())
}

/// Apply `action` (now, or after the one being applied).
pub(crate) fn dispatch(action: Action) {
    let s = shell();
    s.queue.borrow_mut().push_back(action);
    if s.applying.replace(true) {
        return;
    }
    loop {
        let next = s.queue.borrow_mut().pop_front();
        let Some(a) = next else { break };
        s.apply(a);
    }
    s.applying.set(false);
}

/// Whether the last board key was used by the board.
pub(crate) fn key_used() -> bool {
    shell().key_used.get()
}

pub(crate) fn set_typing(on: bool) {
    shell().typing.set(on);
}

pub(crate) fn typing() -> bool {
    shell().typing.get()
}

/// Actions that say nothing about the text box (the drawing's text may
/// refill it only when the person is not typing there).
fn leaves_typing(a: &Action) -> bool {
    matches!(
        a,
        Action::SetText(_)
            | Action::Hover { .. }
            | Action::PointerLeave
            | Action::JobStarted { .. }
            | Action::JobDone(_)
            | Action::TimedOut { .. }
            | Action::Resize { .. }
            | Action::HoverLabel(_)
            | Action::HoverRealisation(_)
    )
}

impl Shell {
    fn apply(&self, action: Action) {
        let now = now_ms();
        if !leaves_typing(&action) {
            self.typing.set(false);
        }
        let analysis_done = matches!(
            &action,
            Action::JobDone(r) if matches!(r.result, Ok(JobAnswer::Analysis { .. }))
        );
        let engine_poke = analysis_done || matches!(action, Action::SetController { .. });
        let is_key = matches!(action, Action::BoardKey { .. });
        let before = is_key.then(|| self.session.borrow().scene(now));
        let result = self.session.borrow_mut().dispatch(action, now);
        let effects = result.unwrap_or_default();
        let view = self.session.borrow().page_view();
        if is_key {
            let changed = self.view.with_untracked(|v| *v != view)
                || before.as_ref() != Some(&self.session.borrow().scene(now));
            self.key_used.set(changed);
        }
        if self.view.with_untracked(|v| *v != view) {
            self.view.set(view);
        }
        for e in effects {
            effects::carry_out(self, e);
        }
        self.draw(now);
        self.sync_jobs(now);
        if engine_poke {
            self.schedule_engine_turn();
        }
    }

    /// Send the jobs the session wants and stop those it no longer does.
    fn sync_jobs(&self, now: f64) {
        let wanted = self.session.borrow_mut().wanted_jobs();
        let (started, failed) = self.engine.borrow_mut().sync(&wanted, now);
        let mut q = self.queue.borrow_mut();
        for job in started {
            if job.lane() == Lane::Analysis {
                self.computing_s.set(0);
            }
            q.push_back(Action::JobStarted { job });
        }
        for e in failed {
            q.push_back(event_action(e));
        }
    }

    /// The engine opponent moves after a short pause once an answer is on
    /// hand (the session decides whether it is its turn and which move).
    fn schedule_engine_turn(&self) {
        if let Some(t) = self.engine_turn.borrow_mut().take() {
            t.clear();
        }
        let engine_plays = self.view.with_untracked(|v| {
            v.mode == Mode::Play
                && (v.play.left == Controller::Engine || v.play.right == Controller::Engine)
        });
        if !engine_plays {
            return;
        }
        let handle = set_timeout_with_handle(
            || {
                dispatch(Action::EngineMove {
                    random: random_u32(),
                })
            },
            Duration::from_millis(ENGINE_PAUSE_MS),
        )
        .ok();
        *self.engine_turn.borrow_mut() = handle;
    }

    /// Draw the board; keep drawing each frame while something falls.
    fn draw(&self, now: f64) {
        if let Some(b) = self.board.borrow_mut().as_mut() {
            b.show(self.session.borrow().scene(now));
        }
        if !self.animating.get() && self.session.borrow().animating(now) {
            self.animating.set(true);
            request_animation_frame(frame);
        }
    }

    /// The canvas's CSS size (and pixel ratio) changed.
    fn resize(&self, width: f64, height: f64) {
        let dpr = web_sys::window()
            .map(|w| w.device_pixel_ratio())
            .filter(|d| d.is_finite() && *d > 0.0)
            .unwrap_or(1.0);
        let (width, height) = (width.max(1.0), height.max(1.0));
        if let Some(b) = self.board.borrow_mut().as_mut() {
            b.dpr = dpr;
            b.canvas.set_width((width * dpr).round() as u32);
            b.canvas.set_height((height * dpr).round() as u32);
            b.drawn = None;
        }
        dispatch(Action::Resize { width, height });
    }
}

fn frame() {
    let s = shell();
    let now = now_ms();
    if let Some(b) = s.board.borrow_mut().as_mut() {
        b.show(s.session.borrow().scene(now));
    }
    if s.session.borrow().animating(now) {
        request_animation_frame(frame);
    } else {
        s.animating.set(false);
    }
}

fn event_action(e: Event) -> Action {
    match e {
        Event::Reply(reply, _) => Action::JobDone(reply),
        Event::TimedOut(job, seconds) => Action::TimedOut { job, seconds },
        Event::Stage(job, stage) => Action::JobStage { job, stage },
    }
}

/// A worker of `lane` posted `data` (a reply, or a crash report).
pub(crate) fn engine_message(lane: Lane, data: JsValue) {
    let s = shell();
    let event = s.engine.borrow_mut().receive(lane, data, now_ms());
    if let Some(e) = event {
        if let (Event::Reply(_, ms), Lane::Analysis) = (&e, lane) {
            s.last_ms.set(Some(*ms));
        }
        dispatch(event_action(e));
    }
}

/// The time limit of job `id` on `lane` ran out.
pub(crate) fn engine_timed_out(lane: Lane, id: u32) {
    let s = shell();
    let event = s.engine.borrow_mut().time_out(lane, id);
    if let Some(e) = event {
        dispatch(event_action(e));
    }
}

/// The job running on `lane`, if any, for how long (seconds).
pub(crate) fn computing_seconds() -> RwSignal<u32> {
    shell().computing_s
}

pub(crate) fn last_ms() -> RwSignal<Option<f64>> {
    shell().last_ms
}

fn random_u32() -> u32 {
    let mut b = [0u8; 4];
    let ok = web_sys::window()
        .and_then(|w| w.crypto().ok())
        .and_then(|c| c.get_random_values_with_u8_array(&mut b).ok())
        .is_some();
    if ok {
        u32::from_le_bytes(b)
    } else {
        (js_sys::Math::random() * f64::from(u32::MAX)) as u32
    }
}

/// Attach the board's canvas (once it is in the document).
pub(crate) fn attach_canvas(canvas: HtmlCanvasElement) {
    let s = shell();
    let Some(ctx) = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
    else {
        return;
    };
    let (w, h) = (
        f64::from(canvas.client_width()),
        f64::from(canvas.client_height()),
    );
    *s.board.borrow_mut() = Some(BoardCanvas {
        canvas: canvas.clone(),
        ctx,
        dpr: 1.0,
        drawn: None,
    });
    s.resize(w, h);
    let observer = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
        let Some(e) = entries
            .get(0)
            .dyn_into::<web_sys::ResizeObserverEntry>()
            .ok()
        else {
            return;
        };
        let r = e.content_rect();
        shell().resize(r.width(), r.height());
    });
    if let Ok(ro) = web_sys::ResizeObserver::new(observer.as_ref().unchecked_ref()) {
        ro.observe(&canvas);
    }
    observer.forget();
    // A 2D context the browser lost (a GPU reset, a tab long in the
    // background) comes back blank: the board is painted again though its
    // scene has not changed.
    let restored = Closure::<dyn FnMut()>::new(move || {
        let s = shell();
        if let Some(b) = s.board.borrow_mut().as_mut() {
            b.drawn = None;
        }
        s.draw(now_ms());
    });
    let _ = canvas
        .add_event_listener_with_callback("contextrestored", restored.as_ref().unchecked_ref());
    restored.forget();
    mark_ready();
}

/// Once the canvas is attached and every part of the page is mounted,
/// the canvas says so (`data-ready="true"`, which tests wait for).
fn mark_ready() {
    let s = shell();
    if s.stage.get_untracked() != LAST_STAGE {
        return;
    }
    if let Some(b) = s.board.borrow().as_ref() {
        let _ = b.canvas.set_attribute("data-ready", "true");
    };
}

/// Mount the rest of the page, one [`StartupStep`] per task after this one
/// (each stage's regions mount in the microtasks of its task).
fn mount_later() {
    set_timeout(
        || {
            let s = shell();
            let next = s.stage.get_untracked() + 1;
            if next > LAST_STAGE {
                return;
            }
            if next == INTRO_STAGE {
                effects::restore_intro();
            }
            s.stage.set(next);
            // Named in the page's performance timeline, so a long task of
            // start-up says which step it was.
            mark(&format!("startup step {next}"));
            mount_stage(next);
            if next == LAST_STAGE {
                mark_ready();
            } else {
                mount_later();
            }
        },
        Duration::ZERO,
    );
}

/// Mount step `k`'s regions at the end of the side column (or, last, the
/// dialogs after the page). Each is built once and never rebuilt, so only
/// its build code is in the bundle (a reactive `Show` or `Option` view
/// around each region would add rebuild code for every region: a tenth of
/// the bundle).
fn mount_stage(k: StartupStep) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let element = |id: &str| {
        document
            .get_element_by_id(id)
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    };
    let (Some(side), Some(root)) = (element("side"), element("app")) else {
        return;
    };
    use leptos::mount::mount_to;
    match k {
        // The rules come above the value, in a slot kept for them: a
        // lecturer picking a flavour and then a width would otherwise see
        // the pickers move between the two clicks, as "Computing…"
        // replaced a long answer above them (and back when it came).
        INTRO_STAGE => mount_to(side, || {
            view! {
                <help::Intro/>
                <puzzle::PuzzleRegion/>
                <div id="rules-slot" class="slot"></div>
                <value::ValueRegion/>
            }
        })
        .forget(),
        3 => {
            if let Some(slot) = element("rules-slot") {
                mount_to(slot, rules::RulesRegion).forget();
            }
            mount_to(side, teach::PresenterPanel).forget();
        }
        4 => mount_to(
            side,
            || view! { <history::HistoryRegion/> <text::PositionBox/> },
        )
        .forget(),
        5 => mount_to(side, deck::DeckRegion).forget(),
        6 => mount_to(side, share::ShareRegion).forget(),
        7 => mount_to(side, teach::TeachRegion).forget(),
        8 => mount_to(side, text::Presets).forget(),
        LAST_STAGE => {
            mount_to(side, || {
                view! {
                    <help::Legend/>
                    <footer>
                        <p>
                            "Engine " <span id="version">"v" {env!("CARGO_PKG_VERSION")}</span>
                            ". All computation runs in your browser, in a worker. Press ? for keyboard shortcuts."
                        </p>
                    </footer>
                }
            })
            .forget();
            mount_to(root, || {
                view! {
                    <help::Shortcuts/>
                    <quantum::ZoomDialog/>
                    <share::QrDialog/>
                }
            })
            .forget();
        }
        _ => {}
    }
}

/// Mount the app into `<div id="app">` and open the link in the address
/// bar, if any.
#[wasm_bindgen]
pub fn start(spare: Option<web_sys::Worker>) -> Result<(), JsValue> {
    console_error_panic_hook::set_once();
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    let root: web_sys::HtmlElement = document
        .get_element_by_id("app")
        .ok_or("no element #app")?
        .dyn_into()?;
    let owner = Rc::new(Shell {
        session: RefCell::new(Session::new(800.0, 480.0)),
        queue: RefCell::new(VecDeque::new()),
        applying: Cell::new(false),
        view: RwSignal::new(PageView::default()),
        board: RefCell::new(None),
        engine: RefCell::new(EngineWorkers::new(spare)),
        animating: Cell::new(false),
        key_used: Cell::new(false),
        engine_turn: RefCell::new(None),
        last_ms: RwSignal::new(None),
        computing_s: RwSignal::new(0),
        typing: Cell::new(false),
        stage: RwSignal::new(0),
    });
    // Links the page makes (Copy link, QR codes) point at this page.
    let href = window.location().href().unwrap_or_default();
    owner.session.borrow_mut().set_base_url(&href);
    let first = owner.session.borrow().page_view();
    owner.view.set(first);
    SHELL.with(|s| *s.borrow_mut() = Some(owner));
    // Read before the first action: every action may put the state's own
    // link in the address bar.
    let hash = window.location().hash().unwrap_or_default();
    if hash.len() > 1 {
        dispatch(Action::OpenLink(hash[1..].to_string()));
    }
    root.set_inner_html("");
    leptos::mount::mount_to(root, App).forget();
    effects::listen_to_window();
    mount_later();
    // The value card counts the seconds of a long analysis.
    let _ = set_interval_with_handle(
        || {
            let s = shell();
            if s.engine
                .borrow()
                .running_for(Lane::Analysis, now_ms())
                .is_some()
            {
                s.computing_s.update(|n| *n += 1);
            }
        },
        Duration::from_secs(1),
    );
    Ok(())
}

/// `"true"` or `"false"`, for ARIA states.
pub(crate) fn tf(b: bool) -> &'static str {
    if b {
        "true"
    } else {
        "false"
    }
}

/// A notice as a paragraph (an alert for errors), hidden when empty.
#[component]
pub(crate) fn NoticeLine(place: Place, #[prop(into)] id: String) -> impl IntoView {
    let n = notice_at(place);
    view! {
        <p
            id=id
            class=move || if n.with(|n| n.as_ref().is_some_and(|n| n.error)) { "error" } else { "note" }
            role=move || if n.with(|n| n.as_ref().is_some_and(|n| n.error)) { "alert" } else { "status" }
            hidden=move || n.with(|n| n.is_none())
        >
            {move || n.with(|n| n.as_ref().map(|n| n.text.clone()).unwrap_or_default())}
        </p>
    }
}

/// Words that name a gesture, in two versions: for a mouse ("click",
/// "hover") and for a touch screen ("tap"). The style sheet shows one by
/// the device's primary pointer (`hover: none` is a touch screen), so a
/// phone's help never asks for a hover it cannot do; the other is not
/// displayed, so a screen reader reads one too.
#[component]
pub(crate) fn ByPointer(mouse: &'static str, touch: &'static str) -> impl IntoView {
    view! {
        <span class="by-mouse">{mouse}</span>
        <span class="by-touch">{touch}</span>
    }
}

/// Back to the top of the page, where the board and its caption or
/// question are (presenting begins there, and so does each puzzle of a set).
fn scroll_to_top() {
    if let Some(w) = web_sys::window() {
        w.scroll_to_with_x_and_y(0.0, 0.0);
    }
}

/// The whole page.
#[component]
fn App() -> impl IntoView {
    let presenting = part(|v| v.presenting);
    let quantum = part(|v| v.quantum.is_some());
    let puzzle = part(|v| v.puzzle.is_some());
    let editing = part(|v| v.mode == Mode::Edit);
    // The board's height to fit its drawing in Play, in whole pixels (so
    // the memo changes only when the height does); `None` in Edit.
    let fit_height = part(|v| v.board.fit_height.map(|h| h.round() as i32));
    let panel = part(|v| v.presenter_panel);
    let quantum_mounted = mounted(AROUND_BOARD_STAGE);
    // The body's classes follow the view (presenter layout, quantum
    // columns, puzzle layout on phones).
    Effect::new(move |_| {
        if let Some(body) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.body())
        {
            let list = body.class_list();
            let on = presenting.get();
            // Presenting starts at the top: the board and the caption.
            if on && !list.contains("presenting") {
                scroll_to_top();
            }
            let _ = list.toggle_with_force("presenting", on);
            let _ = list.toggle_with_force("quantum", quantum.get());
            let _ = list.toggle_with_force("puzzle", puzzle.get());
            // A phone's editing tools follow the board in Edit (style.css).
            let _ = list.toggle_with_force("editing", editing.get());
            // A phone's board in Play is as tall as its drawing needs
            // (style.css).
            let fit = fit_height.get();
            let _ = list.toggle_with_force("fitted", fit.is_some());
            let style = body.style();
            let _ = match fit {
                Some(px) => style.set_property("--board-fit-h", &format!("{px}px")),
                None => style.remove_property("--board-fit-h").map(|_| ()),
            };
            let p = panel.get();
            let _ = list.toggle_with_force("panel-explorer", p == PresenterPanel::Explorer);
            let _ = list.toggle_with_force("panel-matrix", p == PresenterPanel::Matrix);
        }
    });
    view! {
        <main class="layout">
            <board::BoardRegion/>
            <div class="beside">
            {move || quantum_mounted.get().then(|| view! { <quantum::QuantumRegion/> })}
            // The other regions are appended here, a few per task of
            // start-up (`mount_stage`).
            <div class="side" id="side">
                <header class="masthead">
                    <h1>"Hackenbush Lab"</h1>
                    <p class="lede">"Draw a Hackenbush position, see its exact value, and play it."</p>
                </header>
            </div>
            </div>
        </main>
    }
}
