//! The heap over a fake memory: a buffer of the host, handed out in chunks as `memory.grow`
//! hands out pages, with a limit and optionally a gap between chunks (memory grown by someone
//! else).

extern crate std;

use super::{Heap, Memory, MIN_BLOCK};
use core::ptr;
use std::vec;
use std::vec::Vec;

/// A buffer of `bytes` bytes at a multiple of 64 KiB, handed out from its start in multiples of
/// `chunk` bytes.
struct FakeMemory {
    buffer: Vec<usize>,
    start: usize,
    bytes: usize,
    used: usize,
    chunk: usize,
    grows: usize,
    /// Bytes skipped before every third grow after the first, as if something else had grown
    /// the memory in between.
    gap: usize,
    /// The ranges skipped so far, which the heap was never given.
    gaps: Vec<(usize, usize)>,
}

const FAKE_ALIGN: usize = 1 << 16;

impl FakeMemory {
    fn new(bytes: usize, chunk: usize, gap: usize) -> Self {
        let buffer = vec![0; (bytes + FAKE_ALIGN) / MIN_BLOCK];
        let start = (buffer.as_ptr() as usize).next_multiple_of(FAKE_ALIGN);
        FakeMemory {
            buffer,
            start,
            bytes,
            used: 0,
            chunk,
            grows: 0,
            gap,
            gaps: Vec::new(),
        }
    }

    fn start(&self) -> usize {
        debug_assert!(
            self.start + self.bytes
                <= self.buffer.as_ptr() as usize + self.buffer.len() * MIN_BLOCK
        );
        self.start
    }

    fn capacity(&self) -> usize {
        self.bytes
    }
}

impl Memory for FakeMemory {
    fn grow(&mut self, bytes: usize) -> Option<(usize, usize)> {
        self.grows += 1;
        let skip = if self.grows % 3 == 2 { self.gap } else { 0 };
        let len = bytes.div_ceil(self.chunk) * self.chunk;
        if self.used + skip + len > self.capacity() {
            return None;
        }
        let fresh = self.start() + self.used + skip;
        if skip > 0 {
            self.gaps.push((fresh - skip, fresh));
        }
        self.used += skip + len;
        Some((fresh, len))
    }
}

/// A tiny deterministic generator (xorshift), enough to vary sizes and orders.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A block in use in a test: where, how long, its alignment, and the byte it is filled with.
struct Live {
    at: *mut u8,
    size: usize,
    align: usize,
    fill: u8,
}

fn fill(block: &Live) {
    // SAFETY: the test writes only inside blocks it holds.
    unsafe { block.at.write_bytes(block.fill, block.size) }
}

fn holds_fill(block: &Live, len: usize) -> bool {
    // SAFETY: the test reads only inside blocks it holds.
    (0..len).all(|i| unsafe { block.at.add(i).read() } == block.fill)
}

fn check_placement(heap: &Heap<FakeMemory>, live: &[Live]) {
    let low = heap.memory.start();
    let high = low + heap.memory.capacity();
    let mut spans: Vec<(usize, usize)> = live
        .iter()
        .map(|b| (b.at as usize, b.at as usize + b.size))
        .collect();
    for block in live {
        assert_eq!(
            block.at as usize % block.align,
            0,
            "block of {} bytes not aligned to {}",
            block.size,
            block.align
        );
        assert!(
            block.at as usize >= low && block.at as usize + block.size <= high,
            "block outside the memory"
        );
    }
    spans.sort_unstable();
    for pair in spans.windows(2) {
        assert!(pair[0].1 <= pair[1].0, "blocks overlap: {pair:?}");
    }
}

