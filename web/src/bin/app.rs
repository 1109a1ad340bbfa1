//! The page's entry point (Trunk's `data-bin="app"`).

fn main() {
    #[cfg(target_arch = "wasm32")]
    starcut_web::web::app::start();
}
