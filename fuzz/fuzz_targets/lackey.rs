#![no_main]

use decksmith::encoding::Encoding;
use decksmith::fuzz::Target;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    Target::Deck(Encoding::Lackey).run(data);
});
