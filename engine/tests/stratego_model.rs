//! The opponent model (`stratego/model.rs`, `+model`): beliefs from where a
//! hidden piece stands and what it did, and an opponent blind to the
//! searcher's hidden ranks.

mod stratego_common;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use starcut::search::{SearchConfig, Searcher};
use starcut::stratego::{random_setup, Piece, Rank, Square, Stratego, StrategoConfig, Variant};
use starcut::{Game, Player, Status};
use stratego_common::*;

/// The modelled outcomes as (`=r`, probability).
fn beliefs(p: &Stratego) -> Vec<(String, f64)> {
    assert_eq!(p.status(), Status::Chance);
    let mut v = Vec::new();
    p.modelled_outcomes(&mut v);
    let total: f64 = v.iter().map(|&(_, w)| w as f64).sum();
    v.iter()
        .map(|&(o, w)| (p.outcome_text(o), w as f64 / total))
        .collect()
}

fn counts(p: &Stratego) -> Vec<(String, f64)> {
    let v = outcomes(p);
    let total: f64 = v.iter().map(|&(_, w)| w as f64).sum();
    v.into_iter().map(|(o, w)| (o, w as f64 / total)).collect()
}

fn share(v: &[(String, f64)], outcome: &str) -> f64 {
    v.iter()
        .find(|(o, _)| o == outcome)
        .map_or(0.0, |&(_, p)| p)
}

#[test]
fn the_model_reweights_but_keeps_every_outcome() {
    // Red's view; Red's Scout runs onto an unmoved blue piece on Blue's
    // back row (rank 10) and onto one on Blue's front row (rank 7).
    let p = pos(
        &[
            ("a1", "r9"),
            ("b1", "rF"),
            ("a10", "b?"),
            ("j2", "r9"),
            ("j7", "b?"),
        ],
        "r",
    );
    let mut back = p;
    step(&mut back, "a1a10");
    let mut front = p;
    step(&mut front, "j2j7");
    let (b, f) = (beliefs(&back), beliefs(&front));
    let same: Vec<_> = counts(&back).into_iter().map(|(o, _)| o).collect();
    assert_eq!(b.iter().map(|(o, _)| o.clone()).collect::<Vec<_>>(), same);
    assert!(b.iter().all(|&(_, x)| x > 0.0));
    // The Flag is likelier on the back row, the Spy and the Marshal on the
    // third row from the back... and the counts treat both alike.
    assert_eq!(counts(&back), counts(&front));
    assert!(share(&b, "=F") > 2.0 * share(&f, "=F"), "{b:?} {f:?}");
    // Calibrated against played games (`model.rs`, `UNMOVED_CALIBRATION`):
    // an unmoved piece an attacker reaches is seldom the Flag, and more
    // often a Bomb than its row and the pool say.
    let plain = counts(&back);
    assert!(share(&b, "=F") < 0.5 * share(&plain, "=F"), "{b:?}");
    assert!(share(&b, "=B") > share(&plain, "=B"), "{b:?}");
}

#[test]
fn an_unmoved_piece_is_a_bomb_more_likely_when_the_others_have_moved() {
    // Barrage, Red's view: of Blue's eight pieces five have moved (so they
    // hold five of the six movable ranks) and three have not: the Bomb and
    // the Flag are among those three. Red's Marshal attacks one of them.
    let mut p = barrage(
        &[
            ("e6", "r1"),
            ("a1", "rF"),
            ("e7", "b?"),
            ("a10", "b?"),
            ("b10", "b?"),
            ("a8", "b!"),
            ("c8", "b!"),
            ("h8", "b!"),
            ("j8", "b!"),
            ("j9", "b!"),
        ],
        "r",
    );
    step(&mut p, "e6e7");
    let (c, m) = (counts(&p), beliefs(&p));
    // The counts: 1 Bomb in 8 ranks. Believed: about 1 in 3.
    assert!((share(&c, "=B") - 0.125).abs() < 1e-9, "{c:?}");
    assert!(share(&m, "=B") > 0.25, "{m:?}");
    // Had nobody moved, the same piece would be a Bomb far less likely.
    let mut q = barrage(
        &[
            ("e6", "r1"),
            ("a1", "rF"),
            ("e7", "b?"),
            ("a10", "b?"),
            ("b10", "b?"),
            ("a8", "b?"),
            ("c8", "b?"),
            ("h8", "b?"),
            ("j8", "b?"),
            ("j9", "b?"),
        ],
        "r",
    );
    step(&mut q, "e6e7");
    assert!(share(&beliefs(&q), "=B") < 0.15, "{:?}", beliefs(&q));
}

