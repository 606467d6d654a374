//! The position editor: a [`Drawing`] plus undoable edits, selection, the
//! current colour and tool, and a pointer state machine that turns
//! down/move/up events (already converted to layout units) into edits.
//!
//! Every change to the drawing goes through [`Editor::apply`] (or a vertex
//! drag, which records one snapshot when it ends), so every change is
//! exactly one undo step.

use crate::position::json::MAX_VERTICES;
use crate::position::{Colour, Edge, Point, TooManyEdges, GROUND};

use super::drawing::Drawing;
use super::geometry::{dist, edge_shapes};
use super::history::History;

/// How many edits can be undone.
pub const UNDO_LIMIT: usize = 500;
/// Vertices stay at least this high, so they never sit on the ground line
/// (where they would look grounded without being so).
pub const MIN_HEIGHT: f64 = 0.2;

/// One end of an edge being drawn, after snapping.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Anchor {
    /// An existing vertex (never the ground).
    Vertex(usize),
    /// The ground line, at this x.
    Ground(f64),
    /// Empty space: a new vertex goes here.
    Free(Point),
}

/// What the pointer is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    Vertex(usize),
    Edge(usize),
    Ground,
    Nothing,
}

/// The selected thing, if any (keyboard focus and the target of recolour
/// and delete).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Selection {
    #[default]
    None,
    Edge(usize),
    Vertex(usize),
}

/// What a pointer drag does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Tool {
    /// Drag to draw an edge; click empty space for a vertex; click to select.
    #[default]
    Draw,
    /// Drag a vertex (its edges follow).
    Move,
    /// Click an edge or vertex to delete it.
    Erase,
}

/// An undoable change to the drawing.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    AddVertex(Point),
    AddEdge {
        from: Anchor,
        to: Anchor,
        colour: Colour,
    },
    Recolour {
        edge: usize,
        colour: Colour,
    },
    MoveVertex {
        vertex: usize,
        to: Point,
    },
    DeleteEdge(usize),
    DeleteVertex(usize),
    /// Replace the drawing by this text notation, laid out automatically.
    SetText(String),
    /// Replace the drawing wholesale (presets, clear, loading a link).
    Replace(Drawing),
}

/// The pointer state machine.
#[derive(Clone, Debug, PartialEq)]
enum Gesture {
    Idle,
    /// Button down, not yet moved far enough to be a drag.
    Pressed {
        start: Point,
        hit: Hit,
    },
    /// Drawing a new edge from `from`; `to` follows the pointer.
    Drawing {
        from: Anchor,
        to: Point,
    },
    /// Moving `vertex`; `before` is the drawing when the drag began.
    Moving {
        vertex: usize,
        before: Box<Drawing>,
    },
}

/// The editor state.
#[derive(Clone, Debug)]
pub struct Editor {
    drawing: Drawing,
    history: History<Drawing>,
    pub colour: Colour,
    pub tool: Tool,
    selection: Selection,
    gesture: Gesture,
    revision: u64,
}

impl Default for Editor {
    fn default() -> Editor {
        Editor::new(Drawing::empty())
    }
}

impl Editor {
    pub fn new(drawing: Drawing) -> Editor {
        Editor {
            drawing,
            history: History::new(UNDO_LIMIT),
            colour: Colour::Blue,
            tool: Tool::Draw,
            selection: Selection::None,
            gesture: Gesture::Idle,
            revision: 0,
        }
    }

    pub fn drawing(&self) -> &Drawing {
        &self.drawing
    }

    pub fn selection(&self) -> Selection {
        self.selection
    }

