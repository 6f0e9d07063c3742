//! Accounting tests: no block is cut from memory the heap was not given, and every byte the
//! memory hands out stays either in a block in use, on a free list, or in the unused end.

extern crate std;

use super::{Heap, Memory, MIN_BLOCK};
use std::vec;
use std::vec::Vec;

/// A buffer handed out in `chunk`s, like FakeMemory, but also remembering the gaps it skipped
/// (memory grown by someone else), so that blocks cut from a gap can be detected.
struct GapMemory {
    _buffer: Vec<usize>,
    start: usize,
    bytes: usize,
    used: usize,
    chunk: usize,
    grows: usize,
    gap: usize,
    gaps: Vec<(usize, usize)>,
}

impl GapMemory {
    fn new(bytes: usize, chunk: usize, gap: usize) -> Self {
        let buffer = vec![0usize; (bytes + (1 << 16)) / MIN_BLOCK];
        let start = (buffer.as_ptr() as usize).next_multiple_of(1 << 16);
        GapMemory {
            _buffer: buffer,
            start,
            bytes,
            used: 0,
            chunk,
            grows: 0,
            gap,
            gaps: Vec::new(),
        }
    }
}

impl Memory for GapMemory {
    fn grow(&mut self, bytes: usize) -> Option<(usize, usize)> {
        self.grows += 1;
        let skip = if self.grows % 2 == 0 { self.gap } else { 0 };
        let len = bytes.div_ceil(self.chunk) * self.chunk;
        if self.used + skip + len > self.bytes {
            return None;
        }
        if skip > 0 {
            self.gaps
                .push((self.start + self.used, self.start + self.used + skip));
        }
        let fresh = self.start + self.used + skip;
        self.used += skip + len;
        Some((fresh, len))
    }
}

/// Blocks must never be cut from memory the heap was not given (a gap between two grows).
/// The crate's gap test only checks that blocks are inside the whole buffer, so a heap that
/// treats every grow as contiguous after the first one passes it.
#[test]
fn no_block_is_cut_from_a_gap_between_grows() {
    let mut heap = Heap::new(GapMemory::new(1 << 25, 4096, 3 * 4096));
    let mut blocks = Vec::new();
    for i in 0..2000 {
        let size = 1 + (i * 37) % 3000;
        // SAFETY: the fake memory belongs to this heap alone.
        let at = unsafe { heap.allocate(size, 8) } as usize;
        assert!(at != 0);
        blocks.push((at, size));
    }
    for &(at, size) in &blocks {
        for &(from, to) in &heap.memory.gaps {
            assert!(at + size <= from || at >= to, "block {at:#x}+{size} inside a gap {from:#x}..{to:#x} that the memory never handed out");
        }
    }
}

/// Shrinking when the memory is exhausted: documented to shrink in place (the tail back to the
/// free lists), never null. The crate's tests do not exercise this path.
#[test]
fn shrinking_with_exhausted_memory_keeps_the_block() {
    let mut heap = Heap::new(GapMemory::new(1 << 16, 4096, 0));
    // SAFETY: blocks of this heap with their layouts.
    unsafe {
        let big = heap.allocate(1 << 15, 8);
        big.write_bytes(9, 1 << 15);
        let mut fill = Vec::new();
        loop {
            let b = heap.allocate(64, 8);
            if b.is_null() {
                break;
            }
            fill.push(b);
        }
        let small = heap.reallocate(big, 1 << 15, 8, 100);
        assert_eq!(small, big, "shrunk in place");
        assert!((0..100).all(|i| small.add(i).read() == 9));
        // the tail went back: 16 KiB can be allocated again
        assert!(!heap.allocate(1 << 14, 8).is_null());
        // and a failed growth leaves the block and its bytes untouched
        assert!(heap.reallocate(small, 100, 8, 1 << 16).is_null());
        assert!((0..100).all(|i| small.add(i).read() == 9));
    }
}

/// A memory whose only grow hands out the last 64 KiB of the address space (as wasm32's
/// memory.grow does when it reaches 65,536 pages, 4 GiB): fresh + len == 2^BITS overflows.
/// The memory is not real: the test only checks the address the heap computes.
struct TopOfAddressSpace {
    granted: usize,
}

