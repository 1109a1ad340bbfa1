//! The worker protocol in a real browser (wasm-bindgen-test in headless
//! Chromium): messages survive the crossing as JS values both ways, and a
//! search job runs on wasm32 with the browser's clock. Natively this file
//! compiles to nothing.
#![cfg(target_arch = "wasm32")]

use starcut_web::protocol::{
    ChanceChild, ChanceView, CutKind, FromWorker, GameKind, Limit, Report, SearchJob,
    SearchSettings, ToWorker,
};
use starcut_web::search_job;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn job(position: &str, limit: Limit) -> SearchJob {
    SearchJob {
        game: GameKind::Dice,
        options: String::new(),
        position: position.into(),
        settings: SearchSettings {
            limit,
            strength: starcut_web::strength::Strength::Research,
            ..SearchSettings::default()
        },
        // The largest seed still crosses as a JavaScript number.
        seed: u32::MAX,
    }
}

#[wasm_bindgen_test]
fn messages_cross_as_js_values() {
    let to = ToWorker::Search {
        job: (1 << 50) + 3,
        request: job("5/5/5/5/5 c 3", Limit::Time { ms: 250 }),
    };
    let value = serde_wasm_bindgen::to_value(&to).unwrap();
    assert_eq!(
        serde_wasm_bindgen::from_value::<ToWorker>(value).unwrap(),
        to
    );

    let from = FromWorker::Done {
        job: 9,
        report: Report {
            depth: 4,
            nodes: 123_456_789_012,
            cuts: vec![(CutKind::Star1CutI, 7)],
            best: Some("c2".into()),
            pv: vec!["c2".into(), "4".into()],
            value: Some(-2.5),
            bound: 10.0,
            chance: Some(ChanceView {
                after: "c2".into(),
                depth: 3,
                alpha: -10.0,
                beta: 0.25,
                lower: -10.0,
                upper: 10.0,
                children: vec![ChanceChild {
                    label: "4".into(),
                    probability: 0.2,
                    value: None,
                }],
                estimated_cut: Some(CutKind::ChanceProbCut),
            }),
            ..Report::default()
        },
    };
    let value = serde_wasm_bindgen::to_value(&from).unwrap();
    assert_eq!(
        serde_wasm_bindgen::from_value::<FromWorker>(value).unwrap(),
        from
    );
    assert!(
        serde_wasm_bindgen::from_value::<ToWorker>(wasm_bindgen::JsValue::from_str("junk"))
            .is_err()
    );
}

#[wasm_bindgen_test]
fn a_search_job_runs_with_the_browser_clock() {
    let performance = web_sys::window().unwrap().performance().unwrap();
    let now = || performance.now();
    let mut reports = 0;
    let report = search_job::run(
        &job("5/5/5/5/5 c 2", Limit::Time { ms: 200 }),
        &now,
        &mut |_| reports += 1,
    )
    .unwrap();
    let best = report.best.unwrap();
    assert!(best.starts_with('b'), "a square of column b: {best}");
    assert!(report.nodes > 0 && report.depth >= 1);
    // The deadline, read from the browser's clock, ended the search
    // before the game's end was seen (no wall-clock figure is asserted).
    assert!(reports > 0);
    assert!(!report.solved, "stopped by its deadline, not solved");
}
