//! Random explicit trees for predict-the-cut exercises: a small spec (depth,
//! branching, where the chance nodes go, their probabilities, the leaf
//! values, the bound and a seed) that fits in a URL, and a generator that
//! turns it into tree text, the same text for the same spec on every
//! platform (ChaCha8).
//!
//! ```
//! use starcut::tree::random::{generate, RandomTreeSpec};
//! use starcut::tree::TreeGame;
//! let spec = RandomTreeSpec::from_query("depth=1,branching=2,outcomes=3,seed=7").unwrap();
//! let text = generate(&spec).unwrap();
//! assert!(TreeGame::parse(&text).is_ok());
//! assert_eq!(RandomTreeSpec::from_query(&spec.to_query()), Ok(spec));
//! ```
//!
//! The shape, level by level from the root (MAX moves first, sides
//! alternate at every decision):
//!
//! | `chance=`  | levels                                                        |
//! |------------|---------------------------------------------------------------|
//! | `every`    | chance, MIN, chance, MAX, ... leaves: a chance event after every move, the one before the root included (the shape of the papers' Star1/Star2 figures) |
//! | `between`  | MAX, chance, MIN, chance, ... leaves: chance only between decisions (Ballard's regular *-minimax trees) |
//! | `P%`       | MAX, MIN, ... with a chance node between a decision and each of its children that is not a leaf, each with probability P |
//! | `none`     | MAX, MIN, ... leaves                                           |

use std::fmt;
use std::str::FromStr;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::error::{ParseError, ParseErrorKind as K};
use crate::game::Player;

use super::build::{Builder, Shape};

/// The most nodes a random tree may have: the lecture draws every node.
pub const MAX_NODES: usize = 300;

/// Where chance nodes go (see the module table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChancePlacement {
    None,
    Every,
    Between,
    /// Between decision levels, each with this probability in percent
    /// (0..=100).
    Percent(u32),
}

/// The probabilities of a chance node's outcomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weights {
    /// Equally likely.
    Uniform,
    /// Whole-number weights drawn from min..=max (1 <= min <= max <= 9).
    Random { min: u32, max: u32 },
}

/// A random tree's shape and seed. Counts are inclusive ranges `(min, max)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RandomTreeSpec {
    /// Decision levels (MAX/MIN nodes on every path), 1..=6.
    pub depth: u32,
    /// Moves of a decision node, 1..=9.
    pub branching: (u32, u32),
    pub chance: ChancePlacement,
    /// Outcomes of a chance node, 2..=9.
    pub outcomes: (u32, u32),
    pub weights: Weights,
    /// Leaf values, whole numbers within [-bound, bound] (a leaf at ±bound
    /// is a win or a loss).
    pub values: (i32, i32),
    /// The bound U, 1..=10000.
    pub bound: u32,
    pub seed: u64,
}

impl Default for RandomTreeSpec {
    /// A Star1/Star2 exercise of the papers' shape: chance, MIN, chance,
    /// MAX, leaves in [-9, 9] with U = 10.
    fn default() -> Self {
        RandomTreeSpec {
            depth: 2,
            branching: (2, 3),
            chance: ChancePlacement::Every,
            outcomes: (2, 3),
            weights: Weights::Uniform,
            values: (-9, 9),
            bound: 10,
            seed: 1,
        }
    }
}

const FIELDS: [&str; 8] = [
    "depth",
    "branching",
    "chance",
    "outcomes",
    "weights",
    "values",
    "bound",
    "seed",
];

fn bad(field: &str, detail: impl Into<String>) -> ParseError {
    ParseError::new(K::BadValue, field, detail)
}

/// `n` or `a-b` (also `a..b`) with `lo <= a <= b <= hi`.
fn count_range(field: &str, text: &str, lo: u32, hi: u32) -> Result<(u32, u32), ParseError> {
    let (a, b) = match text.split_once("..").or_else(|| text.split_once('-')) {
        Some((a, b)) => (a, b),
        None => (text, text),
    };
    let num = |s: &str| {
        s.trim().parse::<u32>().map_err(|_| {
            bad(
                field,
                format!("'{text}' is not a count or a range like 2-3"),
            )
        })
    };
    let (a, b) = (num(a)?, num(b)?);
    if a > b || a < lo || b > hi {
        return Err(bad(
            field,
            format!("'{text}': expected {lo} <= min <= max <= {hi}"),
        ));
    }
    Ok((a, b))
}