#[test]
fn a_hidden_attacker_of_a_revealed_piece_likely_wins() {
    // Red's revealed Marshal; a blue piece that moved attacks it.
    let mut p = pos(
        &[("e4", "R1"), ("e5", "b!"), ("a1", "rF"), ("j10", "b?")],
        "b",
    );
    step(&mut p, "e5e4");
    let (c, m) = (counts(&p), beliefs(&p));
    // Only the Spy beats the Marshal; the counts give it 1 in 33 movers.
    assert!(share(&c, "=S") < 0.04, "{c:?}");
    assert!(share(&m, "=S") > 0.2, "{m:?}");
    // Attacking an unrevealed piece tells nothing of the attacker.
    let mut q = pos(
        &[("e4", "r1"), ("e5", "b!"), ("a1", "rF"), ("j10", "b?")],
        "b",
    );
    step(&mut q, "e5e4");
    assert_eq!(counts(&q), beliefs(&q));
}

#[test]
fn stepping_up_to_a_revealed_piece_or_away_from_it_leaves_a_clue() {
    // The true game: Red's revealed Captain on e4; Blue's Major (hidden,
    // moved) steps next to it, Blue's Scout (hidden, moved) steps away.
    let mut t = pos(
        &[
            ("e4", "R5"),
            ("e6", "b4"),
            ("d4", "b9"),
            ("a1", "rF"),
            ("j10", "bF"),
            ("a4", "r7"),
        ],
        "b moved:d4,e6",
    );
    step(&mut t, "e6e5");
    assert_eq!(
        t.clue_at(Square::parse("e5").unwrap()).bold(),
        Some(Rank::Captain)
    );
    step(&mut t, "a4a5");
    step(&mut t, "d4c4");
    let c4 = t.clue_at(Square::parse("c4").unwrap());
    assert_eq!(c4.shy(), Some(Rank::Captain));
    assert!(
        t.position_text().contains("clue:c4<5,e5>5"),
        "{}",
        t.position_text()
    );
    // The clue travels in the text and in Red's view.
    let again = Stratego::parse(t.config(), &t.position_text()).unwrap();
    assert_eq!(again, t);
    assert_eq!(again.hash(), t.hash());
    let mut v = t.view_for(Player::First);
    assert_eq!(
        v.clue_at(Square::parse("e5").unwrap()),
        t.clue_at(Square::parse("e5").unwrap())
    );
    // Red attacks the bold piece: ranks that beat a Captain are likelier.
    step(&mut v, "a5a6");
    step(&mut v, "c4b4");
    step(&mut v, "e4e5");
    let (c, m) = (counts(&v), beliefs(&v));
    let stronger =
        |x: &[(String, f64)]| share(x, "=1") + share(x, "=2") + share(x, "=3") + share(x, "=4");
    assert!(stronger(&m) > 1.5 * stronger(&c), "{c:?} {m:?}");
    // A battle reveals the piece and drops its clue.
    v.apply_outcome(Rank::Major);
    assert!(v.clue_at(Square::parse("e5").unwrap()).is_none());
    assert!(!v.position_text().contains("e5>"));
}

