//! The worked examples of the references as explicit trees, for the tests
//! and the browser's lecture mode.
//!
//! The figures themselves are not in the text sources, so each tree is
//! rebuilt from the numbers the text gives (window, bound, child values, the
//! node that cuts); where the text leaves a value open, a value consistent
//! with the text was chosen and the notes say so. The notes explain every
//! number the lecture shows for the example's first algorithm, in MAX's
//! point of view like the figures: the window each node is entered with, the
//! chance node's bounds and child windows, and each cut.
//!
//! starcut's search is fail-soft: a node that is cut returns the bound it
//! proved, where the papers' pseudo code returns the window edge (alpha or
//! beta). The notes give both where they differ.

use crate::search::{ChanceAlgo, ChanceProbCut, ProbCutModel, SearchConfig};

/// ChanceProbCut's settings for an example: one regression model
/// `v_depth = a * v_(depth - r) + b` with residual deviation `sigma`, and
/// the confidence factor `t`, so that an outcome whose shallow value is `v`
/// is estimated to lie in `[a v + b - t sigma, a v + b + t sigma]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExampleProbCut {
    pub a: f64,
    pub b: f64,
    pub sigma: f64,
    pub t: f64,
    /// Depth reduction R of the shallow searches.
    pub r: u32,
    /// The remaining depth (decisions) of the chance node that cuts; its
    /// outcomes are searched to `depth - r` first.
    pub depth: u32,
}

impl ExampleProbCut {
    /// The engine's settings for this model.
    pub fn settings(&self) -> ChanceProbCut {
        ChanceProbCut {
            t: self.t,
            r: self.r,
            depths: vec![self.depth],
            models: vec![ProbCutModel {
                depth: self.depth,
                shallow: self.depth - self.r,
                a: self.a,
                b: self.b,
                sigma: self.sigma,
                pairs: 0,
                source: Some("the text's example".into()),
            }],
            game: Some("tree".into()),
        }
    }
}

/// One worked example: a tree, the window its root is entered with, and
/// what the text says happens.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Example {
    pub name: &'static str,
    pub source: &'static str,
    pub tree: &'static str,
    /// The root's window, from MAX's point of view.
    pub alpha: f64,
    pub beta: f64,
    /// Decisions to search: the most MAX and MIN nodes on a path, plus one
    /// for the leaves (a leaf is a decision node without moves).
    pub depth: u32,
    /// The algorithms the figure is about, the one it shows first. The
    /// notes describe a search with the first.
    pub algorithms: &'static [ChanceAlgo],
    /// ChanceProbCut's model, for the figures about it (Schadd 5.5, 5.6).
    pub chance_probcut: Option<ExampleProbCut>,
    pub notes: &'static str,
}

impl Example {
    /// The algorithm the figure shows.
    pub fn algorithm(&self) -> ChanceAlgo {
        self.algorithms[0]
    }

    /// The setup of the worked examples for `chance`: children in the
    /// given order, alpha-beta, nothing else, plus ChanceProbCut with the
    /// example's model when it has one. For expectimax: plain expectimax,
    /// without windows ([`SearchConfig::expectimax`]), as in the figures.
    pub fn search_config(&self, chance: ChanceAlgo) -> SearchConfig {
        if chance == ChanceAlgo::Expectimax {
            // The figures' expectimax has no window anywhere: nothing is
            // cut, not even a MIN node that meets a loss.
            return SearchConfig::expectimax();
        }
        SearchConfig {
            chance_probcut: self.chance_probcut.map(|c| c.settings()),
            ..SearchConfig::bare(chance)
        }
    }
}

/// Schadd et al., Figure 5.1: expectimax.
pub const SCHADD_5_1: Example = Example {
    name: "schadd-5.1",
    source: "Schadd, Winands, Uiterwijk: ChanceProbCut, Figure 5.1",
    tree: "bound 1000\nA=chance(0.9*B=min(D=-250 E=-100) 0.1*C=min(F=250 G=400))",
    alpha: -1000.0,
    beta: 1000.0,
    depth: 2,
    algorithms: &[ChanceAlgo::Expectimax],
    chance_probcut: None,
    notes: "Two chance events with probabilities 0.9 and 0.1, after which MIN moves. \
            Expectimax searches every node with no window at all (-inf, inf): MIN makes \
            B = min(-250, -100) = -250 and C = min(250, 400) = 250, and A = 0.9 * -250 + \
            0.1 * 250 = -200. Nothing is cut. The bound 1000 (as in Figure 5.4) and the \
            leaves -100 and 400 are free choices; the text prints only -250, 250 and -200.",
};