impl RandomTreeSpec {
    /// The spec as `key=value` pairs separated by commas, every field
    /// given: `depth=2,branching=2-3,chance=every,outcomes=2-3,
    /// weights=uniform,values=-9..9,bound=10,seed=1` (one line). Only
    /// characters that need no escaping in a URL fragment.
    pub fn to_query(&self) -> String {
        let range = |(a, b): (u32, u32)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        };
        let chance = match self.chance {
            ChancePlacement::None => "none".to_string(),
            ChancePlacement::Every => "every".to_string(),
            ChancePlacement::Between => "between".to_string(),
            ChancePlacement::Percent(p) => format!("{p}%"),
        };
        let weights = match self.weights {
            Weights::Uniform => "uniform".to_string(),
            Weights::Random { min, max } => range((min, max)),
        };
        format!(
            "depth={},branching={},chance={chance},outcomes={},weights={weights},values={}..{},\
             bound={},seed={}",
            self.depth,
            range(self.branching),
            range(self.outcomes),
            self.values.0,
            self.values.1,
            self.bound,
            self.seed
        )
    }

    /// Reads the text of [`to_query`](Self::to_query). Fields may come in
    /// any order and be left out (they keep their [`Default`]); `&` and `;`
    /// separate pairs too, and spaces around them are ignored.
    ///
    /// # Errors
    /// A [`ParseError`] whose `field` names the field at fault: an unknown
    /// or repeated field, a value out of its range, or (field `depth`) a
    /// spec whose largest tree could exceed [`MAX_NODES`].
    pub fn from_query(text: &str) -> Result<Self, ParseError> {
        let mut spec = RandomTreeSpec::default();
        let mut seen = Vec::new();
        for pair in text.split([',', '&', ';']).map(str::trim) {
            if pair.is_empty() {
                continue;
            }
            let Some((key, value)) = pair.split_once('=') else {
                return Err(ParseError::new(
                    K::MissingField,
                    pair,
                    format!("'{pair}' has no value: write {pair}=..."),
                ));
            };
            let (key, value) = (key.trim(), value.trim());
            let Some(&field) = FIELDS.iter().find(|&&f| f == key) else {
                return Err(ParseError::new(
                    K::ExtraField,
                    key,
                    format!(
                        "unknown field '{key}': the fields are {}",
                        FIELDS.join(", ")
                    ),
                ));
            };
            if seen.contains(&field) {
                return Err(ParseError::new(
                    K::Inconsistent,
                    field,
                    format!("'{field}' is given twice"),
                ));
            }
            seen.push(field);
            match field {
                "depth" => {
                    spec.depth = value
                        .parse()
                        .map_err(|_| bad(field, format!("'{value}' is not a whole number")))?
                }
                "branching" => spec.branching = count_range(field, value, 1, 9)?,
                "outcomes" => spec.outcomes = count_range(field, value, 2, 9)?,
                "chance" => {
                    spec.chance = match value {
                        "none" => ChancePlacement::None,
                        "every" => ChancePlacement::Every,
                        "between" => ChancePlacement::Between,
                        p => match p.strip_suffix('%').map(str::parse::<u32>) {
                            Some(Ok(p)) if p <= 100 => ChancePlacement::Percent(p),
                            _ => {
                                return Err(bad(
                                    field,
                                    format!(
                                        "'{value}' is not one of none, every, between or a \
                                         percentage like 40%"
                                    ),
                                ))
                            }
                        },
                    }
                }
                "weights" => {
                    spec.weights = if value == "uniform" {
                        Weights::Uniform
                    } else {
                        let (min, max) = count_range(field, value, 1, 9).map_err(|_| {
                            bad(
                                field,
                                format!(
                                    "'{value}' is not 'uniform' or a range of whole weights \
                                     like 1-4 (within 1-9)"
                                ),
                            )
                        })?;
                        Weights::Random { min, max }
                    }
                }
                "values" => {
                    let parsed = value.split_once("..").and_then(|(a, b)| {
                        Some((a.trim().parse::<i32>().ok()?, b.trim().parse::<i32>().ok()?))
                    });
                    spec.values = parsed.ok_or_else(|| {
                        bad(field, format!("'{value}' is not a range like -9..9"))
                    })?;
                }
                "bound" => {
                    spec.bound = value
                        .parse()
                        .map_err(|_| bad(field, format!("'{value}' is not a whole number")))?
                }
                _ => {
                    spec.seed = value
                        .parse()
                        .map_err(|_| bad(field, format!("'{value}' is not a whole number")))?
                }
            }
        }
        spec.validate()?;
        Ok(spec)
    }

    /// Checks every field's range and that no tree of this spec can have
    /// more than [`MAX_NODES`] nodes.
    ///
    /// # Errors
    /// A [`ParseError`] naming the field at fault.
    pub fn validate(&self) -> Result<(), ParseError> {
        if !(1..=6).contains(&self.depth) {
            return Err(bad(
                "depth",
                format!("{}: expected 1 to 6 decision levels", self.depth),
            ));
        }
        let check = |field: &str, (a, b): (u32, u32), lo: u32, hi: u32| {
            if a > b || a < lo || b > hi {
                Err(bad(
                    field,
                    format!("{a}-{b}: expected {lo} <= min <= max <= {hi}"),
                ))
            } else {
                Ok(())
            }
        };
        check("branching", self.branching, 1, 9)?;
        check("outcomes", self.outcomes, 2, 9)?;
        if let Weights::Random { min, max } = self.weights {
            check("weights", (min, max), 1, 9)?;
        }
        if let ChancePlacement::Percent(p) = self.chance {
            if p > 100 {
                return Err(bad("chance", format!("{p}%: at most 100%")));
            }
        }
        if !(1..=10_000).contains(&self.bound) {
            return Err(bad("bound", format!("{}: expected 1 to 10000", self.bound)));
        }
        let u = self.bound as i64;
        let (lo, hi) = (i64::from(self.values.0), i64::from(self.values.1));
        if lo > hi || lo < -u || hi > u {
            return Err(bad(
                "values",
                format!("{lo}..{hi}: expected -{u} <= min <= max <= {u} (the bound)"),
            ));
        }
        let most = self.max_nodes();
        if most > MAX_NODES as u64 {
            return Err(ParseError::new(
                K::BadLength,
                "depth",
                format!(
                    "a tree of this spec can have up to {most} nodes, more than the {MAX_NODES} \
                     the lecture can draw: lower the depth, branching or outcomes"
                ),
            ));
        }
        Ok(())
    }

    /// The most nodes a tree of this spec can have (every range at its
    /// maximum, every optional chance node present).
    pub fn max_nodes(&self) -> u64 {
        let (b, o) = (u64::from(self.branching.1), u64::from(self.outcomes.1));
        // Nodes of a subtree whose root is decision level `k` (0-based);
        // level `depth` is a leaf.
        let chance_above = |k: u32| match self.chance {
            ChancePlacement::None => false,
            ChancePlacement::Every => true,
            ChancePlacement::Between => k > 0,
            ChancePlacement::Percent(p) => k > 0 && k < self.depth && p > 0,
        };
        let mut below: u64 = 1; // a leaf
        for k in (0..self.depth).rev() {
            // A decision node at level k and its b children (level k + 1).
            let child_is_chance = k + 1 < self.depth && chance_above(k + 1);
            let child = if child_is_chance {
                1 + o * below
            } else {
                below
            };
            below = 1 + b * child;
        }
        if chance_above(0) {
            1 + o * below
        } else {
            below
        }
    }
}

