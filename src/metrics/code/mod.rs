//! The code scorers and checks of Mastra 1.x that compare sequences: trajectories of steps
//! against expected steps, tool calls against an expected order, and forbidden runs of steps.
//!
//! Steps and tools are given as ids, one per name (the glue, `pkg-template/code/`, gives equal
//! names equal ids); reading messages and comparing a step's data stay in the glue.
//!
//! May use `numbers`; nothing else of the crate.

pub mod sequences;