/// Schadd et al., Figure 5.2: the window must be reset at a chance node.
pub const SCHADD_5_2: Example = Example {
    name: "schadd-5.2",
    source: "Schadd, Winands, Uiterwijk: ChanceProbCut, Figure 5.2",
    tree: "bound 20\nA=chance(0.6*B=min(D=4 E=2) 0.4*C=min(F=10 G=15))",
    alpha: 4.0,
    beta: 6.0,
    depth: 2,
    algorithms: &[ChanceAlgo::Star1, ChanceAlgo::Expectimax],
    chance_probcut: None,
    notes: "A is worth 0.6 * 2 + 0.4 * 10 = 5.2, inside the window (4, 6). Passing (4, 6) \
            down unchanged is wrong: B's first leaf 4 <= alpha 4 cuts B, which returns 4 \
            instead of its true 2; C returns 10 (no cut: 10 is not <= 4); A comes out as \
            0.6 * 4 + 0.4 * 10 = 6.4 >= beta 6, and the MAX node above A would cut on it \
            (tree::teaching::window_not_reset computes this 6.4). Star1 resets the window \
            for each child instead: B gets A_1 = (4 - 0.4 * 20) / 0.6 = -6.67 and B_1 = \
            (6 + 0.4 * 20) / 0.6 = 23.33, entered as (-6.67, 20); nothing is cut and B = 2. \
            A's bounds become [0.6 * 2 - 0.4 * 20, 0.6 * 2 + 0.4 * 20] = [-6.8, 9.2] and C \
            gets ((4 - 0.6 * 2) / 0.4, (6 - 0.6 * 2) / 0.4) = (7, 12): F = 10 and G = 15 \
            do not cut, C = 10, and A = 5.2 exactly. Expectimax searches with no window and \
            also gets 5.2. The bound 20, the leaf order (4 before 2) and the leaves 4 and 15 \
            are free choices: in a fail-soft search like starcut's, B returns 4 only if its \
            first leaf is 4 (the paper's fail-hard search returns alpha).",
};

/// Schadd et al., Figure 5.3: a Star1 cut.
pub const SCHADD_5_3: Example = Example {
    name: "schadd-5.3",
    source: "Schadd, Winands, Uiterwijk: ChanceProbCut, Figure 5.3",
    tree: "bound 10\nA=chance(B=min(2 6) C=min(4 9) D=min(-8 7) E=min(3 5))",
    alpha: 5.0,
    beta: 10.0,
    depth: 2,
    algorithms: &[ChanceAlgo::Star1, ChanceAlgo::Star05],
    chance_probcut: None,
    notes: "Four equally likely outcomes, window (5, 10), bound 10. Star1's child windows \
            (A_i, B_i) are entered clamped to [-10, 10]. B gets (4 * 5 - 3 * 10, 4 * 10 + \
            3 * 10) = (-10, 70) and is worth 2; A's bounds become [(2 - 30) / 4, (2 + 30) / \
            4] = [-7, 8]. C gets (-2, 58) and is worth 4: bounds [-3.5, 6.5]. D gets (4, 44) \
            and its first leaf -8 <= 4 cuts D (an alpha-beta cut at the MIN node; D returns \
            -8, its second leaf is not searched). A's upper bound is then 0.25 * (2 + 4 - \
            8) + 0.25 * 10 = 2 <= alpha 5, a star1 cut II: E is never searched. starcut \
            returns the bound 2, the paper's fail-hard search alpha = 5. Star0.5 checks the \
            same bounds but gives every child the full window (-10, 10): D's second leaf is \
            searched, no cut at D, then the same cut at A. The MIN nodes' second leaves are \
            free choices.",
};

/// Schadd et al., Figure 5.4: a Star2 probe cut.
pub const SCHADD_5_4: Example = Example {
    name: "schadd-5.4",
    source: "Schadd, Winands, Uiterwijk: ChanceProbCut, Figure 5.4",
    tree: "bound 1000\nA=chance(9*X=min(B=-250 C=-100) 1*Y=min(D=500 E=600))",
    alpha: -150.0,
    beta: 150.0,
    depth: 2,
    algorithms: &[ChanceAlgo::Star2, ChanceAlgo::Star1],
    chance_probcut: None,
    notes: "Probabilities 0.9 and 0.1, window (-150, 150), bound 1000: A starts in \
            [-1000, 1000]. Star2 probes the first move of each outcome, X with the window \
            (-277.78, 277.78) (Star1's window for the first outcome: (150 + 0.1 * 1000) / \
            0.9). Probing B gives X <= -250, so A <= -250 * 0.9 + 1000 * 0.1 = -125 \
            (bounds [-1000, -125], no cut). Y's probe gets the window (750, 1000): D = 500 \
            (the value implied by the text's -175) gives Y <= 500 and A in [-1000, -250 * \
            0.9 + 500 * 0.1] = [-1000, -175]; -175 <= alpha -150 is a star2 probe cut at A: \
            C and E are never searched. Star1 (no probes) searches X completely with \
            (-277.78, 277.78): X = -250, bounds [-325, -125]; Y gets (750, 3750), entered \
            as (750, 1000), and D = 500 <= 750 cuts Y (an alpha-beta cut at the MIN node) \
            and A (star1 cut II, bound -175). C and E are free choices.",
};