impl fmt::Display for RandomTreeSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_query())
    }
}

impl FromStr for RandomTreeSpec {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        RandomTreeSpec::from_query(s)
    }
}

/// A random tree of `spec` in the text format of [`super::parse`], every
/// node labelled (A, B, ..., Z, A1, ... in preorder), the spec in a comment
/// on the first line. The same spec gives the same text everywhere.
///
/// # Errors
/// What [`RandomTreeSpec::validate`] finds.
pub fn generate(spec: &RandomTreeSpec) -> Result<String, ParseError> {
    spec.validate()?;
    let mut rng = ChaCha8Rng::seed_from_u64(spec.seed);
    let mut b = Builder::default();
    let mut g = Gen {
        spec,
        rng: &mut rng,
    };
    if spec.chance == ChancePlacement::Every {
        // The chance event after MAX's move: MIN decides first.
        let root = b.add(Shape::Chance(Player::First), None, 1);
        g.outcomes(&mut b, root, Player::Second, 0);
    } else {
        g.decision(&mut b, Player::First, 0, None, 1);
    }
    debug_assert!(b.len() <= MAX_NODES);
    Ok(b.text(
        f64::from(spec.bound),
        &[format!("random tree {}", spec.to_query())],
    ))
}

struct Gen<'a> {
    spec: &'a RandomTreeSpec,
    rng: &'a mut ChaCha8Rng,
}

