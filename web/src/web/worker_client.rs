//! The page's handle on the search worker: starts it from the relative URL
//! `./worker_loader.js` (so the site works from any sub-path), queues
//! messages until it says it is ready, and replaces it on request or when it
//! fails. Every worker gets a generation number; events of a replaced worker
//! are ignored.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, Event, MessageEvent, Worker};

use crate::protocol::{FromWorker, ToWorker};

/// How long a new worker may take to load before it counts as failed.
const LOAD_TIMEOUT_MS: i32 = 20_000;

/// What the worker reports, tagged by [`WorkerClient::generation`].
pub enum WorkerEvent {
    Message(Box<FromWorker>),
    Failed(String),
    /// Sent a while after every start; means nothing if the worker is ready.
    LoadTimeout,
}

/// Receives worker events; called from browser callbacks, never from
/// inside [`WorkerClient`]'s own methods.
pub type Sink = fn(u32, WorkerEvent);

pub struct WorkerClient {
    worker: Option<Worker>,
    generation: u32,
    ready: bool,
    queue: Vec<ToWorker>,
    sink: Sink,
    closures: Vec<Closure<dyn FnMut(Event)>>,
}

impl WorkerClient {
    pub fn new(sink: Sink) -> Self {
        WorkerClient {
            worker: None,
            generation: 0,
            ready: false,
            queue: Vec::new(),
            sink,
            closures: Vec::new(),
        }
    }

    /// The current worker's generation.
    pub fn generation(&self) -> u32 {
        self.generation
    }

    /// Terminates the current worker (if any) and starts a new one. Queued
    /// messages are dropped: a restart abandons the jobs asked for so far
    /// (the page posts its next job after the restart).
    pub fn restart(&mut self) {
        self.queue.clear();
        if let Some(old) = self.worker.take() {
            old.set_onmessage(None);
            old.set_onerror(None);
            old.terminate();
        }
        self.closures.clear();
        self.generation += 1;
        self.ready = false;
        let generation = self.generation;
        let sink = self.sink;
        match Worker::new("./worker_loader.js") {
            Ok(worker) => {
                let onmessage = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
                    let Some(event) = event.dyn_ref::<MessageEvent>() else {
                        return;
                    };
                    match serde_wasm_bindgen::from_value::<FromWorker>(event.data()) {
                        Ok(msg) => sink(generation, WorkerEvent::Message(Box::new(msg))),
                        Err(e) => sink(
                            generation,
                            WorkerEvent::Failed(format!("unreadable message from the worker: {e}")),
                        ),
                    }
                });
                let onerror = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
                    // Handled here: keeps the browser from also logging it.
                    event.prevent_default();
                    let text = event
                        .dyn_ref::<ErrorEvent>()
                        .map(|e| e.message())
                        .filter(|m| !m.is_empty())
                        .unwrap_or_else(|| "the worker script could not be loaded".into());
                    sink(generation, WorkerEvent::Failed(text));
                });
                worker.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
                worker.set_onerror(Some(onerror.as_ref().unchecked_ref()));
                self.closures.push(onmessage);
                self.closures.push(onerror);
                self.worker = Some(worker);
            }
            Err(e) => {
                let text = format!("the worker could not be created: {e:?}");
                defer(move || sink(generation, WorkerEvent::Failed(text)));
            }
        }
        // A worker that never says ready counts as failed.
        defer_ms(LOAD_TIMEOUT_MS, move || {
            sink(generation, WorkerEvent::LoadTimeout);
        });
    }

    /// The worker said it is ready: sends what was queued.
    pub fn set_ready(&mut self) {
        self.ready = true;
        for msg in std::mem::take(&mut self.queue) {
            self.send(&msg);
        }
    }

    pub fn is_ready(&self) -> bool {
        self.ready
    }

    /// Sends now, or when the worker is ready.
    pub fn post(&mut self, msg: ToWorker) {
        if self.ready {
            self.send(&msg);
        } else {
            self.queue.push(msg);
        }
    }

    fn send(&self, msg: &ToWorker) {
        let Some(worker) = &self.worker else { return };
        match serde_wasm_bindgen::to_value(msg) {
            Ok(value) => {
                if let Err(e) = worker.post_message(&value) {
                    web_sys::console::error_2(&"starcut: posting to the worker failed".into(), &e);
                }
            }
            Err(e) => web_sys::console::error_1(&format!("starcut: {e}").into()),
        }
    }
}

/// Runs `f` on a later turn of the event loop.
pub fn defer(f: impl FnOnce() + 'static) {
    defer_ms(0, f);
}

/// Runs `f` after `ms` milliseconds.
pub fn defer_ms(ms: i32, f: impl FnOnce() + 'static) {
    let closure = Closure::once_into_js(f);
    if let Some(window) = web_sys::window() {
        let _ = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(closure.unchecked_ref(), ms);
    }
}