    /// Bumped on every change to the drawing, so views know when to refresh
    /// the text box and ask for a new analysis.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    pub fn text(&self) -> String {
        self.drawing.text()
    }

    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// Apply one edit as one undo step. On error nothing changes.
    pub fn apply(&mut self, edit: Edit) -> Result<(), String> {
        self.finish_gesture();
        let mut next = self.drawing.clone();
        let selection = edit_drawing(&mut next, edit)?;
        if next == self.drawing {
            return Ok(());
        }
        let before = std::mem::replace(&mut self.drawing, next);
        self.history.record(before);
        self.selection = selection;
        self.revision += 1;
        Ok(())
    }

    pub fn undo(&mut self) -> bool {
        self.finish_gesture();
        match self.history.undo(self.drawing.clone()) {
            Some(d) => {
                self.restore(d);
                true
            }
            None => false,
        }
    }

    pub fn redo(&mut self) -> bool {
        self.finish_gesture();
        match self.history.redo(self.drawing.clone()) {
            Some(d) => {
                self.restore(d);
                true
            }
            None => false,
        }
    }

    fn restore(&mut self, d: Drawing) {
        self.drawing = d;
        self.selection = Selection::None;
        self.revision += 1;
    }

    /// Apply text from the text box. Text naming the position already drawn
    /// (up to vertex names) keeps the hand-made layout: retyping must not
    /// scramble a drawing.
    pub fn set_text(&mut self, text: &str) -> Result<(), String> {
        let parsed = Drawing::from_text(text)?;
        if parsed.position().normalized() == self.drawing.position().normalized() {
            return Ok(());
        }
        self.apply(Edit::Replace(parsed))
    }

    /// Set the current colour; a selected edge is recoloured too (the b/r/g/x
    /// keys and the toolbar both land here).
    pub fn choose_colour(&mut self, colour: Colour) -> Result<(), String> {
        self.colour = colour;
        if let Selection::Edge(edge) = self.selection {
            self.apply(Edit::Recolour { edge, colour })?;
            self.selection = Selection::Edge(edge);
        }
        Ok(())
    }

    /// Delete whatever is selected.
    pub fn delete_selection(&mut self) -> Result<(), String> {
        match self.selection {
            Selection::Edge(e) => self.apply(Edit::DeleteEdge(e)),
            Selection::Vertex(v) => self.apply(Edit::DeleteVertex(v)),
            Selection::None => Ok(()),
        }
    }

    pub fn select(&mut self, selection: Selection) {
        self.selection = match selection {
            Selection::Edge(e) if e < self.drawing.edges.len() => selection,
            Selection::Vertex(v) if v != GROUND && v < self.drawing.points.len() => selection,
            _ => Selection::None,
        };
    }

    /// Move the edge selection by `step` (Tab / arrow keys), wrapping.
    pub fn select_step(&mut self, step: i32) {
        self.selection = step_edge(self.selection, step, self.drawing.edges.len());
    }

    // ---------- hit-testing ----------

    /// What lies under `pt` within `radius` (layout units; the web layer
    /// passes 22 px, half a 44 px touch target). Vertices win over edges
    /// (they sit on edge ends), edges over the ground.
    pub fn hit(&self, pt: Point, radius: f64) -> Hit {
        hit_test(&self.drawing, pt, radius)
    }

    /// Where an edge end dropped at `pt` attaches.
    pub fn snap(&self, pt: Point, radius: f64) -> Anchor {
        snap(&self.drawing, pt, radius)
    }

    // ---------- pointer state machine ----------

    pub fn pointer_down(&mut self, pt: Point, radius: f64) {
        self.finish_gesture();
        let hit = self.hit(pt, radius);
        if self.tool == Tool::Move {
            if let Hit::Vertex(vertex) = hit {
                self.selection = Selection::Vertex(vertex);
                self.gesture = Gesture::Moving {
                    vertex,
                    before: Box::new(self.drawing.clone()),
                };
                return;
            }
        }
        self.gesture = Gesture::Pressed { start: pt, hit };
    }

    pub fn pointer_move(&mut self, pt: Point, radius: f64) {
        match &self.gesture {
            // Short wobbles of a click are not drags.
            Gesture::Pressed { start, .. }
                if self.tool == Tool::Draw && dist(*start, pt) > radius / 2.0 =>
            {
                let from = self.snap(*start, radius);
                self.gesture = Gesture::Drawing { from, to: pt };
            }
            Gesture::Drawing { from, .. } => {
                self.gesture = Gesture::Drawing {
                    from: *from,
                    to: pt,
                };
            }
            Gesture::Moving { vertex, .. } => {
                let v = *vertex;
                if pt.x.is_finite() && pt.y.is_finite() {
                    self.drawing.points[v] = Point {
                        x: pt.x,
                        y: pt.y.max(MIN_HEIGHT),
                    };
                    self.revision += 1;
                }
            }
            _ => {}
        }
    }

    /// Ends the gesture; an edge refused by the model comes back as an error
    /// for the page to show.
    pub fn pointer_up(&mut self, pt: Point, radius: f64) -> Result<(), String> {
        let gesture = std::mem::replace(&mut self.gesture, Gesture::Idle);
        match gesture {
            Gesture::Idle => Ok(()),
            Gesture::Pressed { hit, .. } => self.click(hit, pt),
            Gesture::Drawing { from, .. } => {
                let to = self.snap(pt, radius);
                if same_place(&self.drawing, from, to, radius) {
                    return Ok(());
                }
                self.apply(Edit::AddEdge {
                    from,
                    to,
                    colour: self.colour,
                })
            }
            Gesture::Moving { before, .. } => {
                if *before != self.drawing {
                    self.history.record(*before);
                }
                Ok(())
            }
        }
    }

    /// Abandon a gesture (pointer cancelled, Escape): a half-done vertex
    /// move is put back.
    pub fn pointer_cancel(&mut self) {
        if let Gesture::Moving { before, .. } = std::mem::replace(&mut self.gesture, Gesture::Idle)
        {
            if *before != self.drawing {
                self.drawing = *before;
                self.revision += 1;
            }
        }
    }

    /// A gesture still open when something else happens is completed first,
    /// so a vertex drag is never lost from history.
    fn finish_gesture(&mut self) {
        if let Gesture::Moving { before, .. } = std::mem::replace(&mut self.gesture, Gesture::Idle)
        {
            if *before != self.drawing {
                self.history.record(*before);
            }
        }
    }

    fn click(&mut self, hit: Hit, pt: Point) -> Result<(), String> {
        match (self.tool, hit) {
            (Tool::Erase, Hit::Edge(e)) => self.apply(Edit::DeleteEdge(e)),
            (Tool::Erase, Hit::Vertex(v)) => self.apply(Edit::DeleteVertex(v)),
            (_, Hit::Edge(e)) => {
                self.selection = Selection::Edge(e);
                Ok(())
            }
            (_, Hit::Vertex(v)) => {
                self.selection = Selection::Vertex(v);
                Ok(())
            }
            (Tool::Draw, Hit::Nothing) => self.apply(Edit::AddVertex(pt)),
            _ => {
                self.selection = Selection::None;
                Ok(())
            }
        }
    }

    /// The edge being drawn, for the renderer: its start, the pointer, and
    /// where it would attach if released now.
    pub fn rubber_band(&self, radius: f64) -> Option<(Point, Point, Anchor)> {
        match &self.gesture {
            Gesture::Drawing { from, to } => {
                let start = anchor_point(&self.drawing, *from);
                let target = self.snap(*to, radius);
                Some((start, anchor_point(&self.drawing, target), target))
            }
            _ => None,
        }
    }

    /// Is a gesture under way (the page then captures the pointer)?
    pub fn busy(&self) -> bool {
        self.gesture != Gesture::Idle
    }
}

