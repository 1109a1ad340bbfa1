//! The explicit-tree text format.
//!
//! ```text
//! # comment to the end of the line
//! bound 10                      # U: wins are +10, losses -10 (required)
//! A=chance(                     # a node may carry a label: LABEL=...
//!   1*B=min(2 6)                # chance children: WEIGHT*node (weight 1 if omitted)
//!   1*C=min(E=-8 F=7)
//!   2*D=max[1.5](3 4)           # [v]: static value used when depth runs out
//! )
//! ```
//!
//! An edge may carry a label of its own, written in braces before the
//! child (after its weight): `3*{=B}X=min(...)`, `{e4e5}C=max(...)`,
//! `{roll}chance(...)`. Edge labels are the texts of the moves and chance
//! outcomes (the game's notation when a tree is made from a real position,
//! see [`super::from_game`]), so they may repeat across the tree and may
//! hold any visible characters but whitespace, `{` and `}` (at most
//! [`MAX_EDGE_CHARS`]); among the children of one node, the texts that name
//! them (edge label, else node label, else 1-based index) must differ. The
//! root has no edge.
//!
//! Nodes: `max(...)` and `min(...)` are decision nodes of the first (MAX)
//! and second (MIN) player; `chance(...)` is a chance node whose side to move
//! is its parent's (MAX at the root), or given as `chance@max` /
//! `chance@min`; a number is a leaf, `win` / `loss` / `draw` are terminal
//! (a leaf equal to +U or -U is terminal too). All values are from MAX's
//! point of view, as in the papers' figures. Labels name nodes, and name
//! the moves and outcomes that lead to them where the edge has no label of
//! its own, so each label may be used once in a tree (a label starts with a
//! letter or `_`); unlabeled children are named by their 1-based index.
//!
//! Weights are relative: an outcome's probability is its weight over the sum
//! of its chance node's weights. A weight is a positive whole number (`3*`),
//! a decimal (`0.5*`, `.25*`) or a fraction (`1/3*`), mixed freely within a
//! node (`0.5*A 1/4*B 1/4*C`), so that a figure's probabilities can be
//! copied as printed. The game gives chance outcomes whole-number weights
//! (`u32`), so they are converted exactly, never rounded: a node whose
//! weights are all whole numbers keeps them as written; otherwise each
//! weight, read as an exact fraction, is multiplied by the least common
//! multiple of the denominators (a decimal's is a power of ten) and the
//! results are divided by their greatest common divisor. `0.5* 0.25* 0.25*`
//! becomes 2:1:1 and `1/3* 2/3*` becomes 1:2, so the search sees exactly the
//! written probabilities, normalised. Zero and negative weights are refused,
//! and so is a node whose exact ratio needs a weight above `u32::MAX`.
//!
//! Every error message starts with the line and column (1-based, in
//! characters) of the token at fault, or of the end of the text when it
//! ends too early, e.g. `line 2, column 14: unexpected character '$'`, so
//! that a long tree typed into the lecture mode can be fixed where it breaks.

use std::collections::HashMap;
use std::fmt;

use crate::error::{ParseError, ParseErrorKind as K};
use crate::game::{Player, Value};

use super::{Kind, Node, Tree};

/// Deepest nesting accepted. The parser recurses once per level (some
/// 650 bytes of stack each in an optimised build) and WebAssembly builds,
/// the browser's worker among them, get a 1 MiB stack by default: 10,000
/// levels, the former limit, overflowed it and aborted instead of reporting
/// an error (as it did on a 2 MiB test thread). The papers' figures need a
/// handful of levels.
const MAX_NESTING: usize = 200;

/// Longest edge label, in characters.
pub const MAX_EDGE_CHARS: usize = 64;

const KEYWORDS: [&str; 6] = ["max", "min", "chance", "win", "loss", "draw"];

/// A place in the text: 1-based line and column, in characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pos {
    line: usize,
    column: usize,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// A parse error at `at`: the message starts with the position.
fn error(kind: K, field: &str, at: Pos, detail: impl fmt::Display) -> ParseError {
    ParseError::new(kind, field, format!("{at}: {detail}"))
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Open,
    Close,
    LBracket,
    RBracket,
    Eq,
    Star,
    At,
    Word(String),
    /// `{text}`: an edge label.
    Edge(String),
}

impl fmt::Display for Tok {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tok::Open => f.write_str("'('"),
            Tok::Close => f.write_str("')'"),
            Tok::LBracket => f.write_str("'['"),
            Tok::RBracket => f.write_str("']'"),
            Tok::Eq => f.write_str("'='"),
            Tok::Star => f.write_str("'*'"),
            Tok::At => f.write_str("'@'"),
            Tok::Word(w) => write!(f, "'{w}'"),
            Tok::Edge(e) => write!(f, "'{{{e}}}'"),
        }
    }
}

/// Characters of a word: a number, a label, a keyword or a weight (`/` for
/// fractions).
fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "_.-+/".contains(c)
}

