//! The allocator of the `no_std` nlp module of evals-wasm: size classes with free lists, over
//! memory that only grows (WebAssembly's `memory.grow`). It replaces dlmalloc there because it is
//! a fraction of its code, and code is what a browser downloads.
//!
//! Every block is a power of two bytes long (at least [`MIN_BLOCK`]) and starts at a multiple of
//! its length, which meets any alignment up to that length. A freed block goes onto the free list
//! of its length (the link to the next one is written in the block itself) and is handed out again
//! before any new memory is used. New blocks are cut from the unused end of the heap, which grows
//! through a [`Memory`]; the bytes that aligning a new block skips are cut into smaller blocks and
//! put on their lists, so nothing is lost. Memory is never returned (WebAssembly memory cannot
//! shrink) but it is reused: the heap grows only when the blocks alive at one time need more than
//! it holds, so a long run of measures of the same kind settles at a fixed size.
//!
//! Free blocks are not merged again: a long free block is split for shorter ones only when the
//! memory cannot grow any more. Rounding up to a power of two wastes up to half of a block; in
//! exchange allocating and freeing are a few instructions each, and the allocator is about 1 KB
//! of WebAssembly code where dlmalloc was about 6 KB.
#![no_std]

use core::ptr;

/// The shortest block: room for the link of a free list.
pub const MIN_BLOCK: usize = core::mem::size_of::<usize>();

/// Where a [`Heap`] gets more memory.
pub trait Memory {
    /// Adds at least `bytes` bytes of memory that nothing else uses, and returns where they start
    /// and how many there are, or `None` when there is no more. The start is never 0, and the
    /// start and the length are multiples of [`MIN_BLOCK`].
    fn grow(&mut self, bytes: usize) -> Option<(usize, usize)>;
}

/// A heap over a [`Memory`]: blocks of power-of-two lengths, reused through free lists.
pub struct Heap<M> {
    memory: M,
    /// The start of the part of the memory no block has used yet, which ends at `end`.
    top: usize,
    end: usize,
    /// Per length 2^k, at index k, the address of the first free block (0 when there is none).
    free: [usize; usize::BITS as usize],
}

impl<M: Memory> Heap<M> {
    /// An empty heap, which takes memory from `memory` when it needs some.
    pub const fn new(memory: M) -> Self {
        Heap {
            memory,
            top: 0,
            end: 0,
            free: [0; usize::BITS as usize],
        }
    }

    /// The length of the block for `size` bytes aligned to `align` (a power of two), or `None`
    /// when no power of two that large fits in a `usize`.
    fn block_len(size: usize, align: usize) -> Option<usize> {
        size.max(align).max(MIN_BLOCK).checked_next_power_of_two()
    }

    /// A block of at least `size` bytes at a multiple of `align` (a power of two), or null when
    /// the memory is exhausted or the size too large.
    ///
    /// # Safety
    /// The memory that this heap's [`Memory`] hands out must be readable and writable, and used
    /// by nothing else.
    pub unsafe fn allocate(&mut self, size: usize, align: usize) -> *mut u8 {
        let Some(len) = Self::block_len(size, align) else {
            return ptr::null_mut();
        };
        // SAFETY: the caller's promise about the memory.
        let block = unsafe { self.take(len) };
        block.map_or(ptr::null_mut(), |block| block as *mut u8)
    }

    /// Gives back a block that [`Heap::allocate`] returned for the same `size` and `align` (or
    /// [`Heap::reallocate`] for `size` as its new size).
    ///
    /// # Safety
    /// `block` must be such a block, not used after this call, and not freed twice.
    pub unsafe fn free(&mut self, block: *mut u8, size: usize, align: usize) {
        if let Some(len) = Self::block_len(size, align) {
            // SAFETY: the block is `len` bytes at a multiple of `len`, and no longer in use.
            unsafe { self.push(block as usize, len) }
        }
    }

    /// The block of `size` bytes at `block` resized to `new_size` bytes, its first bytes kept: the
    /// same block when its length does not change, otherwise a new one, the old one freed whole
    /// (so that the lists keep blocks of every length that was in use). Null when no memory is
    /// left for a longer block, and the old block is then still valid; a shorter one is cut from
    /// the old block in that case, whose tail goes back to the free lists.
    ///
    /// # Safety
    /// As [`Heap::free`] for `block`, `size` and `align`; the block returned replaces it.
    pub unsafe fn reallocate(
        &mut self,
        block: *mut u8,
        size: usize,
        align: usize,
        new_size: usize,
    ) -> *mut u8 {
        let (Some(len), Some(new_len)) = (
            Self::block_len(size, align),
            Self::block_len(new_size, align),
        ) else {
            return ptr::null_mut();
        };
        if new_len == len {
            return block;
        }
        // SAFETY: the caller's promise about the memory.
        let Some(new) = (unsafe { self.take(new_len) }) else {
            if new_len < len {
                let start = block as usize;
                // SAFETY: the tail of a block in use, which the block no longer needs.
                unsafe { self.release(start + new_len, start + len) };
                return block;
            }
            return ptr::null_mut();
        };
        // SAFETY: two distinct blocks, each long enough for the bytes copied; then the old one
        // is given back.
        unsafe {
            ptr::copy_nonoverlapping(block, new as *mut u8, size.min(new_size));
            self.push(block as usize, len);
        }
        new as *mut u8
    }

