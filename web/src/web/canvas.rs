//! Drawing the board on the canvas, and mapping pointer positions back to
//! squares. It only reads the model; it never changes it.
//!
//! The canvas is a square board with a strip below it where dice rolls are
//! animated.

use starcut::Player;
use web_sys::CanvasRenderingContext2d;

use crate::board::{piece_colours, square_fill, Board, Sq};
use crate::model::{BattleShow, Model};
use crate::protocol::GameKind;

/// Canvas size in canvas pixels (index.html sets the same).
pub const BOARD_PX: f64 = 560.0;
pub const STRIP_PX: f64 = 64.0;
/// How long a roll or a battle animates, in milliseconds.
pub const ROLL_MS: f64 = 650.0;

/// Where the board lies on the canvas: squares of one size, the board
/// centred in the square area above the strip (a 6x5 board has margins).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    pub rows: u8,
    pub cols: u8,
    pub flipped: bool,
}

impl Geometry {
    pub fn new(rows: u8, cols: u8, flipped: bool) -> Self {
        Geometry {
            rows,
            cols,
            flipped,
        }
    }

    pub fn square_px(&self) -> f64 {
        BOARD_PX / self.rows.max(self.cols).max(1) as f64
    }

    /// The board's top-left corner on the canvas.
    pub fn corner(&self) -> (f64, f64) {
        let s = self.square_px();
        (
            (BOARD_PX - self.cols as f64 * s) / 2.0,
            (BOARD_PX - self.rows as f64 * s) / 2.0,
        )
    }

    /// Top-left corner of a square on the canvas.
    pub fn origin(&self, sq: Sq) -> (f64, f64) {
        let (r, c) = if self.flipped {
            (self.rows - 1 - sq.row, self.cols - 1 - sq.col)
        } else {
            (sq.row, sq.col)
        };
        let s = self.square_px();
        let (x0, y0) = self.corner();
        (x0 + c as f64 * s, y0 + r as f64 * s)
    }

    pub fn centre(&self, sq: Sq) -> (f64, f64) {
        let (x, y) = self.origin(sq);
        let h = self.square_px() / 2.0;
        (x + h, y + h)
    }

    /// The square under canvas point (x, y), if any.
    pub fn square_at(&self, x: f64, y: f64) -> Option<Sq> {
        let s = self.square_px();
        let (x0, y0) = self.corner();
        let (x, y) = (x - x0, y - y0);
        if !(x >= 0.0 && y >= 0.0) {
            return None;
        }
        let (c, r) = ((x / s) as u32, (y / s) as u32);
        if r >= self.rows as u32 || c >= self.cols as u32 {
            return None;
        }
        let (r, c) = (r as u8, c as u8);
        Some(if self.flipped {
            Sq {
                row: self.rows - 1 - r,
                col: self.cols - 1 - c,
            }
        } else {
            Sq { row: r, col: c }
        })
    }
}

/// The animation state the page keeps for the latest roll.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RollClock {
    pub serial: u64,
    pub started_ms: f64,
}

/// A side's name with the colour its pieces are drawn in, where the name
/// is not already a colour ("Columns (red)", "Red", "White").
pub fn side_name(kind: GameKind, side: Player) -> String {
    let name = kind.player_names()[side.index()];
    match (kind, side) {
        (GameKind::Dice, Player::First) => format!("{name} (red)"),
        (GameKind::Dice, Player::Second) => format!("{name} (blue)"),
        _ => name.to_string(),
    }
}

/// Short names of the Stratego ranks, written under the rank on pieces
/// large enough to hold them.
fn short_name(label: &str) -> &'static str {
    match label {
        "1" => "Mar",
        "2" => "Gen",
        "3" => "Col",
        "4" => "Maj",
        "5" => "Cpt",
        "6" => "Lt",
        "7" => "Sgt",
        "8" => "Min",
        "9" => "Sct",
        _ => "",
    }
}

