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
//! Nodes: `max(...)` and `min(...)` are decision nodes of the first (MAX)
//! and second (MIN) player; `chance(...)` is a chance node whose side to move
//! is its parent's (MAX at the root), or given as `chance@max` /
//! `chance@min`; a number is a leaf, `win` / `loss` / `draw` are terminal
//! (a leaf equal to +U or -U is terminal too). All values are from MAX's
//! point of view, as in the papers' figures. Labels name moves and outcomes;
//! unlabeled children are named by their 1-based index.

use crate::error::{ParseError, ParseErrorKind};
use crate::game::{Player, Value};

use super::{Kind, Node, Tree};

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
}

fn tokenize(text: &str) -> Result<Vec<Tok>, ParseError> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = match line.find('#') {
            Some(i) => &line[..i],
            None => line,
        };
        let mut word = String::new();
        let flush = |word: &mut String, out: &mut Vec<Tok>| {
            if !word.is_empty() {
                out.push(Tok::Word(std::mem::take(word)));
            }
        };
        for c in line.chars() {
            let t = match c {
                '(' => Some(Tok::Open),
                ')' => Some(Tok::Close),
                '[' => Some(Tok::LBracket),
                ']' => Some(Tok::RBracket),
                '=' => Some(Tok::Eq),
                '*' => Some(Tok::Star),
                '@' => Some(Tok::At),
                c if c.is_whitespace() || c == ',' => None,
                c if c.is_ascii_alphanumeric() || "_.-+".contains(c) => {
                    word.push(c);
                    continue;
                }
                c => {
                    return Err(ParseError::new(
                        ParseErrorKind::BadCharacter,
                        "tree",
                        format!("unexpected character '{c}'"),
                    ))
                }
            };
            flush(&mut word, &mut out);
            if let Some(t) = t {
                out.push(t);
            }
        }
        flush(&mut word, &mut out);
    }
    Ok(out)
}

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
    nodes: Vec<Node>,
}

fn err(kind: ParseErrorKind, detail: impl Into<String>) -> ParseError {
    ParseError::new(kind, "tree", detail)
}

fn number(field: &str, s: &str) -> Result<Value, ParseError> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        _ => Err(ParseError::new(
            ParseErrorKind::BadValue,
            field,
            format!("'{s}' is not a number"),
        )),
    }
}

const KEYWORDS: [&str; 6] = ["max", "min", "chance", "win", "loss", "draw"];

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }

    fn peek2(&self) -> Option<&Tok> {
        self.toks.get(self.pos + 1)
    }

    fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.pos).cloned();
        self.pos += 1;
        t
    }

    fn expect(&mut self, t: Tok, what: &str) -> Result<(), ParseError> {
        match self.next() {
            Some(x) if x == t => Ok(()),
            Some(x) => Err(err(
                ParseErrorKind::BadValue,
                format!("expected {what}, found {x:?}"),
            )),
            None => Err(err(
                ParseErrorKind::MissingField,
                format!("expected {what}, found the end"),
            )),
        }
    }

    /// `[v]` after a node keyword, if present.
    fn static_value(&mut self) -> Result<Value, ParseError> {
        if self.peek() == Some(&Tok::LBracket) {
            self.next();
            let v = match self.next() {
                Some(Tok::Word(w)) => number("static value", &w)?,
                _ => {
                    return Err(err(
                        ParseErrorKind::MissingField,
                        "expected a number after '['",
                    ))
                }
            };
            self.expect(Tok::RBracket, "']'")?;
            Ok(v)
        } else {
            Ok(0.0)
        }
    }

    fn node(&mut self, side: Player, depth: usize) -> Result<usize, ParseError> {
        if depth > 10_000 {
            return Err(err(ParseErrorKind::BadLength, "tree nested too deeply"));
        }
        let mut label = None;
        if let (Some(Tok::Word(w)), Some(Tok::Eq)) = (self.peek(), self.peek2()) {
            let w = w.clone();
            let first = w.chars().next().unwrap_or('0');
            if !(first.is_ascii_alphabetic() || first == '_') || KEYWORDS.contains(&w.as_str()) {
                return Err(err(
                    ParseErrorKind::BadValue,
                    format!("'{w}' cannot be a label"),
                ));
            }
            label = Some(w);
            self.pos += 2;
        }
        let word = match self.next() {
            Some(Tok::Word(w)) => w,
            Some(t) => {
                return Err(err(
                    ParseErrorKind::BadValue,
                    format!("expected a node, found {t:?}"),
                ))
            }
            None => {
                return Err(err(
                    ParseErrorKind::MissingField,
                    "expected a node, found the end",
                ))
            }
        };
        let id = self.nodes.len();
        self.nodes.push(Node {
            label,
            kind: Kind::Leaf,
            children: Vec::new(),
            value: 0.0,
            side,
        });
        let (kind, side) = match word.as_str() {
            "max" => (Kind::Max, Player::First),
            "min" => (Kind::Min, Player::Second),
            "chance" => {
                let mut s = side;
                if self.peek() == Some(&Tok::At) {
                    self.next();
                    s = match self.next() {
                        Some(Tok::Word(w)) if w == "max" => Player::First,
                        Some(Tok::Word(w)) if w == "min" => Player::Second,
                        _ => {
                            return Err(err(
                                ParseErrorKind::BadValue,
                                "expected max or min after '@'",
                            ))
                        }
                    };
                }
                (Kind::Chance, s)
            }
            "win" => (Kind::Win, side),
            "loss" => (Kind::Loss, side),
            "draw" => (Kind::Draw, side),
            w => {
                self.nodes[id].value = number("leaf", w)?;
                return Ok(id);
            }
        };
        self.nodes[id].kind = kind;
        self.nodes[id].side = side;
        if matches!(kind, Kind::Win | Kind::Loss | Kind::Draw) {
            return Ok(id);
        }
        self.nodes[id].value = self.static_value()?;
        self.expect(Tok::Open, "'('")?;
        let child_side = match kind {
            Kind::Chance => side,
            _ => side.other(),
        };
        let mut children = Vec::new();
        loop {
            match self.peek() {
                Some(Tok::Close) => {
                    self.next();
                    break;
                }
                None => {
                    return Err(err(ParseErrorKind::MissingField, "missing ')'"));
                }
                _ => {}
            }
            let mut weight = 1u32;
            if kind == Kind::Chance {
                if let (Some(Tok::Word(w)), Some(Tok::Star)) = (self.peek(), self.peek2()) {
                    weight = match w.parse::<u32>() {
                        Ok(x) if x > 0 => x,
                        _ => {
                            return Err(ParseError::new(
                                ParseErrorKind::BadValue,
                                "weight",
                                format!("'{w}' is not a positive whole number"),
                            ))
                        }
                    };
                    self.pos += 2;
                }
            }
            let c = self.node(child_side, depth + 1)?;
            children.push((c, weight));
        }
        if children.is_empty() {
            return Err(err(
                ParseErrorKind::Empty,
                "a node with '()' has no children",
            ));
        }
        if children.len() > u16::MAX as usize {
            return Err(err(ParseErrorKind::BadLength, "too many children"));
        }
        self.nodes[id].children = children;
        Ok(id)
    }
}