/// The tokens with their positions, and the position just after the last
/// token, where an unexpected end of the text is reported.
fn tokenize(text: &str) -> Result<(Vec<(Tok, Pos)>, Pos), ParseError> {
    let mut out = Vec::new();
    let mut end = Pos { line: 1, column: 1 };
    for (line_index, line) in text.lines().enumerate() {
        let mut word: Option<(String, Pos)> = None;
        // An edge label being read: its text and where its '{' is.
        let mut edge: Option<(String, Pos)> = None;
        for (column_index, c) in line.chars().enumerate() {
            let at = Pos {
                line: line_index + 1,
                column: column_index + 1,
            };
            if let Some((text, open)) = edge.as_mut() {
                match c {
                    '}' => {
                        let (text, open) = (std::mem::take(text), *open);
                        edge = None;
                        out.push((edge_token(text, open)?, open));
                        end = Pos {
                            column: at.column + 1,
                            ..at
                        };
                    }
                    '{' => {
                        return Err(error(
                            K::BadCharacter,
                            "edge",
                            at,
                            "'{' inside an edge label",
                        ))
                    }
                    c if c.is_whitespace() => {
                        return Err(error(
                            K::BadCharacter,
                            "edge",
                            at,
                            "an edge label has no whitespace: close it with '}'",
                        ))
                    }
                    c => text.push(c),
                }
                continue;
            }
            if c == '#' {
                break;
            }
            let after = Pos {
                column: at.column + 1,
                ..at
            };
            if is_word_char(c) {
                word.get_or_insert_with(|| (String::new(), at)).0.push(c);
                end = after;
                continue;
            }
            if let Some((w, p)) = word.take() {
                out.push((Tok::Word(w), p));
            }
            if c == '{' {
                edge = Some((String::new(), at));
                continue;
            }
            let t = match c {
                '(' => Tok::Open,
                ')' => Tok::Close,
                '[' => Tok::LBracket,
                ']' => Tok::RBracket,
                '=' => Tok::Eq,
                '*' => Tok::Star,
                '@' => Tok::At,
                c if c.is_whitespace() || c == ',' => continue,
                c => {
                    return Err(error(
                        K::BadCharacter,
                        "tree",
                        at,
                        format!("unexpected character '{c}'"),
                    ))
                }
            };
            out.push((t, at));
            end = after;
        }
        if let Some((_, open)) = edge {
            return Err(error(
                K::MissingField,
                "edge",
                open,
                "the edge label is not closed with '}' on its line",
            ));
        }
        if let Some((w, p)) = word {
            out.push((Tok::Word(w), p));
        }
    }
    Ok((out, end))
}

/// An edge label's token: not empty, not too long.
fn edge_token(text: String, at: Pos) -> Result<Tok, ParseError> {
    if text.is_empty() {
        return Err(error(K::Empty, "edge", at, "empty edge label '{}'"));
    }
    let n = text.chars().count();
    if n > MAX_EDGE_CHARS {
        return Err(error(
            K::BadLength,
            "edge",
            at,
            format!("edge label of {n} characters: at most {MAX_EDGE_CHARS} are allowed"),
        ));
    }
    Ok(Tok::Edge(text))
}

fn number(field: &str, s: &str, at: Pos) -> Result<Value, ParseError> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        _ => Err(error(
            K::BadValue,
            field,
            at,
            format!("'{s}' is not a number"),
        )),
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A chance child's weight as written: an exact fraction `num / den` in
/// lowest terms.
#[derive(Clone, Debug)]
struct Weight {
    num: u128,
    den: u128,
    text: String,
    at: Pos,
}

impl Weight {
    /// The weight of a child written without one.
    fn implicit(at: Pos) -> Weight {
        Weight {
            num: 1,
            den: 1,
            text: "1".to_string(),
            at,
        }
    }

    /// Reads a whole number (`3`), a decimal (`0.5`, `.25`) or a fraction
    /// (`1/3`); refuses zero, negative and unreadable weights.
    fn parse(text: &str, at: Pos) -> Result<Weight, ParseError> {
        let bad = |why: &str| error(K::BadValue, "weight", at, format!("weight '{text}' {why}"));
        let (negative, unsigned) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (num, den) = fraction(unsigned).map_err(bad)?;
        if den == 0 {
            return Err(bad("divides by zero"));
        }
        if num == 0 {
            return Err(bad("is zero: every outcome needs a positive weight"));
        }
        if negative {
            return Err(bad("is negative: weights must be positive"));
        }
        let g = gcd(num, den);
        Ok(Weight {
            num: num / g,
            den: den / g,
            text: text.to_string(),
            at,
        })
    }
}

/// An unsigned whole number, decimal or fraction as (numerator,
/// denominator), not reduced; or why it is not one.
fn fraction(text: &str) -> Result<(u128, u128), &'static str> {
    const NOT_A_WEIGHT: &str =
        "is not a weight: write a positive whole number (3), a decimal (0.5) or a fraction (1/3)";
    const TOO_LONG: &str = "has too many digits";
    let digits = |s: &str| -> Result<u128, &'static str> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(NOT_A_WEIGHT);
        }
        s.parse().map_err(|_| TOO_LONG)
    };
    if let Some((a, b)) = text.split_once('/') {
        Ok((digits(a)?, digits(b)?))
    } else if let Some((a, b)) = text.split_once('.') {
        let den = u32::try_from(b.len())
            .ok()
            .and_then(|n| 10u128.checked_pow(n))
            .ok_or(TOO_LONG)?;
        Ok((digits(&format!("{a}{b}"))?, den))
    } else {
        Ok((digits(text)?, 1))
    }
}

