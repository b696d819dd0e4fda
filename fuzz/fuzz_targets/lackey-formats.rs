#![no_main]

use decksmith::fuzz::Target;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    Target::LackeyFormats.run(data);
});