/// Allocates, frees and resizes blocks in a random order, checking after each step that the
/// blocks in use are aligned, inside the memory, apart from each other and keep their bytes.
fn random_run(memory: FakeMemory, steps: usize, max_size: usize, seed: u64) -> Heap<FakeMemory> {
    let mut heap = Heap::new(memory);
    let mut random = Random(seed);
    let mut live: Vec<Live> = Vec::new();
    for step in 0..steps {
        let fill_byte = (step % 251) as u8 + 1;
        match random.below(3) {
            0 if !live.is_empty() => {
                let block = live.swap_remove(random.below(live.len()));
                assert!(holds_fill(&block, block.size), "a block lost its bytes");
                // SAFETY: a block of this heap, with the layout it was allocated with.
                unsafe { heap.free(block.at, block.size, block.align) };
            }
            1 if !live.is_empty() => {
                let index = random.below(live.len());
                let new_size = 1 + random.below(max_size);
                let block = &mut live[index];
                // SAFETY: as above.
                let moved = unsafe { heap.reallocate(block.at, block.size, block.align, new_size) };
                assert!(!moved.is_null(), "reallocation failed with memory to spare");
                block.at = moved;
                assert!(
                    holds_fill(block, block.size.min(new_size)),
                    "reallocation lost bytes"
                );
                block.size = new_size;
                block.fill = fill_byte;
                fill(block);
            }
            _ => {
                let size = 1 + random.below(max_size);
                let align = 1 << random.below(8);
                // SAFETY: the fake memory belongs to this heap alone.
                let at = unsafe { heap.allocate(size, align) };
                assert!(!at.is_null(), "allocation failed with memory to spare");
                let block = Live {
                    at,
                    size,
                    align,
                    fill: fill_byte,
                };
                fill(&block);
                live.push(block);
            }
        }
        check_placement(&heap, &live);
    }
    heap
}

#[test]
fn random_blocks_are_aligned_apart_and_keep_their_bytes() {
    random_run(FakeMemory::new(1 << 24, 4096, 0), 3_000, 3_000, 7);
}

#[test]
fn memory_that_does_not_follow_the_last_grow_is_used_correctly() {
    random_run(
        FakeMemory::new(1 << 24, 4096, 1000 * MIN_BLOCK),
        3_000,
        3_000,
        11,
    );
}

#[test]
fn large_blocks_and_large_alignments() {
    let mut heap = Heap::new(FakeMemory::new(1 << 24, 65_536, 0));
    for (size, align) in [
        (100_000, 8),
        (1, 65_536),
        (300_000, 4),
        (3, 1 << 20),
        (70_000, 16),
    ] {
        // SAFETY: the fake memory belongs to this heap alone.
        let at = unsafe { heap.allocate(size, align) };
        assert!(!at.is_null());
        assert_eq!(at as usize % align, 0);
        // SAFETY: the block just allocated.
        unsafe { at.write_bytes(0xAB, size) };
    }
}

#[test]
fn freed_memory_is_reused_so_a_long_run_does_not_grow() {
    // The same mix of work, again and again: the memory grown after the first rounds must not
    // move, whatever the order of the frees.
    let mut heap = Heap::new(FakeMemory::new(1 << 24, 4096, 0));
    let mut random = Random(3);
    let mut used_after_warm_up = 0;
    for round in 0..2_000 {
        let mut blocks = Vec::new();
        for size in [5, 17, 100, 333, 1_000, 4_000, 20_000, 24] {
            // SAFETY: the fake memory belongs to this heap alone.
            let at = unsafe { heap.allocate(size, 4) };
            assert!(!at.is_null());
            blocks.push((at, size));
        }
        // A growing vector: reallocated by doubling, as Vec does.
        // SAFETY: as above.
        let mut grown = unsafe { heap.allocate(8, 8) };
        let mut size = 8;
        while size < 50_000 {
            // SAFETY: the block and its layout.
            grown = unsafe { heap.reallocate(grown, size, 8, size * 2) };
            assert!(!grown.is_null());
            size *= 2;
        }
        blocks.push((grown, size));
        // A string as wasm-bindgen's glue passes it: allocated, grown to three times its length,
        // then shrunk to what it holds.
        let mut text = ptr::null_mut();
        for (size, new_size) in [(0, 30_000), (30_000, 90_000), (90_000, 31_000)] {
            // SAFETY: as above.
            text = unsafe {
                if size == 0 {
                    heap.allocate(new_size, 1)
                } else {
                    heap.reallocate(text, size, 1, new_size)
                }
            };
            assert!(
                !text.is_null(),
                "out of memory in round {round}: the heap leaks"
            );
        }
        // SAFETY: as above.
        unsafe { heap.free(text, 31_000, 1) };
        while !blocks.is_empty() {
            let (at, size) = blocks.swap_remove(random.below(blocks.len()));
            // SAFETY: blocks of this heap with their layouts.
            unsafe { heap.free(at, size, if size == 65_536 || at == grown { 8 } else { 4 }) };
        }
        if round == 10 {
            used_after_warm_up = heap.memory.used;
        }
    }
    assert!(used_after_warm_up > 0);
    assert_eq!(
        heap.memory.used, used_after_warm_up,
        "the heap grew although every block was freed"
    );
}