/// Cycle an edge selection among `n` edges.
pub fn step_edge(selection: Selection, step: i32, n: usize) -> Selection {
    if n == 0 {
        return Selection::None;
    }
    let n = n as i64;
    let next = match selection {
        Selection::Edge(e) => (e as i64 + step as i64).rem_euclid(n),
        _ if step >= 0 => 0,
        _ => n - 1,
    };
    Selection::Edge(next as usize)
}

pub fn hit_test(d: &Drawing, pt: Point, radius: f64) -> Hit {
    let nearest_vertex = d
        .points
        .iter()
        .enumerate()
        .skip(1)
        .map(|(v, p)| (v, dist(*p, pt)))
        .filter(|&(_, r)| r <= radius)
        .min_by(|a, b| a.1.total_cmp(&b.1));
    if let Some((v, _)) = nearest_vertex {
        return Hit::Vertex(v);
    }
    if let Some(e) = edge_at(d, pt, radius) {
        return Hit::Edge(e);
    }
    if pt.y <= radius {
        Hit::Ground
    } else {
        Hit::Nothing
    }
}

/// The edge nearest `pt` within `radius`, vertices ignored: in play only
/// edges can be cut, so a click near an edge's end still cuts it.
pub fn edge_at(d: &Drawing, pt: Point, radius: f64) -> Option<usize> {
    edge_shapes(d)
        .iter()
        .enumerate()
        .map(|(i, s)| (i, s.distance(pt)))
        .filter(|&(_, r)| r <= radius)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(e, _)| e)
}

