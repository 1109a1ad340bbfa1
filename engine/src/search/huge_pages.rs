//! The transposition table's memory, on 2 MiB pages where the system
//! offers them.
//!
//! A table of 16 MiB on 4 KiB pages spans 4,096 pages, more than the
//! processor's address-translation cache holds, so a probe at a random
//! bucket pays a page-table walk on top of its cache miss. On Linux with
//! transparent huge pages in `madvise` mode (the usual default) the table
//! asks for 2 MiB pages: its start is aligned to 2 MiB and the range is
//! advised with `MADV_HUGEPAGE` before any of it is written, so the kernel
//! backs it with 8 pages instead of 4,096 where it can. Measured against
//! the build before, same nodes (docs/engine-speed.md): 0.90 of its time
//! on the Stratego middle set at depth 7, 0.93 on ChanceBreakthrough,
//! 0.94 on Dice 11x11. Elsewhere
//! (WebAssembly, other systems) and for tables under 2 MiB the memory is
//! an ordinary vector; either way every element starts as `T::default()`,
//! and the advice changes no result.

/// The size and alignment of a huge page.
pub const HUGE_PAGE: usize = 2 << 20;

/// `n` default elements, and the index of the first of them in the
/// vector: `v[offset..offset + n]`. The vector holds exactly
/// `offset + n` elements; the ones before `offset` are padding to bring
/// the table's start to a huge page boundary (fewer than one page's worth,
/// and never read).
pub fn table<T: Default>(n: usize) -> (Vec<T>, usize) {
    let size = std::mem::size_of::<T>().max(1);
    let bytes = n.saturating_mul(size);
    if !cfg!(target_os = "linux") || bytes < HUGE_PAGE || !HUGE_PAGE.is_multiple_of(size) {
        let mut v = Vec::with_capacity(n);
        v.resize_with(n, T::default);
        return (v, 0);
    }
    // Room for the table and up to one huge page of padding, reserved but
    // not yet written (so not yet backed by any page).
    let pad = HUGE_PAGE / size;
    let mut v: Vec<T> = Vec::with_capacity(n + pad);
    let misalign = v.as_ptr() as usize % HUGE_PAGE;
    let offset = if misalign == 0 {
        0
    } else if misalign.is_multiple_of(size) {
        (HUGE_PAGE - misalign) / size
    } else {
        // An element size that cannot reach the boundary: no advice.
        v.resize_with(n, T::default);
        return (v, 0);
    };
    advise_huge(&mut v, offset, bytes);
    v.resize_with(offset + n, T::default);
    (v, offset)
}

/// Advises the kernel that `bytes` bytes of `v`'s reserved capacity from
/// element `offset` on (a huge-page-aligned range) should be backed by
/// huge pages. Whether the kernel follows the advice does not matter.
#[cfg(target_os = "linux")]
fn advise_huge<T>(v: &mut Vec<T>, offset: usize, bytes: usize) {
    debug_assert!(offset + bytes / std::mem::size_of::<T>() <= v.capacity());
    let start = v.as_mut_ptr().wrapping_add(offset);
    // SAFETY: `madvise` with `MADV_HUGEPAGE` only marks the address range
    // as eligible for transparent huge pages: it neither reads, writes,
    // frees nor remaps the memory's contents, and on failure (no THP
    // support, an unaligned address) it returns an error we ignore. The
    // range is inside `v`'s own allocation: `table` reserved `n + pad`
    // elements, `offset < pad` and `bytes = n * size_of::<T>()`, and it
    // begins on a 2 MiB (so page) boundary as `madvise` requires (the
    // kernel rounds the length up to whole pages; for the table's
    // power-of-two sizes it is whole already, and advice on a page beyond
    // would be as harmless). Nothing else refers to this memory while the
    // call runs. Tested by
    // `huge_tables_are_aligned_whole_and_default` and by every table test.
    unsafe {
        libc::madvise(start.cast(), bytes, libc::MADV_HUGEPAGE);
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge<T>(_: &mut Vec<T>, _: usize, _: usize) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    #[repr(C, align(64))]
    struct Line([u64; 8]);

    #[test]
    fn huge_tables_are_aligned_whole_and_default() {
        for n in [HUGE_PAGE / 64, 4 * HUGE_PAGE / 64] {
            let (v, offset) = table::<Line>(n);
            assert_eq!(v.len(), offset + n);
            assert!(offset < HUGE_PAGE / 64);
            let start = v[offset..].as_ptr() as usize;
            if cfg!(target_os = "linux") {
                assert_eq!(start % HUGE_PAGE, 0, "table start on a huge page");
            }
            assert!(v.iter().all(|l| *l == Line::default()));
        }
    }

    #[test]
    fn small_tables_are_plain_vectors() {
        let (v, offset) = table::<Line>(1024);
        assert_eq!((v.len(), offset), (1024, 0));
        let (v, offset) = table::<u8>(0);
        assert_eq!((v.len(), offset), (0, 0));
    }
}
