//! The shop's cart, exposed to agents as the `addCartLine` tool.

pub mod cart;
pub mod tool;