/// A Stratego piece's face (its tile is drawn): own pieces show rank and
/// short name, with a gold dot when the engine knows the rank; enemy
/// pieces never moved are hatched (they may be a Bomb or the Flag), moved
/// ones plain with a small arrow mark, identified ones show their rank in
/// a gold frame.
fn stratego_face(
    ctx: &CanvasRenderingContext2d,
    piece: &crate::board::Piece,
    own: bool,
    (cx, cy): (f64, f64),
    s: f64,
    scale: f64,
) {
    let w = s * 0.3;
    if piece.hidden && !piece.moved {
        ctx.set_stroke_style_str("rgba(255,255,255,0.45)");
        ctx.set_line_width(1.5);
        ctx.begin_path();
        ctx.move_to(cx - w, cy + w);
        ctx.line_to(cx + w, cy - w);
        ctx.move_to(cx - w, cy);
        ctx.line_to(cx, cy - w);
        ctx.move_to(cx, cy + w);
        ctx.line_to(cx + w, cy);
        ctx.stroke();
        return;
    }
    if piece.hidden {
        // Moved: no Bomb, no Flag. A double-headed arrow.
        ctx.set_stroke_style_str("rgba(255,255,255,0.85)");
        ctx.set_line_width((s * 0.06).max(1.5));
        ctx.begin_path();
        ctx.move_to(cx, cy - w);
        ctx.line_to(cx, cy + w);
        ctx.move_to(cx - w * 0.5, cy - w * 0.5);
        ctx.line_to(cx, cy - w);
        ctx.line_to(cx + w * 0.5, cy - w * 0.5);
        ctx.move_to(cx - w * 0.5, cy + w * 0.5);
        ctx.line_to(cx, cy + w);
        ctx.line_to(cx + w * 0.5, cy + w * 0.5);
        ctx.stroke();
        return;
    }
    // The short name only where it is readable on the screen (at least 9
    // CSS pixels): a phone's board shows the larger rank alone.
    let named = s * scale * 0.2 >= 9.0 && !short_name(&piece.label).is_empty();
    ctx.set_fill_style_str("#fff");
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    ctx.set_font(&format!(
        "bold {}px sans-serif",
        (s * if named { 0.38 } else { 0.44 }) as u32
    ));
    let _ = ctx.fill_text(
        &piece.label,
        cx,
        if named { cy - s * 0.08 } else { cy + 1.0 },
    );
    if named {
        ctx.set_font(&format!("{}px sans-serif", (s * 0.2) as u32));
        let _ = ctx.fill_text(short_name(&piece.label), cx, cy + s * 0.24);
    }
    ctx.set_text_align("start");
    ctx.set_text_baseline("alphabetic");
    if own && piece.revealed {
        // The engine knows this rank.
        ctx.set_fill_style_str("#ffd54f");
        ctx.set_stroke_style_str("rgba(0,0,0,0.6)");
        ctx.set_line_width(1.0);
        ctx.begin_path();
        let _ = ctx.arc(
            cx + s * 0.27,
            cy - s * 0.27,
            s * 0.08,
            0.0,
            std::f64::consts::TAU,
        );
        ctx.fill();
        ctx.stroke();
    } else if !own {
        // An enemy piece identified in a battle or a Scout run.
        ctx.set_stroke_style_str("#ffd54f");
        ctx.set_line_width((s * 0.06).max(1.5));
        let h = s * 0.4;
        ctx.stroke_rect(cx - h, cy - h, 2.0 * h, 2.0 * h);
    }
}