    /// The address of a free block of `len` bytes (a power of two): from its free list, else cut
    /// from the unused end of the heap, which grows when it is too short; when it cannot grow, a
    /// longer free block is split.
    unsafe fn take(&mut self, len: usize) -> Option<usize> {
        let class = len.trailing_zeros() as usize;
        // SAFETY: the caller's promise about the memory.
        if let Some(block) = unsafe { self.pop(class) } {
            return Some(block);
        }
        loop {
            // A block that would end past the address space cannot be cut from the end: only a
            // longer free block can still hold it.
            let Some(stop) = self
                .top
                .checked_add(len - 1)
                .map(|top| top & !(len - 1))
                .and_then(|start| start.checked_add(len))
            else {
                // SAFETY: free blocks of the heap.
                return unsafe { self.split(class) };
            };
            let start = stop - len;
            if stop <= self.end {
                // SAFETY: unused memory of the heap, skipped to align the block.
                unsafe { self.release(self.top, start) };
                self.top = stop;
                return Some(start);
            }
            let Some((fresh, fresh_len)) = self.memory.grow(stop - self.end) else {
                // SAFETY: free blocks of the heap.
                return unsafe { self.split(class) };
            };
            if fresh != self.end {
                // The new memory does not follow the old: what is left of the old is put on the
                // free lists, and blocks are cut from the new.
                // SAFETY: unused memory of the heap.
                unsafe { self.release(self.top, self.end) };
                self.top = fresh;
            }
            // Memory that reaches the very top of the address space (4 GiB on wasm32) ends one
            // link short of it, so that the end stays a representable address.
            self.end = fresh
                .checked_add(fresh_len)
                .unwrap_or(usize::MAX & !(MIN_BLOCK - 1));
        }
    }

    /// The first free block of length 2^`class`, taken off its list.
    unsafe fn pop(&mut self, class: usize) -> Option<usize> {
        let list = &mut self.free[class];
        let block = *list;
        if block == 0 {
            return None;
        }
        // SAFETY: a free block holds the address of the next one.
        *list = unsafe { (block as *const usize).read() };
        Some(block)
    }

    /// A block of length 2^`class` cut from the shortest longer free block, whose rest goes
    /// back to the free lists: the last resort when the memory cannot grow.
    unsafe fn split(&mut self, class: usize) -> Option<usize> {
        for longer in class + 1..self.free.len() {
            // SAFETY: free blocks of the heap.
            if let Some(block) = unsafe { self.pop(longer) } {
                // SAFETY: the rest of a block that is free.
                unsafe { self.release(block + (1 << class), block + (1 << longer)) };
                return Some(block);
            }
        }
        None
    }

    /// Puts the memory from `from` to `to` (multiples of [`MIN_BLOCK`], `from` not 0) onto the
    /// free lists, as the longest blocks that its addresses' alignment and length allow.
    unsafe fn release(&mut self, mut from: usize, to: usize) {
        while from < to {
            // The largest power of two that divides `from`, shortened to what is left.
            let mut len = from & from.wrapping_neg();
            while len > to - from {
                len >>= 1;
            }
            if len < MIN_BLOCK {
                return;
            }
            // SAFETY: `len` unused bytes at a multiple of `len`.
            unsafe { self.push(from, len) };
            from += len;
        }
    }

    /// Puts the free block of `len` bytes at `block` at the head of its list.
    unsafe fn push(&mut self, block: usize, len: usize) {
        let list = &mut self.free[len.trailing_zeros() as usize];
        // SAFETY: the block is at least `MIN_BLOCK` bytes at a multiple of `MIN_BLOCK`, unused.
        unsafe { (block as *mut usize).write(*list) };
        *list = block;
    }
}

#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
pub use wasm::GlobalHeap;

#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
mod wasm {
    use super::{Heap, Memory};
    use core::alloc::{GlobalAlloc, Layout};
    use core::cell::UnsafeCell;

    /// WebAssembly's page: the unit of `memory.grow`.
    const PAGE: usize = 65_536;

    /// The module's memory 0, grown by whole pages.
    pub struct Pages;

    impl Memory for Pages {
        fn grow(&mut self, bytes: usize) -> Option<(usize, usize)> {
            let pages = bytes.div_ceil(PAGE);
            let previous = core::arch::wasm32::memory_grow::<0>(pages);
            // usize::MAX: the engine refused.
            if previous == usize::MAX {
                return None;
            }
            Some((previous.checked_mul(PAGE)?, pages.checked_mul(PAGE)?))
        }
    }

    /// The global allocator of the module: a [`Heap`] over its memory.
    pub struct GlobalHeap(UnsafeCell<Heap<Pages>>);

    // SAFETY: without the atomics feature a wasm32 module runs on one thread, so the heap is
    // never reached from two threads.
    unsafe impl Sync for GlobalHeap {}

    impl GlobalHeap {
        /// The allocator, with nothing allocated yet.
        pub const fn new() -> Self {
            GlobalHeap(UnsafeCell::new(Heap::new(Pages)))
        }
    }

    impl Default for GlobalHeap {
        fn default() -> Self {
            Self::new()
        }
    }

    // SAFETY: the heap meets GlobalAlloc's contract (blocks as long and aligned as asked, null
    // on failure, never handed out twice), and calls never overlap (one thread, no reentrance).
    unsafe impl GlobalAlloc for GlobalHeap {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            // SAFETY: memory grown by `memory.grow` belongs to the heap alone.
            unsafe { (*self.0.get()).allocate(layout.size(), layout.align()) }
        }

        unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
            // SAFETY: GlobalAlloc's caller gives back a block of this allocator with its layout.
            unsafe { (*self.0.get()).free(block, layout.size(), layout.align()) }
        }

        unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            // SAFETY: as dealloc.
            unsafe { (*self.0.get()).reallocate(block, layout.size(), layout.align(), new_size) }
        }
    }
}

#[cfg(test)]
mod tests;
