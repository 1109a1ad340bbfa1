//! starcut's browser app: the board UI (binary `app`) and the search Web
//! Worker (binary `worker`), both built by Trunk from `index.html`.
//!
//! The pure parts (no web-sys) are tested natively: [`protocol`] (the
//! messages of the worker), [`board`] (the typed board the canvas
//! draws), [`error`] (the app's error type), [`session`] and [`games`] (a game in progress for any game),
//! [`model`] (the UI state machine), [`saved`] (saved games and share
//! links), [`library`] (the player's saved games) and [`lecture`] (lecture mode: a small search stepped event by
//! event). The browser parts live in [`web`] and are exercised by the
//! Playwright tests in `tests/e2e/`.

pub mod board;
pub mod error;
pub mod games;
pub mod lecture;
pub mod library;
pub mod model;
pub mod protocol;
pub mod rules;
pub mod saved;
pub mod search_job;
pub mod session;
pub mod strength;
pub mod web;

#[cfg(test)]
mod fixture;