/// Schadd et al., Figure 5.5: ChanceProbCut prunes.
pub const SCHADD_5_5: Example = Example {
    name: "schadd-5.5",
    source: "Schadd, Winands, Uiterwijk: ChanceProbCut, Figure 5.5",
    tree: "bound 1000\nA=chance(\n  \
           0.4*B=min(E=max[350](F=400 G=380) H=max[360](I=450 J=420))\n  \
           0.4*C=min(K=max[750](L=760 M=720) N=max[780](O=800 P=790))\n  \
           0.2*D=min(Q=max[100](R=120 S=90) T=max[110](U=130 V=100))\n)",
    alpha: -150.0,
    beta: 150.0,
    depth: 3,
    algorithms: &[ChanceAlgo::Star1, ChanceAlgo::Star2],
    chance_probcut: Some(SCHADD_CPC),
    notes: "ChanceProbCut with the model v_d = v_(d-R) (a = 1, b = 0), the text's \
            confidence interval t * sigma = 50 (t = 1, sigma = 50) and R = 2: A is entered \
            with 3 decisions left, and before any regular search each outcome is searched \
            3 - 2 = 1 decision deep with the full window (-1000, 1000), where the MAX nodes \
            below are scored by their static values [v]. B's shallow value min(350, 360) = \
            350 gives the estimate [300, 400], and A's estimated bounds become [0.4 * 300 - \
            0.6 * 1000, 0.4 * 400 + 0.6 * 1000] = [-480, 760]. C's shallow value min(750, \
            780) = 750 gives [700, 800], and A's estimated bounds [0.4 * 300 + 0.4 * 700 - \
            0.2 * 1000, 0.4 * 400 + 0.4 * 800 + 0.2 * 1000] = [200, 680]: 200 >= beta 150 \
            is a chanceprobcut at A, which returns beta 150. D is never searched, nor \
            anything below B and C deeper than the shallow search. The window (-150, 150) \
            (as in Figure 5.4; the text only implies beta <= 200), the bound, the tree \
            below the outcomes and the deep values (B = 400, C = 760, D = 120: A = 488 by \
            expectimax, so the cut is right) are free choices. Star2 cuts the same way: \
            the cut comes before its probing phase.",
};

/// Schadd et al., Figure 5.6: the regular search prunes with the help of
/// ChanceProbCut's estimates.
pub const SCHADD_5_6: Example = Example {
    name: "schadd-5.6",
    source: "Schadd, Winands, Uiterwijk: ChanceProbCut, Figure 5.6",
    tree: "bound 1000\nA=chance(\n  \
           0.4*B=min(E=max[350](F=400 G=380) H=max[360](I=450 J=420))\n  \
           0.4*C=min(K=max[50](L=60 M=30) N=max[70](O=80 P=40))\n  \
           0.2*D=min(Q=max[100](R=120 S=90) T=max[110](U=130 V=100))\n)",
    alpha: -150.0,
    beta: 150.0,
    depth: 3,
    algorithms: &[ChanceAlgo::Star1],
    chance_probcut: Some(SCHADD_CPC),
    notes: "The model of Figure 5.5 (v_d = v_(d-R), t * sigma = 50, R = 2), window \
            (-150, 150). The shallow searches estimate B (350) in [300, 400] (A: [-480, \
            760]), C (min(50, 70) = 50) in [0, 100] (A: [0.4 * 300 + 0.4 * 0 - 0.2 * 1000, \
            0.4 * 400 + 0.4 * 100 + 0.2 * 1000] = [-80, 400]) and D (min(100, 110) = 100) \
            in [50, 150] (A: [130, 230]): never outside (-150, 150), no cut. The regular \
            search starts with A's proven bounds still [-1000, 1000] and Star1's window \
            (-1875, 1875) for B, narrowed to B's estimate: B is entered with (300, 400). \
            Inside B, F = 400 reaches beta 400 and cuts E (G is not searched), and I = 450 \
            cuts H (J is not searched): alpha-beta cuts at MAX nodes. B = min(400, 450) = \
            400 is used as exact (Schadd: no re-search), so A's estimated bounds become \
            [0.4 * 400 + 0.4 * 0 + 0.2 * 50, 0.4 * 400 + 0.4 * 100 + 0.2 * 150] = [170, \
            230], and 170 >= beta 150 is a chanceprobcut at A returning 150: C and D are \
            never searched deeply. Free choices as in Figure 5.5 (the text implies 130 < \
            beta <= 170); the deep values B = 400, C = 60, D = 120 give A = 208 by \
            expectimax, so the cut is right.",
};

