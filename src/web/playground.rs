//! The `Playground` class the page creates: it owns a [`Session`] and a
//! canvas, forwards pointer and key events (in CSS pixels) and redraws.
//! Errors come back as strings ("" for none) for the page to show with
//! textContent. Values are never computed here: the page sends
//! [`Playground::analysis_request`] to the engine worker and hands the
//! answer to [`Playground::set_report`].

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use crate::analysis::{Answer, Request, Rules, RulesParts};
use crate::position::Colour;
use crate::rules::Player;
use crate::ui::answer_view;
use crate::ui::editor::Tool;
use crate::ui::gallery;
use crate::ui::opponent::Controller;
use crate::ui::scene;
use crate::ui::session::{Mode, Session};

fn err_text(r: Result<(), String>) -> String {
    r.err().unwrap_or_default()
}

#[wasm_bindgen]
pub struct Playground {
    session: Session,
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    dpr: f64,
}

#[wasm_bindgen]
impl Playground {
    /// Attach to the canvas with id `canvas_id`.
    #[wasm_bindgen(constructor)]
    pub fn new(canvas_id: &str) -> Result<Playground, JsValue> {
        console_error_panic_hook::set_once();
        let window = web_sys::window().ok_or("no window")?;
        let document = window.document().ok_or("no document")?;
        let canvas: HtmlCanvasElement = document
            .get_element_by_id(canvas_id)
            .ok_or_else(|| format!("no element #{canvas_id}"))?
            .dyn_into()
            .map_err(|_| format!("#{canvas_id} is not a canvas"))?;
        let ctx: CanvasRenderingContext2d = canvas
            .get_context("2d")?
            .ok_or("no 2d context")?
            .dyn_into()
            .map_err(|_| "not a 2d context")?;
        let (w, h) = (canvas.client_width() as f64, canvas.client_height() as f64);
        let mut p = Playground {
            session: Session::new(w.max(1.0), h.max(1.0)),
            canvas,
            ctx,
            dpr: window.device_pixel_ratio().max(1.0),
        };
        p.resize(w, h, p.dpr);
        Ok(p)
    }

    /// The canvas's CSS size changed (or the pixel ratio did).
    pub fn resize(&mut self, width: f64, height: f64, dpr: f64) {
        let (width, height) = (width.max(1.0), height.max(1.0));
        self.dpr = if dpr.is_finite() && dpr > 0.0 {
            dpr
        } else {
            1.0
        };
        self.canvas.set_width((width * self.dpr).round() as u32);
        self.canvas.set_height((height * self.dpr).round() as u32);
        self.session.viewport.resize(width, height);
        self.session.fit();
    }

    pub fn render(&self, now: f64) {
        super::canvas::render(&self.ctx, &self.session.scene(now), self.dpr);
    }

    pub fn animating(&self, now: f64) -> bool {
        self.session.animating(now)
    }

    pub fn pointer_down(&mut self, x: f64, y: f64) {
        self.session.pointer_down(x, y);
    }

    pub fn pointer_move(&mut self, x: f64, y: f64) {
        self.session.pointer_move(x, y);
    }

    pub fn pointer_up(&mut self, x: f64, y: f64, now: f64) -> String {
        err_text(self.session.pointer_up(x, y, now))
    }

    pub fn pointer_cancel(&mut self) {
        self.session.pointer_cancel();
    }

    /// Returns "used", "" (not used: let the browser have it) or an error
    /// prefixed with "error: ".
    pub fn key(&mut self, key: &str, ctrl: bool, shift: bool, now: f64) -> String {
        match self.session.key(key, ctrl, shift, now) {
            Ok(true) => "used".into(),
            Ok(false) => String::new(),
            Err(e) => format!("error: {e}"),
        }
    }

    pub fn set_text(&mut self, text: &str) -> String {
        err_text(self.session.set_text(text))
    }

    /// `B`, `R`, `G` or `X`.
    pub fn set_colour(&mut self, letter: &str) -> String {
        match letter.chars().next().and_then(Colour::from_letter) {
            Some(c) => err_text(self.session.set_colour(c)),
            None => format!("unknown colour {letter:?}"),
        }
    }

    /// `draw`, `move` or `erase`.
    pub fn set_tool(&mut self, name: &str) {
        self.session.set_tool(match name {
            "move" => Tool::Move,
            "erase" => Tool::Erase,
            _ => Tool::Draw,
        });
    }

    pub fn undo(&mut self) {
        self.session.undo();
    }

    /// Empty the board (undoable).
    pub fn clear(&mut self) {
        self.session.clear();
    }

    pub fn redo(&mut self) {
        self.session.redo();
    }

    pub fn delete_selection(&mut self) -> String {
        err_text(self.session.delete_selection())
    }