impl Memory for TopOfAddressSpace {
    fn grow(&mut self, bytes: usize) -> Option<(usize, usize)> {
        let len = 1 << 16;
        if bytes > len || self.granted > 0 {
            return None;
        }
        self.granted += len;
        Some((usize::MAX - (len - 1), len))
    }
}

#[test]
fn memory_granted_up_to_the_top_of_the_address_space_is_used() {
    let mut heap = Heap::new(TopOfAddressSpace { granted: 0 });
    // SAFETY: the heap only computes with the addresses of this memory (it writes a free link
    // only when a block is freed or released, and nothing is here), so nothing is dereferenced.
    let at = unsafe { heap.allocate(16, 8) } as usize;
    assert_eq!(heap.memory.granted, 1 << 16);
    assert_eq!(
        at,
        usize::MAX - ((1 << 16) - 1),
        "the first block of the memory granted"
    );
}

/// Bytes on the free lists (walking the links).
fn free_bytes(heap: &Heap<GapMemory>) -> usize {
    let mut total = 0;
    for (k, &head) in heap.free.iter().enumerate() {
        let mut at = head;
        while at != 0 {
            total += 1 << k;
            // SAFETY: a free block holds the address of the next.
            at = unsafe { (at as *const usize).read() };
        }
    }
    total
}

/// No byte is lost: what the memory handed out (gaps excluded) is, at every step, the blocks in
/// use plus the free lists plus the unused end. Catches leaks the crate's tests let through
/// (an alignment gap or a non-contiguous remainder not put back).
#[test]
fn every_byte_handed_out_is_accounted_for() {
    let mut heap = Heap::new(GapMemory::new(1 << 25, 4096, 3 * 4096));
    let mut live: Vec<(*mut u8, usize, usize)> = Vec::new();
    let mut seed = 5u64;
    for step in 0..4000 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let r = seed as usize;
        if r % 3 == 0 && !live.is_empty() {
            let (at, size, align) = live.swap_remove(r / 3 % live.len());
            // SAFETY: a block of this heap with its layout.
            unsafe { heap.free(at, size, align) };
        } else if r % 3 == 1 && !live.is_empty() {
            let i = r / 3 % live.len();
            let new_size = 1 + r / 7 % 20_000;
            // SAFETY: as above.
            let moved = unsafe { heap.reallocate(live[i].0, live[i].1, live[i].2, new_size) };
            assert!(!moved.is_null());
            live[i].0 = moved;
            live[i].1 = new_size;
        } else {
            let size = 1 + r / 3 % 20_000;
            let align = 1 << (r / 11 % 10);
            // SAFETY: the fake memory belongs to this heap alone.
            let at = unsafe { heap.allocate(size, align) };
            assert!(!at.is_null());
            live.push((at, size, align));
        }
        let in_use: usize = live
            .iter()
            .map(|&(_, s, a)| Heap::<GapMemory>::block_len(s, a).unwrap())
            .sum();
        let gaps: usize = heap.memory.gaps.iter().map(|(f, t)| t - f).sum();
        let unused_end = heap.end - heap.top;
        assert_eq!(
            in_use + free_bytes(&heap) + unused_end,
            heap.memory.used - gaps,
            "bytes lost at step {step}"
        );
    }
}

/// The rest of the old memory is put back when a grow does not follow it (the crate's gap test
/// never reaches that branch with a non-empty rest).
#[test]
fn the_rest_before_a_non_contiguous_grow_is_put_back() {
    let mut heap = Heap::new(GapMemory::new(1 << 22, 4096, 4096));
    // SAFETY: the fake memory belongs to this heap alone.
    unsafe {
        assert!(!heap.allocate(8, 8).is_null()); // grow 1: 4096 bytes, 4088 left
        assert!(!heap.allocate(1 << 16, 8).is_null()); // grow 2: after a gap
    }
    let gaps: usize = heap.memory.gaps.iter().map(|(f, t)| t - f).sum();
    assert_eq!(gaps, 4096);
    assert_eq!(
        8 + (1 << 16) + free_bytes(&heap) + (heap.end - heap.top),
        heap.memory.used - gaps
    );
}