/// The game's whole-number weights for a chance node's children, in the
/// exact ratio of the written ones (see the module doc): as written when all
/// are whole numbers, else scaled by the least common multiple of the
/// denominators and reduced by the greatest common divisor.
fn whole_weights(weights: &[Weight]) -> Result<Vec<u32>, ParseError> {
    let too_large = |w: &Weight| {
        error(
            K::BadValue,
            "weight",
            w.at,
            format!(
                "weight '{}' cannot be represented: its chance node's weights, as whole \
                 numbers in the same ratio, would exceed {}",
                w.text,
                u32::MAX
            ),
        )
    };
    let mut lcm = 1u128;
    for w in weights {
        lcm = (lcm / gcd(lcm, w.den))
            .checked_mul(w.den)
            .ok_or_else(|| too_large(w))?;
    }
    let scaled = weights
        .iter()
        .map(|w| (lcm / w.den).checked_mul(w.num).ok_or_else(|| too_large(w)))
        .collect::<Result<Vec<u128>, _>>()?;
    let divisor = if lcm == 1 {
        1
    } else {
        scaled.iter().fold(0, |g, &x| gcd(g, x))
    };
    weights
        .iter()
        .zip(&scaled)
        .map(|(w, &x)| u32::try_from(x / divisor).map_err(|_| too_large(w)))
        .collect()
}

