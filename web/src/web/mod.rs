//! The browser side: DOM, canvas and Web Worker glue around the pure model.
//! Only these modules use web-sys; they run in the browser only.

pub mod app;
pub mod canvas;
pub mod dom;
pub mod forms;
pub mod graph;
pub mod lecture_canvas;
pub mod lecture_export;
pub mod lecture_render;
pub mod lecture_view;
pub mod render;
pub mod sound;
pub mod storage;
pub mod worker_client;
pub mod worker_main;
