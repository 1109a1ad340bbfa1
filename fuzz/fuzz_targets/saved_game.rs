#![no_main]
// Fuzzes the web app's saved-game and share-link decoders (starcut-web's
// pure-Rust `saved` module, built natively): any text, as a link fragment
// or as saved JSON, is read and replayed without a panic; a link that
// reads prints a link that reads again, and loads when the first did.
use libfuzzer_sys::fuzz_target;
use starcut_web::saved::SavedGame;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for saved in [SavedGame::from_fragment(text), SavedGame::from_json(text)]
        .into_iter()
        .flatten()
    {
        let loaded = saved.load().is_ok();
        let link = saved.to_fragment();
        let again = SavedGame::from_fragment(&link)
            .unwrap_or_else(|e| panic!("the printed link '{link}' does not read: {e}"));
        if loaded && saved.human_setup.is_none() {
            assert!(again.load().is_ok(), "'{link}' loaded before printing, not after");
        }
        let _ = SavedGame::from_json(&saved.to_json());
    }
});