/// Draws everything; returns whether an animation is still running (the
/// page then asks for another frame). `scale`: CSS pixels per drawing
/// unit, for text that must stay readable on a small screen.
pub fn draw(
    ctx: &CanvasRenderingContext2d,
    model: &Model,
    board: &Board,
    roll: Option<RollClock>,
    now_ms: f64,
    scale: f64,
) -> bool {
    let kind = model.kind();
    let geo = Geometry::new(board.rows, board.cols, model.flipped());
    let s = geo.square_px();
    ctx.clear_rect(0.0, 0.0, BOARD_PX, BOARD_PX + STRIP_PX);
    // The margins of a board that is not square stay clear: the page's
    // own colour (light or dark) shows through.

    // Squares.
    for row in 0..board.rows {
        for col in 0..board.cols {
            let sq = Sq { row, col };
            let (x, y) = geo.origin(sq);
            ctx.set_fill_style_str(square_fill(kind, board, sq));
            ctx.fill_rect(x, y, s, s);
        }
    }

    // The line the die picked (Dice: a column for `c`, a row for `r`).
    ctx.set_fill_style_str("rgba(255, 196, 0, 0.28)");
    for &sq in &board.rolled_line {
        let (x, y) = geo.origin(sq);
        ctx.fill_rect(x, y, s, s);
    }

    // Last move (with the square a roll emptied) and selection.
    ctx.set_fill_style_str("rgba(155, 199, 0, 0.45)");
    for sq in model.last_move_squares() {
        let (x, y) = geo.origin(sq);
        ctx.fill_rect(x, y, s, s);
    }
    if let Some(sq) = model.emptied_square() {
        let (x, y) = geo.origin(sq);
        ctx.set_fill_style_str("rgba(214, 69, 65, 0.35)");
        ctx.fill_rect(x, y, s, s);
        ctx.set_stroke_style_str("rgba(160, 30, 30, 0.85)");
        ctx.set_line_width(s * 0.07);
        ctx.begin_path();
        let m = s * 0.28;
        ctx.move_to(x + m, y + m);
        ctx.line_to(x + s - m, y + s - m);
        ctx.move_to(x + s - m, y + m);
        ctx.line_to(x + m, y + s - m);
        ctx.stroke();
    }
    if let Some(sq) = model.cursor() {
        // The keyboard cursor: a thick frame in two colours, visible on
        // any square.
        let (x, y) = geo.origin(sq);
        ctx.set_line_width(4.0);
        ctx.set_stroke_style_str("#ffffff");
        ctx.stroke_rect(x + 3.0, y + 3.0, s - 6.0, s - 6.0);
        ctx.set_line_width(2.0);
        ctx.set_stroke_style_str("#0b5394");
        ctx.stroke_rect(x + 3.0, y + 3.0, s - 6.0, s - 6.0);
    }
    if let Some(sel) = model.selected() {
        ctx.set_fill_style_str("rgba(20, 85, 30, 0.5)");
        let (x, y) = geo.origin(sel);
        ctx.fill_rect(x, y, s, s);
    }

    // Pieces.
    for row in 0..board.rows {
        for col in 0..board.cols {
            let sq = Sq { row, col };
            if let Some(piece) = board.at(sq) {
                let (cx, cy) = geo.centre(sq);
                let (fill, ink) = piece_colours(kind, piece.owner);
                ctx.set_fill_style_str(fill);
                ctx.set_stroke_style_str("rgba(0,0,0,0.6)");
                ctx.set_line_width(1.5);
                ctx.begin_path();
                match kind {
                    GameKind::Stratego | GameKind::Barrage => {
                        let w = s * 0.8;
                        ctx.rect(cx - w / 2.0, cy - w / 2.0, w, w);
                    }
                    _ => {
                        let _ = ctx.arc(cx, cy, s * 0.36, 0.0, std::f64::consts::TAU);
                    }
                }
                ctx.fill();
                ctx.stroke();
                if kind.is_stratego() {
                    let own = piece.owner == model.human();
                    stratego_face(ctx, piece, own, (cx, cy), s, scale);
                } else if !piece.label.is_empty() {
                    ctx.set_fill_style_str(ink);
                    ctx.set_font(&format!("bold {}px sans-serif", (s * 0.42) as u32));
                    ctx.set_text_align("center");
                    ctx.set_text_baseline("middle");
                    let _ = ctx.fill_text(&piece.label, cx, cy + 1.0);
                    ctx.set_text_align("start");
                    ctx.set_text_baseline("alphabetic");
                }
            }
        }
    }

    // Coordinates inside the edge squares, in the other square colour
    // (as lichess draws them), large enough to read on a 10x10 board.
    // Where a piece may cover the corner (any occupied square) the label
    // sits on a light chip so it stays readable on a piece.
    let font = coordinate_font(s, scale);
    ctx.set_font(&format!("bold {font}px sans-serif"));
    let label = |sq: Sq, text: &str, x: f64, y: f64| {
        let light = (sq.row + sq.col).is_multiple_of(2);
        let ink = if board.at(sq).is_some() {
            let w = font * 0.62 * text.len() as f64 + 4.0;
            ctx.set_fill_style_str("rgba(255, 250, 240, 0.85)");
            ctx.fill_rect(x - 2.0, y - font * 0.85, w, font + 1.0);
            "#3a2a1a"
        } else {
            match (kind, light) {
                (GameKind::Dice, _) => "rgba(60, 50, 30, 0.8)",
                (_, true) => "#946f51",
                (_, false) => "#f0d9b5",
            }
        };
        ctx.set_fill_style_str(ink);
        let _ = ctx.fill_text(text, x, y);
    };
    for col in 0..board.cols {
        let sq = Sq {
            row: if geo.flipped { 0 } else { board.rows - 1 },
            col,
        };
        if board.lakes.contains(&sq) {
            continue;
        }
        let (x, y) = geo.origin(sq);
        let text = char::from(b'a' + col).to_string();
        label(sq, &text, x + s - font * 0.75, y + s - font * 0.25);
    }
    for row in 0..board.rows {
        let sq = Sq {
            row,
            col: if geo.flipped { board.cols - 1 } else { 0 },
        };
        let (x, y) = geo.origin(sq);
        let text = (board.rows - row).to_string();
        label(sq, &text, x + 3.0, y + font + 1.0);
    }

    // Legal-move dots: the selected piece's targets, or Dice placements.
    ctx.set_fill_style_str("rgba(20, 85, 30, 0.55)");
    let targets: Vec<Sq> = if model.selected().is_some() {
        model.destinations().into_iter().map(|(sq, _)| sq).collect()
    } else {
        model.placements().into_iter().map(|(sq, _)| sq).collect()
    };
    for sq in targets {
        let (cx, cy) = geo.centre(sq);
        ctx.begin_path();
        if board.at(sq).is_some() {
            ctx.set_stroke_style_str("rgba(20, 85, 30, 0.6)");
            ctx.set_line_width(s * 0.08);
            let _ = ctx.arc(cx, cy, s * 0.44, 0.0, std::f64::consts::TAU);
            ctx.stroke();
        } else {
            let _ = ctx.arc(cx, cy, s * 0.15, 0.0, std::f64::consts::TAU);
            ctx.fill();
        }
    }

    // While the engine thinks: its current best move (green) and the
    // reply it expects (orange, thinner), from its live principal
    // variation (not while an earlier position is shown).
    for (i, (_, squares)) in model.thinking_line().iter().enumerate() {
        let (colour, width, head) = if i == 0 {
            ("rgba(21, 120, 27, 0.6)", 0.08, 0.7)
        } else {
            ("rgba(214, 120, 0, 0.6)", 0.06, 0.55)
        };
        ctx.set_stroke_style_str(colour);
        ctx.set_fill_style_str(colour);
        ctx.set_line_width(s * width);
        match squares.as_slice() {
            [from, .., to] => arrow(ctx, geo.centre(*from), geo.centre(*to), s * head),
            [one] => {
                // A Dice placement: a ring on the square.
                let (cx, cy) = geo.centre(*one);
                ctx.begin_path();
                let _ = ctx.arc(cx, cy, s * 0.36, 0.0, std::f64::consts::TAU);
                ctx.stroke();
            }
            [] => {}
        }
    }

    // Hint arrow (or ring, for a one-square move): only on its position.
    if let Some(hint) = model.hint() {
        let sqs = model.squares_of(hint);
        ctx.set_stroke_style_str("rgba(0, 48, 136, 0.75)");
        ctx.set_fill_style_str("rgba(0, 48, 136, 0.75)");
        ctx.set_line_width(s * 0.14);
        match sqs.as_slice() {
            [one] => {
                let (cx, cy) = geo.centre(*one);
                ctx.begin_path();
                let _ = ctx.arc(cx, cy, s * 0.4, 0.0, std::f64::consts::TAU);
                ctx.stroke();
            }
            [from, .., to] => arrow(ctx, geo.centre(*from), geo.centre(*to), s),
            [] => {}
        }
    }

    draw_strip(ctx, model, roll, now_ms, scale)
}