    /// The gallery as JSON: `[{title, note, text, value, picture, form}]`
    /// (`value`: the normal-play value where the card knows it, else null;
    /// `picture`: the entry drawn as an SVG document; `form`:
    /// the parameter fields `{name, kind, min?, max?, value}`).
    pub fn presets(&self) -> String {
        let list: Vec<serde_json::Value> = gallery::ENTRIES
            .iter()
            .enumerate()
            .map(|(i, e)| {
                serde_json::json!({
                    "title": e.title,
                    "note": e.note,
                    "text": gallery::load(i).map(|d| d.text()).unwrap_or_default(),
                    "value": gallery::card_value(i),
                    "picture": gallery::card_picture(i),
                    "form": gallery::form(i),
                })
            })
            .collect();
        serde_json::Value::Array(list).to_string()
    }

    pub fn load_preset(&mut self, index: u32) -> String {
        err_text(self.session.load_preset(index as usize))
    }

    /// Gallery entry `index` from its form: `values` is a JSON array of
    /// strings, one per field. Returns "" or the error to show.
    pub fn load_preset_form(&mut self, index: u32, values: &str) -> String {
        match serde_json::from_str::<Vec<String>>(values) {
            Ok(v) => {
                let v: Vec<&str> = v.iter().map(String::as_str).collect();
                err_text(self.session.load_preset_form(index as usize, &v))
            }
            Err(_) => "the preset form sent something that is not a list of values".into(),
        }
    }

    /// The rule pickers' values (`""` for a default), parsed here once
    /// into typed rules.
    pub fn set_rules(&mut self, rules: &str, flavour: &str, width: &str, conflict: &str) -> String {
        match rules_from_pickers(rules, flavour, width, conflict) {
            Ok(r) => err_text(self.session.set_rules(r)),
            Err(e) => e.to_string(),
        }
    }

    /// `L` or `R`.
    pub fn set_first(&mut self, who: &str) {
        self.session.set_first(if who == "R" {
            Player::Right
        } else {
            Player::Left
        });
    }

    pub fn set_mode(&mut self, play: bool) {
        self.session
            .set_mode(if play { Mode::Play } else { Mode::Edit });
    }

    pub fn set_view(&mut self, hide_values: bool, colour_blind: bool) {
        self.session.view.hide_values = hide_values;
        self.session.view.colour_blind = colour_blind;
    }

    pub fn takeback(&mut self) -> bool {
        self.session.takeback()
    }

    pub fn jump(&mut self, k: u32) {
        self.session.jump(k as usize);
    }

    pub fn restart(&mut self) {
        self.session.restart();
    }

    pub fn commit(&mut self, now: f64) -> String {
        err_text(self.session.commit(now))
    }

    /// The engine request (an `analysis::Request` object: position,
    /// rules, quantum moves) or `null` when there is nothing to analyse.
    pub fn analysis_request(&mut self) -> JsValue {
        match self.session.analysis_request() {
            Some(r) => super::to_js(&r.to_request()),
            None => JsValue::NULL,
        }
    }

    /// Quantum play: whether a click picks edges for a superposed move.
    pub fn set_superpose(&mut self, on: bool) {
        self.session.superpose = on;
        self.session.game_clear_selection();
    }

    /// Highlight edge `label` on the board (0: none).
    pub fn hover(&mut self, label: i32) {
        self.session
            .set_hover((label > 0).then_some(label as usize));
    }

    /// The standing edge under canvas pixel (x, y) in play, or 0.
    pub fn label_at(&self, x: f64, y: f64) -> i32 {
        self.session.label_at(x, y).map_or(0, |l| l as i32)
    }

    /// The quantum views as JSON (`null` outside quantum play).
    pub fn views(&self) -> String {
        serde_json::to_string(&self.session.quantum_views()).unwrap_or_default()
    }

    /// Quantum play: what committing the picked (and hovered) edges would
    /// do to the realisations, as JSON (`null` when there is nothing to
    /// preview): `{labels, before, after, realisations: [{fate, merges}],
    /// merged, refused, summary}`.
    pub fn move_preview(&self) -> String {
        serde_json::to_string(&self.session.move_preview()).unwrap_or_default()
    }

    /// Highlight realisation `k` (1-based; 0: none) on the board.
    pub fn hover_realisation(&mut self, k: u32) {
        self.session
            .set_hover_realisation((k > 0).then(|| k as usize - 1));
    }

    /// Realisation `k` (1-based) as SVG at `width` × `height` CSS pixels,
    /// for the zoomed view ("" if there is none).
    pub fn realisation_svg(&self, k: u32, width: f64, height: f64) -> String {
        k.checked_sub(1)
            .and_then(|k| self.session.realisation_svg(k as usize, width, height))
            .unwrap_or_default()
    }