#[test]
fn a_scout_run_onto_a_hidden_piece_drops_the_runners_clue_at_once() {
    // Blue's hidden Scout steps up to Red's revealed Captain (a clue), then
    // runs three squares onto a piece Blue cannot see: the run reveals the
    // Scout while the battle waits for its outcome, so its clue must go
    // then, not with the battle (a saved view kept a clue on a revealed
    // piece and could not be read back).
    let mut t = pos(
        &[
            ("f5", "R5"),
            ("e6", "b9"),
            ("e2", "r7"),
            ("a1", "rF"),
            ("j10", "bF"),
            ("a4", "r7"),
        ],
        "b moved:e6",
    );
    step(&mut t, "e6e5");
    assert!(!t.clue_at(Square::parse("e5").unwrap()).is_none());
    step(&mut t, "a4a5");
    let mut v = t.view_for(Player::Second);
    step(&mut v, "e5e2");
    assert_eq!(v.status(), Status::Chance, "{}", v.position_text());
    assert!(v.clue_at(Square::parse("e5").unwrap()).is_none());
    let text = v.position_text();
    let again = Stratego::parse(v.config(), &text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(again, v);
    assert_eq!(again.hash(), v.compute_hash());
}

#[test]
fn bad_clues_are_refused_by_name() {
    let base = board_text(&[("e5", "b!"), ("a1", "rF"), ("j10", "b?"), ("e4", "r5")]);
    let cfg = StrategoConfig::default();
    for (field, why) in [
        ("clue:e4>5", "hidden piece that has moved"),
        ("clue:e6>5", "hidden piece that has moved"),
        ("clue:e5", "expected a square"),
        ("clue:e5>B", "movable rank"),
        ("clue:e5>5>4", "twice"),
        ("clue:e5>5,e5<4", "twice"),
        ("clue:e5>5=4", "expected > or <"),
        ("clue:e5=5", "expected a square, then"),
    ] {
        let err = Stratego::parse(&cfg, &format!("{base} r {field}")).unwrap_err();
        assert!(err.to_string().contains(why), "{field}: {err}");
        assert!(err.to_string().contains("clue"), "{field}: {err}");
    }
    let ok = Stratego::parse(&cfg, &format!("{base} r clue:e5>5<S")).unwrap();
    assert_eq!(ok.position_text(), format!("{base} r clue:e5>5<S"));
}

#[test]
fn the_blind_opponent_hits_one_of_the_unmoved_pieces_by_chance() {
    // Red's view, Blue to move: Blue's revealed Sergeant on b2 stands
    // beside Red's hidden Flag (a2) and Bombs (b1, c2), and Red's hidden
    // Captain (b3), which has moved.
    let p = pos(
        &[
            ("a2", "rF"),
            ("c2", "rB"),
            ("b1", "rB"),
            ("b3", "r5"),
            ("b2", "B7"),
            ("j10", "b?"),
        ],
        "b moved:b3",
    );
    // Moves of the pieces next to Red's (Blue's j10 piece is far away).
    let text = |v: &[starcut::stratego::Move]| {
        let mut t: Vec<String> = v
            .iter()
            .map(|m| m.to_string())
            .filter(|m| !m.starts_with("j10"))
            .collect();
        t.sort();
        t
    };
    let (mut legal, mut modelled) = (Vec::new(), Vec::new());
    p.legal_moves(&mut legal);
    p.modelled_moves(&mut modelled);
    assert_eq!(text(&legal), ["b2a2", "b2b1", "b2b3", "b2c2"]);
    // It cannot tell Red's unmoved pieces apart but by where they stand:
    // its three attacks on them are one blind attack, the piece it hits
    // left to chance. The attack on the Captain, which has moved (no Bomb
    // or Flag), stays as it is.
    let m = text(&modelled);
    assert_eq!(m, ["b2b3", "b2x?"]);
    let blind = *modelled.iter().find(|m| m.is_blind()).unwrap();
    assert!(!p.is_legal(blind), "a blind attack is never legal");
    assert!(p.parse_move("b2x?").is_err());
    let mut hit = p;
    hit.play(blind);
    assert_eq!(hit.status(), Status::Chance);
    assert_eq!(hit.to_move(), Player::Second);
    assert_ne!(hit.hash(), p.hash());
    assert_eq!(hit.hash(), hit.compute_hash());
    // By the counts, each target alike: a Bomb two times in three, the
    // Flag one. The model weighs each target by what the Sergeant expects
    // from it, from public facts only: wherever Red's Flag stands among
    // the three, the targets' weights are the same.
    let mut outcomes = Vec::new();
    hit.chance_outcomes(&mut outcomes);
    outcomes.sort();
    assert_eq!(outcomes, [(Rank::Bomb, 2), (Rank::Flag, 1)]);
    let weights = |q: &Stratego| {
        let mut o = Vec::new();
        q.modelled_outcomes(&mut o);
        o.sort();
        o
    };
    let here = weights(&hit);
    assert_eq!(here.len(), 2, "{here:?}");
    assert!(here.iter().all(|&(_, w)| w >= 1), "{here:?}");
    let total = |o: &[(Rank, u32)]| o.iter().map(|&(_, w)| w).sum::<u32>();
    let mut per_square = Vec::new();
    for (a, b) in [("a2", "a2"), ("a2", "c2"), ("a2", "b1")] {
        let mut q = hit;
        q.swap_pieces(Square::parse(a).unwrap(), Square::parse(b).unwrap());
        let o = weights(&q);
        assert_eq!(total(&o), total(&here), "after swapping {a} and {b}");
        // The Flag's weight is the weight of the square it stands on.
        per_square.push(o.iter().find(|o| o.0 == Rank::Flag).unwrap().1);
    }
    assert_eq!(
        per_square.iter().sum::<u32>(),
        total(&here),
        "{per_square:?}"
    );
    // Hitting the Flag ends the game; hitting a Bomb costs the Sergeant.
    let mut flag = hit;
    flag.apply_outcome(Rank::Flag);
    assert_eq!(flag.status(), Status::Terminal(Some(Player::Second)));
    let mut bomb = hit;
    bomb.apply_outcome(Rank::Bomb);
    assert_eq!(bomb.status(), Status::Decision);
    assert_eq!(bomb.to_move(), Player::First);
    assert_eq!(bomb.piece_at(Square::parse("b2").unwrap()), None);
    assert_eq!(bomb.captured(Player::Second)[Rank::Sergeant.index()], 1);
    assert_eq!(bomb.hash(), bomb.compute_hash());
    // Which one does not depend on where Red's Flag and Bombs are.
    for (a, b) in [("a2", "c2"), ("a2", "b1")] {
        let mut q = p;
        q.swap_pieces(Square::parse(a).unwrap(), Square::parse(b).unwrap());
        q.modelled_moves(&mut modelled);
        assert_eq!(text(&modelled), m, "after swapping {a} and {b}");
    }
    // A blind attack it expects to lose is not considered: late in the
    // game, with all 33 of Red's movers captured, Red's hidden pieces can
    // only be Bombs or the Flag, and a Marshal that attacks one of them
    // expects a Bomb; a Miner expects to win.
    let movers = "r1r2r3r3r4r4r4r5r5r5r5r6r6r6r6r7r7r7r7r8r8r8r8r8r9r9r9r9r9r9r9r9rS";
    let q = pos(
        &[
            ("a1", "rB"),
            ("a2", "B1"),
            ("c2", "B8"),
            ("c1", "rF"),
            ("j10", "b?"),
        ],
        &format!("b {movers}"),
    );
    q.legal_moves(&mut legal);
    q.modelled_moves(&mut modelled);
    assert!(text(&legal).contains(&"a2a1".to_string()));
    assert!(
        !text(&modelled).contains(&"a2a1".to_string()),
        "{:?}",
        text(&modelled)
    );
    assert!(
        text(&modelled).contains(&"c2c1".to_string()),
        "{:?}",
        text(&modelled)
    );
    // The side that searches (Red in Red's view) sees no blind attacks.
    let r = pos(
        &[("a2", "rF"), ("b2", "r5"), ("b3", "b?"), ("c2", "b!")],
        "r",
    );
    r.legal_moves(&mut legal);
    r.modelled_moves(&mut modelled);
    assert_eq!(text(&legal), text(&modelled));
}

/// The search weighs every piece a blind attacker may hit: Red, to move,
/// would rather take a revealed Blue Colonel with its Marshal, but Blue's
/// Sergeant beside Red's Flag (a1) and a Bomb (c1) may hit the Flag, so
/// Red's Captain takes the Sergeant first. With only the
/// attack the Sergeant expects most from considered (the model before
/// blind attacks were chance nodes), it "chose" the Bomb and Red took the
/// Colonel at every depth from 2 on.
#[test]
fn a_blind_attacker_beside_the_flag_is_met_first() {
    let p = pos(
        &[
            ("a1", "rF"),
            ("a2", "rB"),
            ("c1", "rB"),
            ("b2", "r5"),
            ("b1", "B7"),
            ("e7", "R1"),
            ("f7", "B3"),
            ("j10", "b?"),
        ],
        "r moved:b2",
    );
    let config = SearchConfig {
        opponent_model: true,
        ..SearchConfig::default()
    };
    for depth in 2..=5 {
        let r = Searcher::new(config.clone()).search_depth(&p, depth);
        assert_eq!(
            r.best.map(|m| m.to_string()).as_deref(),
            Some("b2b1"),
            "depth {depth}: {r:?}"
        );
    }
    // Blue's blind attack, Red having taken the Colonel instead: the Flag
    // or the Bomb.
    let mut q = p;
    q.play(q.parse_move("e7f7").unwrap());
    let mut modelled = Vec::new();
    q.modelled_moves(&mut modelled);
    let blind = *modelled.iter().find(|m| m.is_blind()).unwrap();
    q.play(blind);
    let mut outcomes = Vec::new();
    q.chance_outcomes(&mut outcomes);
    outcomes.sort();
    assert_eq!(outcomes, [(Rank::Bomb, 1), (Rank::Flag, 1)]);
}

/// Red's hidden pieces, unmoved or moved.
fn hidden_red(p: &Stratego) -> Vec<(Square, Piece)> {
    Square::all()
        .filter_map(|s| p.piece_at(s).map(|pc| (s, pc)))
        .filter(|(_, pc)| pc.colour() == Player::First && !pc.is_revealed())
        .collect()
}

fn random_game(seed: u64, plies: usize) -> Stratego {
    let cfg = StrategoConfig::default();
    let red = random_setup(Variant::Stratego, seed);
    let blue = random_setup(Variant::Stratego, seed ^ 0x5EED);
    let mut p = Stratego::from_setups(&cfg, &red, &blue).unwrap();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut mv = Vec::new();
    for _ in 0..plies {
        if p.status() != Status::Decision {
            break;
        }
        p.legal_moves(&mut mv);
        let attacks: Vec<_> = mv
            .iter()
            .copied()
            .filter(|m| p.piece_at(m.to).is_some())
            .collect();
        let m = if !attacks.is_empty() && rng.gen_bool(0.3) {
            attacks[rng.gen_range(0..attacks.len())]
        } else {
            mv[rng.gen_range(0..mv.len())]
        };
        p.play(m);
    }
    p
}

/// The opponent's choices in the searcher's view never depend on the
/// searcher's own hidden ranks: swap two of Red's hidden ranks (same moved
/// status) and Blue's modelled moves in Red's view stay the same, at the
/// root and along random lines; and a model search of the two Blue views
/// (which cannot tell them apart) is the same search.
#[test]
fn the_opponent_model_reads_no_hidden_rank() {
    let (mut tested, mut checked) = (0, 0);
    for seed in 0..40u64 {
        let t1 = random_game(seed, 20 + (seed as usize * 11) % 120);
        if t1.status() != Status::Decision {
            continue;
        }
        let hidden = hidden_red(&t1);
        let mut rng = SmallRng::seed_from_u64(seed);
        let pairs: Vec<(usize, usize)> = (0..hidden.len())
            .flat_map(|i| (i + 1..hidden.len()).map(move |j| (i, j)))
            .filter(|&(i, j)| {
                let (a, b) = (hidden[i].1, hidden[j].1);
                a.rank() != b.rank()
                    && a.has_moved() == b.has_moved()
                    && (!a.has_moved()
                        || (a.rank().unwrap().is_movable() && b.rank().unwrap().is_movable()))
            })
            .collect();
        if pairs.is_empty() {
            continue;
        }
        let (i, j) = pairs[rng.gen_range(0..pairs.len())];
        let mut t2 = t1;
        t2.swap_pieces(hidden[i].0, hidden[j].0);
        // Keep each square's moved flag (swap_pieces moved the pieces whole).
        for (sq, pc) in [hidden[i], hidden[j]] {
            let now = t2.piece_at(sq).unwrap();
            t2.put_piece(
                sq,
                Some(Piece::new(Player::First, now.rank(), false, pc.has_moved())),
            );
        }
        // Blue's views are identical, so are model searches of them.
        let (b1, b2) = (t1.view_for(Player::Second), t2.view_for(Player::Second));
        assert_eq!(b1, b2);
        let config = SearchConfig {
            opponent_model: true,
            ..SearchConfig::default()
        };
        let r1 = Searcher::new(config.clone()).search_depth(&b1, 2);
        let r2 = Searcher::new(config.clone()).search_depth(&b2, 2);
        assert_eq!(
            (r1.value, r1.best, r1.stats.nodes()),
            (r2.value, r2.best, r2.stats.nodes())
        );
        // In Red's views (which differ), Blue's modelled moves are the same.
        let (mut v1, mut v2) = (t1.view_for(Player::First), t2.view_for(Player::First));
        let (mut m1, mut m2, mut oc) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..40 {
            match v1.status() {
                Status::Decision => {
                    // What Blue knows is the same in both, until a battle
                    // reveals one of the swapped pieces.
                    if v1.view_for(Player::Second) != v2.view_for(Player::Second) {
                        break;
                    }
                    v1.modelled_moves(&mut m1);
                    v2.modelled_moves(&mut m2);
                    if v1.to_move() == Player::Second {
                        assert_eq!(m1, m2, "{}", v1.position_text());
                        // And so are the chances of its doubtful runs.
                        for &m in &m1 {
                            assert_eq!(v1.doubtful_move(m), v2.doubtful_move(m));
                        }
                        checked += 1;
                    }
                    // Play a move legal in both.
                    let both: Vec<_> = m1.iter().copied().filter(|m| m2.contains(m)).collect();
                    if both.is_empty() {
                        break;
                    }
                    let m = both[rng.gen_range(0..both.len())];
                    v1.play(m);
                    v2.play(m);
                }
                Status::Chance => {
                    v1.chance_outcomes(&mut oc);
                    let o = oc[rng.gen_range(0..oc.len())].0;
                    v1.apply_outcome(o);
                    v2.apply_outcome(o);
                }
                Status::Terminal(_) => break,
            }
            if v1.status() != v2.status() {
                break;
            }
        }
        tested += 1;
    }
    assert!(tested >= 25, "only {tested} cases");
    assert!(checked >= 200, "only {checked} Blue positions compared");
}

/// Red's view in a lost handicap game (100 ms a move, game 60 of the
/// match in docs/stratego-strength.md): Red far ahead, its Flag on h3 open along row 3 to
/// Blue's revealed Scout on j3; only the Scout on i4 stepping to i3 saves
/// it. Blue has one Scout left among eleven unknown pieces, but the search
/// let any of them run like a Scout for certain — e7 to i7, then onto i3
/// — so from depth 6 on every defence read as lost and Red gambled its
/// Colonel on an unmoved piece (h8h9), then lost its Flag. A run by an
/// unknown piece is now weighed by the chance that it is a Scout.
#[test]
fn a_run_only_a_scout_can_make_counts_by_the_chance_of_one() {
    let config = StrategoConfig::default();
    let text = "b?B7b!7/b?b!3b!1b?2/2b?b?3R32/R1BBb?b!b!5/1R28/rS9/5r62R91/4R41RBrF1B9/\
                1RBRB6RB/r69 r r3r4r4r5r5r5r5r6r6r7r7r7r7r8r8r8r8r8r9r9r9r9r9r9r9rBrB\
                b1b2b3b3b4b4b5b5b5b6b6b6b7b7b7b8b8b8b9b9b9b9b9b9bBbB moved:f4,a5 \
                clue:f9>3<3 two:i9i4x2/j10j3x1 ply:286 quiet:20";
    let p = Stratego::parse(&config, text).unwrap();
    let model = SearchConfig {
        opponent_model: true,
        ..SearchConfig::default()
    };
    for depth in 4..=6 {
        let r = Searcher::new(model.clone()).search_depth(&p, depth);
        assert_eq!(
            r.best.map(|m| m.to_string()).as_deref(),
            Some("i4i3"),
            "depth {depth}: {r:?}"
        );
        assert!(r.value > 0.0, "depth {depth}: {r:?}");
    }
    // Blue's runs after the block: doubtful for its unknown pieces, by the
    // beliefs (one Scout among the six movable ranks a moved piece may
    // have, weighed by what it did), certain for the revealed Scout.
    let mut q = p;
    q.play(q.parse_move("i4i3").unwrap());
    let chance = |m: &str| q.doubtful_move(q.parse_move(m).unwrap());
    let run = chance("e7i7").expect("a run by an unknown piece is doubtful");
    assert!(run > 0.05 && run < 0.3, "{run}");
    assert_eq!(chance("e7e6"), None, "a step is certain");
    assert_eq!(chance("j3j7"), None, "a revealed Scout runs for certain");
}
