//! The search worker's event loop: receives jobs, runs them synchronously,
//! streams throttled progress and posts the result.
//!
//! A running search cannot read new messages (the worker is single
//! threaded): it ends by its own deadline or depth, and the page stops it
//! early by terminating the whole worker.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use crate::protocol::{FromWorker, ToWorker};
use std::cell::RefCell;

use crate::search_job::{self, Kept, Throttle};

/// Minimum time between two progress messages, in milliseconds.
const PROGRESS_EVERY_MS: f64 = 100.0;

thread_local! {
    /// The searchers kept from job to job (play mode): what the engine
    /// learned on one move helps the next. A replaced worker starts empty.
    static KEPT: RefCell<Kept> = RefCell::new(Kept::default());
}

/// Installs the message handler and tells the page the worker is ready.
pub fn start() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_scope = scope.clone();
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        handle(&reply_scope, event.data());
    });
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    post(&scope, &FromWorker::Ready);
}

fn now(scope: &DedicatedWorkerGlobalScope) -> f64 {
    scope
        .performance()
        .map_or_else(js_sys::Date::now, |p| p.now())
}

fn handle(scope: &DedicatedWorkerGlobalScope, data: JsValue) {
    match serde_wasm_bindgen::from_value::<ToWorker>(data) {
        Ok(ToWorker::Search { job, request }) => {
            let clock = || now(scope);
            let mut throttle = Throttle::new(PROGRESS_EVERY_MS);
            let mut progress = |report: &crate::protocol::Report| {
                if throttle.ready(clock()) {
                    post(
                        scope,
                        &FromWorker::Progress {
                            job,
                            report: report.clone(),
                        },
                    );
                }
            };
            let result = KEPT.with(|kept| {
                search_job::run_kept(&mut kept.borrow_mut(), &request, &clock, &mut progress)
            });
            let reply = match result {
                Ok(report) => FromWorker::Done { job, report },
                Err(error) => FromWorker::Failed {
                    job,
                    error: error.to_string(),
                },
            };
            post(scope, &reply);
        }
        Ok(ToWorker::Crash) => panic!("crash requested by the page"),
        Err(e) => post(
            scope,
            &FromWorker::Failed {
                job: 0,
                error: format!("unreadable message: {e}"),
            },
        ),
    }
}

fn post(scope: &DedicatedWorkerGlobalScope, msg: &FromWorker) {
    match serde_wasm_bindgen::to_value(msg) {
        Ok(value) => {
            if let Err(e) = scope.post_message(&value) {
                web_sys::console::error_2(&"starcut worker: post failed".into(), &e);
            }
        }
        Err(e) => web_sys::console::error_1(&format!("starcut worker: {e}").into()),
    }
}