fn arrow(ctx: &CanvasRenderingContext2d, from: (f64, f64), to: (f64, f64), s: f64) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    let head = s * 0.35;
    let end = (to.0 - ux * head, to.1 - uy * head);
    ctx.begin_path();
    ctx.move_to(from.0, from.1);
    ctx.line_to(end.0, end.1);
    ctx.stroke();
    ctx.begin_path();
    ctx.move_to(to.0, to.1);
    ctx.line_to(end.0 - uy * head * 0.6, end.1 + ux * head * 0.6);
    ctx.line_to(end.0 + uy * head * 0.6, end.1 - ux * head * 0.6);
    ctx.close_path();
    ctx.fill();
}

/// The strip under the board: the latest roll, animated for [`ROLL_MS`].
fn draw_strip(
    ctx: &CanvasRenderingContext2d,
    model: &Model,
    roll: Option<RollClock>,
    now_ms: f64,
    scale: f64,
) -> bool {
    // The strip's text at 15 units, and at least 11 CSS pixels on a small
    // screen (a phone's was 8).
    let font = format!(
        "{}px sans-serif",
        (15.0f64).max(11.0 / scale.max(0.1)).round()
    );
    ctx.set_fill_style_str("#2b2b2b");
    ctx.fill_rect(0.0, BOARD_PX, BOARD_PX, STRIP_PX);
    if let Some(battle) = model.battle() {
        let progress = roll
            .filter(|r| Some(r.serial) == model.strip_key())
            .map_or(1.0, |r| ((now_ms - r.started_ms) / ROLL_MS).clamp(0.0, 1.0));
        draw_battle(ctx, model.kind(), &battle, progress, &font);
        return progress < 1.0;
    }
    let kind = model.kind();
    let Some(show) = model.roll() else {
        // Nothing to show yet: say what this strip is for.
        let caption = match kind {
            GameKind::Stratego | GameKind::Barrage => {
                "Battles are shown here: both ranks and who wins."
            }
            GameKind::Dice => "The die is rolled here before every move.",
            GameKind::ChanceBreakthrough => "The two dice of a roll are shown here.",
            GameKind::Breakthrough => "Breakthrough has no dice: every move is chosen.",
        };
        ctx.set_fill_style_str("#b8b8b8");
        ctx.set_font(&font);
        let _ = ctx.fill_text(caption, 16.0, BOARD_PX + 38.0);
        return false;
    };
    let faces: Vec<u32> = match kind {
        GameKind::Dice => show.text.parse().ok().into_iter().collect(),
        _ => {
            // ChanceBreakthrough: two dice, file and rank of the square.
            let mut cs = show.text.chars();
            match (cs.next(), cs.as_str().parse::<u32>()) {
                (Some(f @ 'a'..='z'), Ok(r)) => vec![f as u32 - 'a' as u32 + 1, r],
                _ => Vec::new(),
            }
        }
    };
    let animating =
        roll.is_some_and(|r| r.serial == show.serial && now_ms - r.started_ms < ROLL_MS);
    let max_face = match kind {
        GameKind::Dice => u32::from(model.board().rows),
        _ => 8,
    };
    let n = if kind == GameKind::Dice { 1 } else { 2 };
    for i in 0..n {
        let face = if animating {
            // Tumbling: a new face every 70 ms.
            let tick = (now_ms / 70.0) as u64 + i as u64 * 7;
            (tick.wrapping_mul(2_654_435_761) % max_face as u64) as u32 + 1
        } else {
            match faces.get(i) {
                Some(&f) => f,
                None if faces.is_empty() && i == 0 => 0,
                None => continue,
            }
        };
        let x = 16.0
            + i as f64 * 56.0
            + if animating {
                ((now_ms / 40.0).sin()) * 3.0
            } else {
                0.0
            };
        die(ctx, x, BOARD_PX + 10.0, 44.0, face);
    }
    ctx.set_fill_style_str("#eee");
    ctx.set_font(&font);
    let caption = if animating {
        "Rolling…".to_string()
    } else if faces.is_empty() {
        format!("Roll: {}", show.text)
    } else {
        format!("Rolled {}", show.text)
    };
    let _ = ctx.fill_text(&caption, 16.0 + n as f64 * 56.0 + 8.0, BOARD_PX + 38.0);
    animating
}

