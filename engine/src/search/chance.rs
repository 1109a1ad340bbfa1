//! Chance-node procedures: Star0 (expectimax), Star0.5, Star1, Star2,
//! Star2.5 and StarETC, in negamax form with per-outcome signs.
//!
//! Notation (Hsu; Ballard): outcome i has weight w_i of total W (probability
//! P_i = w_i / W) and value v_i seen from the chance node's side; values lie
//! in [L, U] = [-U, U]. After i outcomes the node's value lies in
//! [m_i, M_i]; outcome i+1 is searched with window (A_i, B_i): a result
//! <= A_i proves M <= alpha (cut-off II), a result >= B_i proves m >= beta
//! (cut-off I).
//!
//! * Star0.5 and Star1 use Hsu's incremental formulas: uniform (1)-(6),
//!   integer weights / GCD (13)-(18), general probabilities (7)-(12).
//! * Star2, Star2.5 and StarETC keep a lower and an upper bound per outcome
//!   (probes raise the bound their outcome's side can prove, table entries
//!   give both), so (A_i, B_i) come from the weighted bound sums:
//!   A_i = (W alpha - (S_hi - w_i hi_i)) / w_i,
//!   B_i = (W beta  - (S_lo - w_i lo_i)) / w_i
//!   (Arts 4.17/4.20, Schadd Algorithm 5.2), which reduce to Star1's
//!   windows before any probe.
//!
//! Probing (Star2): an outcome position whose side moves "probes" its first
//! h moves; the best probe is a lower bound on the outcome position's value.
//! Seen from the chance node it is a lower bound on v_i when the outcome
//! keeps the side to move (it can cut with I) and an upper bound when it
//! switches (cut II) — the negamax form of Hsu's MAX/MIN chance nodes.
//! Probes are searched with window (known lower bound, cut threshold) so a
//! result is always a sound bound. An outcome that is terminal is scored
//! exactly by its probe; one that is itself a chance node is not probed.
//!
//! Cuts return fail-soft bounds clamped to the window edge they crossed, so
//! that rounding in the incremental formulas can never turn a bound into a
//! value that looks exact.

use crate::game::{Game, Status, Step, Value};

use super::config::{ChanceAlgo, Probing, Star1Formula};
use super::run::{Node, Ply, Run};
use super::trace::{CutKind, NodeKind, Tracer};
use super::tt::{table_key, CHANCE_SALT};
use super::Evaluator;

/// A chance node's result and the bounds it proved (equal when exact).
#[derive(Clone, Copy)]
struct Res {
    value: Value,
    lower: Value,
    upper: Value,
}

impl Res {
    fn exact(v: Value) -> Res {
        Res {
            value: v,
            lower: v,
            upper: v,
        }
    }
}

/// A cut a chance node's bookkeeping found: the rule and the result.
struct Cut {
    kind: CutKind,
    res: Res,
}

/// ChanceProbCut's model at one chance node, copied out of the settings so
/// that the node needs no borrow of them.
#[derive(Clone, Copy)]
pub(crate) struct Estimator {
    shallow: u32,
    a: f64,
    b: f64,
    sigma: f64,
    t: f64,
}

/// The weights of the outcomes decide which Star1 formulas apply.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Formula {
    Uniform,
    Gcd,
    General,
}

/// Before outcome `i` is searched: the node's bounds [m_i, M_i] and the
/// thresholds (A_i, B_i) of the outcome, from the chance node's side.
#[derive(Clone, Copy)]
struct Window {
    m: Value,
    mm: Value,
    a: Value,
    b: Value,
}

/// What the regular phase of a chance node (Star1's loop over the
/// outcomes) needs from the node's bookkeeping: Hsu's incremental formulas
/// ([`Incremental`], Star0.5 and Star1) or per-outcome bound sums
/// ([`Sums`], Star2 and after, where probes and the table gave bounds).
trait Bookkeeping<G: Game> {
    /// Outcome `i`'s value when it is already known exactly.
    fn exact(&self, buf: &Ply<G>, i: usize) -> Option<Value>;
    /// The bounds and thresholds before outcome `i`.
    fn window(&self, buf: &Ply<G>, i: usize) -> Window;
    /// A cut the bounds alone make before outcome `i` is searched.
    fn decided(&self, buf: &Ply<G>, i: usize, w: &Window) -> Option<Cut>;
    /// The window outcome `i` is searched with (within `full`).
    fn child_window(
        &self,
        buf: &Ply<G>,
        i: usize,
        w: &Window,
        full: (Value, Value),
    ) -> (Value, Value);
    /// Takes outcome `i`'s result `t`, searched with window `cw`: a cut, or
    /// `None` to go on.
    fn record(
        &mut self,
        buf: &mut Ply<G>,
        i: usize,
        t: Value,
        w: &Window,
        cw: (Value, Value),
    ) -> Option<Cut>;
    /// After outcome `i` became exact: a cut on other grounds
    /// (ChanceProbCut's estimates).
    fn after_exact(&mut self, _buf: &mut Ply<G>, _i: usize) -> Option<Cut> {
        None
    }
    /// The node's value once every outcome is exact.
    fn value(&self, buf: &Ply<G>) -> Value;
}

