//! A fast hasher for the fixed word lists looked up once per word of a text (AFINN scores,
//! stopwords): FNV-1a. For keys of a few bytes it is much faster than the standard SipHash,
//! which took a third of a tone measure in WebAssembly; the keys are the lists' own words, so
//! collision flooding is no concern.

use std::hash::{BuildHasherDefault, Hasher};

/// FNV-1a, 64 bits.
#[derive(Default)]
pub struct Fnv(u64);

impl Hasher for Fnv {
    #[inline(always)]
    fn write(&mut self, bytes: &[u8]) {
        let mut hash = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &byte in bytes {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = hash;
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The `BuildHasher` of [`Fnv`], for `HashMap::with_hasher` and friends.
pub type FnvBuild = BuildHasherDefault<Fnv>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn known_values_and_distinct_keys() {
        // FNV-1a of "a" (then the 0xff that `str` hashing appends)
        let mut h = Fnv::default();
        h.write(b"a");
        assert_eq!(h.finish(), 0xaf63_dc4c_8601_ec8c);
        let build = FnvBuild::default();
        assert_ne!(build.hash_one("good"), build.hash_one("goods"));
    }
}