struct Parser {
    toks: Vec<(Tok, Pos)>,
    /// Just after the last token.
    end: Pos,
    pos: usize,
    bound: Value,
    nodes: Vec<Node>,
    /// Where each label was given, to refuse a second use.
    labels: HashMap<String, Pos>,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|(t, _)| t)
    }

    fn peek2(&self) -> Option<&Tok> {
        self.toks.get(self.pos + 1).map(|(t, _)| t)
    }

    /// Where the next token is (the end of the text after the last).
    fn here(&self) -> Pos {
        self.toks.get(self.pos).map_or(self.end, |&(_, at)| at)
    }

    fn next(&mut self) -> Option<(Tok, Pos)> {
        let t = self.toks.get(self.pos).cloned();
        self.pos += 1;
        t
    }

    /// The next token; the end of the text is an error of `kind` saying
    /// that `what` was expected.
    fn next_or_end(&mut self, kind: K, field: &str, what: &str) -> Result<(Tok, Pos), ParseError> {
        let end = self.end;
        self.next().ok_or_else(|| {
            error(
                kind,
                field,
                end,
                format!("expected {what}, found the end of the text"),
            )
        })
    }

    fn expect(&mut self, t: Tok, what: &str) -> Result<(), ParseError> {
        match self.next_or_end(K::MissingField, "tree", what)? {
            (x, _) if x == t => Ok(()),
            (x, at) => Err(error(
                K::BadValue,
                "tree",
                at,
                format!("expected {what}, found {x}"),
            )),
        }
    }

    /// `bound U` at the start of the text.
    fn bound(&mut self) -> Result<Value, ParseError> {
        match self.next_or_end(K::MissingField, "bound", "'bound U'")? {
            (Tok::Word(w), _) if w == "bound" => {}
            (_, at) => {
                return Err(error(
                    K::MissingField,
                    "bound",
                    at,
                    "the text must start with 'bound U'",
                ))
            }
        }
        let (w, at) =
            match self.next_or_end(K::MissingField, "bound", "the bound U after 'bound'")? {
                (Tok::Word(w), at) => (w, at),
                (t, at) => {
                    return Err(error(
                        K::MissingField,
                        "bound",
                        at,
                        format!("expected the bound U after 'bound', found {t}"),
                    ))
                }
            };
        let b = number("bound", &w, at)?;
        if b <= 0.0 {
            return Err(error(
                K::BadValue,
                "bound",
                at,
                format!("the bound must be positive, not {b}"),
            ));
        }
        Ok(b)
    }

    /// `LABEL=` before a node, if present: checked and recorded.
    fn label(&mut self) -> Result<Option<String>, ParseError> {
        let (Some(Tok::Word(w)), Some(Tok::Eq)) = (self.peek(), self.peek2()) else {
            return Ok(None);
        };
        let (w, at) = (w.clone(), self.here());
        let first = w.chars().next().unwrap_or('0');
        if !(first.is_ascii_alphabetic() || first == '_')
            || w.contains('/')
            || KEYWORDS.contains(&w.as_str())
        {
            return Err(error(
                K::BadValue,
                "tree",
                at,
                format!(
                    "'{w}' cannot be a label: a label starts with a letter or '_', has no '/' \
                     and is not a keyword"
                ),
            ));
        }
        if let Some(&first_use) = self.labels.get(&w) {
            return Err(error(
                K::Inconsistent,
                "tree",
                at,
                format!("label '{w}' is used twice ({first_use} and {at})"),
            ));
        }
        self.labels.insert(w.clone(), at);
        self.pos += 2;
        Ok(Some(w))
    }

    /// The last of `children` (written at `at`) must be named differently
    /// from its siblings: moves and outcomes are chosen by these texts.
    fn check_step_text(&self, children: &[usize], at: Pos) -> Result<(), ParseError> {
        let text = |k: usize| super::step_text(&self.nodes, children[k], k);
        let last = children.len() - 1;
        let mine = text(last);
        match (0..last).find(|&k| text(k) == mine) {
            Some(k) => Err(error(
                K::Inconsistent,
                "edge",
                at,
                format!(
                    "child {} is named '{mine}' like child {} of the same node: the moves \
                     or outcomes of a node need different names",
                    last + 1,
                    k + 1
                ),
            )),
            None => Ok(()),
        }
    }

    /// `@max` / `@min` after `chance`, else the parent's side.
    fn chance_side(&mut self, parent: Player) -> Result<Player, ParseError> {
        if self.peek() != Some(&Tok::At) {
            return Ok(parent);
        }
        self.next();
        match self.next_or_end(K::BadValue, "tree", "max or min after '@'")? {
            (Tok::Word(w), _) if w == "max" => Ok(Player::First),
            (Tok::Word(w), _) if w == "min" => Ok(Player::Second),
            (t, at) => Err(error(
                K::BadValue,
                "tree",
                at,
                format!("expected max or min after '@', found {t}"),
            )),
        }
    }

    /// `[v]` after a node keyword, if present (else 0): strictly inside the
    /// bound, as a heuristic value must be.
    fn static_value(&mut self) -> Result<Value, ParseError> {
        if self.peek() != Some(&Tok::LBracket) {
            return Ok(0.0);
        }
        self.next();
        let (v, at) = match self.next_or_end(K::MissingField, "tree", "a number after '['")? {
            (Tok::Word(w), at) => (number("static value", &w, at)?, at),
            (t, at) => {
                return Err(error(
                    K::MissingField,
                    "tree",
                    at,
                    format!("expected a number after '[', found {t}"),
                ))
            }
        };
        let b = self.bound;
        if v.abs() >= b {
            return Err(error(
                K::Inconsistent,
                "static value",
                at,
                format!("static value {v} must lie inside (-{b}, {b})"),
            ));
        }
        self.expect(Tok::RBracket, "']'")?;
        Ok(v)
    }

    /// `WEIGHT*` before a child, if present: read under a chance node,
    /// refused under a decision node.
    fn weight(&mut self, parent: Kind) -> Result<Option<Weight>, ParseError> {
        let (Some(Tok::Word(w)), Some(Tok::Star)) = (self.peek(), self.peek2()) else {
            return Ok(None);
        };
        let (w, at) = (w.clone(), self.here());
        if parent != Kind::Chance {
            return Err(error(
                K::BadValue,
                "weight",
                at,
                format!("'{w}*': only the children of a chance node have weights"),
            ));
        }
        self.pos += 2;
        Weight::parse(&w, at).map(Some)
    }

    fn push(&mut self, node: Node) -> usize {
        self.nodes.push(node);
        self.nodes.len() - 1
    }

    /// A node and its subtree; nodes are numbered in preorder.
    fn node(&mut self, side: Player, depth: usize) -> Result<usize, ParseError> {
        if depth > MAX_NESTING {
            return Err(error(
                K::BadLength,
                "tree",
                self.here(),
                format!("the tree is nested more than {MAX_NESTING} levels deep"),
            ));
        }
        let edge = match self.peek() {
            Some(Tok::Edge(e)) if depth == 0 => {
                return Err(error(
                    K::BadValue,
                    "edge",
                    self.here(),
                    format!("'{{{e}}}': the root has no edge to label"),
                ))
            }
            Some(Tok::Edge(e)) => {
                let e = e.clone();
                self.pos += 1;
                Some(e)
            }
            _ => None,
        };
        let label = self.label()?;
        let (word, at) = match self.next_or_end(K::MissingField, "tree", "a node")? {
            (Tok::Word(w), at) => (w, at),
            (t, at) => {
                return Err(error(
                    K::BadValue,
                    "tree",
                    at,
                    format!("expected a node, found {t}"),
                ))
            }
        };
        let (kind, side) = match word.as_str() {
            "max" => (Kind::Max, Player::First),
            "min" => (Kind::Min, Player::Second),
            "chance" => (Kind::Chance, self.chance_side(side)?),
            "win" => (Kind::Win, side),
            "loss" => (Kind::Loss, side),
            "draw" => (Kind::Draw, side),
            w => {
                let value = number("leaf", w, at)?;
                let b = self.bound;
                if value.abs() > b {
                    return Err(error(
                        K::Inconsistent,
                        "leaf",
                        at,
                        format!("value {value} is outside [-{b}, {b}]"),
                    ));
                }
                return Ok(self.push(Node {
                    label,
                    edge,
                    kind: Kind::Leaf,
                    children: Vec::new(),
                    value,
                    side,
                }));
            }
        };
        let terminal = matches!(kind, Kind::Win | Kind::Loss | Kind::Draw);
        let id = self.push(Node {
            label,
            edge,
            kind,
            children: Vec::new(),
            value: 0.0,
            side,
        });
        if terminal {
            return Ok(id);
        }
        self.nodes[id].value = self.static_value()?;
        self.expect(Tok::Open, "'('")?;
        let child_side = match kind {
            Kind::Chance => side,
            _ => side.other(),
        };
        let mut children = Vec::new();
        let mut weights = Vec::new();
        loop {
            match self.peek() {
                Some(Tok::Close) => {
                    self.next();
                    break;
                }
                None => {
                    return Err(error(
                        K::MissingField,
                        "tree",
                        self.end,
                        format!("missing ')': the text ends inside '{word}' at {at}"),
                    ));
                }
                _ => {}
            }
            let weight = self.weight(kind)?;
            let child_at = self.here();
            children.push(self.node(child_side, depth + 1)?);
            weights.push(weight.unwrap_or_else(|| Weight::implicit(child_at)));
            self.check_step_text(&children, child_at)?;
        }
        if children.is_empty() {
            return Err(error(
                K::Empty,
                "tree",
                at,
                format!("'{word}()' has no children"),
            ));
        }
        if children.len() > u16::MAX as usize {
            return Err(error(
                K::BadLength,
                "tree",
                at,
                format!(
                    "'{word}' has {} children, at most {} are allowed",
                    children.len(),
                    u16::MAX
                ),
            ));
        }
        let weights = match kind {
            Kind::Chance => whole_weights(&weights)?,
            _ => vec![1; children.len()],
        };
        self.nodes[id].children = children.into_iter().zip(weights).collect();
        Ok(id)
    }
}

