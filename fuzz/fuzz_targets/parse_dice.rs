#![no_main]
// Fuzzes the dice position notation (and move parsing after it).
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    common::check::<starcut::dice::Dice>(&Default::default(), data);
});