#[test]
fn a_shrunk_block_moves_to_a_shorter_one_and_stays_whole_for_reuse() {
    let mut heap = Heap::new(FakeMemory::new(1 << 20, 4096, 0));
    // SAFETY: the fake memory belongs to this heap alone; then blocks of it with their layouts.
    unsafe {
        let big = heap.allocate(4096, 8);
        big.write_bytes(7, 4096);
        let small = heap.reallocate(big, 4096, 8, 100);
        assert_ne!(small, big, "a shrink to a shorter length moves the bytes");
        assert!((0..100).all(|i| small.add(i).read() == 7));
        let used = heap.memory.used;
        assert_eq!(
            heap.allocate(4096, 8),
            big,
            "the long block is reused whole"
        );
        assert_eq!(heap.memory.used, used);
        let same = heap.reallocate(small, 100, 8, 120);
        assert_eq!(
            same, small,
            "a resize within the same length keeps the block"
        );
    }
}

#[test]
fn exhausted_memory_and_impossible_sizes_give_null() {
    let mut heap = Heap::new(FakeMemory::new(1 << 16, 4096, 0));
    // SAFETY: the fake memory belongs to this heap alone; then blocks of it with their layouts.
    unsafe {
        assert!(
            heap.allocate(1 << 17, 8).is_null(),
            "more than the memory holds"
        );
        assert!(
            heap.allocate(usize::MAX / 2 + 2, 1).is_null(),
            "no power of two that large"
        );
        let mut blocks = Vec::new();
        loop {
            let block = heap.allocate(1000, 8);
            if block.is_null() {
                break;
            }
            blocks.push(block);
        }
        assert_eq!(
            blocks.len(),
            (1 << 16) / 1024,
            "every 1 KiB block of the memory before null"
        );
        assert!(
            heap.allocate(8, 8).is_null(),
            "nothing is left, not even 8 bytes"
        );
        let kept = blocks[0];
        assert!(
            heap.reallocate(kept, 1000, 8, 5000).is_null(),
            "a reallocation without memory"
        );
        kept.write_bytes(1, 1000);
        // One block freed: since the memory cannot grow, shorter blocks are cut from it.
        let freed = blocks[1];
        heap.free(freed, 1000, 8);
        let small: Vec<*mut u8> = (0..4).map(|_| heap.allocate(200, 8)).collect();
        for block in &small {
            assert!(
                *block as usize >= freed as usize && *block as usize + 200 <= freed as usize + 1024
            );
        }
        small[3].write_bytes(2, 200);
        assert!(
            heap.allocate(200, 8).is_null(),
            "the freed KiB holds four blocks of 256 bytes"
        );
    }
}

// Accounting: no block is cut from memory the heap was not given, and every byte the memory
// hands out stays in a block in use, on a free list, or in the unused end.

/// Blocks must never be cut from memory the heap was not given (a gap between two grows).
/// A heap that treats every grow as contiguous after the first one fails here.
#[test]
fn no_block_is_cut_from_a_gap_between_grows() {
    let mut heap = Heap::new(FakeMemory::new(1 << 25, 4096, 3 * 4096));
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
/// free lists), never null.
#[test]
fn shrinking_with_exhausted_memory_keeps_the_block() {
    let mut heap = Heap::new(FakeMemory::new(1 << 16, 4096, 0));
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
fn free_bytes(heap: &Heap<FakeMemory>) -> usize {
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
/// use plus the free lists plus the unused end. Catches an alignment gap or a
/// non-contiguous remainder not put back.
#[test]
fn every_byte_handed_out_is_accounted_for() {
    let mut heap = Heap::new(FakeMemory::new(1 << 25, 4096, 3 * 4096));
    let mut live: Vec<(*mut u8, usize, usize)> = Vec::new();
    let mut random = Random(5);
    for step in 0..4000 {
        let r = random.next() as usize;
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
            .map(|&(_, s, a)| Heap::<FakeMemory>::block_len(s, a).unwrap())
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

/// The rest of the old memory is put back when a grow does not follow it.
#[test]
fn the_rest_before_a_non_contiguous_grow_is_put_back() {
    let mut heap = Heap::new(FakeMemory::new(1 << 22, 4096, 4096));
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