/// Star0.5 and Star1 with Hsu's incremental formulas: uniform (1)-(6),
/// integer weights / GCD (13)-(18), general probabilities (7)-(12).
struct Incremental {
    star05: bool,
    formula: Formula,
    u: Value,
    alpha: Value,
    beta: Value,
    total: f64,
    /// n for uniform weights, else the total weight.
    c: f64,
    /// m_i, M_i and (A_i, B_i) of the next outcome.
    m: Value,
    mm: Value,
    a: Value,
    b: Value,
    vsum: f64,
}

impl Incremental {
    fn new<G: Game>(cfg_general: bool, star05: bool, u: Value, cx: &Node<G>, w: &[f64]) -> Self {
        let (alpha, beta) = (cx.alpha, cx.beta);
        let n = w.len();
        let total: f64 = w.iter().sum();
        let formula = if cfg_general {
            Formula::General
        } else if w.iter().all(|&x| x == w[0]) {
            Formula::Uniform
        } else {
            Formula::Gcd
        };
        let c = match formula {
            Formula::Uniform => n as f64,
            _ => total,
        };
        let p = |i: usize| w[i] / total;
        // m_0 = L, M_0 = U; (A_0, B_0) by (3)/(4), (15)/(16) or (9)/(10).
        let (a, b) = match formula {
            Formula::Uniform => (c * (alpha - u) + u, c * (beta + u) - u),
            Formula::Gcd => ((c / w[0]) * (alpha - u) + u, (c / w[0]) * (beta + u) - u),
            Formula::General => {
                let sp: f64 = (0..n).map(p).sum();
                ((alpha - u * sp) / p(0) + u, (beta + u * sp) / p(0) - u)
            }
        };
        Incremental {
            star05,
            formula,
            u,
            alpha,
            beta,
            total,
            c,
            m: -u,
            mm: u,
            a,
            b,
            vsum: 0.0,
        }
    }
}

impl<G: Game> Bookkeeping<G> for Incremental {
    fn exact(&self, _buf: &Ply<G>, _i: usize) -> Option<Value> {
        None
    }

    fn window(&self, _buf: &Ply<G>, _i: usize) -> Window {
        Window {
            m: self.m,
            mm: self.mm,
            a: self.a,
            b: self.b,
        }
    }

    fn decided(&self, _buf: &Ply<G>, _i: usize, _w: &Window) -> Option<Cut> {
        None
    }

    fn child_window(
        &self,
        _buf: &Ply<G>,
        _i: usize,
        w: &Window,
        (fa, fb): (Value, Value),
    ) -> (Value, Value) {
        if self.star05 {
            (fa, fb)
        } else {
            nonempty(w.a.max(fa), w.b.min(fb))
        }
    }

    fn record(
        &mut self,
        buf: &mut Ply<G>,
        i: usize,
        t: Value,
        w: &Window,
        (wa, wb): (Value, Value),
    ) -> Option<Cut> {
        let (u, c) = (self.u, self.c);
        let wt = &buf.weight;
        let p = |i: usize| wt[i] / self.total;
        // (1)/(2), (13)/(14), (7)/(8).
        let (m_prev, mm_prev) = (self.m, self.mm);
        let f = match self.formula {
            Formula::Uniform => 1.0 / c,
            Formula::Gcd => wt[i] / c,
            Formula::General => p(i),
        };
        self.m += f * (t + u);
        self.mm += f * (t - u);
        // A child result is a bound only when it left the child's own
        // window; it cuts when it also crossed the threshold.
        let (cut_i, cut_ii) = if self.star05 {
            (self.m >= self.beta, self.mm <= self.alpha)
        } else {
            (t >= wb && t >= w.b, t <= wa && t <= w.a)
        };
        if cut_i {
            return Some(Cut {
                kind: CutKind::Star1CutI,
                res: Res {
                    value: self.m.max(self.beta),
                    lower: self.m,
                    upper: mm_prev,
                },
            });
        }
        if cut_ii {
            return Some(Cut {
                kind: CutKind::Star1CutII,
                res: Res {
                    value: self.mm.min(self.alpha),
                    lower: m_prev,
                    upper: self.mm,
                },
            });
        }
        self.vsum += match self.formula {
            Formula::Uniform => t,
            Formula::Gcd => wt[i] * t,
            Formula::General => p(i) * t,
        };
        if i + 1 < wt.len() {
            // (5)/(6), (17)/(18), (11)/(12).
            match self.formula {
                Formula::Uniform => {
                    self.a += u - t;
                    self.b += -u - t;
                }
                Formula::Gcd => {
                    let r = wt[i] / wt[i + 1];
                    self.a = r * (self.a - t) + u;
                    self.b = r * (self.b - t) - u;
                }
                Formula::General => {
                    let (pi, pn) = (p(i), p(i + 1));
                    self.a = (pi * self.a + pn * u - pi * t) / pn;
                    self.b = (pi * self.b - pn * u - pi * t) / pn;
                }
            }
        }
        None
    }

