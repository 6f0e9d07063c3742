//! Numbers for every other module: the float functions `core` lacks ([`float`]) and numbers as
//! JavaScript prints and parses them ([`number`]).
//!
//! Uses nothing else of the crate.

pub mod float;
pub mod number;
