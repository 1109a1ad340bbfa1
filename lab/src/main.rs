//! `starcut`: the command-line lab.
fn main() {
    println!("starcut");
}
