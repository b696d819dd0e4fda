//! What the binary asks of the system before `main` runs.

/// The system's `libm.so` stays out of the process: loading and relocating it was 5 % of
/// `decksmith validate DECK` (docs/benchmarks.md, "Start-up, twelfth pass"). The program takes
/// its `exp`, `log` and `pow` from the `libm` crate; a `.exp()` or `.ln()` on an `f64` anywhere
/// would bring the library back. A library the binary needs is named in its dynamic string
/// table, so the name's absence from the file means it is not needed.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[test]
fn the_binary_does_not_need_the_system_libm() {
    let binary = std::fs::read(env!("CARGO_BIN_EXE_decksmith")).unwrap();
    let needs = |name: &[u8]| binary.windows(name.len()).any(|w| w == name);
    assert!(needs(b"libc.so.6"), "the check would see a needed library");
    assert!(!needs(b"libm.so"), "the binary needs libm.so");
}
