//! `starcut setups`: the Stratego and Barrage setup presets.

use anyhow::{anyhow, Result};
use starcut::stratego::{preset_names, Setup, Variant};

/// Lists every preset (`name variant setup`), or prints one as a grid with
/// the front row on top, as Red sees it.
pub fn run(name: Option<&str>) -> Result<()> {
    match name {
        None => {
            for (variant, vname) in [
                (Variant::Stratego, "stratego"),
                (Variant::Barrage, "barrage"),
            ] {
                for n in preset_names(variant) {
                    let setup = Setup::preset(n).ok_or_else(|| anyhow!("preset {n} is broken"))?;
                    println!("{n} {vname} {}", setup.to_text());
                }
            }
        }
        Some(n) => {
            let setup = Setup::preset(n).ok_or_else(|| {
                let all: Vec<_> = preset_names(Variant::Stratego)
                    .into_iter()
                    .chain(preset_names(Variant::Barrage))
                    .collect();
                anyhow!("unknown setup '{n}' (presets: {})", all.join(", "))
            })?;
            for row in setup.to_text().split('/') {
                let cells: Vec<String> = row.chars().map(|c| c.to_string()).collect();
                println!("{}", cells.join(" "));
            }
        }
    }
    Ok(())
}