/// A battle: the two pieces side by side. The attacker shows its rank at
/// once; the defender turns over during the first half of the animation
/// (`progress` 0 → 1), then the result is written and the loser crossed
/// out.
fn draw_battle(
    ctx: &CanvasRenderingContext2d,
    kind: GameKind,
    battle: &BattleShow,
    progress: f64,
    font: &str,
) {
    let b = &battle.info;
    let y = BOARD_PX + 10.0;
    let tile = |x: f64, owner: Player, label: char, width: f64, face_up: bool| {
        let (fill, ink) = piece_colours(kind, owner);
        ctx.set_fill_style_str(fill);
        let w = 44.0 * width;
        ctx.fill_rect(x + (44.0 - w) / 2.0, y, w, 44.0);
        if face_up && width > 0.3 {
            ctx.set_fill_style_str(ink);
            ctx.set_font("bold 24px sans-serif");
            ctx.set_text_align("center");
            ctx.set_text_baseline("middle");
            let _ = ctx.fill_text(&label.to_string(), x + 22.0, y + 23.0);
            ctx.set_text_align("start");
            ctx.set_text_baseline("alphabetic");
        }
    };
    // What was removed: the tile dimmed and struck through, its rank
    // still readable.
    let removed = |x: f64| {
        ctx.set_fill_style_str("rgba(43, 43, 43, 0.55)");
        ctx.fill_rect(x, y, 44.0, 44.0);
        ctx.set_stroke_style_str("#ff6b6b");
        ctx.set_line_width(2.5);
        ctx.begin_path();
        ctx.move_to(x + 2.0, y + 42.0);
        ctx.line_to(x + 42.0, y + 2.0);
        ctx.stroke();
    };
    let defender = b.attacker.other();
    tile(16.0, b.attacker, b.attacker_rank.to_char(), 1.0, true);
    ctx.set_fill_style_str("#eee");
    ctx.set_font("bold 22px sans-serif");
    let _ = ctx.fill_text("×", 68.0, y + 30.0);
    // Turning over: the tile narrows to an edge, then widens face up.
    let turn = (progress * 2.0).min(1.0);
    let width = (turn * std::f64::consts::PI).cos().abs();
    tile(92.0, defender, b.defender_rank.to_char(), width, turn > 0.5);
    ctx.set_font(font);
    ctx.set_fill_style_str("#eee");
    if progress < 0.5 {
        let _ = ctx.fill_text("Battle!", 150.0, y + 28.0);
        return;
    }
    let (a, d) = (b.attacker_rank, b.defender_rank);
    let text = match b.winner {
        Some(p) if p == b.attacker => {
            removed(92.0);
            format!("{} ({}) wins; {} removed", a.name(), a.to_char(), d.name())
        }
        Some(_) => {
            removed(16.0);
            format!("{} ({}) wins; {} removed", d.name(), d.to_char(), a.name())
        }
        None => {
            removed(16.0);
            removed(92.0);
            "Equal ranks: both removed".to_string()
        }
    };
    // In the text's own colour: `removed` left the fill a dim grey, and
    // the result was drawn all but invisible on the strip.
    ctx.set_fill_style_str("#eee");
    let _ = ctx.fill_text(&text, 150.0, y + 28.0);
}

