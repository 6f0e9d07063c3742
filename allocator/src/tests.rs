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
        self.used += skip + len;
        Some((fresh, len))
    }
}

/// A tiny deterministic generator (xorshift), enough to vary sizes and orders.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
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
