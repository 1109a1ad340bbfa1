//! The worked examples of the references as explicit trees, for the tests
//! and the browser's lecture mode.
//!
//! The figures themselves are not in the text sources, so each tree is
//! rebuilt from the numbers the text gives (window, bound, child values, the
//! node that cuts); where the text leaves a value open, a value consistent
//! with the text was chosen and is marked in the notes.

/// One worked example: a tree, the window its root is entered with, and
/// what the text says happens.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Example {
    pub name: &'static str,
    pub source: &'static str,
    pub tree: &'static str,
    pub alpha: f64,
    pub beta: f64,
    /// Decisions to search (enough to reach every leaf).
    pub depth: u32,
    pub notes: &'static str,
}

/// Schadd et al., Figure 5.3: a Star1 cut.
pub const SCHADD_5_3: Example = Example {
    name: "schadd-5.3",
    source: "Schadd, Winands, Uiterwijk: ChanceProbCut, Figure 5.3",
    tree: "bound 10\nA=chance(B=min(2 6) C=min(4 9) D=min(-8 7) E=min(3 5))",
    alpha: 5.0,
    beta: 10.0,
    depth: 2,
    notes: "Four equally likely outcomes with values 2, 4, -8; after the third the \
            upper bound is 0.25*(2+4-8) + 0.25*10 = 2 <= alpha = 5, so E is never searched. \
            Star1 sees it inside D already: D gets window (4, 10) and its first leaf -8 cuts. \
            The MIN nodes' second leaves are free choices.",
};

/// Schadd et al., Figure 5.4: a Star2 probe cut.
pub const SCHADD_5_4: Example = Example {
    name: "schadd-5.4",
    source: "Schadd, Winands, Uiterwijk: ChanceProbCut, Figure 5.4",
    tree: "bound 1000\nA=chance(9*X=min(B=-250 C=-100) 1*Y=min(D=500 E=600))",
    alpha: -150.0,
    beta: 150.0,
    depth: 2,
    notes: "Probabilities 0.9 and 0.1. Probing B gives the first outcome <= -250: A <= \
            -250*0.9 + 1000*0.1 = -125. Probing D (500, implied by the text's -175) gives \
            A in [-1000, -175], outside (-150, 150): C and E are pruned. C and E are free \
            choices.",
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
    notes: "Window (3.25, 3.95), first drawing 3: the second is searched with window \
            (3.5, 4.9) instead of [1, 6]. Shifted by -3.5: window (-0.25, 0.45), first \
            value -0.5, second window (0, 1.4). The second drawing (4, shifted 0.5) is a \
            free choice.",
};

/// Arts, Figure 4.6: a Star1 cut with window [3, 4].
pub const ARTS_4_6: Example = Example {
    name: "arts-4.6",
    source: "Arts: Stratego thesis, Figure 4.6",
    tree: "bound 10\nA=chance(B=min(2 5) C=min(E=-8 F=6) D=min(1 3))",
    alpha: 3.0,
    beta: 4.0,
    depth: 2,
    notes: "B = 2; C gets window [-3, 10]; its first child E = -8 cuts C, and A's upper \
            bound (2 - 8 + 10)/3 = 4/3 <= 3 cuts A: D is never searched. Arts returns \
            alpha (fail-hard); starcut is fail-soft and returns the bound 4/3. B's second \
            leaf, F and D's leaves are free choices.",
};

/// Arts, Figures 4.4 and 4.7: the expectimax tree of Hauk visited by Star1
/// with window [-2, 2].
pub const ARTS_4_7: Example = Example {
    name: "arts-4.7",
    source: "Arts: Stratego thesis, Figures 4.4 and 4.7 (after Hauk)",
    tree: "bound 10\nA=chance(B=min(H=-5 I=3) C=min(J=-10 K=0) D=min(L=4 M=6) \
           E=min(N=-3 O=0) F=min(P=-10 Q=-2 R=5) G=min(S=3 T=7))",
    alpha: -2.0,
    beta: 2.0,
    depth: 2,
    notes: "Values B..G = -5, -10, 4, -3, -10, 3 (D and E are only fixed by D + E = 1 and \
            G by A = -3.5). Windows: B (-62, 62), C (-47, 57), ..., F (-8, 36); P = -10 \
            cuts F (Q, R pruned) and A (G pruned).",
};

/// Arts, Figure 4.8: the same tree visited by Star2 with window [-2, 2].
pub const ARTS_4_8: Example = Example {
    name: "arts-4.8",
    source: "Arts: Stratego thesis, Figure 4.8 (after Hauk)",
    tree: ARTS_4_7.tree,
    alpha: -2.0,
    beta: 2.0,
    depth: 2,
    notes: "Star2 probes the first child of B, C, D, E, F: the upper bound after probing F \
            is (-5 - 10 + 4 - 3 - 10 + 10)/6 = -7/3 <= -2, a cut in the probing phase; G \
            and all second children are never visited.",
};

/// All examples.
pub const EXAMPLES: [Example; 6] = [
    SCHADD_5_3, SCHADD_5_4, HSU_STAR1, ARTS_4_6, ARTS_4_7, ARTS_4_8,
];