impl Gen<'_> {
    fn pick(&mut self, (a, b): (u32, u32)) -> u32 {
        self.rng.gen_range(a..=b)
    }

    /// A decision node of `side` at decision level `level` (a leaf at
    /// level `depth`), added with `weight` under its parent.
    fn decision(
        &mut self,
        b: &mut Builder,
        side: Player,
        level: u32,
        parent: Option<usize>,
        weight: u32,
    ) -> usize {
        let spec = self.spec;
        if level == spec.depth {
            let v = self.rng.gen_range(spec.values.0..=spec.values.1);
            let id = b.add(Shape::Leaf(f64::from(v)), None, weight);
            if let Some(p) = parent {
                b.nodes[p].children.push(id);
            }
            return id;
        }
        let shape = if side == Player::First {
            Shape::Max
        } else {
            Shape::Min
        };
        let id = b.add(shape, None, weight);
        if let Some(p) = parent {
            b.nodes[p].children.push(id);
        }
        let moves = self.pick(spec.branching);
        let next = side.other();
        for _ in 0..moves {
            let chance = level + 1 < spec.depth
                && match spec.chance {
                    ChancePlacement::None => false,
                    ChancePlacement::Every | ChancePlacement::Between => true,
                    ChancePlacement::Percent(p) => self.rng.gen_range(0..100) < p,
                };
            if chance {
                let c = b.add(Shape::Chance(next), None, 1);
                b.nodes[id].children.push(c);
                self.outcomes(b, c, next, level + 1);
            } else {
                self.decision(b, next, level + 1, Some(id), 1);
            }
        }
        id
    }

    /// The outcomes of chance node `c`: decision nodes of `side` at
    /// `level`.
    fn outcomes(&mut self, b: &mut Builder, c: usize, side: Player, level: u32) {
        let n = self.pick(self.spec.outcomes);
        for _ in 0..n {
            let w = match self.spec.weights {
                Weights::Uniform => 1,
                Weights::Random { min, max } => self.pick((min, max)),
            };
            self.decision(b, side, level, Some(c), w);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Status};
    use crate::tree::TreeGame;

    #[test]
    fn the_query_round_trips_and_defaults_fill_gaps() {
        let spec = RandomTreeSpec::default();
        assert_eq!(
            spec.to_query(),
            "depth=2,branching=2-3,chance=every,outcomes=2-3,weights=uniform,values=-9..9,\
             bound=10,seed=1"
        );
        for s in [
            spec,
            RandomTreeSpec {
                depth: 3,
                branching: (2, 2),
                chance: ChancePlacement::Percent(40),
                outcomes: (2, 2),
                weights: Weights::Random { min: 1, max: 4 },
                values: (-100, 100),
                bound: 100,
                seed: u64::MAX,
            },
        ] {
            assert_eq!(RandomTreeSpec::from_query(&s.to_query()), Ok(s));
            assert_eq!(s.to_string().parse::<RandomTreeSpec>(), Ok(s));
        }
        let s = RandomTreeSpec::from_query("seed=9 & depth=1; chance=none").unwrap();
        assert_eq!((s.seed, s.depth, s.chance), (9, 1, ChancePlacement::None));
        assert_eq!(s.branching, RandomTreeSpec::default().branching);
        assert_eq!(
            RandomTreeSpec::from_query(""),
            Ok(RandomTreeSpec::default())
        );
        let s = RandomTreeSpec::from_query("branching=2..4,outcomes=3").unwrap();
        assert_eq!((s.branching, s.outcomes), ((2, 4), (3, 3)));
    }

    #[test]
    fn query_errors_name_the_field() {
        for (text, field) in [
            ("depth=x", "depth"),
            ("depth=0", "depth"),
            ("depth=9", "depth"),
            ("branching=0", "branching"),
            ("branching=3-2", "branching"),
            ("branching=a-b", "branching"),
            ("outcomes=1", "outcomes"),
            ("chance=sometimes", "chance"),
            ("chance=101%", "chance"),
            ("weights=0-3", "weights"),
            ("weights=heavy", "weights"),
            ("values=-9-9", "values"),
            ("values=-20..5", "values"),
            ("values=5..4", "values"),
            ("bound=0", "bound"),
            ("seed=-1", "seed"),
            ("colour=red", "colour"),
            ("seed", "seed"),
            ("seed=1,seed=2", "seed"),
        ] {
            let e = RandomTreeSpec::from_query(text).unwrap_err();
            assert_eq!(e.field, field, "{text}: {e}");
        }
    }

    #[test]
    fn specs_that_could_exceed_the_node_limit_are_refused() {
        let e =
            RandomTreeSpec::from_query("depth=3,branching=3,outcomes=3,chance=every").unwrap_err();
        assert_eq!((e.field.as_str(), e.kind), ("depth", K::BadLength));
        assert!(e.detail.contains("300"), "{e}");
        assert!(e.detail.contains("1093"), "{e}");
        // The largest trees of some accepted specs, counted by hand.
        let count = |q: &str| RandomTreeSpec::from_query(q).unwrap().max_nodes();
        // chance(3) -> MIN(3) -> chance(3) -> MAX(3) -> leaves.
        assert_eq!(count(""), 1 + 3 * (1 + 3 * (1 + 3 * (1 + 3))));
        // MAX(2) -> chance(2) -> MIN(2) -> leaves.
        assert_eq!(
            count("depth=2,branching=2,outcomes=2,chance=between"),
            1 + 2 * (1 + 2 * (1 + 2))
        );
        assert_eq!(count("depth=3,branching=2,chance=none"), 15);
        assert_eq!(count("depth=1,branching=9,outcomes=9"), 1 + 9 * 10);
    }

    /// Nodes of the tree and the most decision nodes on a path.
    fn shape(pos: &TreeGame) -> (usize, u32) {
        let mut kids = Vec::new();
        let own = match pos.status() {
            Status::Decision => {
                let mut m = Vec::new();
                pos.legal_moves(&mut m);
                kids = m;
                u32::from(!kids.is_empty())
            }
            Status::Chance => {
                let mut o = Vec::new();
                pos.chance_outcomes(&mut o);
                kids = o.into_iter().map(|(o, _)| o).collect();
                0
            }
            Status::Terminal(_) => 0,
        };
        let (mut n, mut d) = (1, 0);
        for k in kids {
            let mut c = pos.clone();
            c.play(k);
            let (cn, cd) = shape(&c);
            n += cn;
            d = d.max(cd);
        }
        (n, own + d)
    }

    #[test]
    fn generated_trees_parse_and_respect_the_spec() {
        let specs = [
            "",
            "depth=1,branching=2-4,outcomes=2-5,weights=1-4",
            "depth=2,chance=between,branching=2-3,outcomes=2-3",
            "depth=3,chance=40%,branching=2-3,outcomes=2",
            "depth=4,chance=none,branching=2-3",
            "depth=2,chance=every,weights=1-9,values=-10..10",
            "depth=1,branching=1,outcomes=2,values=3..3",
        ];
        for q in specs {
            let mut spec = RandomTreeSpec::from_query(q).unwrap();
            for seed in 0..50 {
                spec.seed = seed;
                let text = generate(&spec).unwrap();
                let g =
                    TreeGame::parse(&text).unwrap_or_else(|e| panic!("{q} {seed}: {e}\n{text}"));
                let (nodes, depth) = shape(&g);
                assert!(nodes as u64 <= spec.max_nodes(), "{q} {seed}");
                assert!(nodes <= MAX_NODES);
                assert_eq!(depth, spec.depth, "{q} {seed}\n{text}");
                assert_eq!(g.tree_size(), nodes);
                assert!(text.starts_with(&format!("# random tree {}\n", spec.to_query())));
                // Every node is labelled A, B, ... in preorder.
                assert_eq!(g.label(), Some("A"));
                assert!(g.find(&super::super::build::node_name(nodes - 1)).is_some());
                assert_eq!(g.position_text().matches('=').count(), nodes);
            }
        }
    }

    #[test]
    fn same_seed_same_text_different_seeds_differ() {
        let spec = RandomTreeSpec::default();
        let a = generate(&spec).unwrap();
        assert_eq!(a, generate(&spec).unwrap());
        let texts: std::collections::HashSet<String> = (0..20)
            .map(|seed| generate(&RandomTreeSpec { seed, ..spec }).unwrap())
            .collect();
        assert_eq!(texts.len(), 20);
    }

    #[test]
    fn the_text_of_a_seed_is_fixed() {
        // A change of generator changes every shared exercise link.
        let spec = RandomTreeSpec::from_query("depth=1,branching=2,outcomes=3,seed=7").unwrap();
        assert_eq!(
            generate(&spec).unwrap(),
            "# random tree depth=1,branching=2,chance=every,outcomes=3,weights=uniform,\
             values=-9..9,bound=10,seed=7\nbound 10\nA=chance(\n  B=min(C=-6 D=-6)\n  \
             E=min(F=4 G=-8)\n  H=min(I=-8 J=7)\n)\n"
        );
    }
}
