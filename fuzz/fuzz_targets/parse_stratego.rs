#![no_main]
// Fuzzes the stratego position notation (and move parsing after it).
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    common::check::<starcut::stratego::Stratego>(&Default::default(), data);
});
