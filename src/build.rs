//! The shipped data is embedded by `include_dir!` (`src/catalog.rs`), which has rustc track
//! each file it embeds but not a file added or removed (include_dir issue #120): watching the
//! folders makes cargo rebuild for those too.

fn main() {
    for dir in ["card-db", "formats"] {
        println!("cargo::rerun-if-changed={dir}");
    }
}
