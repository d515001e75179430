//! A heap of its own for what a piece of work allocates and frees (a file's syntax tree),
//! so what it keeps is copied into dense pages and the rest is given back whole.
//!
//! A parse worker allocates a file's syntax tree and the facts read from it in the same
//! pages, then frees the tree: the facts were left scattered among freed slots, and at
//! 100,000 tools the allocator held 300–600 MB resident above the heap from the parse round
//! on (docs/performance.md, sessions 52 and 53). [`apart`] runs the work in a mimalloc heap
//! of its own, copies what is kept out into the thread's usual heap, and deletes the work's
//! heap once all it allocated is freed.

use mimalloc::MiMalloc;
use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::ffi::c_void;

/// The first-class heaps of the mimalloc linked by the `mimalloc` crate (its `extended`
/// bindings would add a crate for C type names, for these five declarations).
mod mi {
    use std::ffi::c_void;

    /// `mi_heap_t`, opaque.
    #[repr(C)]
    pub struct mi_heap_t {
        _opaque: [u8; 0],
    }

    unsafe extern "C" {
        pub fn mi_heap_new() -> *mut mi_heap_t;
        pub fn mi_heap_delete(heap: *mut mi_heap_t);
        pub fn mi_heap_malloc_aligned(
            heap: *mut mi_heap_t,
            size: usize,
            align: usize,
        ) -> *mut c_void;
        pub fn mi_heap_zalloc_aligned(
            heap: *mut mi_heap_t,
            size: usize,
            align: usize,
        ) -> *mut c_void;
        pub fn mi_heap_realloc_aligned(
            heap: *mut mi_heap_t,
            p: *mut c_void,
            new_size: usize,
            align: usize,
        ) -> *mut c_void;
    }
}

thread_local! {
    /// The heap this thread's allocations go to while [`apart`] runs (null: the usual one).
    /// Constant-initialised without a destructor: reading it never allocates.
    static OPEN: Cell<*mut mi::mi_heap_t> = const { Cell::new(std::ptr::null_mut()) };
}

/// The global allocator: mimalloc, into the heap [`apart`] opened on this thread, if any.
/// Any block is freed with `mi_free` (`MiMalloc::dealloc`), whichever heap it came from.
pub struct Heaps;

fn open() -> *mut mi::mi_heap_t {
    OPEN.with(Cell::get)
}

// SAFETY: every call is mimalloc's, with the caller's size and alignment; a heap is only
// open between its creation and its deletion ([`Open`]).
unsafe impl GlobalAlloc for Heaps {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let heap = open();
        // SAFETY: as above.
        unsafe {
            if heap.is_null() {
                MiMalloc.alloc(layout)
            } else {
                mi::mi_heap_malloc_aligned(heap, layout.size(), layout.align()).cast()
            }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let heap = open();
        // SAFETY: as above.
        unsafe {
            if heap.is_null() {
                MiMalloc.alloc_zeroed(layout)
            } else {
                mi::mi_heap_zalloc_aligned(heap, layout.size(), layout.align()).cast()
            }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by mimalloc (any heap); `mi_free` takes any.
        unsafe { MiMalloc.dealloc(ptr, layout) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let heap = open();
        // SAFETY: as above.
        unsafe {
            if heap.is_null() {
                MiMalloc.realloc(ptr, layout, new_size)
            } else {
                mi::mi_heap_realloc_aligned(heap, ptr.cast::<c_void>(), new_size, layout.align())
                    .cast()
            }
        }
    }
}

/// A heap open on this thread; closing it (also on unwinding) restores the heap open
/// before and deletes this one. Deleting moves any block still live to the main heap, so
/// nothing the work left allocated (a thread-local cache it grew) is freed under it.
struct Open {
    heap: *mut mi::mi_heap_t,
    before: *mut mi::mi_heap_t,
}

impl Open {
    fn new() -> Option<Open> {
        // SAFETY: a new heap, or null when mimalloc cannot make one.
        let heap = unsafe { mi::mi_heap_new() };
        (!heap.is_null()).then(|| Open {
            heap,
            before: OPEN.with(|o| o.replace(heap)),
        })
    }

    fn close(&mut self) {
        OPEN.with(|o| o.set(self.before));
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        self.close();
        // SAFETY: the heap is no longer open on this thread; its live blocks move to the
        // main heap.
        unsafe { mi::mi_heap_delete(self.heap) };
    }
}

/// Run `work` with this thread's allocations in a heap of their own, and return what `keep`
/// copies of its result, allocated as usual; the result itself is then dropped and the
/// work's heap deleted. Under another global allocator (the library's tests) the work runs
/// as usual and `keep` is a copy.
pub fn apart<T, K>(work: impl FnOnce() -> T, keep: impl FnOnce(&T) -> K) -> K {
    let Some(mut heap) = Open::new() else {
        return keep(&work());
    };
    let made = work();
    heap.close();
    let kept = keep(&made);
    drop(made);
    drop(heap);
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_kept_is_a_copy_and_what_is_left_is_freed_once() {
        let kept = apart(
            || (0..1000).map(|i| i.to_string()).collect::<Vec<_>>(),
            |made| made[..10].to_vec(),
        );
        assert_eq!(kept, (0..10).map(|i| i.to_string()).collect::<Vec<_>>());
        assert!(open().is_null());
        // Nested, and unwinding out of the work: the heap before is open again.
        let nested = apart(|| apart(|| vec![1u8; 64], |v| v.len()), |n| *n);
        assert_eq!(nested, 64);
        let panicked = std::panic::catch_unwind(|| apart(|| panic!("work"), |_: &()| ()));
        assert!(panicked.is_err());
        assert!(open().is_null());
    }

    #[test]
    fn blocks_allocated_in_an_open_heap_outlive_it() {
        // SAFETY: each block is mimalloc's and freed once, after the heap that made it is gone.
        unsafe {
            let layout = Layout::from_size_align(48, 16).unwrap();
            let ptr = apart(|| Heaps.alloc(layout), |&p| p);
            assert!(!ptr.is_null() && open().is_null());
            ptr.write_bytes(7, 48);
            let ptr = Heaps.realloc(ptr, layout, 4096);
            assert_eq!(*ptr.add(47), 7);
            Heaps.dealloc(ptr, Layout::from_size_align(4096, 16).unwrap());
        }
    }
}