    /// Give the engine's answer (an `analysis::Answer` object) to
    /// `request` (the object [`Self::analysis_request`] gave). Returns the
    /// value card as JSON (`ui::answer_view::AnswerView`), or `undefined`
    /// when `request` is not the board's current one (the answer is then
    /// not shown anywhere).
    pub fn set_report(&mut self, request: JsValue, answer: JsValue) -> Option<String> {
        let req = serde_wasm_bindgen::from_value::<Request>(request).ok()?;
        let a = serde_wasm_bindgen::from_value::<Answer>(answer).ok()?;
        self.session.accept_answer(&req, &a).ok()?;
        let advice = self.session.advice_text(&a);
        let advice = match self.session.strategy_text(&a) {
            mix if mix.is_empty() => advice,
            mix => format!("{advice}\n{mix}"),
        };
        serde_json::to_string(&answer_view::view(&req, &a, advice)).ok()
    }

    /// What `request` (an `analysis::Request` object) asks, in words:
    /// `BR R · quantum, flavour C, width 3 · after 2 moves`.
    pub fn describe_request(&self, request: JsValue) -> String {
        serde_wasm_bindgen::from_value::<Request>(request)
            .map(|r| answer_view::describe(&r))
            .unwrap_or_default()
    }

    /// The rule card for the pickers' values, as a JSON array of two lines
    /// (`["", ""]` for values that do not make rules).
    pub fn rule_card(&self, rules: &str, flavour: &str, width: &str, conflict: &str) -> String {
        let card = rules_from_pickers(rules, flavour, width, conflict)
            .map(|r| answer_view::rule_card(&r))
            .unwrap_or_default();
        serde_json::to_string(&card).unwrap_or_default()
    }

    /// The caption for an exported picture (the slide's title or the
    /// position, the rules, and the value if it is the value of this very
    /// board), as one line.
    pub fn export_caption(&self) -> String {
        self.session.export_caption().to_string()
    }

    /// Is `request` (an `analysis::Request` object) the one for what the
    /// board shows now?
    pub fn is_current(&mut self, request: JsValue) -> bool {
        serde_wasm_bindgen::from_value::<Request>(request)
            .is_ok_and(|r| self.session.answers_current(&r))
    }

    /// Everything the page shows besides the canvas, as JSON.
    pub fn status(&self) -> String {
        serde_json::to_string(&self.session.status()).unwrap_or_default()
    }

    /// The share fragment (without `#`).
    pub fn link(&self) -> String {
        self.session.link()
    }

    pub fn open_link(&mut self, fragment: &str) -> String {
        err_text(self.session.open_link(fragment))
    }

    /// What to say about the link just opened ("" if nothing): a game
    /// replayed only part of the way because the rest would not fit.
    pub fn link_note(&self) -> String {
        self.session.link_note().unwrap_or_default().to_string()
    }

    /// The current rules and view, for the page's pickers, as JSON.
    pub fn settings(&self) -> String {
        let s = self.session.setup();
        let p = s.rules.parts();
        let text = |v: Option<String>| v.unwrap_or_default();
        serde_json::json!({
            "choice": {
                "rules": s.rules.kind().to_string(),
                "flavour": text(p.flavour.map(|f| f.to_string())),
                "width": text(p.width.map(|w| w.to_string())),
                "conflict": text(p.conflict.map(|c| c.to_string())),
            },
            "first": if s.first == Player::Right { "R" } else { "L" },
            "hide": self.session.view.hide_values,
            "cb": self.session.view.colour_blind,
            "play": self.session.mode == Mode::Play,
        })
        .to_string()
    }

    /// Who plays `side` (`L` or `R`): the engine (true) or a person.
    pub fn set_engine(&mut self, side: &str, engine: bool) {
        let p = if side == "R" {
            Player::Right
        } else {
            Player::Left
        };
        let c = if engine {
            Controller::Engine
        } else {
            Controller::Person
        };
        self.session.set_controller(p, c);
    }

    /// The analysis of `request` failed or was stopped: while it is the
    /// board's request, the engine will not move (the status says so).
    pub fn analysis_failed(&mut self, request: JsValue) {
        if let Ok(r) = serde_wasm_bindgen::from_value::<Request>(request) {
            // A failure for an earlier state changes nothing.
            let _ = self.session.accept_failure(&r);
        }
    }

    /// The engine's move, if it is its turn and its answer is on hand.
    /// `random` is a uniform 32-bit number (crypto), used only to sample a
    /// synchronous mixed strategy. Returns "moved", "" or an error.
    pub fn engine_move(&mut self, random: u32, now: f64) -> String {
        match self.session.engine_move(random, now) {
            Ok(true) => "moved".into(),
            Ok(false) => String::new(),
            Err(e) => format!("error: {e}"),
        }
    }

