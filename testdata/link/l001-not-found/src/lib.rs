//! The shop.

pub mod cart;
pub mod lines;
