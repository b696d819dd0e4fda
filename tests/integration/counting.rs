//! The test binary's allocator: the system's, counting what each thread allocates (the tests
//! run side by side, so a global count would mix them). `hostile` measures the bytes a read
//! holds at its peak, `deck_path` the allocations a check makes.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn note(delta: isize, allocations: u64) {
    // `try_with`: allocations can happen while a thread's locals are being torn down.
    let _ = LIVE.try_with(|live| {
        let now = live.get() + delta;
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + allocations));
}

// SAFETY: every call goes straight to the system allocator; the counting only reads sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            note(layout.size() as isize, 1);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc_zeroed(layout);
        if !p.is_null() {
            note(layout.size() as isize, 1);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        note(-(layout.size() as isize), 0);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            note(new_size as isize - layout.size() as isize, 1);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Bytes this thread holds now.
pub fn live() -> isize {
    LIVE.with(Cell::get)
}

/// The most bytes this thread has held since [`restart_peak`].
pub fn peak() -> isize {
    PEAK.with(Cell::get)
}

/// Starts measuring the peak afresh from what is live now.
pub fn restart_peak() {
    PEAK.with(|p| p.set(live()));
}

/// Allocations (and reallocations) this thread has made so far.
pub fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}
