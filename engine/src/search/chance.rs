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
use super::run::{Ply, Run};
use super::trace::{CutKind, NodeKind, Tracer};
use super::tt::CHANCE_SALT;
use super::Evaluator;

/// A chance node's result and the bounds it proved (equal when exact).
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

impl<G: Game, E: Evaluator<G>, T: Tracer<G>> Run<'_, G, E, T> {
    pub(crate) fn chance(
        &mut self,
        pos: &G,
        depth: u32,
        alpha_in: Value,
        beta_in: Value,
        ply: usize,
        pv: bool,
    ) -> Value {
        let probe = self.probe_table(
            pos.hash() ^ CHANCE_SALT,
            true,
            depth,
            ply,
            alpha_in,
            beta_in,
        );
        if let Some(v) = probe.cut {
            self.stats.chance_nodes += 1;
            self.tracer
                .enter(pos, NodeKind::Chance, ply, depth, alpha_in, beta_in);
            self.cut(pos, depth, ply, CutKind::Table, v, alpha_in, beta_in);
            self.tracer.exit(ply, v);
            return v;
        }
        let (alpha, beta) = (probe.alpha, probe.beta);

        let mut buf = std::mem::take(&mut self.sh.plies[ply]);
        pos.chance_outcomes(&mut buf.outcomes);
        if buf.outcomes.is_empty() {
            self.sh.plies[ply] = buf;
            return self.leaf(pos, ply, alpha_in, beta_in);
        }
        self.stats.chance_nodes += 1;
        self.tracer
            .enter(pos, NodeKind::Chance, ply, depth, alpha, beta);
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
        buf.weight.clear();
        buf.weight
            .extend(buf.outcomes.iter().map(|&(_, w)| w as f64));
        // ChanceProbCut needs the bound-sum machinery of Star2, so a Star1
        // search runs as Star2 without probes (h = 0) where it applies.
        let cpc = self.cpc_here(depth);
        if self.cfg.chance.probes() || cpc.is_some() {
            // Probing looks at every outcome position before searching
            // any: build them once. Star0/Star1 build each one when (and
            // if) they reach it.
            for &(o, _) in &buf.outcomes {
                let mut kid = pos.clone();
                kid.apply_outcome(o);
                buf.sign.push(Self::sign(pos, &kid));
                buf.kids.push(kid);
            }
        }

        let res = match self.cfg.chance {
            ChanceAlgo::Expectimax => self.star0(pos, depth, ply, &buf, pv),
            ChanceAlgo::Star05 | ChanceAlgo::Star1 if cpc.is_none() => {
                self.star1(pos, depth, alpha, beta, ply, &buf, pv)
            }
            _ => self.star2(pos, depth, alpha, beta, ply, &mut buf, pv, cpc),
        };
        self.sh.plies[ply] = buf;
        if self.aborted {
            return 0.0;
        }
        if let Some(tt) = &mut self.sh.tt {
            tt.store(
                pos.hash() ^ CHANCE_SALT,
                true,
                depth,
                res.lower,
                res.upper,
                None,
            );
        }
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

    /// Algorithm 5.2, lines 8-20: a search of every outcome to depth d - R
    /// with the full window, turned into estimated bounds (5.6)/(5.7);
    /// returns the window bound as soon as the weighted estimates leave the
    /// window.
    #[allow(clippy::too_many_arguments)]
    fn cpc_phase(
        &mut self,
        pos: &G,
        depth: u32,
        alpha: Value,
        beta: Value,
        ply: usize,
        buf: &mut Ply<G>,
        bs: &BoundSums,
        es: &mut BoundSums,
        est: Estimator,
    ) -> Option<Res> {
        let u = self.u;
        let (fa, fb) = self.full_window();
        for i in 0..buf.outcomes.len() {
            if buf.lo[i] == buf.hi[i] {
                continue;
            }
            let before = self.stats.nodes();
            self.tracer.step(pos, Step::Outcome(buf.outcomes[i].0), ply);
            let v = self.node(&buf.kids[i], est.shallow, fa, fb, ply + 1);
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
            if let Some(r) = self.estimate_update(pos, depth, ply, buf, bs, es, i, alpha, beta) {
                return Some(r);
            }
        }
        None
    }

    /// Recombines outcome `i`'s estimate with its proven bounds and cuts
    /// when the estimated sums leave the window (Algorithm 5.2, lines 15,
    /// 17, 40, 42). Where the proven bounds exclude the estimate, the
    /// proven ones win (line 28).
    #[allow(clippy::too_many_arguments)]
    fn estimate_update(
        &mut self,
        pos: &G,
        depth: u32,
        ply: usize,
        buf: &mut Ply<G>,
        bs: &BoundSums,
        es: &mut BoundSums,
        i: usize,
        alpha: Value,
        beta: Value,
    ) -> Option<Res> {
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
        let informative =
            (0..buf.elo.len()).any(|j| buf.elo[j] > buf.lo[j] || buf.ehi[j] < buf.hi[j]);
        if !informative {
            return None;
        }
        let (value, lower, upper) = if es.lower() >= beta {
            (beta, beta, bs.upper().max(beta))
        } else if es.upper() <= alpha {
            (alpha, bs.lower().min(alpha), alpha)
        } else {
            return None;
        };
        self.cut(pos, depth, ply, CutKind::ChanceProbCut, value, alpha, beta);
        Some(Res {
            value,
            lower,
            upper,
        })
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

    /// Searches outcome `i` with window (a, b) from the chance node's side.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn search_outcome(
        &mut self,
        pos: &G,
        depth: u32,
        ply: usize,
        buf: &Ply<G>,
        i: usize,
        a: Value,
        b: Value,
        pv: bool,
    ) -> Value {
        let o = buf.outcomes[i].0;
        self.tracer.step(pos, Step::Outcome(o), ply);
        if let Some(kid) = buf.kids.get(i) {
            let s = buf.sign[i];
            let (ca, cb) = Self::child_window(s, a, b);
            self.next_pv = pv;
            s * self.node(kid, depth, ca, cb, ply + 1)
        } else {
            let mut kid = pos.clone();
            kid.apply_outcome(o);
            let s = Self::sign(pos, &kid);
            let (ca, cb) = Self::child_window(s, a, b);
            self.next_pv = pv;
            s * self.node(&kid, depth, ca, cb, ply + 1)
        }
    }

    /// Star0 (Hsu F3.0', Arts Algorithm 4): every outcome with the full
    /// window, no cut.
    fn star0(&mut self, pos: &G, depth: u32, ply: usize, buf: &Ply<G>, pv: bool) -> Res {
        let (fa, fb) = self.full_window();
        let principal = Self::principal(buf);
        let mut sum = 0.0;
        let mut total = 0.0;
        for i in 0..buf.outcomes.len() {
            let t = self.search_outcome(pos, depth, ply, buf, i, fa, fb, pv);
            if self.aborted {
                return Res::exact(0.0);
            }
            self.tracer.child_value(ply, i, t);
            if i == principal {
                self.set_pv(ply, Step::Outcome(buf.outcomes[i].0));
            }
            sum += buf.weight[i] * t;
            total += buf.weight[i];
        }
        Res::exact(sum / total)
    }

    /// Star0.5 and Star1 with Hsu's incremental formulas.
    #[allow(clippy::too_many_arguments)]
    fn star1(
        &mut self,
        pos: &G,
        depth: u32,
        alpha: Value,
        beta: Value,
        ply: usize,
        buf: &Ply<G>,
        pv: bool,
    ) -> Res {
        let star05 = self.cfg.chance == ChanceAlgo::Star05;
        let (fa, fb) = self.full_window();
        let u = self.u;
        let n = buf.outcomes.len();
        let w = &buf.weight;
        let total: f64 = w.iter().sum();
        let formula = if self.cfg.star1_formula == Star1Formula::General {
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
        let mut m = -u;
        let mut mm = u;
        let (mut a, mut b) = match formula {
            Formula::Uniform => (c * (alpha - u) + u, c * (beta + u) - u),
            Formula::Gcd => ((c / w[0]) * (alpha - u) + u, (c / w[0]) * (beta + u) - u),
            Formula::General => {
                let sp: f64 = (0..n).map(p).sum();
                ((alpha - u * sp) / p(0) + u, (beta + u * sp) / p(0) - u)
            }
        };
        let principal = Self::principal(buf);
        let mut vsum = 0.0;
        for i in 0..n {
            self.tracer.chance_bounds(ply, m, mm, i, a, b);
            let (wa, wb) = if star05 {
                (fa, fb)
            } else {
                nonempty(a.max(fa), b.min(fb))
            };
            let t = self.search_outcome(pos, depth, ply, buf, i, wa, wb, pv);
            if self.aborted {
                return Res::exact(0.0);
            }
            self.tracer.child_value(ply, i, t);
            // (1)/(2), (13)/(14), (7)/(8).
            let (m_prev, mm_prev) = (m, mm);
            let f = match formula {
                Formula::Uniform => 1.0 / c,
                Formula::Gcd => w[i] / c,
                Formula::General => p(i),
            };
            m += f * (t + u);
            mm += f * (t - u);
            // A child result is a bound only when it left the child's own
            // window; it cuts when it also crossed the threshold.
            let (cut_i, cut_ii) = if star05 {
                (m >= beta, mm <= alpha)
            } else {
                (t >= wb && t >= b, t <= wa && t <= a)
            };
            if cut_i {
                let v = m.max(beta);
                self.cut(pos, depth, ply, CutKind::Star1CutI, v, alpha, beta);
                return Res {
                    value: v,
                    lower: m,
                    upper: mm_prev,
                };
            }
            if cut_ii {
                let v = mm.min(alpha);
                self.cut(pos, depth, ply, CutKind::Star1CutII, v, alpha, beta);
                return Res {
                    value: v,
                    lower: m_prev,
                    upper: mm,
                };
            }
            if i == principal {
                self.set_pv(ply, Step::Outcome(buf.outcomes[i].0));
            }
            vsum += match formula {
                Formula::Uniform => t,
                Formula::Gcd => w[i] * t,
                Formula::General => p(i) * t,
            };
            if i + 1 < n {
                // (5)/(6), (17)/(18), (11)/(12).
                match formula {
                    Formula::Uniform => {
                        a += u - t;
                        b += -u - t;
                    }
                    Formula::Gcd => {
                        let r = w[i] / w[i + 1];
                        a = r * (a - t) + u;
                        b = r * (b - t) - u;
                    }
                    Formula::General => {
                        let (pi, pn) = (p(i), p(i + 1));
                        a = (pi * a + pn * u - pi * t) / pn;
                        b = (pi * b - pn * u - pi * t) / pn;
                    }
                }
            }
        }
        let v = match formula {
            Formula::General => vsum,
            _ => vsum / c,
        };
        Res::exact(v)
    }

    /// Star2 / Star2.5 / StarETC: table bounds of the outcomes (StarETC),
    /// then ChanceProbCut's shallow searches (when on), then the probing
    /// phase, then Star1 over the remaining outcomes with windows from the
    /// per-outcome bounds (Schadd, Algorithm 5.2).
    #[allow(clippy::too_many_arguments)]
    fn star2(
        &mut self,
        pos: &G,
        depth: u32,
        alpha: Value,
        beta: Value,
        ply: usize,
        buf: &mut Ply<G>,
        pv: bool,
        cpc: Option<Estimator>,
    ) -> Res {
        let u = self.u;
        let n = buf.outcomes.len();
        let total: f64 = buf.weight.iter().sum();
        buf.lo.clear();
        buf.lo.resize(n, -u);
        buf.hi.clear();
        buf.hi.resize(n, u);
        buf.probed.clear();
        let mut bs = BoundSums {
            lo: -u * total,
            hi: u * total,
            total,
        };

        // StarETC: what the table knows about each outcome.
        if self.cfg.chance == ChanceAlgo::StarEtc && self.sh.tt.is_some() {
            for i in 0..n {
                let kid = &buf.kids[i];
                let (key, is_chance) = match kid.status() {
                    Status::Decision => (kid.hash(), false),
                    Status::Chance => (kid.hash() ^ CHANCE_SALT, true),
                    Status::Terminal(_) => continue,
                };
                self.stats.tt_probes += 1;
                let Some(e) = self.sh.tt.as_ref().and_then(|t| t.probe(key, is_chance)) else {
                    continue;
                };
                self.stats.tt_hits += 1;
                let usable = if self.cfg.tt_exact_depth {
                    e.depth == depth
                } else {
                    e.depth >= depth
                };
                if !usable {
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
                bs.set(buf, i, nl, nh);
                if let Some(r) = self.bound_cut(pos, depth, ply, &bs, alpha, beta, CutKind::StarEtc)
                {
                    return r;
                }
            }
        }

        // ChanceProbCut: shallow searches of every outcome (Algorithm 5.2,
        // lines 8-20).
        let mut es = None;
        if let Some(est) = cpc {
            buf.clo.clear();
            buf.clo.resize(n, -u);
            buf.chi.clear();
            buf.chi.resize(n, u);
            buf.elo.clear();
            buf.elo.extend_from_slice(&buf.lo);
            buf.ehi.clear();
            buf.ehi.extend_from_slice(&buf.hi);
            let mut sums = BoundSums {
                lo: bs.lo,
                hi: bs.hi,
                total,
            };
            if let Some(r) = self.cpc_phase(pos, depth, alpha, beta, ply, buf, &bs, &mut sums, est)
            {
                return r;
            }
            es = Some(sums);
        }

        // Probing phase.
        let h = self.cfg.effective_probe_factor() as usize;
        if h > 0 && self.cfg.alpha_beta {
            // Cyclic: round j probes move j of every outcome; sequential:
            // outcome i gets all its h probes at once.
            let cyclic = self.cfg.probing == Probing::Cyclic;
            let (outer, inner) = if cyclic { (h, n) } else { (n, h) };
            for x in 0..outer {
                for y in 0..inner {
                    let (i, j) = if cyclic { (y, x) } else { (x, y) };
                    if let Some(r) = self.probe(pos, depth, alpha, beta, ply, buf, &mut bs, i, j) {
                        return r;
                    }
                    if let Some(es) = es.as_mut() {
                        if let Some(r) =
                            self.estimate_update(pos, depth, ply, buf, &bs, es, i, alpha, beta)
                        {
                            return r;
                        }
                    }
                }
            }
        }

        // Regular phase: Star1 with the bounds gathered so far.
        let principal = Self::principal(buf);
        for i in 0..n {
            let (lo, hi) = (buf.lo[i], buf.hi[i]);
            if lo == hi {
                self.tracer.child_value(ply, i, lo);
                if i == principal {
                    self.sh.pv[ply + 1].clear();
                    self.set_pv(ply, Step::Outcome(buf.outcomes[i].0));
                }
                continue;
            }
            let wi = buf.weight[i];
            let a = (total * alpha - (bs.hi - wi * hi)) / wi;
            let b = (total * beta - (bs.lo - wi * lo)) / wi;
            self.tracer
                .chance_bounds(ply, bs.lower(), bs.upper(), i, a, b);
            // The bounds alone decide (reachable only when rounding made
            // the sums just miss the cut).
            if lo >= b {
                return self.finish_cut(pos, depth, ply, &bs, alpha, beta, CutKind::Star1CutI);
            }
            if hi <= a {
                return self.finish_cut(pos, depth, ply, &bs, alpha, beta, CutKind::Star1CutII);
            }
            // With ChanceProbCut the window is also narrowed to the
            // outcome's estimated interval: its value is unlikely to lie
            // outside, and a result outside is used as it is (Schadd, 5.4:
            // no re-search, the error only partly reaches the node's value).
            let (wa, wb) = if es.is_some() {
                nonempty(a.max(buf.elo[i]), b.min(buf.ehi[i]))
            } else {
                nonempty(a.max(lo), b.min(hi))
            };
            let known = &mut self.sh.plies[ply + 1].known;
            known.clear();
            known.extend(
                buf.probed
                    .iter()
                    .filter(|p| p.0 == i)
                    .map(|&(_, m, r, pa, pb)| (m, r, pa, pb)),
            );
            let t = self.search_outcome(pos, depth, ply, buf, i, wa, wb, pv);
            self.sh.plies[ply + 1].known.clear();
            if self.aborted {
                return Res::exact(0.0);
            }
            self.tracer.child_value(ply, i, t);
            if t <= wa && a > lo && t <= a {
                bs.set(buf, i, lo, t.max(lo));
                return self.finish_cut(pos, depth, ply, &bs, alpha, beta, CutKind::Star1CutII);
            }
            if t >= wb && b < hi && t >= b {
                bs.set(buf, i, t.min(hi), hi);
                return self.finish_cut(pos, depth, ply, &bs, alpha, beta, CutKind::Star1CutI);
            }
            let t = t.clamp(lo, hi);
            bs.set(buf, i, t, t);
            if i == principal {
                self.set_pv(ply, Step::Outcome(buf.outcomes[i].0));
            }
            if let Some(es) = es.as_mut() {
                if let Some(r) = self.estimate_update(pos, depth, ply, buf, &bs, es, i, alpha, beta)
                {
                    return r;
                }
            }
        }
        // Every outcome is exact: sum afresh rather than trust the running sum.
        let v = (0..n).map(|i| buf.weight[i] * buf.lo[i]).sum::<f64>() / total;
        Res::exact(v)
    }

    /// One probe: move `j` of outcome `i`. Returns a result when the chance
    /// node can be cut.
    #[allow(clippy::too_many_arguments)]
    fn probe(
        &mut self,
        pos: &G,
        depth: u32,
        alpha: Value,
        beta: Value,
        ply: usize,
        buf: &mut Ply<G>,
        bs: &mut BoundSums,
        i: usize,
        j: usize,
    ) -> Option<Res> {
        let (lo, hi) = (buf.lo[i], buf.hi[i]);
        if lo == hi {
            return None;
        }
        let s = buf.sign[i];
        let u = self.u;
        let kid = &buf.kids[i];
        match kid.status() {
            Status::Chance => return None,
            Status::Terminal(w) => {
                if j > 0 {
                    return None;
                }
                self.stats.leaf_nodes += 1;
                self.stats.probes += 1;
                let t = s * kid.terminal_value(w);
                bs.set(buf, i, t, t);
                self.tracer.probe(ply, i, j, s * t, bs.lower(), bs.upper());
                return self.bound_cut(pos, depth, ply, bs, alpha, beta, CutKind::Star2Probe);
            }
            Status::Decision => {}
        }
        // The outcome position's own view: its known bounds and the
        // threshold at which its lower bound cuts the chance node.
        let wi = buf.weight[i];
        let a = (bs.total * alpha - (bs.hi - wi * hi)) / wi;
        let b = (bs.total * beta - (bs.lo - wi * lo)) / wi;
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
        kid.legal_moves(&mut buf.probe_moves);
        if buf.probe_moves.is_empty() {
            if j > 0 {
                return None;
            }
            // A decision node without moves is a leaf: its probe is exact.
            self.stats.leaf_nodes += 1;
            self.stats.probes += 1;
            let t = s * self.eval.evaluate(kid);
            bs.set(buf, i, t, t);
            self.tracer.probe(ply, i, j, s * t, bs.lower(), bs.upper());
            return self.bound_cut(pos, depth, ply, bs, alpha, beta, CutKind::Star2Probe);
        }
        if j >= buf.probe_moves.len() {
            return None;
        }
        let flags = self.flags;
        let tt_move = self
            .sh
            .tt
            .as_ref()
            .and_then(|t| t.probe(kid.hash(), false))
            .and_then(|e| e.best);
        if flags.history || flags.killers || flags.static_hint || tt_move.is_some() {
            self.sh.ordering.order(
                &mut buf.probe_moves,
                &mut buf.scored,
                kid.to_move(),
                ply + 1,
                tt_move,
                flags,
                |m| kid.move_order_hint(m),
            );
        }
        let mv = buf.probe_moves[j];
        let mut gc = kid.clone();
        gc.play(mv);
        let sg = Self::sign(kid, &gc);
        self.stats.decision_nodes += 1;
        self.stats.probes += 1;
        self.tracer.step(pos, Step::Outcome(buf.outcomes[i].0), ply);
        self.tracer
            .enter(kid, NodeKind::Decision, ply + 1, depth, pa, pb);
        self.tracer.step(kid, Step::Move(mv), ply + 1);
        let (ga, gb) = Self::child_window(sg, pa, pb);
        let r = sg * self.node(&gc, depth - 1, ga, gb, ply + 2);
        if self.aborted {
            return Some(Res::exact(0.0));
        }
        self.tracer.exit(ply + 1, r);
        buf.probed.push((i, mv, r, pa, pb));
        if r > pa {
            let r = r.min(ku);
            if s > 0.0 {
                bs.set(buf, i, r, hi);
            } else {
                bs.set(buf, i, lo, -r);
            }
        }
        self.tracer.probe(ply, i, j, r, bs.lower(), bs.upper());
        self.bound_cut(pos, depth, ply, bs, alpha, beta, CutKind::Star2Probe)
    }

    /// Cuts when the bound sums alone leave the window.
    #[allow(clippy::too_many_arguments)]
    fn bound_cut(
        &mut self,
        pos: &G,
        depth: u32,
        ply: usize,
        bs: &BoundSums,
        alpha: Value,
        beta: Value,
        kind: CutKind,
    ) -> Option<Res> {
        if bs.lower() >= beta || bs.upper() <= alpha {
            Some(self.finish_cut(pos, depth, ply, bs, alpha, beta, kind))
        } else {
            None
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn finish_cut(
        &mut self,
        pos: &G,
        depth: u32,
        ply: usize,
        bs: &BoundSums,
        alpha: Value,
        beta: Value,
        kind: CutKind,
    ) -> Res {
        let (lower, upper) = (bs.lower(), bs.upper());
        let high = match kind {
            CutKind::Star1CutI => true,
            CutKind::Star1CutII => false,
            _ => lower >= beta,
        };
        let value = if high {
            lower.max(beta)
        } else {
            upper.min(alpha)
        };
        self.cut(pos, depth, ply, kind, value, alpha, beta);
        Res {
            value,
            lower,
            upper,
        }
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
