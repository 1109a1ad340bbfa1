// Shared by the parser fuzz targets: parsing any text never panics; whatever
// parses prints canonically and parses back to the same position; every move
// and outcome text is accepted or refused without panicking.
use starcut::{Game, Status};

pub fn check<G: Game>(config: &G::Config, data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (pos_text, step_text) = text.split_once('\n').unwrap_or((text, ""));
    let Ok(pos) = G::parse_position(config, pos_text) else {
        return;
    };
    let printed = pos.position_text();
    let again = G::parse_position(config, &printed).expect("printed positions parse");
    assert_eq!(again.position_text(), printed, "print(parse(print(x))) is stable");
    assert_eq!(again.hash(), pos.hash(), "reparsed position has the same hash");
    let mut pos = pos;
    for token in step_text.split_whitespace().take(64) {
        match pos.parse_step(token) {
            Ok(step) => pos.apply_step(step),
            Err(_) => break,
        }
        if let Status::Terminal(_) = pos.status() {
            break;
        }
    }
}