    /// Presenter mode on or off.
    pub fn set_presenting(&mut self, on: bool) {
        self.session.set_presenting(on);
    }

    /// A key pressed outside the board: presenter keys only. Returns
    /// "used", "" or an error prefixed with "error: ".
    pub fn presenter_key(&mut self, key: &str) -> String {
        match self.session.presenter_key(key) {
            Ok(true) => "used".into(),
            Ok(false) => String::new(),
            Err(e) => format!("error: {e}"),
        }
    }

    /// The board as SVG; `analysis` keeps the best-move halos.
    pub fn svg(&self, analysis: bool) -> String {
        crate::ui::svg::to_svg(&self.session.export_scene(analysis))
    }

    /// The board drawn for a PNG at `scale` device pixels per CSS pixel
    /// (at least 2), cropped to the drawing, with the halos only if
    /// `analysis`, and `caption` (e.g. [`Self::export_caption`]; "" for
    /// none) in a band below, laid out as the SVG export lays it out.
    pub fn export_canvas(
        &self,
        analysis: bool,
        caption: &str,
        scale: f64,
    ) -> Result<HtmlCanvasElement, JsValue> {
        let scale = if scale.is_finite() {
            scale.clamp(2.0, 4.0)
        } else {
            2.0
        };
        let (picture, band) = scene::with_caption(&self.session.export_scene(analysis), caption);
        let band_height = band.as_ref().map_or(0.0, |b| b.height);
        let document = web_sys::window()
            .and_then(|w| w.document())
            .ok_or("no document")?;
        let canvas: HtmlCanvasElement = document.create_element("canvas")?.dyn_into()?;
        canvas.set_width((picture.width * scale).round() as u32);
        canvas.set_height(((picture.height + band_height) * scale).round() as u32);
        let ctx: CanvasRenderingContext2d = canvas
            .get_context("2d")?
            .ok_or("no 2d context")?
            .dyn_into()?;
        super::canvas::render(&ctx, &picture, scale);
        if let Some(band) = &band {
            let _ = ctx.set_transform(scale, 0.0, 0.0, scale, 0.0, 0.0);
            ctx.set_global_alpha(1.0);
            ctx.set_fill_style_str(scene::CAPTION_BACKGROUND);
            ctx.fill_rect(0.0, band.top, picture.width, band.height);
            ctx.set_fill_style_str(scene::VERTEX);
            ctx.set_font(scene::CAPTION_FONT);
            ctx.set_text_align("left");
            ctx.set_text_baseline("middle");
            for (k, line) in band.lines.iter().enumerate() {
                let _ = ctx.fill_text_with_max_width(
                    line,
                    scene::CAPTION_PAD,
                    band.line_middle(k),
                    (picture.width - 2.0 * scene::CAPTION_PAD).max(1.0),
                );
            }
        }
        Ok(canvas)
    }

    pub fn add_slide(&mut self) {
        self.session.add_slide();
    }

    pub fn go_to_slide(&mut self, k: u32) -> String {
        err_text(self.session.go_to_slide(k as usize))
    }

    /// Title the current slide; "" or an error.
    pub fn set_slide_title(&mut self, title: &str) -> String {
        err_text(self.session.set_slide_title(title))
    }

    /// The deck's slide titles (position text for untitled ones), as JSON.
    pub fn slide_titles(&self) -> String {
        serde_json::to_string(&self.session.slide_titles()).unwrap_or_default()
    }

    pub fn move_slide(&mut self, from: u32, to: u32) -> String {
        err_text(self.session.move_slide(from as usize, to as usize))
    }

    pub fn delete_slide(&mut self, k: u32) -> String {
        err_text(self.session.delete_slide(k as usize))
    }
}

/// Typed rules from the pickers' values, `""` meaning "the default".
fn rules_from_pickers(
    rules: &str,
    flavour: &str,
    width: &str,
    conflict: &str,
) -> Result<Rules, crate::analysis::OptionError> {
    fn opt<T: std::str::FromStr>(v: &str) -> Result<Option<T>, T::Err> {
        (!v.is_empty()).then(|| v.parse()).transpose()
    }
    let kind: crate::analysis::RulesKind = rules.parse()?;
    let quantum = kind == crate::analysis::RulesKind::Quantum;
    let sync = kind == crate::analysis::RulesKind::Sync;
    // The pickers of other rulesets keep their values while hidden.
    Rules::from_parts(RulesParts {
        kind: Some(kind),
        flavour: if quantum { opt(flavour)? } else { None },
        width: if quantum { opt(width)? } else { None },
        conflict: if sync { opt(conflict)? } else { None },
        ..RulesParts::default()
    })
}
