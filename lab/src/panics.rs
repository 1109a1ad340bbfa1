//! The text of a caught panic, for the places that turn a panic into a
//! reported error (a match's game, a protocol search, a soak game).

use std::any::Any;

/// The panic's message (`""` when its payload is not text).
pub fn message(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_default()
}