/// Parses a tree text.
pub fn parse(text: &str) -> Result<Tree, ParseError> {
    let (toks, end) = tokenize(text)?;
    if toks.is_empty() {
        return Err(error(K::Empty, "tree", end, "empty text"));
    }
    let mut p = Parser {
        toks,
        end,
        pos: 0,
        bound: 0.0,
        nodes: Vec::new(),
        labels: HashMap::new(),
    };
    p.bound = p.bound()?;
    let root = p.node(Player::First, 0)?;
    if let Some((t, at)) = p.next() {
        return Err(error(
            K::ExtraField,
            "tree",
            at,
            format!("unexpected {t} after the root node"),
        ));
    }
    Ok(Tree {
        nodes: p.nodes,
        bound: p.bound,
        root,
        id: fnv(text),
    })
}

fn fnv(text: &str) -> u64 {
    let mut h: u64 = 0xCBF2_9CE4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x100_0000_01B3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Status};
    use crate::tree::TreeGame;
    use proptest::prelude::*;

    /// The root's chance weights.
    fn weights(text: &str) -> Vec<u32> {
        let g = TreeGame::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(g.status(), Status::Chance, "{text}");
        let mut out = Vec::new();
        g.chance_outcomes(&mut out);
        out.into_iter().map(|(_, w)| w).collect()
    }

    /// The error of `text`, checked to start with its line and column.
    fn error_at(text: &str, line: usize, column: usize) -> ParseError {
        let e = parse(text).expect_err(text);
        let at = format!("line {line}, column {column}: ");
        assert!(
            e.detail.starts_with(&at),
            "{text}: expected '{at}...', got '{e}'"
        );
        e
    }

    #[test]
    fn whole_number_weights_are_kept_as_written() {
        assert_eq!(weights("bound 10 chance(2*1 4*2 3)"), [2, 4, 1]);
        assert_eq!(weights("bound 10 chance(9*1 1*2)"), [9, 1]);
        assert_eq!(weights("bound 10 chance(1 2)"), [1, 1]);
        assert_eq!(weights("bound 10 chance(2.0*1 4.*2)"), [2, 4]);
    }

    #[test]
    fn decimal_weights() {
        assert_eq!(weights("bound 10 chance(0.5*1 .25*2 0.25*3)"), [2, 1, 1]);
        assert_eq!(weights("bound 10 chance(0.1*1 0.2*2 0.7*3)"), [1, 2, 7]);
        assert_eq!(weights("bound 10 chance(0.9*1 0.1*2)"), [9, 1]);
        assert_eq!(weights("bound 10 chance(0.50*1 0.5*2)"), [1, 1]);
        assert_eq!(weights("bound 10 chance(1.5*1 2)"), [3, 2]);
    }

    #[test]
    fn fraction_weights() {
        assert_eq!(weights("bound 10 chance(1/3*1 2/3*2)"), [1, 2]);
        assert_eq!(weights("bound 10 chance(1/6*1 1/3*2 1/2*3)"), [1, 2, 3]);
        assert_eq!(weights("bound 10 chance(2/4*1 3/6*2)"), [1, 1]);
        assert_eq!(weights("bound 10 chance(5/2*1 1*2)"), [5, 2]);
    }

    #[test]
    fn mixed_weights() {
        assert_eq!(weights("bound 10 chance(0.5*1 1/4*2 1/4*3)"), [2, 1, 1]);
        assert_eq!(weights("bound 10 chance(1*1 0.5*2)"), [2, 1]);
        // An omitted weight is 1.
        assert_eq!(weights("bound 10 chance(0.5*1 2)"), [1, 2]);
        assert_eq!(weights("bound 10 chance(1/3*1 0.5*2 1/6*3)"), [2, 3, 1]);
    }

    #[test]
    fn the_search_sees_the_written_probabilities() {
        for (text, probabilities) in [
            (
                "bound 10 chance(0.5*1 0.25*2 0.25*3)",
                vec![0.5, 0.25, 0.25],
            ),
            ("bound 10 chance(0.5*1 1/4*2 1/4*3)", vec![0.5, 0.25, 0.25]),
            ("bound 10 chance(1/3*1 2/3*2)", vec![1.0 / 3.0, 2.0 / 3.0]),
            ("bound 10 chance(0.9*1 0.1*2)", vec![0.9, 0.1]),
            ("bound 10 chance(0.2*1 0.2*2 0.6*3)", vec![0.2, 0.2, 0.6]),
        ] {
            let w = weights(text);
            let total: f64 = w.iter().map(|&x| f64::from(x)).sum();
            let seen: Vec<f64> = w.iter().map(|&x| f64::from(x) / total).collect();
            assert_eq!(seen, probabilities, "{text}");
        }
    }

    #[test]
    fn zero_negative_and_unreadable_weights_are_refused() {
        for (text, column, says) in [
            ("bound 10 chance(0*1)", 17, "is zero"),
            ("bound 10 chance(0.0*1)", 17, "is zero"),
            ("bound 10 chance(0/5*1)", 17, "is zero"),
            ("bound 10 chance(1 -1*2)", 19, "is negative"),
            ("bound 10 chance(-0.5*1)", 17, "is negative"),
            ("bound 10 chance(-1/3*1)", 17, "is negative"),
            ("bound 10 chance(1/0*1)", 17, "divides by zero"),
            ("bound 10 chance(1e3*1)", 17, "is not a weight"),
            ("bound 10 chance(1/2/3*1)", 17, "is not a weight"),
            ("bound 10 chance(1.5/2*1)", 17, "is not a weight"),
            ("bound 10 chance(x*1)", 17, "is not a weight"),
            ("bound 10 chance(.*1)", 17, "is not a weight"),
            ("bound 10 chance(+2*1)", 17, "is not a weight"),
            ("bound 10 chance(--1*1)", 17, "is not a weight"),
            ("bound 10 chance(-0*1)", 17, "is zero"),
        ] {
            let e = error_at(text, 1, column);
            assert_eq!(
                (e.kind, e.field.as_str()),
                (K::BadValue, "weight"),
                "{text}"
            );
            assert!(e.detail.contains(says), "{text}: {e}");
        }
    }

    #[test]
    fn weights_beyond_u32_are_refused() {
        // Representable: the largest whole weight, and a ratio that reduces.
        assert_eq!(weights("bound 10 chance(4294967295*1 1*2)"), [u32::MAX, 1]);
        assert_eq!(
            weights("bound 10 chance(0.0000000001*1 0.0000000001*2)"),
            [1, 1]
        );
        for (text, column) in [
            ("bound 10 chance(4294967296*1 1*2)", 17),
            // 1 : 10^10 and 1 : 2^32 in lowest terms.
            ("bound 10 chance(0.0000000001*1 1*2)", 32),
            ("bound 10 chance(1/4294967296*1 2)", 32),
            // The least common multiple overflows u128.
            (
                "bound 10 chance(1/18446744073709551557*1 1/18446744073709551533*2 \
                 1/18446744073709551521*3)",
                67,
            ),
        ] {
            let e = error_at(text, 1, column);
            assert_eq!(
                (e.kind, e.field.as_str()),
                (K::BadValue, "weight"),
                "{text}"
            );
            assert!(e.detail.contains("cannot be represented"), "{text}: {e}");
        }
        let e = error_at(&format!("bound 10 chance(1{}*1)", "0".repeat(40)), 1, 17);
        assert!(e.detail.contains("too many digits"), "{e}");
        let e = error_at(&format!("bound 10 chance(0.{}1*1)", "0".repeat(40)), 1, 17);
        assert!(e.detail.contains("too many digits"), "{e}");
    }

    #[test]
    fn weights_belong_to_chance_children() {
        let e = error_at("bound 10\nmax(2*1 3)", 2, 5);
        assert_eq!((e.kind, e.field.as_str()), (K::BadValue, "weight"));
    }

    #[test]
    fn duplicate_labels_are_refused() {
        let e = error_at("bound 10\nA=max(A=1 B=2)", 2, 7);
        assert_eq!((e.kind, e.field.as_str()), (K::Inconsistent, "tree"));
        assert_eq!(
            e.detail,
            "line 2, column 7: label 'A' is used twice (line 2, column 1 and line 2, column 7)"
        );
        // Anywhere in the tree, not only among siblings.
        let e = error_at("bound 10 chance(B=min(C=1 2)\n  D=max(3 C=4))", 2, 11);
        assert!(e.detail.contains("label 'C'"), "{e}");
        assert!(parse("bound 10 chance(B=min(C=1 2) D=max(3 E=4))").is_ok());
    }

    #[test]
    fn errors_name_the_problem() {
        assert_eq!(parse("").unwrap_err().kind, K::Empty);
        assert_eq!(parse("max(1 2)").unwrap_err().field, "bound");
        assert_eq!(parse("bound 10 max(1 2").unwrap_err().kind, K::MissingField);
        assert_eq!(
            parse("bound 10 max(1 20)").unwrap_err().kind,
            K::Inconsistent
        );
        assert_eq!(parse("bound 10 chance(0*1)").unwrap_err().field, "weight");
        assert_eq!(parse("bound 10 max(1 x)").unwrap_err().field, "leaf");
        assert_eq!(parse("bound 10 max() ").unwrap_err().kind, K::Empty);
        assert_eq!(parse("bound 10 1 2").unwrap_err().kind, K::ExtraField);
        assert_eq!(
            parse("bound 10 max(1 $)").unwrap_err().kind,
            K::BadCharacter
        );
        assert!(parse("bound 10 max=1").is_err());
    }

    #[test]
    fn tokenizer_errors_have_line_and_column() {
        let e = error_at("bound 10\nmax(1 2\n  3 4 $)", 3, 7);
        assert_eq!((e.kind, e.field.as_str()), (K::BadCharacter, "tree"));
        assert_eq!(
            e.to_string(),
            "tree: line 3, column 7: unexpected character '$'"
        );
        // Columns count characters, and comments are skipped.
        error_at("bound 10 # a comment with $\nmax(é 1)", 2, 5);
    }

    #[test]
    fn an_early_end_is_placed_after_the_last_token() {
        let e = error_at("", 1, 1);
        assert_eq!(e.kind, K::Empty);
        let e = error_at("# nothing\n", 1, 1);
        assert_eq!(e.kind, K::Empty);
        let e = error_at("bound 10\nmax(1 2   # open\n", 2, 8);
        assert_eq!(e.kind, K::MissingField);
        assert!(e.detail.contains("'max' at line 2, column 1"), "{e}");
        let e = error_at("bound 10 A=", 1, 12);
        assert_eq!(e.kind, K::MissingField);
        let e = error_at("bound 10 max[", 1, 14);
        assert_eq!(e.kind, K::MissingField);
        let e = error_at("bound 10 chance@", 1, 17);
        assert_eq!(e.kind, K::BadValue);
        let e = error_at("bound", 1, 6);
        assert_eq!((e.kind, e.field.as_str()), (K::MissingField, "bound"));
    }

    #[test]
    fn the_bound_errors_have_line_and_column() {
        let e = error_at("\n  max(1 2)", 2, 3);
        assert_eq!((e.kind, e.field.as_str()), (K::MissingField, "bound"));
        let e = error_at("bound (1)", 1, 7);
        assert_eq!((e.kind, e.field.as_str()), (K::MissingField, "bound"));
        let e = error_at("bound ten max(1)", 1, 7);
        assert_eq!((e.kind, e.field.as_str()), (K::BadValue, "bound"));
        let e = error_at("bound\n-3 max(1)", 2, 1);
        assert_eq!((e.kind, e.field.as_str()), (K::BadValue, "bound"));
    }

    #[test]
    fn node_errors_have_line_and_column() {
        for (text, line, column, kind, field) in [
            ("bound 10\nmax(1 x)", 2, 7, K::BadValue, "leaf"),
            ("bound 10\nmax(1\n 20)", 3, 2, K::Inconsistent, "leaf"),
            (
                "bound 10\nmax[10](1)",
                2,
                5,
                K::Inconsistent,
                "static value",
            ),
            ("bound 10\nmax[x](1)", 2, 5, K::BadValue, "static value"),
            ("bound 10\nmax[](1)", 2, 5, K::MissingField, "tree"),
            ("bound 10\nmax[1 (1)", 2, 7, K::BadValue, "tree"),
            ("bound 10\nmax 1", 2, 5, K::BadValue, "tree"),
            ("bound 10\nmax(1 min())", 2, 7, K::Empty, "tree"),
            ("bound 10\nmax(1 ))", 2, 8, K::ExtraField, "tree"),
            ("bound 10\nmax(1 ( )", 2, 7, K::BadValue, "tree"),
            ("bound 10\nmax(1 3x=2)", 2, 7, K::BadValue, "tree"),
            ("bound 10\nmax(1 min=2)", 2, 7, K::BadValue, "tree"),
            ("bound 10\nmax(1 a/b=2)", 2, 7, K::BadValue, "tree"),
            ("bound 10\nchance@x(1)", 2, 8, K::BadValue, "tree"),
        ] {
            let e = error_at(text, line, column);
            assert_eq!((e.kind, e.field.as_str()), (kind, field), "{text}: {e}");
        }
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        // The parser recurses once per level: the limit must leave room on a
        // small stack (1 MiB, as in the browser's WebAssembly worker).
        let nested =
            |levels: usize| format!("bound 10 {}1{}", "max(".repeat(levels), ")".repeat(levels));
        let (ok, deep) = (nested(MAX_NESTING), nested(MAX_NESTING + 1));
        let run = move || {
            assert!(parse(&ok).is_ok());
            let e = parse(&deep).unwrap_err();
            assert_eq!(e.kind, K::BadLength, "{e}");
            assert!(e.detail.contains("nested more than"), "{e}");
        };
        std::thread::Builder::new()
            .stack_size(1 << 20)
            .spawn(run)
            .unwrap()
            .join()
            .unwrap();
    }

    #[test]
    fn converted_weights_print_and_parse_back() {
        let g = TreeGame::parse("bound 10 chance(0.5*A=1 1/4*B=2 .25*C=3)").unwrap();
        let text = g.position_text();
        assert_eq!(text, "bound 10 chance@max(2*A=1 1*B=2 1*C=3)");
        assert_eq!(TreeGame::parse(&text).unwrap().position_text(), text);
    }

    #[test]
    fn the_examples_parse_to_the_same_trees() {
        // Printed by the parser before decimal and fractional weights.
        const HAUK: &str = "bound 10 A=chance@max(1*B=min(H=-5 I=3) 1*C=min(J=-10 K=0) \
                            1*D=min(L=4 M=6) 1*E=min(N=-3 O=0) 1*F=min(P=-10 Q=-2 R=5) \
                            1*G=min(S=3 T=7))";
        let before = [
            (
                "schadd-5.3",
                "bound 10 A=chance@max(1*B=min(2 6) 1*C=min(4 9) 1*D=min(-8 7) 1*E=min(3 5))",
            ),
            (
                "schadd-5.4",
                "bound 1000 A=chance@max(9*X=min(B=-250 C=-100) 1*Y=min(D=500 E=600))",
            ),
            ("hsu-star1", "bound 2.5 A=chance@max(1*V1=-0.5 1*V2=0.5)"),
            (
                "arts-4.6",
                "bound 10 A=chance@max(1*B=min(2 5) 1*C=min(E=-8 F=6) 1*D=min(1 3))",
            ),
            ("arts-4.7", HAUK),
            ("arts-4.8", HAUK),
        ];
        for (name, want) in before {
            let ex = crate::tree::examples::find(name).unwrap();
            let text = TreeGame::parse(ex.tree).unwrap().position_text();
            assert_eq!(text, want, "{name}");
        }
    }

    #[test]
    fn edge_labels_name_moves_and_outcomes_and_print_back() {
        let text = "bound 10 A=chance(3*{=B}B=min({e4e5}C=1 {e4e5x}2) {=3}D=max({roll}chance@max({none}4 {e7}5)))";
        let g = TreeGame::parse(text).unwrap();
        let printed = g.position_text();
        assert_eq!(
            printed,
            "bound 10 A=chance@max(3*{=B}B=min({e4e5}C=1 {e4e5x}2) \
             1*{=3}D=max({roll}chance@max(1*{none}4 1*{e7}5)))"
        );
        assert_eq!(TreeGame::parse(&printed).unwrap().position_text(), printed);
        // Moves and outcomes print and parse as their edge labels.
        assert_eq!(g.outcome_text(0), "=B");
        assert_eq!(g.outcome_text(1), "=3");
        assert_eq!(g.parse_outcome("=3"), Ok(1));
        // The node label and the index still choose a child.
        assert_eq!(g.parse_outcome("D"), Ok(1));
        assert_eq!(g.parse_outcome("2"), Ok(1));
        let b = g.find("B").unwrap();
        assert_eq!(b.edge(), Some("=B"));
        assert_eq!(
            (b.move_text(0), b.move_text(1)),
            ("e4e5".into(), "e4e5x".into())
        );
        assert_eq!(b.parse_move("e4e5x"), Ok(1));
        assert_eq!(b.parse_move("C"), Ok(0));
        // The same move text may appear anywhere else in the tree.
        assert!(parse("bound 10 max({a1}min({a1}1 {b1}2) {b1}min({a1}3))").is_ok());
        // A subtree prints without the edge into it.
        assert_eq!(b.position_text(), "bound 10 B=min({e4e5}C=1 {e4e5x}2)");
        assert_eq!(g.edge(), None);
    }

    #[test]
    fn edge_label_errors() {
        for (text, line, column, kind, says) in [
            (
                "bound 10 max({a}1 {a}2)",
                1,
                19,
                K::Inconsistent,
                "like child 1",
            ),
            // An edge label may not take another child's name.
            (
                "bound 10 max({B}1 B=2)",
                1,
                19,
                K::Inconsistent,
                "named 'B'",
            ),
            ("bound 10 max({2}1 3)", 1, 19, K::Inconsistent, "named '2'"),
            ("bound 10 max({}1)", 1, 14, K::Empty, "empty edge label"),
            (
                "bound 10 max({a b}1)",
                1,
                16,
                K::BadCharacter,
                "no whitespace",
            ),
            ("bound 10 max({a{b}1)", 1, 16, K::BadCharacter, "'{'"),
            (
                "bound 10 max({ab\n}1)",
                1,
                14,
                K::MissingField,
                "not closed",
            ),
            (
                "bound 10 {x}max(1)",
                1,
                10,
                K::BadValue,
                "the root has no edge",
            ),
            ("bound 10 max(1 {x})", 1, 19, K::BadValue, "expected a node"),
            (
                "bound 10 max(1 A={x}2)",
                1,
                18,
                K::BadValue,
                "expected a node",
            ),
        ] {
            let e = error_at(text, line, column);
            assert_eq!(e.kind, kind, "{text}: {e}");
            assert!(e.detail.contains(says), "{text}: {e}");
        }
        let long = format!("bound 10 max({{{}}}1)", "x".repeat(MAX_EDGE_CHARS + 1));
        assert_eq!(error_at(&long, 1, 14).kind, K::BadLength);
        let ok = format!("bound 10 max({{{}}}1)", "é".repeat(MAX_EDGE_CHARS));
        assert!(parse(&ok).is_ok());
        // Inside braces '#' is text, not a comment.
        let g = TreeGame::parse("bound 10 max({#1}1 2) # a comment").unwrap();
        assert_eq!(g.move_text(0), "#1");
    }

    #[test]
    fn never_panics_on_prefixes() {
        let text =
            "bound 10\nA=chance@min[1](2*B=min(2 6) C=max[-1](E=-8 win) 1/2*draw 0.5*{=F}F=3)";
        for i in 0..=text.len() {
            if text.is_char_boundary(i) {
                let _ = parse(&text[..i]);
            }
        }
        assert!(parse(text).is_ok());
    }

    /// A parsed tree prints as a text that parses to the same tree.
    fn round_trip(text: &str) -> Result<(), TestCaseError> {
        if let Ok(g) = TreeGame::parse(text) {
            let printed = g.position_text();
            let again = TreeGame::parse(&printed)
                .map_err(|e| TestCaseError::fail(format!("{printed}: {e}")))?;
            prop_assert_eq!(again.position_text(), printed);
        }
        Ok(())
    }

    fn positioned(text: &str) -> Result<(), TestCaseError> {
        if let Err(e) = parse(text) {
            prop_assert!(e.detail.starts_with("line "), "{:?}: {}", text, e);
        }
        round_trip(text)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn never_panics_on_any_text(text in any::<String>()) {
            positioned(&text)?;
        }

        #[test]
        fn never_panics_on_tree_like_text(
            body in "(max|min|chance|win|loss|draw|@|\\(|\\)|\\[|\\]|\\{|\\}|=|\\*|/|\\.|-|[0-9A-C]|[ \n#,$]){0,60}"
        ) {
            positioned(&format!("bound 10 {body}"))?;
        }
    }
}