/// The regression model of Figures 5.5 and 5.6.
const SCHADD_CPC: ExampleProbCut = ExampleProbCut {
    a: 1.0,
    b: 0.0,
    sigma: 50.0,
    t: 1.0,
    r: 2,
    depth: 3,
};

/// Hsu, "Example: Star1": the average of two dice, shifted by -3.5 so that
/// the value range [1, 6] becomes the symmetric [-2.5, 2.5].
pub const HSU_STAR1: Example = Example {
    name: "hsu-star1",
    source: "Hsu: Chance Node Searching, Example: Star1",
    tree: "bound 2.5\nA=chance(V1=-0.5 V2=0.5)",
    alpha: -0.25,
    beta: 0.45,
    depth: 1,
    algorithms: &[ChanceAlgo::Star1],
    chance_probcut: None,
    notes: "In dice units: window (3.25, 3.95), first drawing 3, bounds [m_1, M_1] = \
            [2, 4.5], and the second drawing is searched with the window (3.5, 4.9) instead \
            of [1, 6]. Everything is shifted by -3.5 here so that the bound is symmetric \
            (U = 2.5): window (-0.25, 0.45). V1 gets A_0 = 2 * (-0.25 - 2.5) + 2.5 = -3 and \
            B_0 = 2 * (0.45 + 2.5) - 2.5 = 3.4, entered as (-2.5, 2.5) ((0.5, 6.9) and \
            [1, 6] in dice units), and is -0.5 (3). A's bounds become [-1.5, 1] ([2, 4.5]) \
            and V2 gets the window (0, 1.4) ((3.5, 4.9)). The second drawing 4 (0.5) lies \
            inside, so nothing is cut and A = 0 (3.5 in dice units). The value of the \
            second drawing is a free choice (Hsu: only whether it is 4 matters).",
};

/// Arts, Figure 4.4: the expectimax tree of Hauk.
pub const ARTS_4_4: Example = Example {
    name: "arts-4.4",
    source: "Arts: Stratego thesis, Figure 4.4 (after Hauk)",
    tree: ARTS_4_7.tree,
    alpha: -10.0,
    beta: 10.0,
    depth: 2,
    algorithms: &[ChanceAlgo::Expectimax],
    chance_probcut: None,
    notes: "Six equally likely outcomes B..G, after which MIN moves. Expectimax searches \
            every node with no window at all (-inf, inf), so nothing is cut: MIN takes the \
            lowest child, B = -5, C = -10, D = 4, E = -3, F = -10, G = 3, and A = (-5 - 10 \
            + 4 - 3 - 10 + 3) / 6 = -3.5. (With alpha-beta at the MIN nodes and the full \
            window [-10, 10], J = -10 and P = -10 would cut C and F: nothing is below a \
            loss.) The text prints B = -5, C = -10 and A = -3.5; D = 4 and E = -3 (Figure \
            4.7's windows fix only D + E = 1), G = 3 (fixed by A = -3.5) and the leaves \
            not on the path are free choices shared with Figures 4.7 and 4.8.",
};

/// Arts, Figure 4.6: a Star1 cut with window [3, 4].
pub const ARTS_4_6: Example = Example {
    name: "arts-4.6",
    source: "Arts: Stratego thesis, Figure 4.6",
    tree: "bound 10\nA=chance(B=min(2 5) C=min(E=-8 F=6) D=min(1 3))",
    alpha: 3.0,
    beta: 4.0,
    depth: 2,
    algorithms: &[ChanceAlgo::Star1],
    chance_probcut: None,
    notes: "Window (3, 4), bound 10, three equally likely outcomes. B gets (3 * 3 - 2 * 10, \
            3 * 4 + 2 * 10) = (-11, 32), entered as (-10, 10), and is worth 2. A's bounds \
            become [(2 - 20) / 3, (2 + 20) / 3] = [-6, 7.33]: no cut. C gets A_2 = 3 * 3 - \
            2 - 10 = -3 and B_2 = 3 * 4 - 2 + 10 = 20, entered as (-3, 10). Its first child \
            E = -8 <= -3 cuts C (an alpha-beta cut at the MIN node: F is not searched), and \
            A's upper bound (2 - 8 + 10) / 3 = 1.33 <= alpha 3 cuts A (star1 cut II): D is \
            never searched. Arts returns alpha = 3 (fail-hard); starcut is fail-soft and \
            returns the bound 1.33. B's second leaf, F and D's leaves are free choices.",
};

