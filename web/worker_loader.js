// Starts the engine's Web Worker: wasm-bindgen's no-modules glue, then its
// WebAssembly, both by paths relative to this file (the site works from
// any sub-path). Trunk's own loader shim passed the path in the form
// wasm-bindgen deprecates, which printed a warning in every console.
importScripts("./worker.js");
wasm_bindgen({ module_or_path: "./worker_bg.wasm" });