/// Parses a tree text.
pub fn parse(text: &str) -> Result<Tree, ParseError> {
    let toks = tokenize(text)?;
    if toks.is_empty() {
        return Err(ParseError::new(ParseErrorKind::Empty, "tree", "empty text"));
    }
    let mut p = Parser {
        toks,
        pos: 0,
        nodes: Vec::new(),
    };
    let bound = match (p.peek(), p.peek2()) {
        (Some(Tok::Word(w)), Some(Tok::Word(b))) if w == "bound" => {
            let b = number("bound", b)?;
            if b <= 0.0 {
                return Err(ParseError::new(
                    ParseErrorKind::BadValue,
                    "bound",
                    "must be positive",
                ));
            }
            p.pos += 2;
            b
        }
        _ => {
            return Err(ParseError::new(
                ParseErrorKind::MissingField,
                "bound",
                "the text must start with 'bound U'",
            ))
        }
    };
    let root = p.node(Player::First, 0)?;
    if let Some(t) = p.peek() {
        return Err(ParseError::new(
            ParseErrorKind::ExtraField,
            "tree",
            format!("unexpected {t:?} after the root node"),
        ));
    }
    for n in &p.nodes {
        if n.value.abs() > bound {
            return Err(ParseError::new(
                ParseErrorKind::Inconsistent,
                "leaf",
                format!("value {} is outside [-{bound}, {bound}]", n.value),
            ));
        }
        if n.kind != Kind::Leaf && n.value.abs() >= bound {
            return Err(ParseError::new(
                ParseErrorKind::Inconsistent,
                "static value",
                format!(
                    "static value {} must lie inside (-{bound}, {bound})",
                    n.value
                ),
            ));
        }
    }
    Ok(Tree {
        nodes: p.nodes,
        bound,
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

    #[test]
    fn errors_name_the_problem() {
        assert_eq!(parse("").unwrap_err().kind, ParseErrorKind::Empty);
        assert_eq!(parse("max(1 2)").unwrap_err().field, "bound");
        assert_eq!(
            parse("bound 10 max(1 2").unwrap_err().kind,
            ParseErrorKind::MissingField
        );
        assert_eq!(
            parse("bound 10 max(1 20)").unwrap_err().kind,
            ParseErrorKind::Inconsistent
        );
        assert_eq!(parse("bound 10 chance(0*1)").unwrap_err().field, "weight");
        assert_eq!(parse("bound 10 max(1 x)").unwrap_err().field, "leaf");
        assert_eq!(
            parse("bound 10 max() ").unwrap_err().kind,
            ParseErrorKind::Empty
        );
        assert_eq!(
            parse("bound 10 1 2").unwrap_err().kind,
            ParseErrorKind::ExtraField
        );
        assert_eq!(
            parse("bound 10 max(1 $)").unwrap_err().kind,
            ParseErrorKind::BadCharacter
        );
        assert!(parse("bound 10 max=1").is_err());
    }

    #[test]
    fn never_panics_on_prefixes() {
        let text = "bound 10\nA=chance@min[1](2*B=min(2 6) C=max[-1](E=-8 win) 1*draw)";
        for i in 0..=text.len() {
            if text.is_char_boundary(i) {
                let _ = parse(&text[..i]);
            }
        }
        assert!(parse(text).is_ok());
    }
}
