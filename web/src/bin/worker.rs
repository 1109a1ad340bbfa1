//! The search worker's entry point (Trunk's `data-bin="worker"`).

fn main() {
    #[cfg(target_arch = "wasm32")]
    starcut_web::web::worker_main::start();
}