    fn value(&self, _buf: &Ply<G>) -> Value {
        match self.formula {
            Formula::General => self.vsum,
            _ => self.vsum / self.c,
        }
    }
}

/// Star2 / Star2.5 / StarETC (and ChanceProbCut on any of them): a lower
/// and an upper bound per outcome, and their weighted sums.
struct Sums {
    alpha: Value,
    beta: Value,
    bs: BoundSums,
    /// ChanceProbCut: the sums of the estimated bounds, and how many
    /// outcomes have an estimate tighter than their proven bounds.
    es: Option<BoundSums>,
    tighter: usize,
}

impl Sums {
    /// (A_i, B_i) of outcome `i` from the sums (Arts 4.17/4.20).
    #[inline]
    fn thresholds<G: Game>(&self, buf: &Ply<G>, i: usize) -> (Value, Value) {
        let (bs, wi) = (&self.bs, buf.weight[i]);
        let a = (bs.total * self.alpha - (bs.hi - wi * buf.hi[i])) / wi;
        let b = (bs.total * self.beta - (bs.lo - wi * buf.lo[i])) / wi;
        (a, b)
    }

    /// Sets outcome `i`'s bounds.
    #[inline]
    fn set<G: Game>(&mut self, buf: &mut Ply<G>, i: usize, lo: Value, hi: Value) {
        self.bs.set(buf, i, lo, hi);
    }

    /// A cut by the rule `kind`: the window edge crossed and the bounds.
    fn cut(&self, kind: CutKind) -> Cut {
        let (lower, upper) = (self.bs.lower(), self.bs.upper());
        let high = match kind {
            CutKind::Star1CutI => true,
            CutKind::Star1CutII => false,
            _ => lower >= self.beta,
        };
        let value = if high {
            lower.max(self.beta)
        } else {
            upper.min(self.alpha)
        };
        Cut {
            kind,
            res: Res {
                value,
                lower,
                upper,
            },
        }
    }

    /// A cut when the bound sums alone leave the window.
    #[inline]
    fn bound_cut(&self, kind: CutKind) -> Option<Cut> {
        (self.bs.lower() >= self.beta || self.bs.upper() <= self.alpha).then(|| self.cut(kind))
    }

    /// Recombines outcome `i`'s estimate with its proven bounds and cuts
    /// when the estimated sums leave the window (Algorithm 5.2, lines 15,
    /// 17, 40, 42). Where the proven bounds exclude the estimate, the
    /// proven ones win (line 28).
    fn estimate_update<G: Game>(&mut self, buf: &mut Ply<G>, i: usize) -> Option<Cut> {
        let es = self.es.as_mut()?;
        let (lo, hi) = (buf.lo[i], buf.hi[i]);
        let (mut el, mut eh) = (lo.max(buf.clo[i]), hi.min(buf.chi[i]));
        if el > eh {
            (el, eh) = (lo, hi);
        }
        let w = buf.weight[i];
        es.lo += w * (el - buf.elo[i]);
        es.hi += w * (eh - buf.ehi[i]);
        buf.elo[i] = el;
        buf.ehi[i] = eh;
        // Where no estimate is tighter than the proven bounds the sums are
        // the proven ones (up to rounding): the exact procedure decides.
        // Only outcome i changed, so the count is kept incrementally.
        let tighter = el > lo || eh < hi;
        if tighter != buf.tighter[i] {
            buf.tighter[i] = tighter;
            if tighter {
                self.tighter += 1;
            } else {
                self.tighter -= 1;
            }
        }
        if self.tighter == 0 {
            return None;
        }
        let bs = &self.bs;
        let (value, lower, upper) = if es.lower() >= self.beta {
            (self.beta, self.beta, bs.upper().max(self.beta))
        } else if es.upper() <= self.alpha {
            (self.alpha, bs.lower().min(self.alpha), self.alpha)
        } else {
            return None;
        };
        Some(Cut {
            kind: CutKind::ChanceProbCut,
            res: Res {
                value,
                lower,
                upper,
            },
        })
    }
}

impl<G: Game> Bookkeeping<G> for Sums {
    fn exact(&self, buf: &Ply<G>, i: usize) -> Option<Value> {
        (buf.lo[i] == buf.hi[i]).then_some(buf.lo[i])
    }

