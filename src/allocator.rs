//! The `cardrules` binary's global allocator (with the `server` feature): mimalloc, entered by
//! its plain `mi_malloc` whenever the block it returns is aligned enough, and by its aligned
//! entry only for the rest.
//!
//! An answer is tens of small blocks (strings, element and payment lists), so the entry's cost
//! shows in every call. The `mimalloc` crate's allocator always takes the aligned entry, which
//! is longer, and which over-allocates a size that is not a power of two whenever that size's
//! page has run out (purpleprotocol/mimalloc_rust#170). mimalloc aligns every block of 16 bytes
//! or more to 16, and a smaller one (its size class 8) to 8, so `mi_malloc` serves any layout
//! whose alignment is at most 16 and at most its size: the test the standard library's own
//! `System` allocator makes before it calls plain `malloc`.

use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

use libmimalloc_sys as mi;

/// mimalloc's guaranteed alignment (`MI_MAX_ALIGN_SIZE`) for a block at least this large.
const NATURAL: usize = 16;

/// The allocator the `cardrules` binary and the mahjong and scoring benches install with
/// `#[global_allocator]`.
pub struct Allocator;

/// True when a block of `size` bytes from the plain entry is aligned to `align`.
#[inline]
fn natural(align: usize, size: usize) -> bool {
    align <= NATURAL && align <= size
}

/// A block for `layout` from `plain` (mimalloc's entry that takes a size) where its block is
/// aligned enough, else from `aligned` (the one that also takes the alignment).
///
/// # Safety
///
/// `plain` and `aligned` must be mimalloc's matching entries (malloc or zalloc).
#[inline(always)]
unsafe fn allocate(
    layout: Layout,
    plain: unsafe extern "C" fn(usize) -> *mut c_void,
    aligned: unsafe extern "C" fn(usize, usize) -> *mut c_void,
) -> *mut u8 {
    // SAFETY: mimalloc's entries accept any size and a power-of-two alignment, which a
    // `Layout` always has.
    unsafe {
        if natural(layout.align(), layout.size()) {
            plain(layout.size()).cast()
        } else {
            aligned(layout.size(), layout.align()).cast()
        }
    }
}

// SAFETY: every block comes from mimalloc and goes back to it through `mi_free`, which takes
// blocks of either entry; the plain entry is used only where its alignment meets the layout's.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the two malloc entries.
        unsafe { allocate(layout, mi::mi_malloc, mi::mi_malloc_aligned) }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the two zalloc entries.
        unsafe { allocate(layout, mi::mi_zalloc, mi::mi_zalloc_aligned) }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        // SAFETY: `ptr` came from this allocator, so from mimalloc.
        unsafe { mi::mi_free(ptr.cast::<c_void>()) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` came from this allocator; the new block keeps the layout's alignment.
        unsafe {
            if natural(layout.align(), new_size) {
                mi::mi_realloc(ptr.cast::<c_void>(), new_size).cast()
            } else {
                mi::mi_realloc_aligned(ptr.cast::<c_void>(), new_size, layout.align()).cast()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain entry serves exactly the layouts `System` would give plain `malloc`.
    #[test]
    fn the_plain_entry_takes_small_alignments_within_the_size() {
        assert!(natural(1, 1) && natural(8, 8) && natural(8, 24) && natural(16, 16));
        assert!(natural(16, 4096));
        assert!(!natural(16, 8), "a block under 16 bytes is only 8-aligned");
        assert!(
            !natural(32, 64) && !natural(64, 4096),
            "above mimalloc's 16"
        );
    }

    /// Every size up to a few KB at every alignment up to 4 KB comes back aligned, whichever
    /// entry served it, and survives a realloc to another size and a free.
    #[test]
    fn blocks_are_aligned_for_every_layout() {
        let a = Allocator;
        let mut align = 1;
        while align <= 4096 {
            for size in (1..=64).chain([96, 100, 255, 256, 1000, 4096, 5000]) {
                let layout = Layout::from_size_align(size, align).unwrap();
                // SAFETY: a non-zero size; every block is freed with its layout.
                unsafe {
                    for zeroed in [false, true] {
                        let p = if zeroed {
                            a.alloc_zeroed(layout)
                        } else {
                            a.alloc(layout)
                        };
                        assert!(!p.is_null());
                        assert_eq!(p as usize % align, 0, "{layout:?}");
                        if zeroed {
                            assert!(std::slice::from_raw_parts(p, size).iter().all(|&b| b == 0));
                        }
                        p.write_bytes(0xa5, size);
                        let grown = a.realloc(p, layout, size * 3 + 7);
                        assert_eq!(grown as usize % align, 0, "{layout:?} grown");
                        assert!(
                            std::slice::from_raw_parts(grown, size)
                                .iter()
                                .all(|&b| b == 0xa5)
                        );
                        let grown_layout = Layout::from_size_align(size * 3 + 7, align).unwrap();
                        let shrunk = a.realloc(grown, grown_layout, size.div_ceil(2));
                        assert_eq!(shrunk as usize % align, 0, "{layout:?} shrunk");
                        let shrunk_layout =
                            Layout::from_size_align(size.div_ceil(2), align).unwrap();
                        a.dealloc(shrunk, shrunk_layout);
                    }
                }
            }
            align *= 2;
        }
    }
}