/// One die face (pips up to 6, a number above; 0 draws a blank).
fn die(ctx: &CanvasRenderingContext2d, x: f64, y: f64, size: f64, face: u32) {
    ctx.set_fill_style_str("#fdfdfd");
    ctx.fill_rect(x, y, size, size);
    ctx.set_fill_style_str("#111");
    let pip = |px: f64, py: f64| {
        ctx.begin_path();
        let _ = ctx.arc(
            x + px * size,
            y + py * size,
            size * 0.08,
            0.0,
            std::f64::consts::TAU,
        );
        ctx.fill();
    };
    let (l, m, r) = (0.25, 0.5, 0.75);
    match face {
        0 => {}
        1 => pip(m, m),
        2 => {
            pip(l, l);
            pip(r, r);
        }
        3 => {
            pip(l, l);
            pip(m, m);
            pip(r, r);
        }
        4 => {
            pip(l, l);
            pip(r, l);
            pip(l, r);
            pip(r, r);
        }
        5 => {
            pip(l, l);
            pip(r, l);
            pip(m, m);
            pip(l, r);
            pip(r, r);
        }
        6 => {
            for py in [l, m, r] {
                pip(l, py);
                pip(r, py);
            }
        }
        n => {
            ctx.set_font(&format!("bold {}px sans-serif", (size * 0.55) as u32));
            ctx.set_text_align("center");
            ctx.set_text_baseline("middle");
            let _ = ctx.fill_text(&n.to_string(), x + size / 2.0, y + size / 2.0 + 1.0);
            ctx.set_text_align("start");
            ctx.set_text_baseline("alphabetic");
        }
    }
}