    fn window(&self, buf: &Ply<G>, i: usize) -> Window {
        let (a, b) = self.thresholds(buf, i);
        Window {
            m: self.bs.lower(),
            mm: self.bs.upper(),
            a,
            b,
        }
    }

    fn decided(&self, buf: &Ply<G>, i: usize, w: &Window) -> Option<Cut> {
        // The bounds alone decide (reachable only when rounding made the
        // sums just miss the cut).
        if buf.lo[i] >= w.b {
            return Some(self.cut(CutKind::Star1CutI));
        }
        if buf.hi[i] <= w.a {
            return Some(self.cut(CutKind::Star1CutII));
        }
        None
    }

    fn child_window(
        &self,
        buf: &Ply<G>,
        i: usize,
        w: &Window,
        _full: (Value, Value),
    ) -> (Value, Value) {
        // With ChanceProbCut the window is also narrowed to the outcome's
        // estimated interval: its value is unlikely to lie outside, and a
        // result outside is used as it is (Schadd, 5.4: no re-search, the
        // error only partly reaches the node's value).
        if self.es.is_some() {
            nonempty(w.a.max(buf.elo[i]), w.b.min(buf.ehi[i]))
        } else {
            nonempty(w.a.max(buf.lo[i]), w.b.min(buf.hi[i]))
        }
    }

    fn record(
        &mut self,
        buf: &mut Ply<G>,
        i: usize,
        t: Value,
        w: &Window,
        (wa, wb): (Value, Value),
    ) -> Option<Cut> {
        let (lo, hi) = (buf.lo[i], buf.hi[i]);
        if t <= wa && w.a > lo && t <= w.a {
            self.set(buf, i, lo, t.max(lo));
            return Some(self.cut(CutKind::Star1CutII));
        }
        if t >= wb && w.b < hi && t >= w.b {
            self.set(buf, i, t.min(hi), hi);
            return Some(self.cut(CutKind::Star1CutI));
        }
        let t = t.clamp(lo, hi);
        self.set(buf, i, t, t);
        None
    }

    fn after_exact(&mut self, buf: &mut Ply<G>, i: usize) -> Option<Cut> {
        self.estimate_update(buf, i)
    }

    fn value(&self, buf: &Ply<G>) -> Value {
        // Every outcome is exact: sum afresh rather than trust the running sum.
        let n = buf.outcomes.len();
        (0..n).map(|i| buf.weight[i] * buf.lo[i]).sum::<f64>() / self.bs.total
    }
}