pub fn snap(d: &Drawing, pt: Point, radius: f64) -> Anchor {
    match hit_test(d, pt, radius) {
        Hit::Vertex(v) => Anchor::Vertex(v),
        // Nothing may be drawn below the ground: low points snap onto it.
        _ if pt.y <= radius => Anchor::Ground(pt.x),
        _ => Anchor::Free(pt),
    }
}

/// Where an anchor is drawn.
pub fn anchor_point(d: &Drawing, a: Anchor) -> Point {
    match a {
        Anchor::Vertex(v) => d.points[v],
        Anchor::Ground(x) => Point { x, y: 0.0 },
        Anchor::Free(p) => p,
    }
}

/// A drag that ends where it began draws nothing.
fn same_place(d: &Drawing, a: Anchor, b: Anchor, radius: f64) -> bool {
    match (a, b) {
        (Anchor::Vertex(u), Anchor::Vertex(v)) => u == v,
        (Anchor::Ground(_), Anchor::Ground(_)) => true,
        _ => dist(anchor_point(d, a), anchor_point(d, b)) <= radius / 2.0,
    }
}

/// Apply `edit` to `d`; returns the selection afterwards.
fn edit_drawing(d: &mut Drawing, edit: Edit) -> Result<Selection, String> {
    match edit {
        Edit::AddVertex(p) => {
            let v = add_vertex(d, p)?;
            Ok(Selection::Vertex(v))
        }
        Edit::AddEdge { from, to, colour } => {
            // Refused before anything changes: the drawing must stay a
            // position (edge sets hold 128 edges).
            TooManyEdges::check(d.edges.len() + 1).map_err(|e| e.to_string())?;
            if matches!(from, Anchor::Ground(_)) && matches!(to, Anchor::Ground(_)) {
                return Err("an edge needs at least one end above the ground".into());
            }
            let u = resolve(d, from)?;
            let v = resolve(d, to)?;
            // Store grounded edges ground-first and others bottom-up, the
            // orientation the notation printer recognises as stalks.
            let (u, v) = if v == GROUND || (u != GROUND && d.points[v].y < d.points[u].y) {
                (v, u)
            } else {
                (u, v)
            };
            d.edges.push(Edge { u, v, colour });
            // Not selected: the next colour chosen is for the pen, and
            // must not recolour the edge just drawn.
            Ok(Selection::None)
        }
        Edit::Recolour { edge, colour } => {
            let e = d
                .edges
                .get_mut(edge)
                .ok_or_else(|| format!("there is no edge {}", edge + 1))?;
            e.colour = colour;
            Ok(Selection::Edge(edge))
        }
        Edit::MoveVertex { vertex, to } => {
            if vertex == GROUND {
                return Err("the ground cannot be moved".into());
            }
            check_point(to)?;
            let p = d
                .points
                .get_mut(vertex)
                .ok_or_else(|| format!("there is no vertex {vertex}"))?;
            *p = Point {
                x: to.x,
                y: to.y.max(MIN_HEIGHT),
            };
            Ok(Selection::Vertex(vertex))
        }
        Edit::DeleteEdge(edge) => {
            if edge >= d.edges.len() {
                return Err(format!("there is no edge {}", edge + 1));
            }
            let gone = d.edges.remove(edge);
            // A vertex left without edges is a stray dot: it goes too.
            prune_isolated(d, &[gone.u, gone.v]);
            Ok(Selection::None)
        }
        Edit::DeleteVertex(vertex) => {
            if vertex == GROUND {
                return Err("the ground cannot be deleted".into());
            }
            if vertex >= d.points.len() {
                return Err(format!("there is no vertex {vertex}"));
            }
            let neighbours: Vec<usize> = d
                .edges
                .iter()
                .filter(|e| e.u == vertex || e.v == vertex)
                .flat_map(|e| [e.u, e.v])
                .filter(|&w| w != vertex)
                .collect();
            d.edges.retain(|e| e.u != vertex && e.v != vertex);
            remove_vertex(d, vertex);
            let neighbours: Vec<usize> = neighbours
                .into_iter()
                .map(|w| if w > vertex { w - 1 } else { w })
                .collect();
            prune_isolated(d, &neighbours);
            Ok(Selection::None)
        }
        Edit::SetText(text) => {
            *d = Drawing::from_text(&text)?;
            Ok(Selection::None)
        }
        Edit::Replace(drawing) => {
            // Replacements may come from outside (links): check them.
            drawing.check()?;
            *d = drawing;
            Ok(Selection::None)
        }
    }
}

