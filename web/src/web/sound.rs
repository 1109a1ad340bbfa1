//! Sounds for a move, a capture, a battle, a roll and the end of a game:
//! short tones made with WebAudio (no files to load). Off until the player
//! switches them on (remembered); every sound played is counted in
//! `data-sounds` on `<html>`, which the tests read.

use web_sys::{AudioContext, OscillatorType};

use super::dom;

/// localStorage: "on" when the player switched sound on.
const KEY: &str = "starcut.sound";

/// What happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    Move,
    Capture,
    Battle,
    Roll,
    End,
}

impl Sound {
    /// (frequency in Hz, start in s, length in s, wave) of each tone.
    fn tones(self) -> &'static [(f32, f64, f64, OscillatorType)] {
        use OscillatorType::{Sine, Square, Triangle};
        match self {
            Sound::Move => &[(720.0, 0.0, 0.05, Triangle)],
            Sound::Capture => &[(260.0, 0.0, 0.09, Square), (180.0, 0.05, 0.08, Triangle)],
            Sound::Battle => &[(392.0, 0.0, 0.1, Triangle), (294.0, 0.12, 0.14, Triangle)],
            Sound::Roll => &[
                (880.0, 0.0, 0.03, Square),
                (660.0, 0.05, 0.03, Square),
                (990.0, 0.1, 0.03, Square),
                (740.0, 0.15, 0.03, Square),
            ],
            Sound::End => &[
                (523.0, 0.0, 0.35, Sine),
                (659.0, 0.0, 0.35, Sine),
                (784.0, 0.0, 0.35, Sine),
            ],
        }
    }
}

fn storage() -> Option<web_sys::Storage> {
    dom::window().local_storage().ok().flatten()
}

/// Whether the player switched sound on.
pub fn enabled() -> bool {
    storage()
        .and_then(|s| s.get_item(KEY).ok().flatten())
        .is_some_and(|v| v == "on")
}

pub fn set_enabled(on: bool) {
    if let Some(s) = storage() {
        let _ = s.set_item(KEY, if on { "on" } else { "off" });
    }
}

thread_local! {
    static CONTEXT: std::cell::RefCell<Option<AudioContext>> = const { std::cell::RefCell::new(None) };
}

/// Plays `sound` if sound is on.
pub fn play(sound: Sound) {
    if !enabled() {
        return;
    }
    if let Some(root) = dom::document().document_element() {
        let n: u32 = root
            .get_attribute("data-sounds")
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        let _ = root.set_attribute("data-sounds", &(n + 1).to_string());
    }
    CONTEXT.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell.is_none() {
            *cell = AudioContext::new().ok();
        }
        let Some(ctx) = cell.as_ref() else { return };
        let now = ctx.current_time();
        for &(freq, start, length, wave) in sound.tones() {
            let (Ok(osc), Ok(gain)) = (ctx.create_oscillator(), ctx.create_gain()) else {
                continue;
            };
            osc.set_type(wave);
            osc.frequency().set_value(freq);
            let g = gain.gain();
            g.set_value(0.0);
            let _ = g.linear_ramp_to_value_at_time(0.18, now + start + 0.005);
            let _ = g.exponential_ramp_to_value_at_time(0.001, now + start + length);
            if osc.connect_with_audio_node(&gain).is_err()
                || gain.connect_with_audio_node(&ctx.destination()).is_err()
            {
                continue;
            }
            let _ = osc.start_with_when(now + start);
            let _ = osc.stop_with_when(now + start + length + 0.02);
        }
    });
}