impl<G: Game, E: Evaluator<G>, T: Tracer<G>> Run<'_, G, E, T> {
    pub(crate) fn chance(&mut self, cx: Node<G>) -> Value {
        let (pos, ply) = (cx.pos, cx.ply);
        let key = pos.hash() ^ CHANCE_SALT;
        let probe = match self.table_prologue(&cx, key, NodeKind::Chance) {
            Ok(p) => p,
            Err(v) => return v,
        };
        let mut buf = self.sh.take_ply(ply);
        if self.cfg.opponent_model {
            pos.modelled_outcomes(&mut buf.outcomes);
        } else {
            pos.chance_outcomes(&mut buf.outcomes);
        }
        if buf.outcomes.is_empty() {
            self.sh.put_ply(ply, buf);
            return self.leaf(pos, ply, cx.alpha, cx.beta);
        }
        let cx = cx.with_window(probe.alpha, probe.beta);
        self.stats.chance_nodes += 1;
        self.tracer
            .enter(pos, NodeKind::Chance, ply, cx.depth, cx.alpha, cx.beta);
        if self.cfg.static_ordering {
            // Likeliest outcomes first: they move the bounds the most.
            let o = &mut buf.outcomes;
            for i in 1..o.len() {
                let mut j = i;
                while j > 0 && o[j - 1].1 < o[j].1 {
                    o.swap(j - 1, j);
                    j -= 1;
                }
            }
        }
        buf.kids.clear();
        buf.sign.clear();
        buf.probed.clear();
        buf.listed.clear();
        buf.weight.clear();
        buf.weight
            .extend(buf.outcomes.iter().map(|&(_, w)| w as f64));
        // ChanceProbCut needs the bound-sum machinery of Star2, so a Star1
        // search runs as Star2 without probes (h = 0) where it applies.
        let cpc = self.cpc_here(cx.depth);
        let res = match self.cfg.chance {
            ChanceAlgo::Expectimax => self.star0(&cx, &mut buf),
            ChanceAlgo::Star05 | ChanceAlgo::Star1 if cpc.is_none() => {
                let general = self.cfg.star1_formula == Star1Formula::General;
                let star05 = self.cfg.chance == ChanceAlgo::Star05;
                let mut bk = Incremental::new(general, star05, self.u, &cx, &buf.weight);
                self.regular(&cx, &mut buf, &mut bk)
            }
            _ => self.star2(&cx, &mut buf, cpc),
        };
        self.sh.put_ply(ply, buf);
        if self.aborted {
            return 0.0;
        }
        self.tt_store(key, (true, cx.depth), (res.lower, res.upper), None);
        self.tracer.exit(ply, res.value);
        res.value
    }

    /// ChanceProbCut's model when it applies at a chance node with `depth`
    /// decisions left: with alpha-beta, a windowed chance algorithm, and a
    /// model for (depth, depth - R).
    fn cpc_here(&self, depth: u32) -> Option<Estimator> {
        let c = self.cfg.chance_probcut.as_ref()?;
        if !self.cfg.alpha_beta || self.cfg.chance == ChanceAlgo::Expectimax {
            return None;
        }
        let m = c.model_at(depth)?;
        Some(Estimator {
            shallow: m.shallow,
            a: m.a,
            b: m.b,
            sigma: m.sigma,
            t: c.t,
        })
    }

    /// Records a cut the bookkeeping found and returns its result.
    #[inline]
    fn take_cut(&mut self, cx: &Node<G>, c: Cut) -> Res {
        self.cut(cx, c.kind, c.res.value);
        c.res
    }

    /// The outcome followed by the principal variation: the likeliest one.
    fn principal(buf: &Ply<G>) -> usize {
        let mut best = 0;
        for (i, &(_, w)) in buf.outcomes.iter().enumerate() {
            if w > buf.outcomes[best].1 {
                best = i;
            }
        }
        best
    }

    /// Searches outcome `i` with window `w` from the chance node's side.
    #[inline]
    fn search_outcome(
        &mut self,
        cx: &Node<G>,
        buf: &mut Ply<G>,
        i: usize,
        w: (Value, Value),
    ) -> Value {
        let step = Step::Outcome(buf.outcomes[i].0);
        buf.build_kids(cx.pos, i);
        let depth = self.cfg.depth_units.below_chance(cx.depth);
        self.search_child(cx, step, &buf.kids[i], depth, w, cx.pv)
    }

    /// Star0 (Hsu F3.0', Arts Algorithm 4): every outcome with the full
    /// window, no cut.
    fn star0(&mut self, cx: &Node<G>, buf: &mut Ply<G>) -> Res {
        let w = self.full_window();
        let principal = Self::principal(buf);
        let mut sum = 0.0;
        let mut total = 0.0;
        for i in 0..buf.outcomes.len() {
            let t = self.search_outcome(cx, buf, i, w);
            if self.aborted {
                return Res::exact(0.0);
            }
            self.tracer.child_value(cx.ply, i, t);
            if i == principal {
                self.set_pv(cx.ply, Step::Outcome(buf.outcomes[i].0));
            }
            sum += buf.weight[i] * t;
            total += buf.weight[i];
        }
        Res::exact(sum / total)
    }

    /// The regular phase: Star1 over the outcomes not yet known exactly,
    /// with windows and cuts from the bookkeeping `bk` (Hsu's formulas for
    /// Star0.5 and Star1; the bounds gathered so far for Star2 and after,
    /// Schadd, Algorithm 5.2).
    fn regular<B: Bookkeeping<G>>(&mut self, cx: &Node<G>, buf: &mut Ply<G>, bk: &mut B) -> Res {
        let ply = cx.ply;
        let full = self.full_window();
        let principal = Self::principal(buf);
        for i in 0..buf.outcomes.len() {
            if let Some(v) = bk.exact(buf, i) {
                self.tracer.child_value(ply, i, v);
                if i == principal {
                    self.sh.pv[ply + 1].clear();
                    self.set_pv(ply, Step::Outcome(buf.outcomes[i].0));
                }
                continue;
            }
            let w = bk.window(buf, i);
            self.tracer.chance_bounds(ply, w.m, w.mm, i, w.a, w.b);
            if let Some(c) = bk.decided(buf, i, &w) {
                return self.take_cut(cx, c);
            }
            let cw = bk.child_window(buf, i, &w, full);
            self.hand_over_probes(cx, buf, i);
            let t = self.search_outcome(cx, buf, i, cw);
            let next = self.sh.ply_mut(ply + 1);
            next.known.clear();
            next.prepared = None;
            if self.aborted {
                return Res::exact(0.0);
            }
            self.tracer.child_value(ply, i, t);
            if let Some(c) = bk.record(buf, i, t, &w, cw) {
                return self.take_cut(cx, c);
            }
            if i == principal {
                self.set_pv(ply, Step::Outcome(buf.outcomes[i].0));
            }
            if let Some(c) = bk.after_exact(buf, i) {
                return self.take_cut(cx, c);
            }
        }
        Res::exact(bk.value(buf))
    }

    /// Before outcome `i` is searched in the regular phase: its probes'
    /// results, and its move list as the probes left it, go to the
    /// outcome's decision node (one ply down), which goes on from there.
    fn hand_over_probes(&mut self, cx: &Node<G>, buf: &mut Ply<G>, i: usize) {
        let next = self.sh.ply_mut(cx.ply + 1);
        next.known.clear();
        next.known.extend(
            buf.probed
                .iter()
                .filter(|p| p.0 == i)
                .map(|&(_, m, r, pa, pb)| (m, r, pa, pb)),
        );
        next.prepared = None;
        if buf.listed.get(i) == Some(&true) {
            std::mem::swap(&mut next.picker, &mut buf.lists[i]);
            buf.listed[i] = false;
            next.prepared = Some(buf.kids[i].hash());
        }
    }

    /// Star2 / Star2.5 / StarETC: table bounds of the outcomes (StarETC),
    /// then ChanceProbCut's shallow searches (when on), then the probing
    /// phase, then Star1 over the remaining outcomes with windows from the
    /// per-outcome bounds (Schadd, Algorithm 5.2).
    fn star2(&mut self, cx: &Node<G>, buf: &mut Ply<G>, cpc: Option<Estimator>) -> Res {
        let u = self.u;
        let n = buf.outcomes.len();
        let total: f64 = buf.weight.iter().sum();
        buf.lo.clear();
        buf.lo.resize(n, -u);
        buf.hi.clear();
        buf.hi.resize(n, u);
        buf.listed.resize(n, false);
        buf.table_move.clear();
        buf.table_move.resize(n, None);
        let mut bk = Sums {
            alpha: cx.alpha,
            beta: cx.beta,
            bs: BoundSums {
                lo: -u * total,
                hi: u * total,
                total,
            },
            es: None,
            tighter: 0,
        };
        if self.cfg.chance == ChanceAlgo::StarEtc && self.tt.is_some() {
            if let Some(c) = self.etc_phase(cx, buf, &mut bk) {
                return self.take_cut(cx, c);
            }
        }
        if let Some(est) = cpc {
            if let Some(r) = self.cpc_phase(cx, buf, &mut bk, est) {
                return r;
            }
        }
        if let Some(r) = self.probing_phase(cx, buf, &mut bk) {
            return r;
        }
        self.regular(cx, buf, &mut bk)
    }

    /// StarETC: what the table knows about each outcome.
    fn etc_phase(&mut self, cx: &Node<G>, buf: &mut Ply<G>, bk: &mut Sums) -> Option<Cut> {
        let mode = self.cfg.mode;
        let n = buf.outcomes.len();
        let depth = self.cfg.depth_units.below_chance(cx.depth);
        // Every outcome's key first, each bucket read once so that the
        // probes below find them in the cache: the memory waits overlap.
        buf.build_kids(cx.pos, n - 1);
        buf.etc_keys.clear();
        buf.etc_keys.extend(buf.kids.iter().map(table_key));
        if let Some(tt) = self.tt {
            let touched = buf
                .etc_keys
                .iter()
                .flatten()
                .fold(0, |x, &(key, _)| x ^ tt.touch(key));
            std::hint::black_box(touched);
        }
        for i in 0..n {
            let Some((key, is_chance)) = buf.etc_keys[i] else {
                continue;
            };
            self.stats.tt_probes += 1;
            let Some(e) = self.tt_probe(key, is_chance) else {
                continue;
            };
            self.stats.tt_hits += 1;
            if !is_chance {
                buf.table_move[i] = e.best;
            }
            if !mode.usable(e.depth, depth) {
                continue;
            }
            let s = buf.sign[i];
            let (tl, th) = if s > 0.0 {
                (e.lower, e.upper)
            } else {
                (-e.upper, -e.lower)
            };
            let nl = buf.lo[i].max(tl);
            let nh = buf.hi[i].min(th);
            if nl > nh {
                continue;
            }
            bk.set(buf, i, nl, nh);
            if let Some(c) = bk.bound_cut(CutKind::StarEtc) {
                return Some(c);
            }
        }
        None
    }

    /// Algorithm 5.2, lines 8-20: a search of every outcome to depth d - R
    /// with the full window, turned into estimated bounds (5.6)/(5.7);
    /// returns the window bound as soon as the weighted estimates leave the
    /// window.
    fn cpc_phase(
        &mut self,
        cx: &Node<G>,
        buf: &mut Ply<G>,
        bk: &mut Sums,
        est: Estimator,
    ) -> Option<Res> {
        let (u, n) = (self.u, buf.outcomes.len());
        buf.clo.clear();
        buf.clo.resize(n, -u);
        buf.chi.clear();
        buf.chi.resize(n, u);
        buf.elo.clear();
        buf.elo.extend_from_slice(&buf.lo);
        buf.ehi.clear();
        buf.ehi.extend_from_slice(&buf.hi);
        buf.tighter.clear();
        buf.tighter.resize(n, false);
        bk.es = Some(BoundSums { ..bk.bs });
        bk.tighter = 0;
        let full = self.full_window();
        let shallow = self.cfg.depth_units.below_chance(est.shallow);
        for i in 0..n {
            if buf.lo[i] == buf.hi[i] {
                continue;
            }
            let before = self.stats.nodes();
            buf.build_kids(cx.pos, i);
            self.tracer
                .step(cx.pos, Step::Outcome(buf.outcomes[i].0), cx.ply);
            let v = self.node(&buf.kids[i], shallow, full.0, full.1, cx.ply + 1);
            self.stats.probcut_nodes += self.stats.nodes() - before;
            if self.aborted {
                return Some(Res::exact(0.0));
            }
            // The model is in the outcome position's own view.
            let e = est.a * v + est.b;
            let (cl, ch) = (
                (e - est.t * est.sigma).clamp(-u, u),
                (e + est.t * est.sigma).clamp(-u, u),
            );
            let (cl, ch) = if buf.sign[i] > 0.0 {
                (cl, ch)
            } else {
                (-ch, -cl)
            };
            buf.clo[i] = cl;
            buf.chi[i] = ch;
            if let Some(c) = bk.estimate_update(buf, i) {
                return Some(self.take_cut(cx, c));
            }
        }
        None
    }

    /// The probing phase (Star2, Star2.5): probes in cyclic or sequential
    /// order, each followed by ChanceProbCut's update when it is on.
    fn probing_phase(&mut self, cx: &Node<G>, buf: &mut Ply<G>, bk: &mut Sums) -> Option<Res> {
        let h = self.cfg.effective_probe_factor() as usize;
        if h == 0 || !self.cfg.alpha_beta {
            return None;
        }
        let n = buf.outcomes.len();
        // Cyclic: round j probes move j of every outcome; sequential:
        // outcome i gets all its h probes at once.
        let cyclic = self.cfg.probing == Probing::Cyclic;
        let (outer, inner) = if cyclic { (h, n) } else { (n, h) };
        for x in 0..outer {
            for y in 0..inner {
                let (i, j) = if cyclic { (y, x) } else { (x, y) };
                if let Some(r) = self.probe(cx, buf, bk, i, j) {
                    return Some(r);
                }
                if let Some(c) = bk.estimate_update(buf, i) {
                    return Some(self.take_cut(cx, c));
                }
            }
        }
        None
    }

    /// The probe of outcome `i` whose value is known exactly, `v` for its
    /// side to move (a finished game, a leaf, a decision without moves):
    /// its bounds close on it, and it counts as a leaf and a probe.
    fn exact_probe(
        &mut self,
        cx: &Node<G>,
        buf: &mut Ply<G>,
        bk: &mut Sums,
        i: usize,
        v: Value,
    ) -> Option<Res> {
        self.stats.leaf_nodes += 1;
        self.stats.probes += 1;
        let t = buf.sign[i] * v;
        bk.set(buf, i, t, t);
        self.probe_result(cx, bk, i, 0, v)
    }

    /// One probe: move `j` of outcome `i`. Returns a result when the chance
    /// node can be cut.
    fn probe(
        &mut self,
        cx: &Node<G>,
        buf: &mut Ply<G>,
        bk: &mut Sums,
        i: usize,
        j: usize,
    ) -> Option<Res> {
        let (lo, hi) = (buf.lo[i], buf.hi[i]);
        if lo == hi {
            return None;
        }
        let (pos, ply) = (cx.pos, cx.ply);
        // The outcome position's depth (one less than the chance node's
        // when depth is counted in plies).
        let depth = self.cfg.depth_units.below_chance(cx.depth);
        let u = self.u;
        buf.build_kids(pos, i);
        let kid = &buf.kids[i];
        let s = buf.sign[i];
        match kid.status() {
            Status::Chance => return None,
            // An outcome known exactly is probed once, as its first move.
            Status::Terminal(_) if j > 0 => return None,
            Status::Decision if depth == 0 && j > 0 => return None,
            Status::Terminal(w) => {
                let v = kid.terminal_value(w);
                return self.exact_probe(cx, buf, bk, i, v);
            }
            Status::Decision if depth == 0 => {
                // A leaf (plies): its probe is its evaluation.
                let v = self.evaluate(kid);
                return self.exact_probe(cx, buf, bk, i, v);
            }
            Status::Decision => {}
        }
        // The outcome position's own view: its known bounds and the
        // threshold at which its lower bound cuts the chance node.
        let (a, b) = bk.thresholds(buf, i);
        // The outcome's own window for (A_i, B_i), and its known bounds.
        let (ka, kb) = Self::child_window(s, a, b);
        let (kl, ku) = Self::child_window(s, lo, hi);
        let pb = kb.min(ku).min(u);
        // Like Hsu's probe window (A_i, B_i); a probe that fails low says
        // nothing about the outcome and is discarded below.
        let pa = ka.max(kl);
        if pb <= pa {
            return None;
        }
        self.list_moves(cx, buf, i);
        if buf.lists[i].is_empty() {
            // A decision node without moves is a leaf.
            if j > 0 {
                return None;
            }
            let v = self.evaluate(&buf.kids[i]);
            return self.exact_probe(cx, buf, bk, i, v);
        }
        let kid = &buf.kids[i];
        let mv = buf.lists[i].nth(j, &self.sh.ordering, |m| kid.move_order_hint(m))?;
        if self.cfg.opponent_model && kid.doubtful_move(mv).is_some() {
            // Its value bounds the outcome only through its chance
            // (`doubt.rs`): no probe.
            return None;
        }
        let mut gc = kid.clone();
        gc.play(mv);
        self.stats.decision_nodes += 1;
        self.stats.probes += 1;
        self.tracer.step(pos, Step::Outcome(buf.outcomes[i].0), ply);
        self.tracer
            .enter(kid, NodeKind::Decision, ply + 1, depth, pa, pb);
        let kx = Node {
            pos: kid,
            depth,
            ply: ply + 1,
            alpha: pa,
            beta: pb,
            pv: false,
        };
        let r = self.search_child(&kx, Step::Move(mv), &gc, depth - 1, (pa, pb), false);
        if self.aborted {
            return Some(Res::exact(0.0));
        }
        self.tracer.exit(ply + 1, r);
        buf.probed.push((i, mv, r, pa, pb));
        if r > pa {
            let r = r.min(ku);
            if s > 0.0 {
                bk.set(buf, i, r, hi);
            } else {
                bk.set(buf, i, lo, -r);
            }
        }
        self.probe_result(cx, bk, i, j, r)
    }

    /// Traces probe `j` of outcome `i` (result `r` in the outcome's view)
    /// and cuts when the bound sums now leave the window.
    fn probe_result(
        &mut self,
        cx: &Node<G>,
        bk: &Sums,
        i: usize,
        j: usize,
        r: Value,
    ) -> Option<Res> {
        self.tracer
            .probe(cx.ply, i, j, r, bk.bs.lower(), bk.bs.upper());
        let c = bk.bound_cut(CutKind::Star2Probe)?;
        Some(self.take_cut(cx, c))
    }

    /// Outcome `i`'s move list for its probes, made at its first probe:
    /// ordered as its own decision node would order it (the table's move
    /// of the outcome position, the killers and history one ply down).
    fn list_moves(&mut self, cx: &Node<G>, buf: &mut Ply<G>, i: usize) {
        if buf.listed[i] {
            return;
        }
        while buf.lists.len() <= i {
            buf.lists.push(Default::default());
        }
        let kid = &buf.kids[i];
        let list = &mut buf.lists[i];
        self.generate(kid, cx.ply + 1, list.moves_mut());
        buf.listed[i] = true;
        if list.is_empty() {
            return;
        }
        // StarETC's read of the table, or a fresh one when it found no move:
        // the probes of the other outcomes often store one in between.
        let tt_move =
            buf.table_move[i].or_else(|| self.tt_probe(kid.hash(), false).and_then(|e| e.best));
        list.start(
            &self.sh.ordering,
            kid.to_move(),
            cx.ply + 1,
            tt_move,
            self.flags,
        );
    }
}

/// A child window that is never empty. With a narrow parent window (PVS)
/// rounding can make A_i >= B_i; the child then gets (A_i, next float),
/// which still decides on which side of the thresholds its value lies.
#[inline]
fn nonempty(a: Value, b: Value) -> (Value, Value) {
    if b > a {
        (a, b)
    } else {
        (a, a.next_up())
    }
}

/// Weighted sums of the per-outcome bounds: S_lo = sum w_i lo_i and
/// S_hi = sum w_i hi_i.
struct BoundSums {
    lo: f64,
    hi: f64,
    total: f64,
}

impl BoundSums {
    #[inline]
    fn lower(&self) -> Value {
        self.lo / self.total
    }

    #[inline]
    fn upper(&self) -> Value {
        self.hi / self.total
    }

    #[inline]
    fn set<G: Game>(&mut self, buf: &mut Ply<G>, i: usize, lo: Value, hi: Value) {
        let w = buf.weight[i];
        self.lo += w * (lo - buf.lo[i]);
        self.hi += w * (hi - buf.hi[i]);
        buf.lo[i] = lo;
        buf.hi[i] = hi;
    }
}