/// Arts, Figure 4.7: the tree of Figure 4.4 visited by Star1 with window
/// [-2, 2].
pub const ARTS_4_7: Example = Example {
    name: "arts-4.7",
    source: "Arts: Stratego thesis, Figure 4.7 (after Hauk)",
    tree: "bound 10\nA=chance(B=min(H=-5 I=3) C=min(J=-10 K=0) D=min(L=4 M=6) \
           E=min(N=-3 O=0) F=min(P=-10 Q=-2 R=5) G=min(S=3 T=7))",
    alpha: -2.0,
    beta: 2.0,
    depth: 2,
    algorithms: &[ChanceAlgo::Star1],
    chance_probcut: None,
    notes: "Window (-2, 2), bound 10, six equally likely outcomes. Star1's child windows \
            (Formulas 4.6-4.9) are B (-62, 62), C (-47, 57), D (-27, 57), E (-21, 43) and \
            F (-8, 36), each entered clamped to [-10, 10]. B = -5 (A's bounds [-9.17, 7.5]). \
            C is entered with (-10, 10) and its first leaf J = -10 reaches alpha -10: MIN \
            cannot get below a loss for MAX, so this alpha-beta cut at C leaves K \
            unsearched and C = -10 (bounds [-9.17, 4.17]). D = 4 (bounds [-6.83, 3.17]), \
            E = -3 (bounds [-5.67, 1]). F is entered with (-8, 10) and P = -10 <= -8 cuts \
            it (Q and R not searched); F's -10 <= A_5 = -8 then cuts A (star1 cut II): the \
            upper bound (-5 - 10 + 4 - 3 - 10 + 10) / 6 = -2.33 <= alpha -2, so G is never \
            searched. The text mentions only the cuts at F and A. The leaf values are kept \
            and the cut at C explained rather than avoided: J = -10 must be C's first \
            child, because Figure 4.8's probe window [-8, 62] for F needs C's probe to be \
            -10. starcut returns the bound -2.33 (fail-soft), Arts alpha = -2. D and E are \
            fixed only by D + E = 1, G by A = -3.5 (Figure 4.4).",
};

/// Arts, Figure 4.8: the same tree visited by Star2 with window [-2, 2].
pub const ARTS_4_8: Example = Example {
    name: "arts-4.8",
    source: "Arts: Stratego thesis, Figure 4.8 (after Hauk)",
    tree: ARTS_4_7.tree,
    alpha: -2.0,
    beta: 2.0,
    depth: 2,
    algorithms: &[ChanceAlgo::Star2],
    chance_probcut: None,
    notes: "Window (-2, 2), bound 10. Star2 probes the first child of each outcome; under \
            a MIN node a probe is an upper bound. Probing H gives B <= -5 (A's bounds \
            [-10, 7.5]), J gives C <= -10 ([-10, 4.17]), L gives D <= 4 ([-10, 3.17]), N \
            gives E <= -3 ([-10, 1]). F's probe gets the text's window [-8, 62] (A_5 = 6 * \
            -2 - (-5 - 10 + 4 - 3) - 10 = -8, B_5 = 6 * 2 + 5 * 10 = 62), entered as (-8, \
            10): P = -10 falls below it, F <= -10, and A's upper bound (-5 - 10 + 4 - 3 - \
            10 + 10) / 6 = -2.33 <= alpha -2 is a star2 probe cut at A. G and every second \
            child are never visited: 11 nodes against Star1's 14. starcut returns the \
            bound -2.33, Arts alpha = -2. The tree is the one of Figures 4.4 and 4.7.",
};

/// All examples, in the order of the references.
pub const EXAMPLES: [Example; 11] = [
    SCHADD_5_1, SCHADD_5_2, SCHADD_5_3, SCHADD_5_4, SCHADD_5_5, SCHADD_5_6, HSU_STAR1, ARTS_4_4,
    ARTS_4_6, ARTS_4_7, ARTS_4_8,
];

/// The example with this name.
pub fn find(name: &str) -> Option<Example> {
    EXAMPLES.into_iter().find(|e| e.name == name)
}
