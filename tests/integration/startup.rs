//! What the binary asks of the system before `main` runs: on Linux with glibc, the C library
//! alone. Each other shared library is mapped and relocated at every start
//! (docs/benchmarks.md, "Start-up, twelfth pass"). A library the binary needs is named in its
//! dynamic string table, so the name's absence from the file means it is not needed.

use std::sync::atomic::{AtomicBool, Ordering};

/// The binary's bytes, read once for every library asked about.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
static BINARY: std::sync::LazyLock<Vec<u8>> =
    std::sync::LazyLock::new(|| std::fs::read(env!("CARGO_BIN_EXE_decksmith")).unwrap());

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn needs(library: &str) -> bool {
    BINARY
        .windows(library.len())
        .any(|w| w == library.as_bytes())
}

/// The program takes its `exp`, `log` and `pow` from the `libm` crate; a `.exp()` or `.ln()` on
/// an `f64` anywhere would bring the system's `libm.so` back.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[test]
fn the_binary_does_not_need_the_system_libm() {
    assert!(needs("libc.so.6"), "the check would see a needed library");
    assert!(!needs("libm.so"), "the binary needs libm.so");
}

/// The unwinder is linked from `libgcc_eh.a` (`src/build.rs`) wherever the C compiler has it.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[test]
fn the_binary_does_not_need_the_shared_unwinder() {
    if option_env!("DECKSMITH_UNWINDER") == Some("static") {
        assert!(!needs("libgcc_s.so"), "the binary needs libgcc_s.so");
    }
}

/// With the unwinder linked statically, a panic still unwinds (dropping what it passes) and a
/// backtrace still names its frames: this test binary is linked the same way.
#[test]
fn a_panic_unwinds_and_a_backtrace_names_its_frames() {
    let dropped = AtomicBool::new(false);
    struct Flag<'a>(&'a AtomicBool);
    impl Drop for Flag<'_> {
        fn drop(&mut self) {
            self.0.store(true, Ordering::SeqCst);
        }
    }
    let caught = std::panic::catch_unwind(|| {
        let _flag = Flag(&dropped);
        std::hint::black_box(Vec::<u8>::new())[3]
    });
    assert!(caught.is_err());
    assert!(dropped.load(Ordering::SeqCst), "unwinding ran the drop");
    let trace = std::backtrace::Backtrace::force_capture().to_string();
    assert!(trace.contains("a_panic_unwinds"), "{trace}");
}