/// Remove vertex `v` (no edge may still use it), renumbering the rest.
fn remove_vertex(d: &mut Drawing, v: usize) {
    d.points.remove(v);
    for e in &mut d.edges {
        if e.u > v {
            e.u -= 1;
        }
        if e.v > v {
            e.v -= 1;
        }
    }
}

/// Remove those of `candidates` (not the ground) that no edge touches.
fn prune_isolated(d: &mut Drawing, candidates: &[usize]) {
    let mut lonely: Vec<usize> = candidates
        .iter()
        .copied()
        .filter(|&v| v != GROUND && v < d.points.len())
        .filter(|&v| !d.edges.iter().any(|e| e.u == v || e.v == v))
        .collect();
    lonely.sort_unstable();
    lonely.dedup();
    // Highest first, so the lower numbers stay valid.
    for v in lonely.into_iter().rev() {
        remove_vertex(d, v);
    }
}

fn check_point(p: Point) -> Result<(), String> {
    if p.x.is_finite() && p.y.is_finite() {
        Ok(())
    } else {
        Err("a vertex needs finite coordinates".into())
    }
}

fn add_vertex(d: &mut Drawing, p: Point) -> Result<usize, String> {
    check_point(p)?;
    if d.points.len() >= MAX_VERTICES {
        return Err(format!(
            "a drawing may have at most {MAX_VERTICES} vertices"
        ));
    }
    d.points.push(Point {
        x: p.x,
        y: p.y.max(MIN_HEIGHT),
    });
    Ok(d.points.len() - 1)
}

fn resolve(d: &mut Drawing, a: Anchor) -> Result<usize, String> {
    match a {
        Anchor::Vertex(v) if v != GROUND && v < d.points.len() => Ok(v),
        Anchor::Vertex(v) => Err(format!("there is no vertex {v}")),
        Anchor::Ground(_) => Ok(GROUND),
        Anchor::Free(p) => add_vertex(d, p),
    }
}
