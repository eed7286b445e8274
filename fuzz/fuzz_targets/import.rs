//! Every measurement importer (the format is detected from the keys): any bytes give a
//! measurement or a typed error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    if let Ok(m) = benchfit_core::measurement::import(bytes) {
        // What was accepted serialises (the CLI prints it, the page stores it).
        let _ = serde_json::to_string(&m).expect("an imported measurement serialises");
    }
});