/// The coordinates' font size in drawing units, for squares of `s` units
/// shown at `scale` CSS pixels a unit: about a quarter of a square, at
/// least 10 CSS pixels where the board is shown small (a phone draws the
/// 560-unit board about 350 pixels wide, where a quarter of a Stratego
/// square is 8), but never more than 0.3 of a square, which the corner
/// label must leave to the piece.
fn coordinate_font(s: f64, scale: f64) -> f64 {
    (s * 0.24)
        .clamp(11.0, 16.0)
        .max(10.0 / scale.max(0.1))
        .min(s * 0.3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_stay_readable_on_a_phone() {
        let stratego = BOARD_PX / 10.0;
        // A desktop board (560 units at 1.2 CSS pixels a unit): as before.
        assert!((coordinate_font(stratego, 1.2) - stratego * 0.24).abs() < 1e-9);
        // A phone's board, 350 pixels wide: 10 CSS pixels.
        let phone = 350.0 / BOARD_PX;
        let font = coordinate_font(stratego, phone);
        assert!((font * phone - 10.0).abs() < 1e-9, "{}", font * phone);
        // Smaller still, the square's share caps it.
        assert_eq!(coordinate_font(stratego, 0.3), stratego * 0.3);
    }

    #[test]
    fn square_at_inverts_origin_both_ways_up() {
        for (rows, cols) in [(8, 8), (6, 5), (5, 7), (10, 10)] {
            for flipped in [false, true] {
                let geo = Geometry::new(rows, cols, flipped);
                for row in 0..rows {
                    for col in 0..cols {
                        let sq = Sq { row, col };
                        let (x, y) = geo.origin(sq);
                        assert_eq!(geo.square_at(x + 1.0, y + 1.0), Some(sq));
                    }
                }
                assert_eq!(geo.square_at(-1.0, 5.0), None);
                assert_eq!(geo.square_at(5.0, BOARD_PX + 1.0), None);
                assert_eq!(geo.square_at(f64::NAN, 5.0), None);
            }
        }
        let geo = Geometry::new(10, 10, true);
        assert_eq!(geo.square_at(1.0, 1.0), Some(Sq { row: 9, col: 9 }));
    }

    #[test]
    fn a_board_that_is_not_square_is_centred() {
        // Six ranks of five files: squares of 560/6, margins left and right.
        let geo = Geometry::new(6, 5, false);
        let s = BOARD_PX / 6.0;
        let (x0, y0) = geo.corner();
        assert!((x0 - (BOARD_PX - 5.0 * s) / 2.0).abs() < 1e-9 && y0 == 0.0);
        let (x, _) = geo.origin(Sq { row: 0, col: 4 });
        assert!((BOARD_PX - (x + s) - x0).abs() < 1e-9, "equal margins");
        assert_eq!(
            geo.square_at(x0 / 2.0, 10.0),
            None,
            "the margin is no square"
        );
    }
}
