//! Game settings that the position text does not carry.

/// A game's configuration, settable by `key=value` options from the command
/// line, the web app and saved games.
pub trait GameConfig {
    /// The option names this game understands, each with a one-line help.
    fn options() -> &'static [(&'static str, &'static str)];

    /// Sets one option; the error names the option and what is wrong.
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), String>;

    /// Sets every option of a `key=value,key=value` list.
    fn set_options(&mut self, list: &str) -> Result<(), String> {
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (key, value) = item
                .split_once('=')
                .ok_or_else(|| format!("option '{item}': expected key=value"))?;
            self.set_option(key.trim(), value.trim())?;
        }
        Ok(())
    }
}

/// Parses an integer option within `lo..=hi`, naming the option on error.
pub fn int_option(key: &str, value: &str, lo: i64, hi: i64) -> Result<i64, String> {
    let v: i64 = value
        .parse()
        .map_err(|_| format!("option '{key}': '{value}' is not a whole number"))?;
    if v < lo || v > hi {
        return Err(format!("option '{key}': {v} is outside {lo}..={hi}"));
    }
    Ok(v)
}
